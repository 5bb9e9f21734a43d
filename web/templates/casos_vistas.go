package templates

import (
	"strconv"

	"comite/internal/graficos"
)

// View models of the case workflow and the informe: shaped
// like the pages, every value already text in es-CO.

// Semaforo of a deadline: "rojo" (vencido), "amarillo" (vence pronto), "verde".
type Semaforo struct {
	Color string
	Texto string
}

// FormCaso is the form to report a case.
type FormCaso struct {
	NIT                string
	Seccional          string
	FechaComision      string
	FechaVerificacion  string
	FechaExpediente    string
	FechaRequerimiento string
	Gravedad           string
	Sancion            string
	SancionPrevista    string
	Anclaje            string
	Descripcion        string
	PermiteCancelacion bool
	// The Dirección Seccional's informe: a file, or why it is not attached.
	InformeDescripcion string
	InformeFecha       string
	MotivoSinInforme   string
	// InformeElegido is the name of the file chosen before the form came
	// back with errors: the browser does not keep it, it must be chosen again.
	InformeElegido  string
	LimiteInforme   string // the per-file limit, as people read it
	Gravedades      []Opcion
	Sanciones       []Opcion
	Anclajes        []Opcion
	EligeSeccional  bool // the Secretaría chooses; a seccional reports for its own
	SeccionalPropia string
	Errores         Errores
	Error           string
	// Duplicado is the open case of the same NIT and commission date the
	// report would repeat; the form asks to confirm it is another fact.
	Duplicado *CasoDuplicado
	// AvisoLeve: the report is of a leve infraction, on which the Comité
	// does not act; it is saved only once the reporter confirms.
	AvisoLeve bool
}

// CasoDuplicado links to the first open case of the same fact.
type CasoDuplicado struct {
	ID      int64
	Numero  string
	Estado  string
	Cerrado bool // the earlier case is closed
}

// Requisito is one requisite of art. 25 with its result.
type Requisito struct {
	Clave       string
	Nombre      string
	Cumple      *bool // nil: unknown (datos incompletos)
	Informativo bool
	Fundamento  string
}

// FundamentoPaso is one step of the evaluation with its legal basis.
type FundamentoPaso struct {
	Regla      string
	Referencia string
	Detalle    string
}

// EvaluacionVista is the stored evaluation, step by step.
type EvaluacionVista struct {
	ID           int64
	Version      int
	Creada       string
	CreadaPor    string
	Motivo       string
	Reglas       string
	UVT          string
	Periodo      string
	Anclaje      string
	AnclajeAviso string // anclaje_difiere
	// AvisoVigencia: the evaluation was computed outside the validity of
	// every rule set held (norma_sin_vigencia_confirmada, or a fact before
	// the first); shown prominently at the top of the case.
	AvisoVigencia string
	Computados    [][]string
	Excluidos     [][]string
	NumeroActos   string
	S             string
	O             string
	N             string
	Participacion string
	LineaUmbral   string // S needed: O × 0,5 %
	CumpleUmbral  *bool  // nil: unknown (operations not loaded)
	PorMil        string
	Alertas       []string
	Ruta          string
	Procede       *bool // nil: unknown
	// DatosIncompletos is "Datos incompletos: cargue las operaciones de AAAA"
	// when the result is unknown, else "".
	DatosIncompletos string
	Requisitos       []Requisito
	Incremento       string // "" when it does not apply
	Fundamentos      []FundamentoPaso
}

// PlazoVista is the deadline of the report to the Secretaría Técnica.
type PlazoVista struct {
	Base         string
	Vence        string
	FechaReporte string
	EnPlazo      bool
	Texto        string
	Semaforo     Semaforo
	Fundamento   string
}

// EventoVista is one row of the history.
type EventoVista struct {
	En         string
	Cuenta     string
	IP         string
	De         string
	A          string
	Detalle    string
	Evaluacion string // "v1"
}

// AccionCaso is a step the current role can take now, as a POST form.
type AccionCaso struct {
	Clave     string
	Nombre    string
	Ruta      string
	Metodo    string // "post" (a form with a note) or "get" (a page with its own form)
	ConNota   bool
	ConMotivo bool
	Confirmar string
}

// CriterioVista is one qualitative criterion of the Secretaría.
type CriterioVista struct {
	Clave    string
	Etiqueta string
	Ayuda    string
	Texto    string
}

// InformeVista is one issued version of the informe.
type InformeVista struct {
	Version    int
	SHA256     string
	EmitidoPor string
	EmitidoEn  string
	Evaluacion string
	Tamano     string
	Ruta       string
	Firma      string // signed by whom, or issued without signature
	Contenido  string // SHA-256 of the unsigned content (= SHA256 when unsigned)
	// SHA256Evaluacion is that of the evaluation attached to the PDF.
	SHA256Evaluacion string
}

// ConceptoVista is a recorded concepto (or a correction), read-only.
type ConceptoVista struct {
	ID               int64
	FechaSesion      string
	Miembros         []string
	Decision         string
	Motivacion       []Par
	Criterios        []string
	RegistradoPor    string
	RegistradoEn     string
	Evaluacion       string
	CorrigeID        int64
	MotivoCorreccion string
}

// Par is a label and its value.
type Par struct {
	Etiqueta string
	Valor    string
	Codigo   bool   // the value is written as code (an address, a filter)
	TestID   string // names the value for the tests ("": unnamed)
}

// PropuestaVista is the REA proposal, computed or recorded.
type PropuestaVista struct {
	FechaREA      string
	FechaREAISO   string
	Propuesta     string
	Prevista      string
	UVT           string
	Incremento    string
	Total         string
	RegistradoPor string
	RegistradoEn  string
	Fundamento    string
}

// VersionEvaluacion is one stored snapshot in the list of versions.
type VersionEvaluacion struct {
	Version int
	Creada  string
	Por     string
	Motivo  string
	Procede string
}

// CasoDetalle is the page of one case.
type CasoDetalle struct {
	// QueSigue says who acts next on the case and until when.
	QueSigue QueSigue
	// NormaConfirmada is the recorded decision on the applicable norm
	// ("Norma aplicable confirmada por … el …: …"); while it is empty and
	// the evaluation warns, the warning stands.
	NormaConfirmada string
	PuedeNorma      bool // the account may record the applicable norm
	ErroresNorma    string
	ID              int64
	Numero          string
	Estado          string
	EstadoClave     string
	Usuario         string
	NIT             string
	TipoUsuario     string
	Seccional       string
	Descripcion     string
	Datos           []Par
	Evaluacion      EvaluacionVista
	Versiones       []VersionEvaluacion
	Plazo           PlazoVista
	Graficos        []graficos.Grafico
	Historia        []EventoVista
	Acciones        []AccionCaso
	Criterios       []CriterioVista
	// PuedeCriterios: the criteria form is shown (the Secretaría, while evaluating).
	PuedeCriterios bool
	Informes       []InformeVista
	// Adjuntos are the case's files by kind; PuedeAdjuntar shows the form
	// to attach and withdraw (TiposAdjunto its kinds, LimitesAdjunto the
	// sizes in words).
	Adjuntos           []GrupoAdjuntos
	PuedeAdjuntar      bool
	TiposAdjunto       []Opcion
	LimitesAdjunto     string
	PuedeEmitirInforme bool
	// InformePendiente says why the informe cannot be issued yet (the
	// criteria missing), to the Secretaría while it evaluates.
	InformePendiente string
	PuedeLiquidar    bool            // link to the liquidation prefilled from the case's history
	Conceptos        []ConceptoVista // [0] the original, then the corrections
	PuedeCorregir    bool
	Propuesta        *PropuestaVista
	Error            string
	Pendiente        string // what is missing before the next step (neutral note)
	Errores          Errores
}

// FormConcepto is the concepto form (and the correction form).
type FormConcepto struct {
	CasoID           int64
	Numero           string
	Usuario          string
	Correccion       bool
	FechaSesion      string
	Miembros         string // one a line
	Decision         string
	Motivacion       []CriterioVista
	Criterios        []OpcionMarcada
	MotivoCorreccion string
	Errores          Errores
	Accion           string // where the form posts
	Volver           string
	Original         *ConceptoVista // for a correction
	// Decisiones the case admits (flujo.Decisiones of its route); a
	// correction offers only the decision in force.
	Decisiones  []Opcion
	SegundaRuta bool
	// EnSesion names the session the concepto is recorded in ("Sesión
	// SC-2026-001 del 17/03/2026"); its date and members are not asked.
	EnSesion       string
	MiembrosSesion []string
	// SesionFija names, on a correction, the session the concepto was
	// recorded in: its date is not asked (a correction does not move it),
	// the members are, to mend how a name or cargo was written.
	SesionFija string
}

// OpcionMarcada is a checkbox.
type OpcionMarcada struct {
	Valor   string
	Texto   string
	Marcada bool
}

// ConfirmarConcepto shows exactly what will be recorded before recording it.
type ConfirmarConcepto struct {
	Form    FormConcepto
	Vista   ConceptoVista
	Ocultos []Par // the form's fields, sent again as hidden inputs
}

// FormCierre is the closing form: the REA date and, once computed, the proposal.
type FormCierre struct {
	CasoID    int64
	Numero    string
	Usuario   string
	FechaREA  string
	Propuesta *PropuestaVista
	Errores   Errores
	Error     string
}

// InformeImpresion is the print view of the informe gerencial.
type InformeImpresion struct {
	CasoID    int64
	Numero    string
	Version   string
	Secciones []SeccionInforme
	Volver    string
	PDF       string // route of the PDF of the latest issued version ("" when none)
}

// SeccionInforme is one section of the informe.
type SeccionInforme struct {
	Clave   string
	Titulo  string
	Bloques []BloqueInforme
}

// BloqueInforme is one block of a section.
type BloqueInforme struct {
	Tipo     string // pares, parrafo, aviso, tabla, grafico, subtitulo
	Texto    string
	Pares    []Par
	Columnas []ColumnaInforme
	Filas    [][]string
	Vacia    string
	Imagen   string // data: URI of the chart's PNG
	Titulo   string
	Nota     string
}

// ColumnaInforme is a column of a table of the informe.
type ColumnaInforme struct {
	Titulo  string
	Derecha bool
}

// InicioCasos is the case part of Inicio: cases by state (the due dates
// are the account's own queue, Pendientes).
type InicioCasos struct {
	PorEstado []ConteoEstado
	Ver       bool // the role sees cases
}

// ConteoEstado is the number of cases in one state.
type ConteoEstado struct {
	Clave  string
	Estado string
	Cifra  string
	Ruta   string
}

// testidDecision keeps the first route's test ids short (decision-multa).
func testidDecision(d string) string {
	if d == "multa_incrementada" {
		return "decision-multa"
	}
	return "decision-" + d
}

// textoCorrige says what the i-th correction of a concepto corrects: each
// correction is linked to the record that was the case's last word, the
// concepto itself or the previous correction.
func textoCorrige(i int) string {
	if i <= 1 {
		return "corrige el concepto registrado"
	}
	return "corrige la corrección " + strconv.Itoa(i-1)
}

// QueSigue is the «¿Qué sigue?» box of a case.
type QueSigue struct {
	Estado    string
	Terminado string // a closed case: nothing follows
	Pasos     []PasoSigue
	// Etapa, Termino and Vence are the stage's internal term; Vence is a
	// sentence («Vence el 12/03/2026»), or says it is unknown.
	Etapa, Termino, Vence string
	Semaforo              Semaforo
}

// PasoSigue is a step that moves the case on and who takes it.
type PasoSigue struct {
	Nombre, Quien string
}

// describirInforme ties the informe's file field to its help, to the file
// chosen before (to choose again) and to its error.
func describirInforme(f FormCaso) string {
	d := "ayuda-informe"
	if f.InformeElegido != "" {
		d += " elegido-informe"
	}
	if f.Errores["informe_archivo"] != "" {
		d += " error-informe_archivo"
	}
	return d
}

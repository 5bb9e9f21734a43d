package informe

import (
	"comite/internal/flujo"
	"fmt"
	"strconv"
	"strings"

	"comite/internal/contrato"
	"comite/internal/etiquetas"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// Seccion is one numbered part of the informe, in the order of docs/reglas.md §4.
// It is the view model shared by the PDF and the HTML print view: every value
// is already text in es-CO.
type Seccion struct {
	Clave   string // stable id ("identificacion", "periodo", …) for HTML anchors and tests
	Titulo  string // "1. Identificación del caso y del usuario"
	Bloques []Bloque
}

// TipoBloque says how a Bloque is drawn.
type TipoBloque string

const (
	BloquePares     TipoBloque = "pares"     // label: value list
	BloqueParrafo   TipoBloque = "parrafo"   // running text
	BloqueAviso     TipoBloque = "aviso"     // a boxed warning
	BloqueTabla     TipoBloque = "tabla"     // a table (its header repeats on a new page)
	BloqueGrafico   TipoBloque = "grafico"   // a chart; Grafico is a Clave of Graficos(d)
	BloqueSubtitulo TipoBloque = "subtitulo" // a heading inside a section
)

// Bloque is one piece of a section.
type Bloque struct {
	Tipo    TipoBloque
	Texto   string // parrafo, aviso, subtitulo
	Pares   []Par
	Tabla   *Tabla
	Grafico string
}

// Par is a label and its value.
type Par struct {
	Etiqueta string
	Valor    string
}

// Tabla is a table of text cells.
type Tabla struct {
	Columnas []Columna
	Filas    [][]string
	Vacia    string // shown instead of the table when there are no rows
}

// Columna of a Tabla. Ancho is a share of the text width (the shares of a
// table add up to 1).
type Columna struct {
	Titulo  string
	Ancho   float64
	Derecha bool // right-aligned (amounts)
}

// ErrDatos is returned when the stored data cannot make an informe; its
// message says which field and what to do.
type ErrDatos struct{ Campo, Problema string }

func (e *ErrDatos) Error() string {
	return "informe: " + e.Campo + ": " + e.Problema
}

// Secciones builds the content of the informe from Datos. It fails only when
// the stored data are incomplete or unreadable (each error names the field).
func Secciones(d Datos) ([]Seccion, error) {
	if err := validar(d); err != nil {
		return nil, err
	}
	v := d.Evaluacion
	cifras, err := leerCifras(v)
	if err != nil {
		return nil, err
	}
	var out []Seccion
	out = append(out, seccionIdentificacion(d))
	out = append(out, seccionPeriodo(d))
	out = append(out, seccionActos(v, cifras))
	out = append(out, seccionCifras(v, cifras))
	out = append(out, seccionRequisitos(v))
	out = append(out, seccionIncremento(d, cifras))
	out = append(out, seccionCriterios(d))
	out = append(out, seccionGraficos(d))
	out = append(out, seccionFundamentos(v))
	plazo, err := seccionPlazo(d)
	if err != nil {
		return nil, err
	}
	out = append(out, plazo)
	out = append(out, seccionHistoria(d))
	out = append(out, seccionConcepto(d))
	if len(d.Adjuntos) > 0 {
		out = append(out, seccionAdjuntos(d))
	}
	for i := range out {
		out[i].Titulo = strconv.Itoa(i+1) + ". " + out[i].Titulo
	}
	return out, nil
}

func validar(d Datos) error {
	switch {
	case strings.TrimSpace(d.Caso) == "":
		return &ErrDatos{"Caso", "falta el número del caso (por ejemplo CF-2026-0007)"}
	case d.Emision.Instante.IsZero():
		return &ErrDatos{"Emision.Instante", "falta el instante de emisión del informe (se toma de lo registrado, nunca del reloj)"}
	case d.Emision.Version < 1:
		return &ErrDatos{"Emision.Version", "la versión del informe debe ser 1 o mayor"}
	case d.Evaluacion.Periodo.Anio == 0:
		return &ErrDatos{"Evaluacion.periodo", "la evaluación guardada no tiene año de referencia: vuelva a evaluar el caso"}
	}
	return nil
}

// cifras are the stored amounts of the evaluation, read as decimals.
type cifras struct {
	S             decimal.Decimal
	O             *decimal.Decimal // nil: operations of the reference year not loaded
	Participacion *decimal.Decimal
	PorMil        *decimal.Decimal
	Computados    []decimal.Decimal // valor of each counted act
	Aportes       []decimal.Decimal
	Excluidos     []decimal.Decimal
	Incremento    *incremento
}

type incremento struct {
	UVTValor, Incremento, Total decimal.Decimal
}

func leerCifras(v contrato.EvaluacionJSON) (cifras, error) {
	var c cifras
	var err error
	monto := func(campo, s string) decimal.Decimal {
		if err != nil {
			return decimal.Zero
		}
		x, e := decimal.NewFromString(s)
		if e != nil {
			err = &ErrDatos{"Evaluacion." + campo, fmt.Sprintf("valor guardado ilegible %q: vuelva a evaluar el caso", s)}
		}
		return x
	}
	c.S = monto("suma_sanciones_cop", v.SumaSancionesCOP)
	if v.TotalOperacionesCOP != nil {
		o := monto("total_operaciones_cop", *v.TotalOperacionesCOP)
		c.O = &o
	}
	if v.ParticipacionPorcentual != nil {
		x := monto("participacion_porcentual", *v.ParticipacionPorcentual)
		c.Participacion = &x
	}
	if v.InfraccionesPorMilOperaciones != nil {
		x := monto("infracciones_por_mil_operaciones", *v.InfraccionesPorMilOperaciones)
		c.PorMil = &x
	}
	for i, a := range v.ActosComputados {
		c.Computados = append(c.Computados, monto(fmt.Sprintf("actos_computados[%d].valor_cop", i), a.ValorCOP))
		aporte := a.AporteCOP
		if aporte == "" { // snapshots written before aporte_cop existed
			aporte = a.ValorCOP
		}
		c.Aportes = append(c.Aportes, monto(fmt.Sprintf("actos_computados[%d].aporte_cop", i), aporte))
	}
	for i, a := range v.ActosExcluidos {
		c.Excluidos = append(c.Excluidos, monto(fmt.Sprintf("actos_excluidos[%d].valor_cop", i), a.ValorCOP))
	}
	if si := v.SancionIncrementada; si != nil {
		c.Incremento = &incremento{
			UVTValor:   monto("sancion_incrementada.uvt_valor_cop", si.UVTValorCOP),
			Incremento: monto("sancion_incrementada.incremento_cop", si.IncrementoCOP),
			Total:      monto("sancion_incrementada.total_cop", si.TotalCOP),
		}
	}
	return c, err
}

// ---- texts ----

// siNoTri is Sí / No, or "Datos incompletos" when unknown: never a guess.
func siNoTri(t reincidencia.Tri, anio int) string {
	if !t.Conocido() {
		return reincidencia.TextoDatosIncompletos(anio)
	}
	return formato.SiNo(t.EsSi())
}

// TextoResultado is the result of the committee test as the informe, the
// case page and the PDF state it: never "procede" when it is unknown.
func TextoResultado(v contrato.EvaluacionJSON) string {
	switch v.Procede() {
	case reincidencia.Si:
		return "Procede el Comité"
	case reincidencia.No:
		return "No procede el Comité"
	}
	return v.DatosIncompletos()
}

func textoONota(s string) string {
	if strings.TrimSpace(s) == "" {
		return "No consignado por la Secretaría Técnica."
	}
	return s
}

func fechaONota(f fecha.Fecha, nota string) string {
	if f.IsZero() {
		return nota
	}
	return formato.Fecha(f)
}

func ref(clave string) string { return normas.De(clave).Referencia() }

// ---- sections ----

func seccionIdentificacion(d Datos) Seccion {
	u, n := d.Usuario, d.Nueva
	s := Seccion{Clave: "identificacion", Titulo: "Identificación del caso y del usuario"}
	// On page 1, before anything else: the rule set used was not in force on
	// the commission date (norma_sin_vigencia_confirmada, or a fact before
	// the first rule set held).
	if a := d.Evaluacion.AvisoVigencia(); a != "" && d.NormaAplicable != "" {
		// The Secretaría recorded which norm applies: who, when and why.
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: d.NormaAplicable}, Bloque{Tipo: BloqueParrafo, Texto: a})
	} else if a != "" {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: a})
	}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloquePares, Pares: []Par{
			{"Caso", d.Caso},
			{"Dirección Seccional", textoOGuion(d.DireccionSeccional)},
			{"NIT", textoOGuion(u.NIT)},
			{"Razón social", textoOGuion(u.RazonSocial)},
			{"Tipo de usuario", etiquetas.TipoUsuario(u.Tipo)},
			{"Autorización, habilitación o registro vigente", formato.SiNo(u.RegistroVigente)},
		}},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Nueva infracción"},
		Bloque{Tipo: BloquePares, Pares: []Par{
			{"Fecha de comisión", fechaONota(n.FechaComision, "—")},
			{"Fecha de verificación de los hechos", fechaONota(n.FechaVerificacion, "—")},
			{"Expediente completo", fechaONota(n.FechaExpediente, "No indicada (se toma la fecha de verificación)")},
			{"Requerimiento especial aduanero (REA)", fechaREA(d)},
			{"Gravedad", etiquetas.Gravedad(string(n.Gravedad))},
			{"Sanción prevista", etiquetas.Sancion(string(n.Sancion))},
			{"Multa prevista", formato.Pesos(n.SancionPrevista)},
			{"Permite cancelación en sustitución de la multa", formato.SiNo(n.PermiteCancelacion)},
		}},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Emisión de este informe"},
		Bloque{Tipo: BloquePares, Pares: []Par{
			{"Versión del informe", strconv.Itoa(d.Emision.Version)},
			emitidoPor(d.Emision),
			fechaEmision(d.Emision),
			{"Datos del caso (instantánea)", instantanea(d.Instantanea)},
			{"Conjunto de reglas aplicado", textoOGuion(d.Evaluacion.ConjuntoReglas)},
		}},
	)
	if d.Emision.CabezaAuditoria != "" {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
			{"Registro de auditoría al emitir", d.Emision.CabezaAuditoria},
		}})
	}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloqueParrafo, Texto: "Todas las cifras de este informe provienen de la instantánea guardada del caso " +
			"(entradas y resultado de la evaluación), no de datos actuales que hayan podido cambiar después."},
	)
	return s
}

func textoOGuion(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

func instantanea(i Instantanea) string {
	var partes []string
	// The row id of the snapshot is for the program; people read its version.
	if i.Version > 0 {
		partes = append(partes, "evaluación v"+strconv.Itoa(i.Version))
	}
	if !i.Creada.IsZero() {
		partes = append(partes, "guardada el "+formato.Instante(i.Creada))
	}
	if len(partes) == 0 {
		return "—"
	}
	return strings.Join(partes, ", ")
}

func seccionPeriodo(d Datos) Seccion {
	p := d.Evaluacion.Periodo
	s := Seccion{Clave: "periodo", Titulo: "Periodo de referencia y lectura aplicada"}
	lectura := "Año de la comisión de la nueva infracción menos uno"
	base := d.Nueva.FechaComision
	otraLectura, otra := "año de la verificación de los hechos menos uno", d.Nueva.FechaVerificacion
	if sancion.Anclaje(p.Anclaje) == sancion.AnclajeVerificacion {
		lectura = "Año de la verificación de los hechos menos uno (opción del caso)"
		base = d.Nueva.FechaVerificacion
		otraLectura, otra = "año de la comisión menos uno", d.Nueva.FechaComision
	}
	if !base.IsZero() {
		lectura += " (" + formato.Fecha(base) + ")"
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
		{"Año de referencia", strconv.Itoa(p.Anio)},
		{"Periodo", "del " + formato.FechaTexto(p.Desde) + " al " + formato.FechaTexto(p.Hasta)},
		{"Lectura aplicada", lectura},
		{"Fundamento", ref(normas.AnioReferencia)},
	}})
	// The other reading's year is the same definition (docs/reglas.md §2.1)
	// applied to the other stored date; shown only when the evaluation raised
	// the alert that they differ.
	if tieneAlerta(d.Evaluacion, reincidencia.AnclajeDifiere) && !otra.IsZero() {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: fmt.Sprintf(
			"Las dos lecturas dan años distintos: con la otra lectura (%s, %s) el año de referencia sería %d.",
			otraLectura, formato.Fecha(otra), otra.Anio()-1)})
	}
	return s
}

func tieneAlerta(v contrato.EvaluacionJSON, a reincidencia.Alerta) bool {
	for _, x := range v.Alertas {
		if x == string(a) {
			return true
		}
	}
	return false
}

func seccionActos(v contrato.EvaluacionJSON, c cifras) Seccion {
	s := Seccion{Clave: "actos", Titulo: "Actos sancionatorios considerados"}
	cuentan := &Tabla{
		Columnas: []Columna{
			{"N.º", 0.06, true}, {"Acto", 0.22, false}, {"Firmeza", 0.13, false}, {"Gravedad", 0.12, false},
			{"Sanción", 0.15, false}, {"Valor", 0.16, true}, {"Aporte a S", 0.16, true},
		},
		Vacia: "Ningún acto cuenta en el periodo de referencia.",
	}
	for i, a := range v.ActosComputados {
		cuentan.Filas = append(cuentan.Filas, []string{
			strconv.Itoa(i + 1), a.Acto, formato.FechaTexto(a.FechaFirmeza), etiquetas.Gravedad(a.Gravedad),
			etiquetas.Sancion(a.Sancion), formato.Pesos(c.Computados[i]), formato.Pesos(c.Aportes[i]),
		})
	}
	fuera := &Tabla{
		Columnas: []Columna{
			{"N.º", 0.06, true}, {"Acto", 0.22, false}, {"Firmeza", 0.13, false}, {"Gravedad", 0.12, false},
			{"Valor", 0.16, true}, {"Motivo", 0.31, false},
		},
		Vacia: "Ningún acto quedó por fuera.",
	}
	for i, a := range v.ActosExcluidos {
		f := "Sin firmeza"
		if a.FechaFirmeza != nil {
			f = formato.FechaTexto(*a.FechaFirmeza)
		}
		fuera.Filas = append(fuera.Filas, []string{
			strconv.Itoa(i + 1), a.Acto, f, etiquetas.Gravedad(a.Gravedad), formato.Pesos(c.Excluidos[i]), etiquetas.Motivo(a.Motivo),
		})
	}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloqueParrafo, Texto: "Cuentan los actos del mismo NIT, en firme dentro del periodo de referencia, por infracciones " +
			"graves o gravísimas y sin allanamiento aceptado. Se cuentan actos, no infracciones; un acto de cancelación o suspensión " +
			"cuenta en el número y aporta $ 0 a la suma. Fundamentos: " + ref(normas.ActosEnFirme) + "; " + ref(normas.AllanamientoNoCuenta) + "."},
		Bloque{Tipo: BloqueSubtitulo, Texto: fmt.Sprintf("Actos que cuentan (%d)", len(v.ActosComputados))},
		Bloque{Tipo: BloqueTabla, Tabla: cuentan},
		Bloque{Tipo: BloqueSubtitulo, Texto: fmt.Sprintf("Actos que no cuentan (%d)", len(v.ActosExcluidos))},
		Bloque{Tipo: BloqueTabla, Tabla: fuera},
	)
	return s
}

func seccionCifras(v contrato.EvaluacionJSON, c cifras) Seccion {
	s := Seccion{Clave: "cifras", Titulo: "Sanciones frente a operaciones de comercio exterior"}
	incompleto := reincidencia.TextoDatosIncompletos(v.Periodo.Anio)
	o, n := incompleto, incompleto
	part := "Desconocida. " + incompleto
	porMil := part
	if c.O != nil {
		o = formato.Pesos(*c.O)
		part = "No aplica: las operaciones del año de referencia están cargadas en cero"
		porMil = "No aplica: el número de operaciones es 0"
	}
	if v.NumeroOperaciones != nil {
		n = formato.Entero(*v.NumeroOperaciones)
	}
	if c.Participacion != nil {
		part = v.TextoParticipacion() + " (línea: 0,5 %)"
	}
	if c.PorMil != nil {
		porMil = formato.Numero(*c.PorMil, 2)
	}
	umbral := "No cumple: las sanciones son menos del 0,5 % de las operaciones"
	switch v.Umbral() {
	case reincidencia.Si:
		umbral = "Cumple: las sanciones son el 0,5 % o más de las operaciones (S × 1.000 ≥ O × 5)"
	case reincidencia.Desconocido:
		umbral = incompleto
	}
	if v.Umbral().EsSi() && tieneAlerta(v, reincidencia.SinOperaciones) {
		umbral = "Se tiene por cumplido: operaciones cargadas en cero y sanciones mayores que cero (criterio adoptado por la Secretaría Técnica)"
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
		{"S — suma de las sanciones de los actos que cuentan", formato.Pesos(c.S)},
		{fmt.Sprintf("O — operaciones de comercio exterior de %d", v.Periodo.Anio), o},
		{"N — número de operaciones", n},
		{"Actos que cuentan", strconv.Itoa(v.NumeroActos)},
		{"Participación porcentual (S / O × 100)", part},
		{"Umbral del 0,5 %", umbral},
		{"Actos sancionatorios por cada 1.000 operaciones", porMil},
	}})
	if tieneAlerta(v, reincidencia.SinOperaciones) {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: fmt.Sprintf("Operaciones de comercio exterior de %d cargadas en cero, "+
			"con sanciones: el umbral se tiene por cumplido. Es un criterio adoptado por la Secretaría Técnica, no el texto de la norma (%s).",
			v.Periodo.Anio, ref(normas.CriterioSinOperaciones))})
	}
	if tieneAlerta(v, reincidencia.FaltanOperaciones) || !v.Umbral().Conocido() {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: incompleto + ". Sin ellas no se conocen O, N, la participación " +
			"ni el umbral del 0,5 %; el resultado del test no se puede establecer."})
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueParrafo, Texto: "Fundamentos: " + ref(normas.SumaSanciones) + " (S); " +
		ref(normas.OperacionesComercio) + " (O y N); " + ref(normas.UmbralCeroCinco) + " (umbral); " + ref(normas.CriteriosSecretaria) +
		" (participación e infracciones por cada 1.000 operaciones)."})
	return s
}

// fechaREA is the REA date page 1 shows: the recorded proposal's when the
// case closed (the same the history names), else the one reported, if any.
func fechaREA(d Datos) string {
	if d.Propuesta != nil && !d.Propuesta.FechaREA.IsZero() {
		return fechaONota(d.Propuesta.FechaREA, "—")
	}
	return fechaONota(d.Nueva.FechaRequerimiento, "Aún no expedido")
}

func seccionRequisitos(v contrato.EvaluacionJSON) Seccion {
	s := Seccion{Clave: "requisitos", Titulo: "Requisitos para que proceda el Comité"}
	sustitucion := reincidencia.Ruta(v.Ruta) == reincidencia.RutaCancelacionEnSustitucion
	// Second route: only the 0,5 % limit is waived ("sin considerar el
	// límite de las sanciones en relación con las operaciones"); it is shown
	// as informative. The other requisites still hold.
	informativoTri := func(t reincidencia.Tri) string {
		if sustitucion {
			return siNoTri(t, v.Periodo.Anio) + " (informativo)"
		}
		return siNoTri(t, v.Periodo.Anio)
	}
	r := v.Requisitos
	t := &Tabla{Columnas: []Columna{{"Requisito", 0.50, false}, {"Cumple", 0.17, false}, {"Fundamento", 0.33, false}}}
	t.Filas = [][]string{
		{"Autorización, habilitación o registro vigente", formato.SiNo(r.RegistroVigente), ref(normas.RegistroVigente)},
		{"Nueva infracción grave o gravísima", formato.SiNo(r.InfraccionGraveOGravisima), ref(normas.InfraccionGrave)},
		{"Al menos 3 actos en firme en el año de referencia", formato.SiNo(r.MinimoTresActos), ref(normas.MinimoTresActos)},
		{"Sanciones del 0,5 % o más de las operaciones", informativoTri(v.Umbral()), ref(normas.UmbralCeroCinco)},
	}
	ruta := "Reincidencia (los cuatro requisitos)"
	if sustitucion {
		ruta = "Cancelación en sustitución de la multa: visto bueno del Comité sin considerar el límite del 0,5 % de las operaciones; " +
			"se exigen el registro vigente, la gravedad y el mínimo de 3 actos (" + ref(normas.CancelacionEnSustitucion) + ")"
	}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloqueTabla, Tabla: t},
		Bloque{Tipo: BloquePares, Pares: []Par{{"Ruta", ruta}, {"Resultado", TextoResultado(v)}}},
	)
	for _, a := range v.Avisos {
		switch reincidencia.Alerta(a.Alerta) {
		case reincidencia.SinOperaciones, reincidencia.FaltanOperaciones: // in the figures section
		default:
			s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: a.Texto})
		}
	}
	return s
}

func seccionIncremento(d Datos, c cifras) Seccion {
	v := d.Evaluacion
	s := Seccion{Clave: "incremento", Titulo: "Sanción a proponer si no se decide la cancelación"}
	if si := v.SancionIncrementada; si != nil {
		uvt := fmt.Sprintf("UVT %d: %s", si.UVTAnio, formato.Pesos(c.Incremento.UVTValor))
		if si.UVTResolucion != "" {
			uvt += " (" + si.UVTResolucion + ")"
		}
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
			{"Multa prevista para la infracción", formato.Pesos(d.Nueva.SancionPrevista)},
			{"Valor de la UVT aplicada", uvt},
			{"Incremento de 1.000 UVT", formato.Pesos(c.Incremento.Incremento)},
			{"Multa a proponer", formato.Pesos(c.Incremento.Total)},
			{"Fundamento", ref(normas.IncrementoMilUVT) + "; " + ref(normas.UVTAnual)},
		}})
		if p := v.Provisional(); p != "" {
			s.Bloques[len(s.Bloques)-1].Pares = append(s.Bloques[len(s.Bloques)-1].Pares, Par{"Provisional", p})
		}
		return s
	}
	por := "el caso no procede ante el Comité"
	switch {
	case reincidencia.Ruta(v.Ruta) == reincidencia.RutaCancelacionEnSustitucion:
		por = "el caso va al Comité por la ruta de cancelación en sustitución de la multa; sin el visto bueno del Comité, el REA propone la multa prevista para la infracción (" +
			formato.Pesos(d.Nueva.SancionPrevista) + ") sin el incremento, que es propio de la reincidencia"
	case !v.Procede().Conocido():
		por = strings.ToLower(v.DatosIncompletos()[:1]) + v.DatosIncompletos()[1:]
	case v.Procede().EsSi() && d.Nueva.Sancion == sancion.Multa && tieneAlerta(v, reincidencia.UVTNoDisponible):
		por = "no hay UVT registrada para el año del requerimiento (o de la verificación): el monto queda sin calcular"
	case v.Procede().EsSi() && d.Nueva.Sancion != sancion.Multa:
		por = "la sanción prevista para la infracción no es multa (" + etiquetas.Sancion(string(d.Nueva.Sancion)) + ")"
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueParrafo, Texto: "No aplica el incremento de 1.000 UVT: " + por +
		". Fundamento: " + ref(normas.IncrementoMilUVT) + "."})
	return s
}

func seccionCriterios(d Datos) Seccion {
	c := d.Criterios
	s := Seccion{Clave: "criterios", Titulo: "Criterios de la Secretaría Técnica"}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloqueParrafo, Texto: "Fundamento: " + ref(normas.CriteriosSecretaria) + ". Textos escritos por la Secretaría Técnica."},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Tipo de usuario: " + etiquetas.TipoUsuario(d.Usuario.Tipo)},
		Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.TipoUsuario)},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Perjuicio causado a los intereses del Estado"},
		Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.PerjuicioEstado)},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Naturaleza de los hechos"},
		Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.NaturalezaHechos)},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Impacto en el comercio exterior"},
		Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.ImpactoComercio)},
		Bloque{Tipo: BloqueSubtitulo, Texto: "Antecedentes del usuario"},
		Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.Antecedentes)},
	)
	if reincidencia.Ruta(d.Evaluacion.Ruta) == reincidencia.RutaCancelacionEnSustitucion {
		s.Bloques = append(s.Bloques,
			Bloque{Tipo: BloqueParrafo, Texto: "Cancelación en sustitución de la multa: además de los anteriores, la Secretaría documenta los aspectos que " +
				ref(normas.CancelacionEnSustitucion) + " enumera para el perjuicio a los intereses del Estado."},
			Bloque{Tipo: BloqueSubtitulo, Texto: "Transgresión de procedimientos aduaneros por acción u omisión"},
			Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.TransgresionProcedimientos)},
			Bloque{Tipo: BloqueSubtitulo, Texto: "Incidencia penal de la conducta"},
			Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.IncidenciaPenal)},
			Bloque{Tipo: BloqueSubtitulo, Texto: "Cualquier otro hecho relevante acreditado"},
			Bloque{Tipo: BloqueParrafo, Texto: textoONota(c.OtrosHechos)},
		)
	}
	return s
}

func seccionGraficos(d Datos) Seccion {
	s := Seccion{Clave: "graficos", Titulo: "Gráficos"}
	if len(d.Serie) == 0 {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueAviso, Texto: "No se recibió la serie anual del caso: no hay gráficos por año."})
	} else {
		s.Bloques = append(s.Bloques,
			Bloque{Tipo: BloqueGrafico, Grafico: GraficoUmbral},
			Bloque{Tipo: BloqueGrafico, Grafico: GraficoOperaciones},
		)
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueGrafico, Grafico: GraficoGravedad})
	return s
}

func seccionFundamentos(v contrato.EvaluacionJSON) Seccion {
	s := Seccion{Clave: "fundamentos", Titulo: "Fundamento legal de cada paso"}
	t := &Tabla{
		Columnas: []Columna{{"Norma", 0.22, false}, {"Qué dice", 0.43, false}, {"En este caso", 0.35, false}},
		Vacia:    "La evaluación guardada no trae fundamentos.",
	}
	for _, f := range v.Fundamentos {
		// The citation comes from the one table as it stands (a lawyer's
		// correction there reaches every informe); a key the table no longer
		// holds shows what the snapshot stored.
		r, texto := f.Referencia, f.Texto
		if c, ok := normas.Buscar(f.Regla); ok {
			r, texto = c.Referencia(), c.Texto
		} else if r == "" {
			r = f.Norma + ", art. " + f.Articulo
		}
		t.Filas = append(t.Filas, []string{r, texto, f.Detalle})
	}
	s.Bloques = append(s.Bloques,
		Bloque{Tipo: BloqueParrafo, Texto: "Los artículos se citan desde la tabla única de citas de la aplicación. Los marcados " +
			"«(por posición)» se identifican por su posición en el texto disponible y no están confirmados; los rotulados " +
			"«Criterio adoptado por la Secretaría Técnica» son lecturas de la Secretaría donde la norma calla, no texto de la norma."},
		Bloque{Tipo: BloqueTabla, Tabla: t})
	return s
}

func seccionPlazo(d Datos) (Seccion, error) {
	s := Seccion{Clave: "plazo", Titulo: "Plazo del reporte a la Secretaría Técnica"}
	plazo := d.PlazoReporte
	if plazo.IsZero() && d.Evaluacion.PlazoReporte != "" {
		f, err := fecha.ParseISO(d.Evaluacion.PlazoReporte)
		if err != nil {
			return s, &ErrDatos{"Evaluacion.plazo_reporte", fmt.Sprintf("fecha guardada ilegible %q: vuelva a evaluar el caso", d.Evaluacion.PlazoReporte)}
		}
		plazo = f
	}
	estado := "Fecha de reporte no registrada"
	switch {
	case d.FechaReporte.IsZero():
	case plazo.IsZero():
		estado = "Sin plazo calculado"
	case d.FechaReporte.Despues(plazo):
		estado = "Reportado FUERA del plazo (el retraso no anula el caso)"
	default:
		estado = "Reportado dentro del plazo"
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
		{"Verificación de los hechos", fechaONota(d.Nueva.FechaVerificacion, "—")},
		{"Expediente completo", fechaONota(d.Nueva.FechaExpediente, "No indicada (se toma la fecha de verificación)")},
		{"Vence el plazo (10 días hábiles)", fechaONota(plazo, "—")},
		{"Fecha de reporte", fechaONota(d.FechaReporte, "No registrada")},
		{"Estado", estado},
		{"Fundamento", ref(normas.PlazoReporte) + "; " + ref(normas.DiasHabiles) + "; " + ref(normas.Festivos)},
	}})
	return s, nil
}

func seccionHistoria(d Datos) Seccion {
	s := Seccion{Clave: "historia", Titulo: "Historia del caso"}
	t := &Tabla{
		Columnas: []Columna{{"Fecha y hora", 0.18, false}, {"Persona", 0.16, false}, {"De", 0.15, false}, {"A", 0.15, false}, {"Detalle", 0.36, false}},
		Vacia:    "Sin pasos registrados.",
	}
	for _, p := range d.Historia {
		t.Filas = append(t.Filas, []string{formato.Instante(p.Instante), textoOGuion(p.Cuenta), etiquetas.Estado(p.Desde), etiquetas.Estado(p.Hacia), textoOGuion(p.Detalle)})
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueTabla, Tabla: t})
	return s
}

func seccionConcepto(d Datos) Seccion {
	s := Seccion{Clave: "concepto", Titulo: "Concepto del Comité"}
	c := d.Concepto
	if c == nil {
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueParrafo, Texto: "El Comité aún no ha registrado su concepto."})
		return s
	}
	miembros := "—"
	if len(c.Miembros) > 0 {
		miembros = strings.Join(c.Miembros, "; ")
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloquePares, Pares: []Par{
		{"Fecha de la sesión", fechaONota(c.FechaSesion, "—")},
		{"Miembros presentes", miembros},
		{"Decisión", c.Decision.Etiqueta()},
		{"Registrado por", textoOGuion(c.RegistradoPor)},
		{"Registrado el", formato.Instante(c.RegistradoEn)},
		{"Fundamento", ref(normas.ConceptoVinculante) + ": vinculante para la Dirección Seccional; contra él no procede recurso"},
	}})
	mot := &Tabla{Columnas: []Columna{{"Criterio", 0.28, false}, {"Motivación del Comité", 0.72, false}}, Vacia: "Sin motivación registrada."}
	for _, m := range c.Motivacion {
		mot.Filas = append(mot.Filas, []string{m.Criterio, m.Texto})
	}
	s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueSubtitulo, Texto: "Motivación"}, Bloque{Tipo: BloqueTabla, Tabla: mot})
	if c.Decision.Cancela() || len(c.CriteriosCancelacion) > 0 {
		crit := &Tabla{Columnas: []Columna{{"Criterio", 0.12, false}, {"Descripción", 0.88, false}}, Vacia: "No se registraron criterios."}
		for _, k := range c.CriteriosCancelacion {
			crit.Filas = append(crit.Filas, []string{k, textoOGuion(flujo.NombreCriterioCancelacion(k))})
		}
		s.Bloques = append(s.Bloques,
			Bloque{Tipo: BloqueSubtitulo, Texto: "Criterios para la cancelación que aplican (" + ref(normas.CriteriosCancelacion) + ")"},
			Bloque{Tipo: BloqueTabla, Tabla: crit})
	}
	if p := d.Propuesta; p != nil {
		pares := []Par{
			{"Fecha del REA", fechaONota(p.FechaREA, "—")},
			{"Propuesta", p.Decision.Etiqueta()},
		}
		switch {
		case p.Total == nil:
		case p.UVTAnio > 0:
			pares = append(pares, Par{"Multa prevista", formato.Pesos(d.Nueva.SancionPrevista)},
				Par{fmt.Sprintf("Incremento de 1.000 UVT (UVT %d: %s)", p.UVTAnio, formato.Pesos(p.UVTValor)), formato.Pesos(p.Incremento)},
				Par{"Multa propuesta", formato.Pesos(*p.Total)})
		default:
			pares = append(pares, Par{"Multa propuesta (sin incremento)", formato.Pesos(*p.Total)})
		}
		pares = append(pares, Par{"Registrada por", textoOGuion(p.RegistradoPor)}, Par{"Registrada el", formato.Instante(p.RegistradoEn)})
		s.Bloques = append(s.Bloques, Bloque{Tipo: BloqueSubtitulo, Texto: "Propuesta del requerimiento especial aduanero"}, Bloque{Tipo: BloquePares, Pares: pares})
	}
	if len(c.Correcciones) > 0 {
		cor := &Tabla{Columnas: []Columna{{"Fecha y hora", 0.18, false}, {"Persona", 0.16, false}, {"Por qué", 0.30, false}, {"Corrección", 0.36, false}}}
		for _, x := range c.Correcciones {
			cor.Filas = append(cor.Filas, []string{formato.Instante(x.Instante), textoOGuion(x.Cuenta), textoOGuion(x.Motivo), textoOGuion(x.Texto)})
		}
		s.Bloques = append(s.Bloques,
			Bloque{Tipo: BloqueSubtitulo, Texto: fmt.Sprintf("Correcciones registradas (%d)", len(c.Correcciones))},
			Bloque{Tipo: BloqueParrafo, Texto: "El concepto es definitivo: el texto original se mantiene arriba sin cambios y cada " +
				"error material se corrige con un registro nuevo vinculado, que dice por qué."},
			Bloque{Tipo: BloqueTabla, Tabla: cor})
	}
	return s
}

// emitidoPor and fechaEmision name the issue of the informe, or say that it
// is a draft and when its data were recorded.
func emitidoPor(e Emision) Par {
	if e.Borrador() {
		return Par{"Emitido por", "Sin emitir (borrador)"}
	}
	return Par{"Emitido por", textoOGuion(e.EmitidoPor)}
}

func fechaEmision(e Emision) Par {
	if e.Borrador() {
		return Par{"Datos registrados al", formato.Instante(e.Instante)}
	}
	return Par{"Fecha de emisión", formato.Instante(e.Instante)}
}

// seccionAdjuntos lists the evidence attached to the case (BloquesAdjuntos).
func seccionAdjuntos(d Datos) Seccion {
	return Seccion{Clave: "adjuntos", Titulo: "Pruebas y antecedentes adjuntos", Bloques: BloquesAdjuntos(d.Adjuntos)}
}

// BloquesAdjuntos lists attachments (number, kind, description, date of the
// document) and then each file's SHA-256 on a line of its own, as
// sha256sum writes it, so a copy can be checked against it.
func BloquesAdjuntos(adjuntos []AdjuntoGuardado) []Bloque {
	t := &Tabla{
		Columnas: []Columna{{"N.º", 0.08, false}, {"Tipo", 0.27, false}, {"Descripción", 0.5, false}, {"Fecha", 0.15, false}},
	}
	for _, a := range adjuntos {
		f := "—"
		if a.Fecha != nil {
			f = formato.Fecha(*a.Fecha)
		}
		desc := a.Descripcion
		if a.Retiro != "" {
			desc += " (retirado: " + a.Retiro + ")"
		}
		t.Filas = append(t.Filas, []string{strconv.Itoa(a.Numero), etiquetas.TipoAdjunto(a.Tipo), desc, f})
	}
	out := []Bloque{{Tipo: BloqueTabla, Tabla: t},
		{Tipo: BloqueParrafo, Texto: "Huella SHA-256 de cada archivo (sha256sum de una copia da el mismo valor):"}}
	for _, a := range adjuntos {
		out = append(out, Bloque{Tipo: BloqueParrafo, Texto: a.SHA256 + "  adjunto " + strconv.Itoa(a.Numero)})
	}
	return out
}

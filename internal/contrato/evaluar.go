package contrato

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

var (
	gravedades   = palabras(sancion.Gravedades())
	tiposSancion = palabras(sancion.Tipos())
)

// palabras are the contract's words for a list of the law's values.
func palabras[T ~string](xs []T) []string {
	ps := make([]string, len(xs))
	for i, x := range xs {
		ps[i] = string(x)
	}
	return ps
}

// LeerEvaluacion reads the input of `comite evaluar` (docs/contrato-cli.md). Every
// problem is reported, one line each, naming its field; unknown fields are errors.
func LeerEvaluacion(data []byte) (reincidencia.Entrada, error) {
	var e Errores
	var ent reincidencia.Entrada
	raiz := LeerRaiz(data, &e)
	if raiz == nil {
		return ent, &ErrEntrada{e.Lista()}
	}

	if u, _ := raiz.Sub("usuario", true, false); u != nil {
		n, p := u.NIT("nit", true)
		if p == Presente {
			ent.Usuario.NIT = n.String()
		}
		ent.Usuario.RazonSocial, _ = u.Texto("razon_social", false)
		ent.Usuario.Tipo, _ = u.Texto("tipo", false)
		ent.Usuario.RegistroVigente, _ = u.Booleano("registro_vigente", true)
		u.Fin()
	}

	if ni, _ := raiz.Sub("nueva_infraccion", true, false); ni != nil {
		n := &ent.Nueva
		n.FechaComision, _ = ni.Fecha("fecha_comision", true, false)
		n.FechaVerificacion, _ = ni.Fecha("fecha_verificacion", true, false)
		n.FechaExpediente, _ = ni.Fecha("fecha_expediente", false, true)
		n.FechaRequerimiento, _ = ni.Fecha("fecha_requerimiento", false, true)
		if g, p := ni.Enum("gravedad", true, gravedades...); p == Presente {
			n.Gravedad = sancion.Gravedad(g)
		}
		if s, p := ni.Enum("sancion", true, tiposSancion...); p == Presente {
			n.Sancion = sancion.Tipo(s)
		}
		n.SancionPrevista, _ = ni.Monto("sancion_prevista_cop", true, false)
		n.PermiteCancelacion, _ = ni.Booleano("permite_cancelacion", false)
		ni.Fin()
	}

	if a, p := raiz.Enum("anclaje", false, string(sancion.AnclajeComision), string(sancion.AnclajeVerificacion)); p == Presente {
		ent.Anclaje = sancion.Anclaje(a)
	} else {
		ent.Anclaje = sancion.AnclajeComision
	}

	lista, _ := raiz.Lista("sanciones", true)
	for i, raw := range lista {
		s := NuevoObjeto(raiz.Elemento("sanciones", i), raw, &e)
		if s == nil {
			continue
		}
		var a reincidencia.Acto
		a.Numero, _ = s.Texto("acto", true)
		a.FechaFirmeza, _ = s.Fecha("fecha_firmeza", true, true)
		if g, p := s.Enum("gravedad", true, gravedades...); p == Presente {
			a.Gravedad = sancion.Gravedad(g)
		}
		if t, p := s.Enum("sancion", true, tiposSancion...); p == Presente {
			a.Sancion = sancion.Tipo(t)
		}
		a.Valor, _ = s.Monto("valor_cop", true, false)
		a.Allanamiento, _ = s.Booleano("allanamiento", true)
		s.Fin()
		ent.Actos = append(ent.Actos, a)
	}

	ops, _ := raiz.Lista("operaciones", true)
	for i, raw := range ops {
		o := NuevoObjeto(raiz.Elemento("operaciones", i), raw, &e)
		if o == nil {
			continue
		}
		var op reincidencia.Operaciones
		anio, p := o.Entero("anio", true)
		if p == Presente && (anio < 1 || anio > 9999) {
			e.Add(o.Campo("anio"), "año fuera de rango: %d", anio)
		}
		op.Anio = int(anio)
		op.Valor, _ = o.Monto("valor_cop", true, false)
		op.Numero, _ = o.Entero("numero", true)
		o.Fin()
		ent.Operaciones = append(ent.Operaciones, op)
	}
	inh, _ := raiz.Lista("dias_inhabiles", false)
	for i, raw := range inh {
		var t string
		campo := raiz.Elemento("dias_inhabiles", i)
		if err := json.Unmarshal(raw, &t); err != nil {
			e.Add(campo, "fecha inválida %s (use AAAA-MM-DD entre comillas)", string(raw))
			continue
		}
		d, err := fecha.ParseISO(t)
		if err != nil {
			e.Add(campo, "fecha inválida %q (use AAAA-MM-DD)", t)
			continue
		}
		ent.DiasInhabiles = append(ent.DiasInhabiles, d)
	}
	raiz.Fin()

	// Inputs that cannot be true (the same act twice, dates out of order)
	// are refused by the rule core, naming the field; listed here with the
	// reading problems so one run reports them all.
	for _, c := range reincidencia.Validar(ent) {
		e.Add(c.Campo, "%s", c.Mensaje)
	}
	if !e.Vacio() {
		return reincidencia.Entrada{}, &ErrEntrada{e.Lista()}
	}
	return ent, nil
}

// Evaluar reads, evaluates with the built-in reference (UVT table and rule
// sets; the rule set is chosen by the commission date) and writes the
// contract's JSON. Invalid input returns *ErrEntrada.
func Evaluar(data []byte) ([]byte, error) {
	ent, err := LeerEvaluacion(data)
	if err != nil {
		return nil, err
	}
	res, err := reincidencia.Evaluar(ent, valores.Integrada())
	if err != nil {
		return nil, ErrorDeReglas(err)
	}
	return EscribirEvaluacion(res)
}

// ErrorDeReglas turns a rule core error that names input fields into
// *ErrEntrada (one line per field); other errors pass through.
func ErrorDeReglas(err error) error {
	var ecs reincidencia.ErrCampos
	if errors.As(err, &ecs) {
		l := make([]string, len(ecs))
		for i, c := range ecs {
			l[i] = c.Error()
		}
		return &ErrEntrada{l}
	}
	var ec *reincidencia.ErrCampo
	if errors.As(err, &ec) {
		return &ErrEntrada{[]string{ec.Error()}}
	}
	return err
}

type PeriodoJSON struct {
	Anio    int    `json:"anio"`
	Desde   string `json:"desde"`
	Hasta   string `json:"hasta"`
	Anclaje string `json:"anclaje"`
}

type ComputadoJSON struct {
	Acto         string `json:"acto"`
	FechaFirmeza string `json:"fecha_firmeza"`
	Gravedad     string `json:"gravedad"`
	Sancion      string `json:"sancion"`
	ValorCOP     string `json:"valor_cop"`
	AporteCOP    string `json:"aporte_cop"`
}

type ExcluidoJSON struct {
	Acto         string  `json:"acto"`
	Motivo       string  `json:"motivo"`
	FechaFirmeza *string `json:"fecha_firmeza"`
	Gravedad     string  `json:"gravedad"`
	ValorCOP     string  `json:"valor_cop"`
}

// RequisitosJSON: umbral_cero_cinco is null when unknown (operations of the
// reference year not loaded, with sanctions).
type RequisitosJSON struct {
	RegistroVigente           bool  `json:"registro_vigente"`
	InfraccionGraveOGravisima bool  `json:"infraccion_grave_o_gravisima"`
	MinimoTresActos           bool  `json:"minimo_tres_actos"`
	UmbralCeroCinco           *bool `json:"umbral_cero_cinco"`
}

type IncrementadaJSON struct {
	UVTAnio       int    `json:"uvt_anio"`
	UVTValorCOP   string `json:"uvt_valor_cop"`
	IncrementoCOP string `json:"incremento_cop"`
	TotalCOP      string `json:"total_cop"`
	// Provisional: no REA date yet, the UVT is the verification year's.
	Provisional   bool   `json:"provisional"`
	UVTResolucion string `json:"uvt_resolucion"`
}

type FundamentoJSON struct {
	Regla      string `json:"regla"`
	Norma      string `json:"norma"`
	Articulo   string `json:"articulo"`
	Texto      string `json:"texto"`
	Referencia string `json:"referencia"`
	Detalle    string `json:"detalle"`
	// CriterioSecretaria: a reading adopted by the Secretaría Técnica where
	// the law is silent, not the text of the law.
	CriterioSecretaria bool `json:"criterio_secretaria"`
}

// AvisoJSON is an alert with its explanation for people (added field).
type AvisoJSON struct {
	Alerta string `json:"alerta"`
	Texto  string `json:"texto"`
}

// ConjuntoJSON names the rule set used and its validity (added field).
// estado: en_vigencia, posterior_a_vigencias or anterior_a_vigencias.
type ConjuntoJSON struct {
	ID     string  `json:"id"`
	Nombre string  `json:"nombre"`
	Desde  string  `json:"vigente_desde"`
	Hasta  *string `json:"vigente_hasta"`
	Estado string  `json:"estado"`
	Texto  string  `json:"texto"`
}

// EvaluacionJSON is the output of `comite evaluar`. It is also the stored
// snapshot of a case's evaluation: the informe and the screens read it back
// with LeerResultado, so stored cases keep the contract's field names.
// Snapshots written before unknown values existed (no nulls in
// total_operaciones_cop, numero_operaciones, umbral_cero_cinco,
// procede_comite) read the same way.
type EvaluacionJSON struct {
	Periodo                       PeriodoJSON     `json:"periodo"`
	ActosComputados               []ComputadoJSON `json:"actos_computados"`
	ActosExcluidos                []ExcluidoJSON  `json:"actos_excluidos"`
	NumeroActos                   int             `json:"numero_actos"`
	SumaSancionesCOP              string          `json:"suma_sanciones_cop"`
	TotalOperacionesCOP           *string         `json:"total_operaciones_cop"`
	NumeroOperaciones             *int64          `json:"numero_operaciones"`
	ParticipacionPorcentual       *string         `json:"participacion_porcentual"`
	InfraccionesPorMilOperaciones *string         `json:"infracciones_por_mil_operaciones"`
	// ParticipacionTexto is the share as people read it ("0,5203 %";
	// "inferior a 0,5 % (0,49999 %)" when it would round to the line without
	// reaching it). Added field; absent in older snapshots.
	ParticipacionTexto  *string           `json:"participacion_texto"`
	Requisitos          RequisitosJSON    `json:"requisitos"`
	Ruta                string            `json:"ruta"`
	ProcedeComite       *bool             `json:"procede_comite"`
	Alertas             []string          `json:"alertas"`
	PlazoReporte        string            `json:"plazo_reporte"`
	SancionIncrementada *IncrementadaJSON `json:"sancion_incrementada"`
	Fundamentos         []FundamentoJSON  `json:"fundamentos"`
	ConjuntoReglas      string            `json:"conjunto_reglas"`
	ConjuntoVigencia    *ConjuntoJSON     `json:"conjunto_reglas_vigencia"`
	Avisos              []AvisoJSON       `json:"avisos"`
}

// Procede is procede_comite as a three-valued answer (null: unknown).
func (v EvaluacionJSON) Procede() reincidencia.Tri { return reincidencia.DePuntero(v.ProcedeComite) }

// EsSegundaRuta says whether the evaluation took the case by the route of
// cancelación en sustitución de la multa (the core's Resultado.Ruta).
func (v EvaluacionJSON) EsSegundaRuta() bool {
	return v.Ruta == string(reincidencia.RutaCancelacionEnSustitucion)
}

// Umbral is requisitos.umbral_cero_cinco as a three-valued answer.
func (v EvaluacionJSON) Umbral() reincidencia.Tri {
	return reincidencia.DePuntero(v.Requisitos.UmbralCeroCinco)
}

// TieneAlerta says whether the stored evaluation raised an alert.
func (v EvaluacionJSON) TieneAlerta(a reincidencia.Alerta) bool {
	for _, x := range v.Alertas {
		if x == string(a) {
			return true
		}
	}
	return false
}

// AvisoReleida marks a stored evaluation of the first version of the rules
// that the rules of today read differently from the same stored input.
const AvisoReleida = "evaluacion_releida"

// ReleerVersion1 reads a snapshot stored before version 2 of the rules (it
// has no "avisos"): that version took a year without operations as zero and
// let the second route proceed with fewer than three acts. The core evaluates
// the stored input again; when it disagrees on the threshold or the result,
// its evaluation is returned, with a notice saying so and asking for a
// recalculation; otherwise (or when the stored input cannot be evaluated)
// the snapshot is returned as stored. Version-2 snapshots are returned as
// stored. So no screen, step or informe states "procede" or an amount that
// the rules do not give for the stored data.
func ReleerVersion1(v EvaluacionJSON, entrada []byte, ref valores.Referencia) EvaluacionJSON {
	if v.Avisos != nil {
		return v
	}
	ent, err := LeerEntradaGuardada(entrada)
	if err != nil {
		return v
	}
	res, err := reincidencia.Evaluar(ent, ref)
	if err != nil {
		return v
	}
	if res.ProcedeComite == v.Procede() && res.Requisitos.UmbralCeroCinco == v.Umbral() {
		return v
	}
	b, err := EscribirEvaluacion(res)
	if err != nil {
		return v
	}
	nv, err := LeerResultado(b)
	if err != nil {
		return v
	}
	nv.Avisos = append(nv.Avisos, AvisoJSON{Alerta: AvisoReleida, Texto: "Esta evaluación se guardó con la versión anterior de las reglas, " +
		"que tomaba como cero las operaciones no cargadas y no exigía tres actos en la segunda ruta: se muestra releída con las reglas vigentes " +
		"sobre los mismos datos guardados. Recalcule la evaluación del caso."})
	return nv
}

// TextoParticipacion is the stored share for people; older snapshots, which
// did not store the text, show their 4 decimals.
func (v EvaluacionJSON) TextoParticipacion() string {
	if v.ParticipacionTexto != nil {
		return *v.ParticipacionTexto
	}
	if v.ParticipacionPorcentual != nil {
		if d, err := decimal.NewFromString(*v.ParticipacionPorcentual); err == nil {
			return formato.Numero(d, 4) + " %"
		}
	}
	return ""
}

// DatosIncompletos is the text shown where the result is unknown, or "": for
// lack of operations, "Datos incompletos: cargue las operaciones de AAAA";
// for a commission before every rule set held, that the rule governing it
// is not in the application (never "datos incompletos").
func (v EvaluacionJSON) DatosIncompletos() string {
	if v.TieneAlerta(reincidencia.HechoAnteriorAVigencia) {
		desde := valores.Integrada().Conjuntos[0].VigenteDesde
		if c := v.ConjuntoVigencia; c != nil {
			if f, err := fecha.ParseISO(c.Desde); err == nil {
				desde = f
			}
		}
		return strings.TrimSuffix(reincidencia.TextoHechoAnterior(reincidencia.Conjunto{VigenteDesde: desde}), ".")
	}
	if v.Procede().Conocido() && v.Umbral().Conocido() {
		return ""
	}
	return reincidencia.TextoDatosIncompletos(v.Periodo.Anio)
}

// Provisional is the notice beside a +1.000 UVT computed before there is an
// REA date, or "".
func (v EvaluacionJSON) Provisional() string {
	if si := v.SancionIncrementada; si != nil && si.Provisional {
		return reincidencia.TextoProvisional
	}
	return ""
}

// EscribirEvaluacion writes a result as the contract's JSON: every field
// present, null where it does not apply, amounts as decimal strings.
func EscribirEvaluacion(r reincidencia.Resultado) ([]byte, error) {
	out := EvaluacionJSON{
		Periodo:             PeriodoJSON{r.Periodo.Anio, r.Periodo.Desde.String(), r.Periodo.Hasta.String(), string(r.Periodo.Anclaje)},
		ActosComputados:     []ComputadoJSON{},
		ActosExcluidos:      []ExcluidoJSON{},
		NumeroActos:         r.NumeroActos,
		SumaSancionesCOP:    Monto(r.Suma),
		TotalOperacionesCOP: MontoNulo(r.TotalOperaciones),
		NumeroOperaciones:   r.NumeroOperaciones,
		Requisitos: RequisitosJSON{
			RegistroVigente:           r.Requisitos.RegistroVigente,
			InfraccionGraveOGravisima: r.Requisitos.InfraccionGraveOGravisima,
			MinimoTresActos:           r.Requisitos.MinimoTresActos,
			UmbralCeroCinco:           r.Requisitos.UmbralCeroCinco.Puntero(),
		},
		Ruta:           string(r.Ruta),
		ProcedeComite:  r.ProcedeComite.Puntero(),
		Alertas:        []string{},
		PlazoReporte:   r.PlazoReporte.String(),
		Fundamentos:    []FundamentoJSON{},
		ConjuntoReglas: r.ConjuntoReglas,
		Avisos:         []AvisoJSON{},
	}
	if r.Conjunto.ID != "" {
		c := r.Conjunto
		out.ConjuntoVigencia = &ConjuntoJSON{ID: c.ID, Nombre: c.Nombre, Desde: c.VigenteDesde.String(), Hasta: fechaNula(c.VigenteHasta),
			Estado: estadoVigencia(c.Vigencia), Texto: reincidencia.TextoConjunto(c)}
	}
	for _, a := range reincidencia.Avisos(r) {
		out.Avisos = append(out.Avisos, AvisoJSON{Alerta: string(a.Alerta), Texto: a.Texto})
	}
	for _, c := range r.Computados {
		out.ActosComputados = append(out.ActosComputados, ComputadoJSON{
			Acto: c.Numero, FechaFirmeza: c.FechaFirmeza.String(), Gravedad: string(c.Gravedad),
			Sancion: string(c.Sancion), ValorCOP: Monto(c.Valor), AporteCOP: Monto(c.Aporte),
		})
	}
	for _, x := range r.Excluidos {
		out.ActosExcluidos = append(out.ActosExcluidos, ExcluidoJSON{
			Acto: x.Numero, Motivo: string(x.Motivo), FechaFirmeza: fechaNula(x.FechaFirmeza),
			Gravedad: string(x.Gravedad), ValorCOP: Monto(x.Valor),
		})
	}
	if r.Participacion != nil {
		s := r.Participacion.StringFixed(4)
		out.ParticipacionPorcentual = &s
		t := r.ParticipacionTexto
		out.ParticipacionTexto = &t
	}
	if r.InfraccionesPorMil != nil {
		s := r.InfraccionesPorMil.StringFixed(2)
		out.InfraccionesPorMilOperaciones = &s
	}
	for _, a := range r.Alertas {
		out.Alertas = append(out.Alertas, string(a))
	}
	if si := r.SancionIncrementada; si != nil {
		out.SancionIncrementada = &IncrementadaJSON{
			UVTAnio: si.UVTAnio, UVTValorCOP: Monto(si.UVTValor), IncrementoCOP: Monto(si.Incremento),
			TotalCOP: Monto(si.Total), Provisional: si.Provisional, UVTResolucion: si.UVTResolucion,
		}
	}
	for _, f := range r.Fundamentos {
		c := normas.De(f.Regla)
		out.Fundamentos = append(out.Fundamentos, FundamentoJSON{
			Regla: f.Regla, Norma: c.Norma, Articulo: c.Articulo, Texto: c.Texto, Referencia: c.Referencia(), Detalle: f.Detalle,
			CriterioSecretaria: c.Criterio,
		})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func estadoVigencia(v valores.Vigencia) string {
	switch v {
	case valores.PosteriorAVigencias:
		return "posterior_a_vigencias"
	case valores.AnteriorAVigencias:
		return "anterior_a_vigencias"
	}
	return "en_vigencia"
}

func fechaNula(f fecha.Fecha) *string {
	if f.IsZero() {
		return nil
	}
	s := f.String()
	return &s
}

// LeerResultado reads back an output of EscribirEvaluacion (a stored snapshot).
func LeerResultado(data []byte) (EvaluacionJSON, error) {
	var r EvaluacionJSON
	if err := leerGuardado(data, &r); err != nil {
		return r, fmt.Errorf("evaluación guardada ilegible: %w", err)
	}
	return r, nil
}

type usuarioEntrada struct {
	NIT             string `json:"nit"`
	RazonSocial     string `json:"razon_social,omitempty"`
	Tipo            string `json:"tipo,omitempty"`
	RegistroVigente bool   `json:"registro_vigente"`
}

type nuevaEntrada struct {
	FechaComision      string  `json:"fecha_comision"`
	FechaVerificacion  string  `json:"fecha_verificacion"`
	FechaExpediente    *string `json:"fecha_expediente"`
	FechaRequerimiento *string `json:"fecha_requerimiento"`
	Gravedad           string  `json:"gravedad"`
	Sancion            string  `json:"sancion"`
	SancionPrevistaCOP string  `json:"sancion_prevista_cop"`
	PermiteCancelacion bool    `json:"permite_cancelacion"`
}

type sancionEntrada struct {
	Acto         string  `json:"acto"`
	FechaFirmeza *string `json:"fecha_firmeza"`
	Gravedad     string  `json:"gravedad"`
	Sancion      string  `json:"sancion"`
	ValorCOP     string  `json:"valor_cop"`
	Allanamiento bool    `json:"allanamiento"`
}

type operacionEntrada struct {
	Anio     int    `json:"anio"`
	ValorCOP string `json:"valor_cop"`
	Numero   int64  `json:"numero"`
}

type entradaJSON struct {
	Usuario       usuarioEntrada     `json:"usuario"`
	Nueva         nuevaEntrada       `json:"nueva_infraccion"`
	Anclaje       string             `json:"anclaje"`
	Sanciones     []sancionEntrada   `json:"sanciones"`
	Operaciones   []operacionEntrada `json:"operaciones"`
	DiasInhabiles []string           `json:"dias_inhabiles,omitempty"`
}

// EscribirEntrada writes an Entrada as the input of `comite evaluar`: the
// stored snapshot of what a case was evaluated with. LeerEvaluacion reads it back.
func EscribirEntrada(e reincidencia.Entrada) ([]byte, error) {
	anclaje := e.Anclaje
	if anclaje == "" {
		anclaje = sancion.AnclajeComision
	}
	out := entradaJSON{
		Usuario: usuarioEntrada{e.Usuario.NIT, e.Usuario.RazonSocial, e.Usuario.Tipo, e.Usuario.RegistroVigente},
		Nueva: nuevaEntrada{
			FechaComision: e.Nueva.FechaComision.String(), FechaVerificacion: e.Nueva.FechaVerificacion.String(),
			FechaExpediente: fechaNula(e.Nueva.FechaExpediente), FechaRequerimiento: fechaNula(e.Nueva.FechaRequerimiento),
			Gravedad: string(e.Nueva.Gravedad), Sancion: string(e.Nueva.Sancion),
			SancionPrevistaCOP: Monto(e.Nueva.SancionPrevista), PermiteCancelacion: e.Nueva.PermiteCancelacion,
		},
		Anclaje:     string(anclaje),
		Sanciones:   []sancionEntrada{},
		Operaciones: []operacionEntrada{},
	}
	for _, a := range e.Actos {
		out.Sanciones = append(out.Sanciones, sancionEntrada{a.Numero, fechaNula(a.FechaFirmeza), string(a.Gravedad), string(a.Sancion), Monto(a.Valor), a.Allanamiento})
	}
	for _, o := range e.Operaciones {
		out.Operaciones = append(out.Operaciones, operacionEntrada{o.Anio, Monto(o.Valor), o.Numero})
	}
	for _, d := range e.DiasInhabiles {
		out.DiasInhabiles = append(out.DiasInhabiles, d.String())
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// AvisoVigencia is the prominent notice every screen and document of a case
// shows when its stored evaluation was computed outside the validity of every
// rule set held: after the last day of all of them (alert
// norma_sin_vigencia_confirmada) or before the first. Empty when the rule set
// was in force on the commission date.
func (v EvaluacionJSON) AvisoVigencia() string {
	c := v.ConjuntoVigencia
	posterior := c != nil && c.Estado == "posterior_a_vigencias"
	for _, a := range v.Alertas {
		posterior = posterior || a == string(reincidencia.NormaSinVigenciaConfirmada)
	}
	id := v.ConjuntoReglas
	if c != nil {
		id = c.ID
	}
	switch {
	case posterior:
		hasta := ""
		if c != nil && c.Hasta != nil {
			if f, err := fecha.ParseISO(*c.Hasta); err == nil {
				hasta = " (vigente hasta el " + f.DMA() + ")"
			}
		}
		return "Norma sin vigencia confirmada: confirme la norma aplicable. La fecha de comisión es posterior al último día de vigencia de todas las normas que la aplicación conoce; se calculó con el conjunto de reglas " + id + hasta + "."
	case c != nil && c.Estado == "anterior_a_vigencias":
		desde := ""
		if f, err := fecha.ParseISO(c.Desde); err == nil {
			desde = " (rige desde el " + f.DMA() + ")"
		}
		return "Hecho anterior a la vigencia de las normas que la aplicación conoce: confirme la norma aplicable. " + v.DatosIncompletos() + "; las cifras se calcularon solo como información con el conjunto de reglas " + id + desde + ", el primero que la aplicación conoce."
	}
	return ""
}

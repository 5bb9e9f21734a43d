// Package normas is the one table of legal citations. Every rule in comite
// names its basis by a key of this table, so a lawyer can correct an article
// number here, once. An article known only by its position in the texts we
// hold is written with the mark "(por posición)" (art25, art86 below): our
// identification, not confirmed. A reading adopted by the Secretaría Técnica
// where the law is silent is marked Criterio and says so; it is never shown
// as the text of the law. No citation names a document of this project.
package normas

import (
	"fmt"
	"sort"
	"strings"
)

// Cita is one legal basis.
type Cita struct {
	Clave    string // stable key used by the code and in JSON ("regla")
	Norma    string // "Decreto Ley 920 de 2023"
	Articulo string // "25"
	Numeral  string // "1", or "" when the whole article or a paragraph applies
	Inciso   string // paragraph, when it helps the reader
	Texto    string // short statement of what the rule says
	// Criterio marks a reading adopted by the Secretaría Técnica where the
	// text is silent: shown as such, never as the law.
	Criterio bool
}

// PorPosicion is the mark of an article identified only by its position.
const PorPosicion = " (por posición)"

// EsPorPosicion says whether the article is identified only by position.
func (c Cita) EsPorPosicion() bool { return strings.HasSuffix(c.Articulo, PorPosicion) }

// Referencia is the citation as people write it: "Decreto Ley 920 de 2023,
// art. 22 num. 1"; "…, art. 25 (por posición) inc. 1 (por posición)" when
// the article is known only by position (the texts held do not number their
// paragraphs, so a paragraph is always known by its position); "arts. 84 y
// 85" for two articles; a criterion of the Secretaría says so first.
func (c Cita) Referencia() string {
	var b strings.Builder
	if c.Criterio {
		b.WriteString("Criterio adoptado por la Secretaría Técnica sobre ")
		if strings.HasPrefix(c.Norma, "Ley ") {
			b.WriteString("la ")
		} else {
			b.WriteString("el ")
		}
	}
	b.WriteString(c.Norma)
	if c.Articulo != "" {
		if strings.Contains(strings.TrimSuffix(c.Articulo, PorPosicion), " y ") {
			b.WriteString(", arts. ")
		} else {
			b.WriteString(", art. ")
		}
		b.WriteString(c.Articulo)
	}
	if c.Numeral != "" {
		b.WriteString(" num. ")
		b.WriteString(c.Numeral)
	}
	if c.Inciso != "" {
		b.WriteString(" inc. ")
		b.WriteString(c.Inciso)
		b.WriteString(PorPosicion)
	}
	return b.String()
}

// NormaDeCodigo is the norm an infraction code belongs to, by its prefix:
// "D920-…" Decreto Ley 920 de 2023, "D1165-…" Decreto 1165 de 2019,
// "D2147-…" Decreto 2147 de 2016; "" when the prefix is not known.
func NormaDeCodigo(codigo string) string {
	c := strings.ToUpper(strings.TrimSpace(codigo))
	for _, p := range []struct{ prefijo, norma string }{{"D920-", dl920}, {"D1165-", d1165}, {"D2147-", d2147}} {
		if strings.HasPrefix(c, p.prefijo) {
			return p.norma
		}
	}
	return ""
}

// ClaveBase is the citation of the base step for infractions of these norms
// (NormaDeCodigo): the norm itself when all belong to one known norm, else
// "la norma de la infracción".
func ClaveBase(normasInfracciones []string) string {
	if len(normasInfracciones) == 0 {
		return Base
	}
	n := normasInfracciones[0]
	for _, x := range normasInfracciones[1:] {
		if x != n {
			return Base
		}
	}
	switch n {
	case dl920:
		return BaseDL920
	case d1165:
		return BaseD1165
	case d2147:
		return BaseD2147
	}
	return Base
}

const (
	dl920   = "Decreto Ley 920 de 2023"
	d2147   = "Decreto 2147 de 2016"
	d1165   = "Decreto 1165 de 2019"
	ley2025 = "Proyecto de ley de régimen sancionatorio aduanero (2025)"
	// Articles identified by their position in the texts, not confirmed.
	art25 = "25" + PorPosicion // DL 920 de 2023: Comité de Fiscalización y reincidencia
	art86 = "86" + PorPosicion // Decreto 2147 de 2016: procedimiento sancionatorio de zonas francas
)

// Keys of the table. Code refers to these constants, never to article numbers.
const (
	// Committee test — DL 920 de 2023, art. 25 (por posición).
	RegistroVigente          = "registro_vigente"
	InfraccionGrave          = "infraccion_grave_o_gravisima"
	AnioReferencia           = "anio_referencia"
	ActosEnFirme             = "actos_en_firme"
	AllanamientoNoCuenta     = "allanamiento_no_cuenta"
	MinimoTresActos          = "minimo_tres_actos"
	SumaSanciones            = "suma_sanciones"
	OperacionesComercio      = "operaciones_comercio_exterior"
	UmbralCeroCinco          = "umbral_cero_cinco"
	CriteriosSecretaria      = "criterios_secretaria"
	PlazoReporte             = "plazo_reporte"
	IncrementoMilUVT         = "incremento_mil_uvt"
	CancelacionEnSustitucion = "cancelacion_en_sustitucion"
	ConceptoVinculante       = "concepto_vinculante"
	Firmeza                  = "firmeza"
	DiasHabiles              = "dias_habiles"
	Festivos                 = "festivos"
	UVTAnual                 = "uvt_anual"
	AproximacionUVT          = "aproximacion_uvt"
	DigitoVerificacion       = "digito_verificacion"
	ConjuntoReglas           = "conjunto_reglas_vigencia"
	// Readings adopted by the Secretaría Técnica where art. 25 is silent.
	CriterioSinOperaciones = "criterio_sin_operaciones"
	CriterioReporteTardio  = "criterio_reporte_tardio"
	CriterioAnclaje        = "criterio_anclaje"
	CriterioActos          = "criterio_actos_no_infracciones"
	CriterioSegundaRuta    = "criterio_segunda_ruta_requisitos"
	CriterioSabados        = "criterio_sabados_inhabiles"
	// Acts firm after the new conduct, and a new infraction that is not a multa.
	ActosPosteriores = "actos_posteriores_a_la_comision"
	SinIncremento    = "sin_incremento"
	// Liquidation — régimen aduanero (DL 920 de 2023, arts. 22 and 24).
	Base                     = "base"
	BaseDL920                = "base_dl920"
	BaseD1165                = "base_d1165"
	BaseD2147                = "base_d2147"
	CriterioSuspension       = "criterio_suspension_prevalece"
	CriterioTopeAllanamiento = "criterio_tope_tras_allanamiento"
	CriterioOEA              = "criterio_oea_favorabilidad"
	SinReducciones           = "reducciones_no_previstas"
	ZFSinReducciones         = "zf_reducciones_no_previstas"
	Concurrencia             = "concurrencia"
	MismaDeclaracion         = "misma_declaracion"
	LeveRepetida             = "leve_repetida_150_uvt"
	TresVecesMisma           = "tres_veces_misma_infraccion"
	Allanamiento             = "allanamiento"
	AllanamientoTercera      = "allanamiento_tercera_vez"
	AllanamientoArt72        = "allanamiento_articulo_72"
	AllanamientoExclusiones  = "allanamiento_no_reduce_intereses"
	MinimoDiezUVT            = "minimo_diez_uvt"
	ProcedimientoMinCIT      = "zf_procedimiento_mincit"
	CriteriosCancelacion     = "criterios_cancelacion_5_1_a_5_7"
	Antecedentes57           = "antecedentes_graves_5_7"
	MomentoGradualidad       = "momento_gradualidad"
	// Zonas francas (Decreto 2147 de 2016, art. 86 por posición).
	ZFBase          = "zf_base"
	ZFConcurrencia  = "zf_concurrencia"
	ZFReincidencia  = "zf_reincidencia"
	ZFAmonestacion  = "zf_amonestacion_200_uvt"
	ZFAllanamiento  = "zf_allanamiento"
	ZFProcedimiento = "zf_procedimiento_amonestacion"
	// Bill of 2025 (proyecto de ley, not in force).
	L2025Reducciones  = "ley2025_reducciones"
	L2025OEA          = "ley2025_oea_segunda_infraccion"
	L2025TopeIngresos = "ley2025_tope_ingresos"
)

var tabla = map[string]Cita{
	RegistroVigente:          {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Aplica al usuario aduanero sujeto a registro aduanero con autorización, habilitación y/o registro vigente."},
	InfraccionGrave:          {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "La nueva infracción debe ser grave o gravísima."},
	AnioReferencia:           {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Se consideran los actos administrativos que quedaron en firme del 1 de enero al 31 de diciembre del año inmediatamente anterior."},
	ActosEnFirme:             {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Cuentan los actos administrativos en firme que imponen sanciones por infracciones graves o gravísimas."},
	AllanamientoNoCuenta:     {Norma: dl920, Articulo: art25, Inciso: "2", Texto: "No se tienen en cuenta las infracciones respecto de las cuales se aceptó el allanamiento."},
	MinimoTresActos:          {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Deben quedar en firme como mínimo tres (3) actos administrativos sancionatorios en el año de referencia."},
	SumaSanciones:            {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Se suman los montos de todas las sanciones de los actos que cuentan."},
	OperacionesComercio:      {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Total de las operaciones de comercio exterior realizadas durante el mismo periodo."},
	UmbralCeroCinco:          {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Las sanciones deben ascender al cero punto cinco por ciento (0,5 %) o más del total de las operaciones de comercio exterior."},
	CriteriosSecretaria:      {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "La Secretaría Técnica evalúa la participación porcentual de las sanciones frente a las operaciones, el número de infracciones frente al total de operaciones, el tipo de usuario y el perjuicio causado a los intereses del Estado."},
	PlazoReporte:             {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "La Dirección Seccional envía el informe a la Secretaría Técnica dentro de los diez (10) días siguientes a la verificación de los hechos y conformación del expediente."},
	IncrementoMilUVT:         {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "Si en concepto del Comité de Fiscalización no procede la cancelación, la sanción a proponer en el requerimiento especial aduanero es la prevista para la infracción, incrementada en mil (1.000) UVT."},
	CancelacionEnSustitucion: {Norma: dl920, Articulo: art25, Inciso: "3", Texto: "Cuando se contempla la cancelación en sustitución de la multa, se ordena en el requerimiento especial aduanero con el visto bueno del Comité, sin considerar el límite de las sanciones en relación con las operaciones de comercio exterior (0,5 %); los demás requisitos se mantienen."},
	ConceptoVinculante:       {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "El concepto del Comité es vinculante para la Dirección Seccional y contra él no procede ningún recurso."},
	Firmeza:                  {Norma: "Ley 1437 de 2011 (CPACA)", Articulo: "87", Texto: "Firmeza de los actos administrativos: se toma la fecha de firmeza del registro oficial."},
	DiasHabiles:              {Norma: "Ley 4 de 1913", Articulo: "62", Texto: "«En los plazos de días que se señalen en las leyes y actos oficiales, se entienden suprimidos los feriados y de vacantes, a menos de expresarse lo contrario. Los de meses y años se computan según el calendario; pero si el último día fuere feriado o de vacante, se extenderá el plazo hasta el primer día hábil.»"},
	Festivos:                 {Norma: "Ley 51 de 1983", Articulo: "1", Texto: "Días feriados en Colombia y su traslado al lunes siguiente."},
	UVTAnual:                 {Norma: "Estatuto Tributario", Articulo: "868", Texto: "El valor de la UVT se reajusta cada año por resolución de la DIAN."},
	AproximacionUVT:          {Norma: "Estatuto Tributario", Articulo: "868", Texto: "Los valores en UVT se aproximan: más de 10.000 al múltiplo de 1.000 más cercano; de 100 a 10.000 al múltiplo de 100; hasta 100 al peso."},
	DigitoVerificacion:       {Norma: "DIAN", Articulo: "", Texto: "Dígito de verificación del NIT (módulo 11 con los pesos 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71)."},
	ConjuntoReglas:           {Norma: "Corte Constitucional, sentencia C-072 de 2025", Texto: "El Decreto Ley 920 de 2023 fue declarado inexequible con efectos diferidos hasta el fin de la legislatura 2025–2026 (20 de junio de 2026): cada conjunto de reglas rige en su intervalo y se elige por la fecha de comisión de la infracción."},
	CriterioSinOperaciones:   {Norma: dl920, Articulo: art25, Inciso: "1", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: con operaciones de comercio exterior cargadas en cero y alguna sanción, el umbral del 0,5 % se tiene por cumplido."},
	CriterioReporteTardio:    {Norma: dl920, Articulo: art25, Inciso: "1", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: el reporte enviado después de los diez (10) días no anula el caso; se muestra como tardío."},
	CriterioAnclaje:          {Norma: dl920, Articulo: art25, Inciso: "1", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: el año inmediatamente anterior se toma respecto de la fecha de comisión de la nueva infracción (o, si el caso lo pide, de la verificación de los hechos)."},
	CriterioActos:            {Norma: dl920, Articulo: art25, Inciso: "1", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: se cuentan actos administrativos sancionatorios, no infracciones; un acto que sanciona varias infracciones cuenta una vez con su monto total."},
	CriterioSegundaRuta:      {Norma: dl920, Articulo: art25, Inciso: "3", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: en la cancelación en sustitución de la multa solo se dispensa el límite del 0,5 %; los demás requisitos se mantienen."},
	CriterioSabados:          {Norma: "Ley 4 de 1913", Articulo: "62", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: los sábados no son días hábiles porque la autoridad no atiende en ellos; la norma nombra solo los feriados y de vacantes."},
	ActosPosteriores:         {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "La reincidencia supone sanciones anteriores a la nueva conducta: no cuenta el acto que quedó en firme después de la comisión de la nueva infracción."},
	SinIncremento:            {Norma: dl920, Articulo: art25, Inciso: "1", Texto: "El incremento de mil (1.000) UVT se suma a la sanción prevista para la infracción cuando es una multa; si es cancelación, suspensión o amonestación no hay incremento."},

	Base:                     {Norma: "Norma de la infracción", Texto: "Cada infracción se sanciona con la sanción prevista en la norma que la tipifica; los valores en UVT se convierten a pesos con la UVT del año de la fecha de liquidación y se aproximan como dice el Estatuto Tributario art. 868."},
	BaseDL920:                {Norma: dl920, Texto: "Cada infracción se sanciona con la sanción prevista para ella en el Decreto Ley 920 de 2023; los valores en UVT se convierten a pesos con la UVT del año de la fecha de liquidación y se aproximan como dice el Estatuto Tributario art. 868."},
	BaseD1165:                {Norma: d1165, Texto: "Cada infracción se sanciona con la sanción prevista para ella en el Decreto 1165 de 2019; los valores en UVT se convierten a pesos con la UVT del año de la fecha de liquidación y se aproximan como dice el Estatuto Tributario art. 868."},
	BaseD2147:                {Norma: d2147, Texto: "Cada infracción se sanciona con la sanción prevista para ella en el Decreto 2147 de 2016; los valores en UVT se convierten a pesos con la UVT del año de la fecha de liquidación y se aproximan como dice el Estatuto Tributario art. 868."},
	CriterioSuspension:       {Norma: dl920, Articulo: "22", Numeral: "1", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: en la concurrencia, la suspensión prevalece sobre la multa como sanción más grave."},
	CriterioTopeAllanamiento: {Norma: ley2025, Articulo: "s. n.", Inciso: "2", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: el tope del 40 % de los ingresos brutos se aplica después de la reducción por allanamiento."},
	SinReducciones:           {Norma: dl920, Articulo: "22 y 24", Texto: "El régimen sancionatorio aduanero gradúa la sanción (art. 22) y la reduce por allanamiento (art. 24); no prevé otras reducciones ni un tope por ingresos brutos."},
	ZFSinReducciones:         {Norma: d2147, Articulo: art86, Texto: "El procedimiento sancionatorio de zonas francas reduce la multa por allanamiento; no prevé otras reducciones ni un tope por ingresos brutos."},
	CriterioOEA:              {Norma: ley2025, Articulo: "s. n.", Numeral: "5", Criterio: true, Texto: "Criterio adoptado por la Secretaría Técnica, no texto de la norma: la reducción del OEA no se acumula (solo las de los numerales 2, 3 y 4 son acumulables con el allanamiento); se calculan las dos alternativas y se aplica la menor para el usuario (favorabilidad)."},
	Concurrencia:             {Norma: dl920, Articulo: "22", Numeral: "1", Texto: "Con un mismo hecho u omisión se aplica la sanción más grave (cancelación prevalece sobre multa); si todas son multas, la más alta incrementada en 20 % sin superar la suma de todas, también cuando son de igual valor."},
	MismaDeclaracion:         {Norma: dl920, Articulo: "22", Numeral: "2", Texto: "Las infracciones en una declaración aduanera y sus documentos soporte son un solo hecho: se aplica la sanción más grave."},
	LeveRepetida:             {Norma: dl920, Articulo: "22", Numeral: "4", Texto: "Si en tres (3) años se incurre más de dos veces en la misma infracción leve sancionada con amonestación en firme, la tercera y siguientes se sancionan con multa de 150 UVT; el término se cuenta desde el emplazamiento."},
	TresVecesMisma:           {Norma: dl920, Articulo: "22", Numeral: "3", Texto: "Tres veces la misma infracción en tres (3) años: se aplican los porcentajes especiales de reducción por allanamiento del art. 24."},
	Allanamiento:             {Norma: dl920, Articulo: "24", Texto: "Allanamiento: la multa se reduce al 20 % antes de notificarse el requerimiento especial aduanero; al 40 % después de notificado y hasta antes de notificarse la decisión de fondo; al 60 % dentro del término para interponer el recurso."},
	AllanamientoTercera:      {Norma: dl920, Articulo: "24", Inciso: "4", Texto: "En el evento del art. 22 num. 3 la reducción es al 40 %, 60 % u 80 %; el allanamiento antes del requerimiento (num. 1 del art. 24) no cuenta como antecedente."},
	AllanamientoArt72:        {Norma: dl920, Articulo: "24", Inciso: "5", Texto: "En el evento del art. 72, el allanamiento es al 80 % en cualquier momento antes de la firmeza del acto sancionatorio."},
	AllanamientoExclusiones:  {Norma: dl920, Articulo: "24", Inciso: "3", Texto: "La reducción no se aplica a los intereses de mora ni a los valores del rescate."},
	MinimoDiezUVT:            {Norma: "Sanción mínima — artículo por confirmar", Articulo: "", Texto: "Ninguna multa es inferior a 10 UVT; se aplica al valor final."},
	Antecedentes57:           {Norma: dl920, Articulo: "22", Numeral: "5.7", Texto: "Antecedentes del presunto infractor en sanciones catalogadas como graves o gravísimas durante los últimos tres (3) años."},
	MomentoGradualidad:       {Norma: dl920, Articulo: "22", Texto: "Los criterios de gradualidad se aplican al momento de la expedición del requerimiento especial aduanero, o emplazamiento, según el caso; el allanamiento antes del requerimiento (art. 24 num. 1) no se cuenta como antecedente para el num. 3."},
	ProcedimientoMinCIT:      {Norma: d2147, Articulo: art86, Texto: "El Ministerio de Comercio, Industria y Turismo impone las sanciones por las infracciones de los artículos 84 y 85 con el procedimiento sancionatorio de la Ley 1437 de 2011, no con el requerimiento especial aduanero de la DIAN."},
	CriteriosCancelacion:     {Norma: dl920, Articulo: "22", Numeral: "5", Texto: "Criterios para la cancelación en lugar de la multa: 5.1 seguridad nacional, 5.2 salud pública, 5.3 intereses económicos del Estado, 5.4 Convención sobre el Comercio Internacional de Especies Amenazadas de Fauna y Flora Silvestres (CITES), 5.5 patrimonio cultural, 5.6 impacto en el comercio exterior, 5.7 antecedentes graves o gravísimos en los últimos tres años."},

	ZFBase:          {Norma: d2147, Articulo: "84 y 85", Texto: "Sanciones previstas para las infracciones de los usuarios de zona franca; los valores en UVT se convierten con la UVT del año de la liquidación."},
	ZFConcurrencia:  {Norma: d2147, Articulo: art86, Texto: "Con un mismo hecho u omisión se aplica la sanción más grave; si todas son multas, la más alta incrementada en 20 % sin superar la suma de todas."},
	ZFReincidencia:  {Norma: d2147, Articulo: art86, Texto: "La misma infracción sancionada en firme o aceptada por allanamiento en los últimos cinco (5) años incrementa la sanción en 20 % por cada vez, sin que los incrementos superen el 100 % de la sanción base."},
	ZFAmonestacion:  {Norma: d2147, Articulo: art86, Texto: "La reincidencia en una conducta sancionada con amonestación da lugar a multa de 200 UVT, incrementada en 20 % por cada reincidencia posterior en cinco (5) años, sin superar el 100 % de esa base."},
	ZFAllanamiento:  {Norma: d2147, Articulo: art86, Texto: "Allanamiento: la multa se reduce al 20 % antes del recibo del requerimiento, al 40 % después de recibirlo y al 60 % en el término del recurso."},
	ZFProcedimiento: {Norma: d2147, Articulo: art86, Texto: "Amonestación: un (1) mes para responder la comunicación, un (1) mes para decidir y diez (10) días hábiles para el recurso de reposición."},

	L2025Reducciones:  {Norma: ley2025, Articulo: "s. n.", Numeral: "2, 3 y 4", Texto: "Cumplimiento extemporáneo, finalización extemporánea o falta de antecedentes en INFAD: la multa es el 20 % de la sanción inicial, acumulable con el allanamiento."},
	L2025OEA:          {Norma: ley2025, Articulo: "s. n.", Numeral: "5", Texto: "Segunda infracción de un OEA sobre la misma conducta en dos (2) años: la sanción se reduce al 30 %."},
	L2025TopeIngresos: {Norma: ley2025, Articulo: "s. n.", Inciso: "2", Texto: "A solicitud, en el término del recurso, la sanción se limita al 40 % de los ingresos brutos de la declaración de renta del año anterior."},
}

func init() {
	for k, c := range tabla {
		c.Clave = k
		tabla[k] = c
	}
}

// De returns the citation of a key. An unknown key is a programming error.
func De(clave string) Cita {
	c, ok := tabla[clave]
	if !ok {
		panic(fmt.Sprintf("normas: cita desconocida %q", clave))
	}
	return c
}

// Buscar returns the citation of a key, or false when the key is not in the
// table (a stored evaluation may name a key that a later version renamed).
func Buscar(clave string) (Cita, bool) {
	c, ok := tabla[clave]
	return c, ok
}

// Todas returns the whole table sorted by key (for the informe and the tests).
func Todas() []Cita {
	out := make([]Cita, 0, len(tabla))
	for _, c := range tabla {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Clave < out[j].Clave })
	return out
}

package normas

// nombres are the names people read for each rule of the table (the key is
// for the code and the JSON; a page, an export or the audit log shows this).
// One place: every screen takes the name of a rule from Nombre.
var nombres = map[string]string{
	RegistroVigente:          "Registro vigente",
	CriterioSinOperaciones:   "Criterio de la Secretaría: operaciones declaradas en cero",
	CriterioReporteTardio:    "Criterio de la Secretaría: reporte tardío",
	CriterioAnclaje:          "Criterio de la Secretaría: año de referencia",
	CriterioActos:            "Criterio de la Secretaría: se cuentan actos",
	CriterioSegundaRuta:      "Criterio de la Secretaría: requisitos de la segunda ruta",
	CriterioSabados:          "Criterio de la Secretaría: sábados no hábiles",
	ActosPosteriores:         "Actos en firme después de la comisión",
	SinIncremento:            "Sin incremento de 1.000 UVT",
	BaseDL920:                "Sanción base (Decreto Ley 920 de 2023)",
	BaseD1165:                "Sanción base (Decreto 1165 de 2019)",
	BaseD2147:                "Sanción base (Decreto 2147 de 2016)",
	CriterioSuspension:       "Criterio de la Secretaría: la suspensión prevalece",
	CriterioTopeAllanamiento: "Criterio de la Secretaría: tope después del allanamiento",
	CriterioOEA:              "Criterio de la Secretaría: reducción del OEA",
	SinReducciones:           "Reducciones no previstas en el régimen aduanero",
	ZFSinReducciones:         "Reducciones no previstas en zona franca",
	ConjuntoReglas:           "Vigencia del conjunto de reglas",
	InfraccionGrave:          "Nueva infracción grave o gravísima",
	AnioReferencia:           "Año de referencia",
	ActosEnFirme:             "Actos en firme",
	AllanamientoNoCuenta:     "El allanamiento no cuenta",
	MinimoTresActos:          "Mínimo tres actos",
	SumaSanciones:            "Suma de las sanciones",
	OperacionesComercio:      "Operaciones de comercio exterior",
	UmbralCeroCinco:          "Umbral del 0,5 %",
	CriteriosSecretaria:      "Criterios de la Secretaría Técnica",
	PlazoReporte:             "Plazo del reporte",
	IncrementoMilUVT:         "Incremento de 1.000 UVT",
	CancelacionEnSustitucion: "Cancelación en sustitución de la multa",
	ConceptoVinculante:       "Concepto vinculante",
	Firmeza:                  "Firmeza del acto",
	DiasHabiles:              "Días hábiles",
	Festivos:                 "Festivos",
	UVTAnual:                 "UVT del año",
	AproximacionUVT:          "Aproximación de valores en UVT",
	DigitoVerificacion:       "Dígito de verificación del NIT",
	Base:                     "Sanción base",
	Concurrencia:             "Concurrencia de infracciones",
	MismaDeclaracion:         "Infracciones en una misma declaración",
	LeveRepetida:             "Infracción leve repetida (150 UVT)",
	TresVecesMisma:           "Tres veces la misma infracción",
	Allanamiento:             "Allanamiento",
	AllanamientoTercera:      "Allanamiento en la tercera infracción",
	AllanamientoArt72:        "Allanamiento del art. 72",
	AllanamientoExclusiones:  "Lo que el allanamiento no reduce",
	MinimoDiezUVT:            "Multa mínima de 10 UVT",
	ProcedimientoMinCIT:      "Procedimiento del Ministerio de Comercio",
	CriteriosCancelacion:     "Criterios para la cancelación",
	Antecedentes57:           "Antecedentes graves o gravísimos",
	MomentoGradualidad:       "Momento de la gradualidad",
	ZFBase:                   "Sanción base en zona franca",
	ZFConcurrencia:           "Concurrencia en zona franca",
	ZFReincidencia:           "Reincidencia en zona franca",
	ZFAmonestacion:           "Amonestación reincidente en zona franca (200 UVT)",
	ZFAllanamiento:           "Allanamiento en zona franca",
	ZFProcedimiento:          "Procedimiento de la amonestación en zona franca",
	L2025Reducciones:         "Reducciones del proyecto de ley 2025",
	L2025OEA:                 "Segunda infracción de un OEA (proyecto de ley 2025)",
	L2025TopeIngresos:        "Tope por ingresos (proyecto de ley 2025)",
}

// Nombre is the name of a rule for people. A key without a name (a rule
// added without one) shows its citation, never the bare key.
func Nombre(clave string) string {
	if n, ok := nombres[clave]; ok {
		return n
	}
	if c, ok := tabla[clave]; ok {
		return c.Referencia()
	}
	return "Regla sin nombre"
}

package etiquetas

import "comite/internal/normas"

// Termino is one word of the glossary: what it means in plain words and
// the rules it rests on (keys of the one table of citations, normas).
type Termino struct {
	Clave      string // anchor of the entry ("allanamiento")
	Palabra    string
	Definicion string
	Citas      []string // keys of internal/normas
}

// Glosario are the words of the law the screens use, in alphabetical order
// (Spanish), each said as the rules of the application read it. The
// citations are the same the evaluation and the liquidation cite, so a
// change of a rule's text changes the glossary with it.
var Glosario = []Termino{
	{"acto-sancionatorio", "Acto administrativo sancionatorio",
		"El acto que impone una sanción (multa, amonestación, suspensión o cancelación) por una o más infracciones leves, graves o gravísimas. Para el test del Comité cuenta cada acto una vez, con el monto total de sus sanciones, aunque sancione varias infracciones.",
		[]string{normas.ActosEnFirme, normas.CriterioActos}},
	{"allanamiento", "Allanamiento",
		"El usuario acepta por escrito que cometió la infracción y la multa se reduce: al 20 % antes de notificarse el requerimiento especial aduanero, al 40 % después y hasta antes de la decisión de fondo, al 60 % dentro del término del recurso. Un acto con allanamiento aceptado no cuenta para la reincidencia.",
		[]string{normas.Allanamiento, normas.AllanamientoNoCuenta}},
	{"anio-de-referencia", "Año de referencia",
		"El año inmediatamente anterior a la comisión de la nueva infracción: sus actos en firme y sus operaciones de comercio exterior son los que se comparan. Si el caso lo pide, se toma el año anterior a la verificación de los hechos.",
		[]string{normas.AnioReferencia, normas.CriterioAnclaje}},
	{"comite", "Comité de Fiscalización",
		"Emite un concepto sobre el caso que la Secretaría Técnica le presenta. Su concepto es vinculante para la Dirección Seccional y contra él no procede recurso; un error material se corrige con un nuevo registro enlazado, nunca cambiando la decisión.",
		[]string{normas.ConceptoVinculante}},
	{"concurrencia", "Concurrencia",
		"Cuando un mismo hecho u omisión constituye varias infracciones, se aplica la sanción más grave; si todas son multas, la más alta incrementada en 20 %, sin superar la suma de todas.",
		[]string{normas.Concurrencia}},
	{"datos-incompletos", "Datos incompletos",
		"Faltan las operaciones de comercio exterior del año de referencia: sin ellas no se sabe si las sanciones llegan al 0,5 %. El resultado es desconocido, nunca «procede» ni cero, hasta que se carguen esas operaciones.",
		[]string{normas.OperacionesComercio, normas.UmbralCeroCinco}},
	{"dias-habiles", "Días hábiles",
		"Los plazos en días se cuentan sin feriados ni días de vacancia; los sábados tampoco son hábiles porque la autoridad no atiende en ellos. Los días inhábiles que declare la entidad se registran en la aplicación.",
		[]string{normas.DiasHabiles, normas.Festivos, normas.CriterioSabados}},
	{"firmeza", "Firmeza (acto en firme)",
		"Un acto queda en firme cuando ya no admite recurso: al día siguiente de notificado si no procede ninguno, al notificarse la decisión del recurso, al vencer el término para interponerlo o al aceptarse su desistimiento. Se registra la fecha de firmeza del registro oficial.",
		[]string{normas.Firmeza, normas.ActosEnFirme}},
	{"incremento", "Incremento de 1.000 UVT",
		"Si en el concepto del Comité no procede la cancelación, la sanción que se propone en el requerimiento especial aduanero es la multa prevista para la infracción más 1.000 UVT, con la UVT del año del requerimiento. No hay incremento si la sanción de la infracción no es una multa, ni en la segunda ruta.",
		[]string{normas.IncrementoMilUVT, normas.SinIncremento}},
	{"informe-gerencial", "Informe gerencial de resultados",
		"El documento que la Secretaría Técnica presenta al Comité: identificación del caso y del usuario, actos que cuentan y los excluidos con su razón, participación de las sanciones en las operaciones y los criterios cualitativos.",
		[]string{normas.CriteriosSecretaria}},
	{"nit", "NIT y dígito de verificación",
		"El Número de Identificación Tributaria del usuario aduanero con su dígito de verificación, que calcula la DIAN. La búsqueda lo encuentra con o sin guion, puntos o dígito de verificación.",
		[]string{normas.DigitoVerificacion}},
	{"plazo-reporte", "Plazo del reporte",
		"La Dirección Seccional reporta el caso a la Secretaría Técnica dentro de los diez días hábiles siguientes a la verificación de los hechos y la conformación del expediente. Un reporte tardío no anula el caso: se muestra como tardío.",
		[]string{normas.PlazoReporte, normas.CriterioReporteTardio}},
	{"registro-vigente", "Registro vigente",
		"La autorización, habilitación o registro aduanero del usuario, en vigor: solo así puede cancelarse, y es uno de los requisitos para que proceda el Comité.",
		[]string{normas.RegistroVigente}},
	{"rea", "Requerimiento especial aduanero (REA)",
		"El acto que propone la sanción; el procedimiento sigue después de él. Con el concepto del Comité, la Dirección Seccional propone en el requerimiento la cancelación o la multa incrementada.",
		[]string{normas.IncrementoMilUVT, normas.MomentoGradualidad}},
	{"segunda-ruta", "Segunda ruta (cancelación en sustitución de la multa)",
		"Cuando la infracción permite la cancelación en lugar de la multa, la cancelación se ordena en el requerimiento especial aduanero con el visto bueno del Comité, sin considerar el límite del 0,5 %; los demás requisitos (registro vigente, infracción grave o gravísima, al menos tres actos) se mantienen. Sin visto bueno se propone la multa prevista, sin el incremento de 1.000 UVT.",
		[]string{normas.CancelacionEnSustitucion, normas.CriterioSegundaRuta}},
	{"umbral", "Umbral del 0,5 %",
		"Las sanciones de los actos que cuentan deben sumar el 0,5 % o más de las operaciones de comercio exterior del año de referencia (exactamente 0,5 % lo cumple). Con operaciones cargadas en cero y alguna sanción, la Secretaría lo tiene por cumplido.",
		[]string{normas.UmbralCeroCinco, normas.SumaSanciones, normas.CriterioSinOperaciones}},
	{"uvt", "UVT (Unidad de Valor Tributario)",
		"Pesos por unidad que la DIAN fija cada año por resolución. Los valores en UVT se convierten con la UVT del año de la fecha de la liquidación (o del requerimiento) y se aproximan como dice el Estatuto Tributario.",
		[]string{normas.UVTAnual, normas.AproximacionUVT}},
}

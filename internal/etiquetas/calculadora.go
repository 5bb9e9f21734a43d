package etiquetas

import (
	"comite/internal/importar/filas"
	"comite/internal/liquidacion"
)

// etapas are the moments of an allanamiento in the sanctions calculator.
var etapas = map[liquidacion.Etapa]string{
	liquidacion.AntesRequerimiento:   "Antes de notificado el requerimiento especial",
	liquidacion.DespuesRequerimiento: "Después de notificado el requerimiento y hasta antes de notificarse la decisión de fondo",
	liquidacion.TerminoRecurso:       "Dentro del término del recurso",
}

// reducciones are the reductions of a sanction the calculator offers.
var reducciones = map[liquidacion.Reduccion]string{
	liquidacion.CumplimientoExtemporaneo: "Cumplimiento extemporáneo",
	liquidacion.FinalizacionExtemporanea: "Finalización extemporánea del régimen",
	liquidacion.SinAntecedentesINFAD:     "Sin antecedentes de la misma conducta en INFAD (2 años)",
	liquidacion.OEASegundaInfraccion:     "Segunda infracción de un OEA por la misma conducta",
}

// clasesImportacion are the kinds of import file.
var clasesImportacion = map[filas.Clase]string{
	filas.Sanciones:   "Actos sancionatorios",
	filas.Operaciones: "Operaciones de comercio exterior",
	filas.Usuarios:    "Usuarios aduaneros y sus registros",
}

// Etapa names the moment of an allanamiento.
func Etapa(e liquidacion.Etapa) string { return deTabla(etapas, e) }

// Reduccion names a reduction of a sanction.
func Reduccion(r liquidacion.Reduccion) string { return deTabla(reducciones, r) }

// ClaseImportacion names a kind of import file.
func ClaseImportacion(c filas.Clase) string { return deTabla(clasesImportacion, c) }

// deTabla is de for a table keyed by a string type.
func deTabla[K ~string](tabla map[K]string, codigo K) string {
	if codigo == "" {
		return Guion
	}
	if e, ok := tabla[codigo]; ok {
		return e
	}
	return sinEtiqueta(string(codigo))
}

package etiquetas

import "comite/internal/permisos"

// alcances are the scopes of the API's service accounts, as people read them.
var alcances = map[permisos.Alcance]string{
	permisos.AlcanceEvaluar:  "Evaluar y liquidar (sin leer datos guardados)",
	permisos.AlcanceLeer:     "Leer el tamizaje, la tabla UVT y los conjuntos de reglas",
	permisos.AlcanceImportar: "Cargar usuarios, sanciones y operaciones",
	permisos.AlcanceCasos:    "Leer los casos, sus conceptos y documentos",
}

// Alcance is a scope of a service account of the API as people read it.
func Alcance(a permisos.Alcance) string {
	if e, ok := alcances[a]; ok {
		return e
	}
	return sinEtiqueta(string(a))
}

package etiquetas

// tiposAdjunto are the kinds of file attached to a case (adjunto.Tipos),
// as the case page, the informe and the audit name them.
var tiposAdjunto = map[string]string{
	"informe_seccional":   "Informe de la Dirección Seccional",
	"acta_inspeccion":     "Acta de inspección o aprehensión",
	"declaracion":         "Declaración",
	"documento_soporte":   "Documento soporte",
	"fotografia":          "Fotografía",
	"acto_administrativo": "Acto administrativo",
	"otro":                "Otro",
}

// marcasAdjunto are the warnings an accepted file carries (adjunto.Marca).
var marcasAdjunto = map[string]string{
	"pdf_javascript": "PDF con JavaScript: el servidor no lo abre; ábralo con cuidado",
	"pdf_incrustado": "PDF con archivos incrustados: el servidor no lo abre; ábralo con cuidado",
}

// TipoAdjunto is the kind of an attachment as people read it.
func TipoAdjunto(codigo string) string {
	if e, ok := tiposAdjunto[codigo]; ok {
		return e
	}
	return sinEtiqueta(codigo)
}

// MarcaAdjunto is the warning of a flagged attachment as people read it.
func MarcaAdjunto(codigo string) string {
	if e, ok := marcasAdjunto[codigo]; ok {
		return e
	}
	return sinEtiqueta(codigo)
}

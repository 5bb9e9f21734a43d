package web

// Messages after a redirect of the case workflow, added to the catalogue of
// handler.go (only these texts can appear).
func init() {
	for k, v := range map[string]string{
		"caso_reportado":        "Caso reportado. La evaluación se calculó y quedó guardada como versión 1.",
		"evaluacion_iniciada":   "Evaluación iniciada. Complete los criterios cualitativos y emita el informe gerencial.",
		"caso_presentado":       "Caso presentado al Comité.",
		"caso_no_procede":       "Caso cerrado como «no procede». Su evaluación queda guardada.",
		"caso_reevaluado":       "Evaluación recalculada y guardada como una versión nueva; las anteriores se conservan.",
		"criterios_guardados":   "Criterios cualitativos guardados: están completos y el informe gerencial ya puede emitirse.",
		"criterios_incompletos": "Criterios cualitativos guardados; aún faltan algunos: el informe gerencial se emite cuando estén todos.",
		"criterios_sin_cambios": "No se guardó nada: los criterios enviados son los mismos que ya estaban registrados.",
		"informe_emitido":       "Informe gerencial emitido. Su SHA-256 quedó registrado.",
		"concepto_registrado":   "Concepto del Comité registrado. Ya no se puede modificar.",
		"concepto_corregido":    "Corrección registrada y vinculada al concepto; el original sigue a la vista.",
		"caso_cerrado":          "Propuesta del requerimiento especial aduanero registrada. Caso cerrado.",
	} {
		avisos[k] = v
	}
}

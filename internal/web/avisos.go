package web

// avisos is the one catalogue of the messages a page shows after a redirect
// (?aviso=clave): only these texts can appear, so the query string cannot
// inject text.
var avisos = map[string]string{
	// Cuentas, clave, días inhábiles, términos, calendario y UVT
	"cuenta_creada":        "Cuenta creada. Entregue la clave inicial a la persona por un canal seguro.",
	"rol_cambiado":         "Rol cambiado. Las sesiones abiertas de la cuenta se cerraron.",
	"cuenta_habilitada":    "Cuenta habilitada.",
	"cuenta_deshabilitada": "Cuenta deshabilitada. Sus sesiones abiertas se cerraron.",
	"clave_cambiada":       "Clave cambiada. Sus otras sesiones se cerraron.",
	"dia_agregado":         "Día inhábil agregado.",
	"cuenta_api_revocada":  "Cuenta de servicio revocada: su token ya no sirve.",
	"dia_quitado":          "Día inhábil quitado.",
	"terminos_guardados":   "Términos internos guardados.",
	"calendario_revocado":  "Enlace del calendario revocado: los programas que lo usaban ya no reciben los vencimientos.",
	"uvt_guardada":         "UVT guardada. Los cálculos nuevos la usan desde ahora; las evaluaciones guardadas conservan la suya.",

	// Casos
	"caso_reportado":        "Caso reportado. La evaluación se calculó y quedó guardada como versión 1.",
	"evaluacion_iniciada":   "Evaluación iniciada. Complete los criterios cualitativos y emita el informe gerencial.",
	"caso_presentado":       "Caso presentado al Comité.",
	"caso_no_procede":       "Caso cerrado como «no procede». Su evaluación queda guardada.",
	"caso_reevaluado":       "Evaluación recalculada y guardada como una versión nueva; las anteriores se conservan.",
	"criterios_guardados":   "Criterios cualitativos guardados: están completos y el informe gerencial ya puede emitirse.",
	"criterios_incompletos": "Criterios cualitativos guardados; aún faltan algunos: el informe gerencial se emite cuando estén todos.",
	"criterios_sin_cambios": "No se guardó nada: los criterios enviados son los mismos que ya estaban registrados.",
	"informe_emitido":       "Informe gerencial emitido. Su SHA-256 quedó registrado.",
	"adjunto_agregado":      "Archivo adjuntado al caso. Su SHA-256 quedó registrado.",
	"adjunto_retirado":      "Adjunto retirado con su motivo; el archivo sigue en el expediente.",
	"concepto_registrado":   "Concepto del Comité registrado. Ya no se puede modificar.",
	"concepto_corregido":    "Corrección registrada y vinculada al concepto; el original sigue a la vista.",
	"caso_cerrado":          "Propuesta del requerimiento especial aduanero registrada. Caso cerrado.",

	// Usuarios aduaneros, sus datos e importación
	"usuario_creado":          "Usuario registrado. Registre ahora su autorización, habilitación o registro.",
	"usuario_corregido":       "Datos del usuario corregidos. La auditoría guarda los valores anteriores.",
	"usuario_sin_cambios":     "No había nada que cambiar: los datos ya eran esos.",
	"registro_guardado":       "Autorización guardada.",
	"registro_corregido":      "Vigencia corregida. La auditoría guarda la fecha anterior.",
	"acto_creado":             "Acto sancionatorio registrado.",
	"acto_corregido":          "Acto corregido. La auditoría guarda los valores anteriores.",
	"operaciones_guardadas":   "Operaciones del año registradas.",
	"operaciones_corregidas":  "Operaciones corregidas. La auditoría guarda los valores anteriores.",
	"importacion_descartada":  "Importación descartada: no se escribió nada.",
	"importacion_no_vigente":  "Esa vista previa ya no está disponible (venció o se descartó). Suba el archivo de nuevo.",
	"importacion_ya_aplicada": "Ese archivo ya se importó.",

	// Sesiones del Comité
	"sesion_convocada":    "Sesión convocada. Agregue los casos al orden del día y, el día de la sesión, registre la asistencia.",
	"quorum_guardado":     "Quórum del Comité guardado. Rige desde ahora; el valor anterior queda en la auditoría.",
	"asistencia_guardada": "Asistencia guardada.",
	"caso_en_orden":       "Caso agregado al orden del día.",
	"acta_emitida":        "Acta emitida. Su SHA-256 quedó registrado.",
	"sesion_aplazada":     "Sesión aplazada. La fecha anterior y el motivo quedan registrados.",
	"caso_aplazado":       "Caso aplazado con su motivo: sigue presentado al Comité para una sesión posterior.",
	"norma_registrada":    "Norma aplicable registrada: queda en la historia del caso, en la auditoría y en el informe gerencial.",
	"cargo_guardado":      "Cargo guardado: los documentos que se emitan desde ahora lo llevan en el bloque de firmas.",
	"correo_guardado":     "Dirección de correo guardada: los avisos que la persona eligió le llegan a esa dirección.",
	"avisos_guardados":    "Avisos guardados: desde ahora le llegan por correo solo los que dejó marcados.",
	"correo_reintentado":  "El correo volvió a la cola: se enviará en el próximo paso del trabajador.",

	// Direcciones Seccionales y liquidación del caso
	"seccional_guardada": "Dirección Seccional guardada.",
	"ajuste_registrado":  "Ajuste registrado en la auditoría.",
}

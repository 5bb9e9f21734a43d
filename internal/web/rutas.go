package web

import (
	"net/http"

	"comite/internal/adjunto"
	"comite/internal/permisos"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// ruta is one row of the site map.
type ruta struct {
	Metodo string
	Patron string
	Accion permisos.Accion
	// LimiteCuerpo is the largest request body accepted (0: limiteCuerpoNormal).
	LimiteCuerpo int64
	manejador    func(*handler, echo.Context) error
}

const (
	limiteCuerpoNormal = 1 << 20  // forms: 1 MB
	LimiteImportacion  = 20 << 20 // CSV/XLSX uploads: 20 MB (for the import route)
	// limiteCuerpoAdjunto lets a file just over adjunto.MaxArchivo reach the
	// check that says so in words.
	limiteCuerpoAdjunto = adjunto.MaxArchivo + 1<<20
)

// Rutas is the whole site map, public routes first. Every other route needs
// a session and its action's role (internal/permisos). Tests walk this table.
func Rutas() []ruta {
	return []ruta{
		// Public allowlist: nothing else is reachable without a session.
		{Metodo: http.MethodGet, Patron: urls.Salud, Accion: permisos.Publica, manejador: (*handler).saludMostrar},
		{Metodo: http.MethodGet, Patron: urls.Estaticos, Accion: permisos.Publica, manejador: (*handler).estaticoServir},
		{Metodo: http.MethodGet, Patron: urls.Login, Accion: permisos.Publica, manejador: (*handler).loginMostrar},
		{Metodo: http.MethodPost, Patron: urls.Login, Accion: permisos.Publica, manejador: (*handler).loginEnviar},
		// The calendar feed: calendar programs send no cookies; the token in the query is the credential (calendario_feed.go).
		{Metodo: http.MethodGet, Patron: urls.CalendarioFeed, Accion: permisos.Publica, manejador: (*handler).calendarioFeed},

		{Metodo: http.MethodPost, Patron: urls.Logout, Accion: permisos.CerrarSesion, manejador: (*handler).sesionCerrar},
		{Metodo: http.MethodGet, Patron: urls.CambiarClave, Accion: permisos.CambiarMiClave, manejador: (*handler).claveFormulario},
		{Metodo: http.MethodPost, Patron: urls.CambiarClave, Accion: permisos.CambiarMiClave, manejador: (*handler).claveCambiar},
		{Metodo: http.MethodGet, Patron: urls.CuentaAvisos, Accion: permisos.ElegirAvisos, manejador: (*handler).avisosMostrar},
		{Metodo: http.MethodPost, Patron: urls.CuentaAvisos, Accion: permisos.ElegirAvisos, manejador: (*handler).avisosGuardar},
		{Metodo: http.MethodGet, Patron: urls.Inicio, Accion: permisos.VerInicio, manejador: (*handler).inicioMostrar},
		{Metodo: http.MethodGet, Patron: urls.Pendientes, Accion: permisos.VerPendientes, manejador: (*handler).pendientesMostrar},
		{Metodo: http.MethodGet, Patron: urls.Calendario, Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioMostrar},
		{Metodo: http.MethodPost, Patron: urls.CalendarioToken, Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioGenerar},
		{Metodo: http.MethodPost, Patron: urls.CalendarioRevocar, Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioRevocar},

		// Administración
		{Metodo: http.MethodGet, Patron: urls.Cuentas, Accion: permisos.VerCuentas, manejador: (*handler).cuentasListar},
		{Metodo: http.MethodGet, Patron: urls.CuentaNueva, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaNueva},
		{Metodo: http.MethodPost, Patron: urls.Cuentas, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaCrear},
		{Metodo: http.MethodGet, Patron: urls.PatronCuenta, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaMostrar},
		{Metodo: http.MethodPost, Patron: urls.PatronCuentaRol, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaRolCambiar},
		{Metodo: http.MethodPost, Patron: urls.PatronCuentaCargo, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaCargo},
		{Metodo: http.MethodPost, Patron: urls.PatronCuentaEstado, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaEstadoCambiar},
		{Metodo: http.MethodPost, Patron: urls.PatronCuentaClave, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaClaveRestablecer},
		{Metodo: http.MethodPost, Patron: urls.PatronCuentaCorreo, Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaCorreoFijar},
		{Metodo: http.MethodGet, Patron: urls.DiasInhabiles, Accion: permisos.VerDiasInhabiles, manejador: (*handler).diasInhabilesListar},
		{Metodo: http.MethodPost, Patron: urls.DiasInhabiles, Accion: permisos.GestionarDiasInhabiles, manejador: (*handler).diaInhabilAgregar},
		{Metodo: http.MethodPost, Patron: urls.PatronDiaQuitar, Accion: permisos.GestionarDiasInhabiles, manejador: (*handler).diaInhabilQuitar},
		{Metodo: http.MethodGet, Patron: urls.Seccionales, Accion: permisos.VerSeccionales, manejador: (*handler).seccionalesListar},
		{Metodo: http.MethodPost, Patron: urls.Seccionales, Accion: permisos.GestionarSeccionales, manejador: (*handler).seccionalGuardar},
		{Metodo: http.MethodGet, Patron: urls.UVT, Accion: permisos.VerUVT, manejador: (*handler).uvtListar},
		{Metodo: http.MethodPost, Patron: urls.UVT, Accion: permisos.GestionarUVT, manejador: (*handler).uvtGuardar},
		{Metodo: http.MethodGet, Patron: urls.Respaldos, Accion: permisos.VerRespaldos, manejador: (*handler).respaldosMostrar},
		{Metodo: http.MethodGet, Patron: urls.Terminos, Accion: permisos.GestionarTerminos, manejador: (*handler).terminosMostrar},
		{Metodo: http.MethodPost, Patron: urls.Terminos, Accion: permisos.GestionarTerminos, manejador: (*handler).terminosGuardar},
		{Metodo: http.MethodGet, Patron: urls.AdminAPI, Accion: permisos.GestionarAPI, manejador: (*handler).apiCuentasListar},
		{Metodo: http.MethodPost, Patron: urls.AdminAPI, Accion: permisos.GestionarAPI, manejador: (*handler).apiCuentaCrear},
		{Metodo: http.MethodGet, Patron: urls.AdminDirectorio, Accion: permisos.VerDirectorio, manejador: (*handler).directorioMostrar},
		{Metodo: http.MethodGet, Patron: urls.AdminCorreos, Accion: permisos.VerCorreos, manejador: (*handler).correosListar},
		{Metodo: http.MethodPost, Patron: urls.PatronAdminCorreoReintentar, Accion: permisos.VerCorreos, manejador: (*handler).correoReintentar},
		{Metodo: http.MethodPost, Patron: urls.PatronAdminAPIRevocar, Accion: permisos.GestionarAPI, manejador: (*handler).apiCuentaRevocar},

		// Auditoría
		{Metodo: http.MethodGet, Patron: urls.Auditoria, Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaListar},
		{Metodo: http.MethodGet, Patron: urls.AuditoriaVerificar, Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaVerificar},
		{Metodo: http.MethodGet, Patron: urls.AuditoriaCSV, Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaExportarCSV},
		{Metodo: http.MethodGet, Patron: urls.AuditoriaXLSX, Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaExportarXLSX},

		// Usuarios aduaneros: búsqueda, perfil y formularios de la Secretaría
		{Metodo: http.MethodGet, Patron: urls.Usuarios, Accion: permisos.VerUsuarios, manejador: (*handler).usuariosBuscar},
		{Metodo: http.MethodGet, Patron: urls.UsuarioNuevo, Accion: permisos.EditarDatos, manejador: (*handler).usuarioNuevo},
		{Metodo: http.MethodPost, Patron: urls.Usuarios, Accion: permisos.EditarDatos, manejador: (*handler).usuarioCrear},
		{Metodo: http.MethodGet, Patron: urls.PatronUsuario, Accion: permisos.VerUsuarios, manejador: (*handler).perfilMostrar},
		{Metodo: http.MethodGet, Patron: urls.PatronUsuarioEditar, Accion: permisos.EditarDatos, manejador: (*handler).usuarioEditar},
		{Metodo: http.MethodPost, Patron: urls.PatronUsuario, Accion: permisos.EditarDatos, manejador: (*handler).usuarioCorregir},
		{Metodo: http.MethodGet, Patron: urls.PatronRegistroNuevo, Accion: permisos.EditarDatos, manejador: (*handler).registroNuevo},
		{Metodo: http.MethodGet, Patron: urls.PatronRegistro, Accion: permisos.EditarDatos, manejador: (*handler).registroEditar},
		{Metodo: http.MethodPost, Patron: urls.PatronRegistros, Accion: permisos.EditarDatos, manejador: (*handler).registroGuardar},
		{Metodo: http.MethodGet, Patron: urls.PatronActoNuevo, Accion: permisos.EditarDatos, manejador: (*handler).actoNuevo},
		{Metodo: http.MethodGet, Patron: urls.PatronActoEditar, Accion: permisos.EditarDatos, manejador: (*handler).actoEditar},
		{Metodo: http.MethodPost, Patron: urls.PatronActos, Accion: permisos.EditarDatos, manejador: (*handler).actoGuardar},
		{Metodo: http.MethodGet, Patron: urls.PatronOperacionNva, Accion: permisos.EditarDatos, manejador: (*handler).operacionNueva},
		{Metodo: http.MethodGet, Patron: urls.PatronOperacion, Accion: permisos.EditarDatos, manejador: (*handler).operacionEditar},
		{Metodo: http.MethodPost, Patron: urls.PatronOperaciones, Accion: permisos.EditarDatos, manejador: (*handler).operacionGuardar},

		// Importación de archivos: subir → vista previa (simulada) → confirmar
		{Metodo: http.MethodGet, Patron: urls.Importar, Accion: permisos.ImportarDatos, manejador: (*handler).importacionMostrar},
		{Metodo: http.MethodPost, Patron: urls.Importar, Accion: permisos.ImportarDatos, LimiteCuerpo: LimiteImportacion, manejador: (*handler).importacionSubir},
		{Metodo: http.MethodGet, Patron: urls.PatronPlantilla, Accion: permisos.ImportarDatos, manejador: (*handler).importacionPlantilla},
		{Metodo: http.MethodGet, Patron: urls.PatronImportacion, Accion: permisos.ImportarDatos, manejador: (*handler).importacionVista},
		{Metodo: http.MethodPost, Patron: urls.PatronImpConfirmar, Accion: permisos.ImportarDatos, manejador: (*handler).importacionConfirmar},
		{Metodo: http.MethodPost, Patron: urls.PatronImpDescartar, Accion: permisos.ImportarDatos, manejador: (*handler).importacionDescartar},
		{Metodo: http.MethodGet, Patron: urls.PatronImpResultado, Accion: permisos.ImportarDatos, manejador: (*handler).importacionResultado},

		// Calculadora de liquidación (GET: no cambia nada)
		{Metodo: http.MethodGet, Patron: urls.Liquidacion, Accion: permisos.CalcularLiquidacion, manejador: (*handler).liquidacionCalcular},
		{Metodo: http.MethodGet, Patron: urls.LiquidacionPDF, Accion: permisos.CalcularLiquidacion, manejador: (*handler).liquidacionCalcular},

		// Casos: del reporte de la Dirección Seccional al concepto del Comité y el informe gerencial
		{Metodo: http.MethodGet, Patron: urls.Casos, Accion: permisos.VerCasos, manejador: (*handler).casosListar},
		{Metodo: http.MethodGet, Patron: urls.CasosCSV, Accion: permisos.ExportarCasos, manejador: (*handler).casosExportarCSV},
		{Metodo: http.MethodGet, Patron: urls.CasosXLSX, Accion: permisos.ExportarCasos, manejador: (*handler).casosExportarXLSX},
		{Metodo: http.MethodGet, Patron: urls.CasoNuevo, Accion: permisos.ReportarCaso, manejador: (*handler).casosNuevo},
		{Metodo: http.MethodPost, Patron: urls.Casos, Accion: permisos.ReportarCaso, manejador: (*handler).casosCrear, LimiteCuerpo: limiteCuerpoAdjunto},
		{Metodo: http.MethodGet, Patron: urls.PatronCaso, Accion: permisos.VerCasos, manejador: (*handler).casosMostrar},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoIniciar, Accion: permisos.EvaluarCaso, manejador: (*handler).casosIniciar},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoReevaluar, Accion: permisos.EvaluarCaso, manejador: (*handler).casosReevaluar},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoCriterios, Accion: permisos.EvaluarCaso, manejador: (*handler).casosCriterios},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoNorma, Accion: permisos.EvaluarCaso, manejador: (*handler).casosNorma},
		{Metodo: http.MethodPost, Patron: urls.PatronInformes, Accion: permisos.EmitirInforme, manejador: (*handler).informeEmitir},
		{Metodo: http.MethodGet, Patron: urls.PatronInforme, Accion: permisos.VerCasos, manejador: (*handler).informeDescargar},
		{Metodo: http.MethodGet, Patron: urls.PatronInformeVista, Accion: permisos.VerCasos, manejador: (*handler).informeImprimir},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoAdjuntos, Accion: permisos.AdjuntarCaso, manejador: (*handler).adjuntoAgregar, LimiteCuerpo: limiteCuerpoAdjunto},
		{Metodo: http.MethodGet, Patron: urls.PatronCasoAdjunto, Accion: permisos.VerCasos, manejador: (*handler).adjuntoDescargar},
		{Metodo: http.MethodPost, Patron: urls.PatronAdjuntoRetiro, Accion: permisos.AdjuntarCaso, manejador: (*handler).adjuntoRetirar},
		{Metodo: http.MethodGet, Patron: urls.PatronAdjuntoVisor, Accion: permisos.VerCasos, manejador: (*handler).adjuntoVer},
		{Metodo: http.MethodGet, Patron: urls.PatronAdjuntoMostrado, Accion: permisos.VerCasos, manejador: (*handler).adjuntoContenido},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoPresentar, Accion: permisos.EvaluarCaso, manejador: (*handler).casosPresentar},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoNoProcede, Accion: permisos.EvaluarCaso, manejador: (*handler).casosNoProcede},
		// Every concepto is born in a session (below); a correction of a material
		// error is recorded later from the case, linked to the original.
		{Metodo: http.MethodGet, Patron: urls.PatronCorreccion, Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoCorreccionFormulario},
		{Metodo: http.MethodPost, Patron: urls.PatronCorreccion, Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoCorreccionEnviar},
		// Sesiones del Comité: orden del día, conceptos dentro de la sesión y acta
		{Metodo: http.MethodGet, Patron: urls.Sesiones, Accion: permisos.VerSesiones, manejador: (*handler).sesionesListar},
		{Metodo: http.MethodPost, Patron: urls.Sesiones, Accion: permisos.GestionarSesiones, manejador: (*handler).sesionConvocar},
		{Metodo: http.MethodGet, Patron: urls.Quorum, Accion: permisos.ConfigurarQuorum, manejador: (*handler).sesionesListar},
		{Metodo: http.MethodPost, Patron: urls.Quorum, Accion: permisos.ConfigurarQuorum, manejador: (*handler).quorumFijar},
		{Metodo: http.MethodGet, Patron: urls.PatronSesion, Accion: permisos.VerSesiones, manejador: (*handler).sesionMostrar},
		{Metodo: http.MethodPost, Patron: urls.PatronAsistencia, Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAsistencia},
		{Metodo: http.MethodPost, Patron: urls.PatronOrden, Accion: permisos.GestionarSesiones, manejador: (*handler).sesionOrden},
		{Metodo: http.MethodPost, Patron: urls.PatronAplazar, Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAplazar},
		{Metodo: http.MethodPost, Patron: urls.PatronAplazarCaso, Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAplazarCaso},
		{Metodo: http.MethodGet, Patron: urls.PatronConcepto, Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoFormulario},
		{Metodo: http.MethodPost, Patron: urls.PatronConcepto, Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoEnviar},
		{Metodo: http.MethodPost, Patron: urls.PatronActas, Accion: permisos.GestionarSesiones, manejador: (*handler).actaEmitir},
		{Metodo: http.MethodGet, Patron: urls.PatronActa, Accion: permisos.VerSesiones, manejador: (*handler).actaDescargar},
		{Metodo: http.MethodGet, Patron: urls.PatronCasoCierre, Accion: permisos.CerrarCaso, manejador: (*handler).casosCierreFormulario},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoCierre, Accion: permisos.CerrarCaso, manejador: (*handler).casosCierre},
		{Metodo: http.MethodGet, Patron: urls.PatronCasoLiquidar, Accion: permisos.VerLiquidacionCaso, manejador: (*handler).casoLiquidacion},
		{Metodo: http.MethodPost, Patron: urls.PatronCasoAjustes, Accion: permisos.AjustarCuentaCaso, manejador: (*handler).casoLiquidacionAjustar},

		// Tamizaje de todos los usuarios: pantalla y exportaciones (GET: no cambian nada)
		{Metodo: http.MethodGet, Patron: urls.Tamizaje, Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeMostrar},
		{Metodo: http.MethodGet, Patron: urls.TamizajeCSV, Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeExportarCSV},
		{Metodo: http.MethodGet, Patron: urls.TamizajeXLSX, Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeExportarXLSX},

		// Reporte de cobertura: usuarios con actos que cuentan en un año y sin sus operaciones (GET)
		{Metodo: http.MethodGet, Patron: urls.Cobertura, Accion: permisos.VerCobertura, manejador: (*handler).coberturaMostrar},

		// Búsqueda de la cabecera (usuarios, casos y sesiones, según el rol) y ayuda
		{Metodo: http.MethodGet, Patron: urls.Buscar, Accion: permisos.Buscar, manejador: (*handler).busquedaMostrar},
		{Metodo: http.MethodGet, Patron: urls.Glosario, Accion: permisos.VerAyuda, manejador: (*handler).glosarioMostrar},
	}
}

var tablaRutas = Rutas()

// itemNav is one entry of the navigation bar; it shows only to roles allowed its action.
type itemNav struct {
	ruta, texto, clave string
	accion             permisos.Accion
}

var navegacion = []itemNav{
	{urls.Inicio, "Inicio", "inicio", permisos.VerInicio},
	{urls.Pendientes, "Mis pendientes", "pendientes", permisos.VerPendientes},
	{urls.Casos, "Casos", "casos", permisos.VerCasos},
	{urls.Sesiones, "Sesiones", "sesiones", permisos.VerSesiones},
	{urls.Usuarios, "Usuarios aduaneros", "usuarios", permisos.VerUsuarios},
	{urls.Tamizaje, "Tamizaje", "tamizaje", permisos.VerTamizaje},
	{urls.Importar, "Importar", "importar", permisos.ImportarDatos},
	{urls.Liquidacion, "Liquidación", "liquidacion", permisos.CalcularLiquidacion},
	{urls.Auditoria, "Auditoría", "auditoria", permisos.VerAuditoria},
	{urls.Cuentas, "Cuentas", "cuentas", permisos.VerCuentas},
	{urls.DiasInhabiles, "Días inhábiles", "dias", permisos.VerDiasInhabiles},
	{urls.Seccionales, "Seccionales", "seccionales", permisos.GestionarSeccionales},
	{urls.UVT, "UVT", "uvt", permisos.GestionarUVT},
	{urls.Respaldos, "Respaldos", "respaldos", permisos.VerRespaldos},
	{urls.Terminos, "Términos internos", "terminos", permisos.GestionarTerminos},
	{urls.AdminAPI, "API", "api", permisos.GestionarAPI},
	{urls.AdminDirectorio, "Directorio", "directorio", permisos.VerDirectorio},
	{urls.AdminCorreos, "Correo", "correos", permisos.VerCorreos},
	{urls.Quorum, "Quórum", "quorum", permisos.ConfigurarQuorum},
	{urls.Calendario, "Calendario", "calendario", permisos.GestionarCalendario},
	{urls.CuentaAvisos, "Mis avisos", "avisos", permisos.ElegirAvisos},
}

// montar registers every route of the table with its permission check.
func (h *handler) montar(e *echo.Echo) {
	for _, r := range tablaRutas {
		var mw []echo.MiddlewareFunc
		if r.Accion != permisos.Publica {
			mw = append(mw, h.requiere(r.Accion))
		}
		f := r.manejador
		e.Add(r.Metodo, r.Patron, func(c echo.Context) error { return f(h, c) }, mw...)
	}
}

// rutaPublica says whether a matched route pattern is in the public allowlist.
func rutaPublica(metodo, patron string) bool {
	for _, r := range tablaRutas {
		if r.Accion == permisos.Publica && r.Patron == patron && (r.Metodo == metodo || (metodo == http.MethodHead && r.Metodo == http.MethodGet)) {
			return true
		}
	}
	return false
}

// limiteDe is the body limit of a matched route.
func limiteDe(metodo, patron string) int64 {
	for _, r := range tablaRutas {
		if r.Patron == patron && r.Metodo == metodo && r.LimiteCuerpo > 0 {
			return r.LimiteCuerpo
		}
	}
	return limiteCuerpoNormal
}

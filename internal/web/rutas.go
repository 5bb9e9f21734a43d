package web

import (
	"net/http"

	"comite/internal/permisos"

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
)

// Rutas is the whole site map, public routes first. Every other route needs
// a session and its action's role (internal/permisos). Tests walk this table.
func Rutas() []ruta {
	return []ruta{
		// Public allowlist: nothing else is reachable without a session.
		{Metodo: http.MethodGet, Patron: "/healthz", Accion: permisos.Publica, manejador: (*handler).saludMostrar},
		{Metodo: http.MethodGet, Patron: "/static/*", Accion: permisos.Publica, manejador: (*handler).estaticoServir},
		{Metodo: http.MethodGet, Patron: "/login", Accion: permisos.Publica, manejador: (*handler).loginMostrar},
		{Metodo: http.MethodPost, Patron: "/login", Accion: permisos.Publica, manejador: (*handler).loginEnviar},
		// The calendar feed: calendar programs send no cookies; the token in the query is the credential (calendario_feed.go).
		{Metodo: http.MethodGet, Patron: "/calendario.ics", Accion: permisos.Publica, manejador: (*handler).calendarioFeed},

		{Metodo: http.MethodPost, Patron: "/logout", Accion: permisos.CerrarSesion, manejador: (*handler).sesionCerrar},
		{Metodo: http.MethodGet, Patron: rutaCambiarClave, Accion: permisos.CambiarMiClave, manejador: (*handler).claveFormulario},
		{Metodo: http.MethodPost, Patron: rutaCambiarClave, Accion: permisos.CambiarMiClave, manejador: (*handler).claveCambiar},
		{Metodo: http.MethodGet, Patron: "/", Accion: permisos.VerInicio, manejador: (*handler).inicioMostrar},
		{Metodo: http.MethodGet, Patron: "/pendientes", Accion: permisos.VerPendientes, manejador: (*handler).pendientesMostrar},
		{Metodo: http.MethodGet, Patron: "/cuenta/calendario", Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioMostrar},
		{Metodo: http.MethodPost, Patron: "/cuenta/calendario/token", Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioGenerar},
		{Metodo: http.MethodPost, Patron: "/cuenta/calendario/revocar", Accion: permisos.GestionarCalendario, manejador: (*handler).calendarioRevocar},

		// Administración
		{Metodo: http.MethodGet, Patron: "/admin/cuentas", Accion: permisos.VerCuentas, manejador: (*handler).cuentasListar},
		{Metodo: http.MethodGet, Patron: "/admin/cuentas/nueva", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaNueva},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaCrear},
		{Metodo: http.MethodGet, Patron: "/admin/cuentas/:id", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaMostrar},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/rol", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaRolCambiar},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/cargo", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaCargo},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/estado", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaEstadoCambiar},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/clave", Accion: permisos.GestionarCuentas, manejador: (*handler).cuentaClaveRestablecer},
		{Metodo: http.MethodGet, Patron: "/admin/dias-inhabiles", Accion: permisos.VerDiasInhabiles, manejador: (*handler).diasInhabilesListar},
		{Metodo: http.MethodPost, Patron: "/admin/dias-inhabiles", Accion: permisos.GestionarDiasInhabiles, manejador: (*handler).diaInhabilAgregar},
		{Metodo: http.MethodPost, Patron: "/admin/dias-inhabiles/:fecha/quitar", Accion: permisos.GestionarDiasInhabiles, manejador: (*handler).diaInhabilQuitar},
		{Metodo: http.MethodGet, Patron: "/admin/seccionales", Accion: permisos.VerSeccionales, manejador: (*handler).seccionalesListar},
		{Metodo: http.MethodPost, Patron: "/admin/seccionales", Accion: permisos.GestionarSeccionales, manejador: (*handler).seccionalGuardar},
		{Metodo: http.MethodGet, Patron: "/admin/uvt", Accion: permisos.VerUVT, manejador: (*handler).uvtListar},
		{Metodo: http.MethodPost, Patron: "/admin/uvt", Accion: permisos.GestionarUVT, manejador: (*handler).uvtGuardar},
		{Metodo: http.MethodGet, Patron: "/admin/respaldos", Accion: permisos.VerRespaldos, manejador: (*handler).respaldosMostrar},
		{Metodo: http.MethodGet, Patron: "/admin/terminos", Accion: permisos.GestionarTerminos, manejador: (*handler).terminosMostrar},
		{Metodo: http.MethodPost, Patron: "/admin/terminos", Accion: permisos.GestionarTerminos, manejador: (*handler).terminosGuardar},

		// Auditoría
		{Metodo: http.MethodGet, Patron: "/auditoria", Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaListar},
		{Metodo: http.MethodGet, Patron: "/auditoria/verificar", Accion: permisos.VerAuditoria, manejador: (*handler).auditoriaVerificar},

		// Usuarios aduaneros: búsqueda, perfil y formularios de la Secretaría
		{Metodo: http.MethodGet, Patron: "/usuarios", Accion: permisos.VerUsuarios, manejador: (*handler).usuariosBuscar},
		{Metodo: http.MethodGet, Patron: "/usuarios/nuevo", Accion: permisos.EditarDatos, manejador: (*handler).usuarioNuevo},
		{Metodo: http.MethodPost, Patron: "/usuarios", Accion: permisos.EditarDatos, manejador: (*handler).usuarioCrear},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit", Accion: permisos.VerUsuarios, manejador: (*handler).perfilMostrar},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/editar", Accion: permisos.EditarDatos, manejador: (*handler).usuarioEditar},
		{Metodo: http.MethodPost, Patron: "/usuarios/:nit", Accion: permisos.EditarDatos, manejador: (*handler).usuarioCorregir},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/registros/nuevo", Accion: permisos.EditarDatos, manejador: (*handler).registroNuevo},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/registros/:id/editar", Accion: permisos.EditarDatos, manejador: (*handler).registroEditar},
		{Metodo: http.MethodPost, Patron: "/usuarios/:nit/registros", Accion: permisos.EditarDatos, manejador: (*handler).registroGuardar},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/actos/nuevo", Accion: permisos.EditarDatos, manejador: (*handler).actoNuevo},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/actos/editar", Accion: permisos.EditarDatos, manejador: (*handler).actoEditar},
		{Metodo: http.MethodPost, Patron: "/usuarios/:nit/actos", Accion: permisos.EditarDatos, manejador: (*handler).actoGuardar},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/operaciones/nuevo", Accion: permisos.EditarDatos, manejador: (*handler).operacionNueva},
		{Metodo: http.MethodGet, Patron: "/usuarios/:nit/operaciones/:anio/editar", Accion: permisos.EditarDatos, manejador: (*handler).operacionEditar},
		{Metodo: http.MethodPost, Patron: "/usuarios/:nit/operaciones", Accion: permisos.EditarDatos, manejador: (*handler).operacionGuardar},

		// Importación de archivos: subir → vista previa (simulada) → confirmar
		{Metodo: http.MethodGet, Patron: "/importar", Accion: permisos.ImportarDatos, manejador: (*handler).importacionMostrar},
		{Metodo: http.MethodPost, Patron: "/importar", Accion: permisos.ImportarDatos, LimiteCuerpo: LimiteImportacion, manejador: (*handler).importacionSubir},
		{Metodo: http.MethodGet, Patron: "/importar/plantillas/:archivo", Accion: permisos.ImportarDatos, manejador: (*handler).importacionPlantilla},
		{Metodo: http.MethodGet, Patron: "/importar/:token", Accion: permisos.ImportarDatos, manejador: (*handler).importacionVista},
		{Metodo: http.MethodPost, Patron: "/importar/:token/confirmar", Accion: permisos.ImportarDatos, manejador: (*handler).importacionConfirmar},
		{Metodo: http.MethodPost, Patron: "/importar/:token/descartar", Accion: permisos.ImportarDatos, manejador: (*handler).importacionDescartar},
		{Metodo: http.MethodGet, Patron: "/importar/:token/resultado", Accion: permisos.ImportarDatos, manejador: (*handler).importacionResultado},

		// Calculadora de liquidación (GET: no cambia nada)
		{Metodo: http.MethodGet, Patron: "/liquidacion", Accion: permisos.CalcularLiquidacion, manejador: (*handler).liquidacionCalcular},

		// Casos: del reporte de la Dirección Seccional al concepto del Comité y el informe gerencial
		{Metodo: http.MethodGet, Patron: "/casos", Accion: permisos.VerCasos, manejador: (*handler).casosListar},
		{Metodo: http.MethodGet, Patron: "/casos/exportar.csv", Accion: permisos.ExportarCasos, manejador: (*handler).casosExportarCSV},
		{Metodo: http.MethodGet, Patron: "/casos/exportar.xlsx", Accion: permisos.ExportarCasos, manejador: (*handler).casosExportarXLSX},
		{Metodo: http.MethodGet, Patron: "/casos/nuevo", Accion: permisos.ReportarCaso, manejador: (*handler).casosNuevo},
		{Metodo: http.MethodPost, Patron: "/casos", Accion: permisos.ReportarCaso, manejador: (*handler).casosCrear},
		{Metodo: http.MethodGet, Patron: "/casos/:id", Accion: permisos.VerCasos, manejador: (*handler).casosMostrar},
		{Metodo: http.MethodPost, Patron: "/casos/:id/iniciar", Accion: permisos.EvaluarCaso, manejador: (*handler).casosIniciar},
		{Metodo: http.MethodPost, Patron: "/casos/:id/reevaluar", Accion: permisos.EvaluarCaso, manejador: (*handler).casosReevaluar},
		{Metodo: http.MethodPost, Patron: "/casos/:id/criterios", Accion: permisos.EvaluarCaso, manejador: (*handler).casosCriterios},
		{Metodo: http.MethodPost, Patron: "/casos/:id/norma-aplicable", Accion: permisos.EvaluarCaso, manejador: (*handler).casosNorma},
		{Metodo: http.MethodPost, Patron: "/casos/:id/informes", Accion: permisos.EmitirInforme, manejador: (*handler).informeEmitir},
		{Metodo: http.MethodGet, Patron: "/casos/:id/informes/:version", Accion: permisos.VerCasos, manejador: (*handler).informeDescargar},
		{Metodo: http.MethodGet, Patron: "/casos/:id/informe", Accion: permisos.VerCasos, manejador: (*handler).informeImprimir},
		{Metodo: http.MethodPost, Patron: "/casos/:id/presentar", Accion: permisos.EvaluarCaso, manejador: (*handler).casosPresentar},
		{Metodo: http.MethodPost, Patron: "/casos/:id/no-procede", Accion: permisos.EvaluarCaso, manejador: (*handler).casosNoProcede},
		// Every concepto is born in a session (below); a correction of a material
		// error is recorded later from the case, linked to the original.
		{Metodo: http.MethodGet, Patron: "/casos/:id/concepto/correccion", Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoCorreccionFormulario},
		{Metodo: http.MethodPost, Patron: "/casos/:id/concepto/correccion", Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoCorreccionEnviar},
		// Sesiones del Comité: orden del día, conceptos dentro de la sesión y acta
		{Metodo: http.MethodGet, Patron: "/sesiones", Accion: permisos.VerSesiones, manejador: (*handler).sesionesListar},
		{Metodo: http.MethodPost, Patron: "/sesiones", Accion: permisos.GestionarSesiones, manejador: (*handler).sesionConvocar},
		{Metodo: http.MethodGet, Patron: "/sesiones/quorum", Accion: permisos.ConfigurarQuorum, manejador: (*handler).sesionesListar},
		{Metodo: http.MethodPost, Patron: "/sesiones/quorum", Accion: permisos.ConfigurarQuorum, manejador: (*handler).quorumFijar},
		{Metodo: http.MethodGet, Patron: "/sesiones/:sesion", Accion: permisos.VerSesiones, manejador: (*handler).sesionMostrar},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/asistencia", Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAsistencia},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/orden", Accion: permisos.GestionarSesiones, manejador: (*handler).sesionOrden},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/aplazar", Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAplazar},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/casos/:id/aplazar", Accion: permisos.GestionarSesiones, manejador: (*handler).sesionAplazarCaso},
		{Metodo: http.MethodGet, Patron: "/sesiones/:sesion/casos/:id/concepto", Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoFormulario},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/casos/:id/concepto", Accion: permisos.RegistrarConcepto, manejador: (*handler).conceptoEnviar},
		{Metodo: http.MethodPost, Patron: "/sesiones/:sesion/actas", Accion: permisos.GestionarSesiones, manejador: (*handler).actaEmitir},
		{Metodo: http.MethodGet, Patron: "/sesiones/:sesion/actas/:version", Accion: permisos.VerSesiones, manejador: (*handler).actaDescargar},
		{Metodo: http.MethodGet, Patron: "/casos/:id/cierre", Accion: permisos.CerrarCaso, manejador: (*handler).casosCierreFormulario},
		{Metodo: http.MethodPost, Patron: "/casos/:id/cierre", Accion: permisos.CerrarCaso, manejador: (*handler).casosCierre},
		{Metodo: http.MethodGet, Patron: "/casos/:id/liquidacion", Accion: permisos.VerLiquidacionCaso, manejador: (*handler).casoLiquidacion},
		{Metodo: http.MethodPost, Patron: "/casos/:id/liquidacion/ajustes", Accion: permisos.AjustarCuentaCaso, manejador: (*handler).casoLiquidacionAjustar},

		// Tamizaje de todos los usuarios: pantalla y exportaciones (GET: no cambian nada)
		{Metodo: http.MethodGet, Patron: "/tamizaje", Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeMostrar},
		{Metodo: http.MethodGet, Patron: "/tamizaje/exportar.csv", Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeExportarCSV},
		{Metodo: http.MethodGet, Patron: "/tamizaje/exportar.xlsx", Accion: permisos.VerTamizaje, manejador: (*handler).tamizajeExportarXLSX},

		// Reporte de cobertura: usuarios con actos que cuentan en un año y sin sus operaciones (GET)
		{Metodo: http.MethodGet, Patron: "/cobertura", Accion: permisos.VerCobertura, manejador: (*handler).coberturaMostrar},
	}
}

var tablaRutas = Rutas()

// itemNav is one entry of the navigation bar; it shows only to roles allowed its action.
type itemNav struct {
	ruta, texto, clave string
	accion             permisos.Accion
}

var navegacion = []itemNav{
	{"/", "Inicio", "inicio", permisos.VerInicio},
	{"/pendientes", "Mis pendientes", "pendientes", permisos.VerPendientes},
	{"/casos", "Casos", "casos", permisos.VerCasos},
	{"/sesiones", "Sesiones", "sesiones", permisos.VerSesiones},
	{"/usuarios", "Usuarios aduaneros", "usuarios", permisos.VerUsuarios},
	{"/tamizaje", "Tamizaje", "tamizaje", permisos.VerTamizaje},
	{"/importar", "Importar", "importar", permisos.ImportarDatos},
	{"/liquidacion", "Liquidación", "liquidacion", permisos.CalcularLiquidacion},
	{"/auditoria", "Auditoría", "auditoria", permisos.VerAuditoria},
	{"/admin/cuentas", "Cuentas", "cuentas", permisos.VerCuentas},
	{"/admin/dias-inhabiles", "Días inhábiles", "dias", permisos.VerDiasInhabiles},
	{"/admin/seccionales", "Seccionales", "seccionales", permisos.GestionarSeccionales},
	{"/admin/uvt", "UVT", "uvt", permisos.GestionarUVT},
	{"/admin/respaldos", "Respaldos", "respaldos", permisos.VerRespaldos},
	{"/admin/terminos", "Términos internos", "terminos", permisos.GestionarTerminos},
	{"/sesiones/quorum", "Quórum", "quorum", permisos.ConfigurarQuorum},
	{"/cuenta/calendario", "Calendario", "calendario", permisos.GestionarCalendario},
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

// Package urls names every address of the application: the pattern of each
// route (the route table of internal/web is built from these names) and a
// builder for each address a page or a handler links to. Go code and
// templates write no application path by hand; a test in internal/web
// fails when one appears.
package urls

import (
	"net/url"
	"strconv"
	"strings"
)

// Addresses of the HTTP API for other systems (internal/api): its own
// router, mounted before the web's; every one under PrefijoAPI.
const (
	PrefijoAPI         = "/api/v1"
	APIDocumento       = "/api/v1/openapi.json"
	APIEvaluar         = "/api/v1/evaluar"
	APILiquidar        = "/api/v1/liquidar"
	APIUsuarios        = "/api/v1/usuarios"
	APISanciones       = "/api/v1/sanciones"
	APIOperaciones     = "/api/v1/operaciones"
	APICasos           = "/api/v1/casos"
	APIPatronCaso      = "/api/v1/casos/:numero"
	APIPatronDocumento = "/api/v1/casos/:numero/documentos/:id"
	APIPatronTamizaje  = "/api/v1/tamizaje/:anio"
	APIUVT             = "/api/v1/uvt"
	APIReglas          = "/api/v1/reglas"
)

// Patterns of the routes, as the router reads them (":name" is a parameter).
const (
	Salud           = "/healthz"
	Estaticos       = "/static/*"
	PrefijoEstatico = "/static/"
	Login           = "/login"
	Logout          = "/logout"
	CalendarioFeed  = "/calendario.ics"

	Inicio                      = "/"
	Pendientes                  = "/pendientes"
	CambiarClave                = "/cuenta/clave"
	Calendario                  = "/cuenta/calendario"
	CalendarioToken             = "/cuenta/calendario/token"
	CalendarioRevocar           = "/cuenta/calendario/revocar"
	CuentaAvisos                = "/cuenta/avisos"
	Cuentas                     = "/admin/cuentas"
	CuentaNueva                 = "/admin/cuentas/nueva"
	PatronCuenta                = "/admin/cuentas/:id"
	PatronCuentaRol             = "/admin/cuentas/:id/rol"
	PatronCuentaCargo           = "/admin/cuentas/:id/cargo"
	PatronCuentaEstado          = "/admin/cuentas/:id/estado"
	PatronCuentaClave           = "/admin/cuentas/:id/clave"
	PatronCuentaCorreo          = "/admin/cuentas/:id/correo"
	DiasInhabiles               = "/admin/dias-inhabiles"
	PatronDiaQuitar             = "/admin/dias-inhabiles/:fecha/quitar"
	Seccionales                 = "/admin/seccionales"
	UVT                         = "/admin/uvt"
	Respaldos                   = "/admin/respaldos"
	Terminos                    = "/admin/terminos"
	AdminAPI                    = "/admin/api"
	PatronAdminAPIRevocar       = "/admin/api/:nombre/revocar"
	AdminDirectorio             = "/admin/directorio"
	AdminCorreos                = "/admin/correos"
	PatronAdminCorreoReintentar = "/admin/correos/:id/reintentar"
	Auditoria                   = "/auditoria"
	AuditoriaVerificar          = "/auditoria/verificar"
	Usuarios                    = "/usuarios"
	UsuarioNuevo                = "/usuarios/nuevo"
	PatronUsuario               = "/usuarios/:nit"
	PatronUsuarioEditar         = "/usuarios/:nit/editar"
	PatronRegistroNuevo         = "/usuarios/:nit/registros/nuevo"
	PatronRegistro              = "/usuarios/:nit/registros/:id/editar"
	PatronRegistros             = "/usuarios/:nit/registros"
	PatronActoNuevo             = "/usuarios/:nit/actos/nuevo"
	PatronActoEditar            = "/usuarios/:nit/actos/editar"
	PatronActos                 = "/usuarios/:nit/actos"
	PatronOperacionNva          = "/usuarios/:nit/operaciones/nuevo"
	PatronOperacion             = "/usuarios/:nit/operaciones/:anio/editar"
	PatronOperaciones           = "/usuarios/:nit/operaciones"
	Importar                    = "/importar"
	PatronPlantilla             = "/importar/plantillas/:archivo"
	PatronImportacion           = "/importar/:token"
	PatronImpConfirmar          = "/importar/:token/confirmar"
	PatronImpDescartar          = "/importar/:token/descartar"
	PatronImpResultado          = "/importar/:token/resultado"
	Liquidacion                 = "/liquidacion"
	Casos                       = "/casos"
	CasosCSV                    = "/casos/exportar.csv"
	CasosXLSX                   = "/casos/exportar.xlsx"
	CasoNuevo                   = "/casos/nuevo"
	PatronCaso                  = "/casos/:id"
	PatronCasoIniciar           = "/casos/:id/iniciar"
	PatronCasoReevaluar         = "/casos/:id/reevaluar"
	PatronCasoCriterios         = "/casos/:id/criterios"
	PatronCasoNorma             = "/casos/:id/norma-aplicable"
	PatronInformes              = "/casos/:id/informes"
	PatronInforme               = "/casos/:id/informes/:version"
	PatronInformeVista          = "/casos/:id/informe"
	PatronCasoPresentar         = "/casos/:id/presentar"
	PatronCasoNoProcede         = "/casos/:id/no-procede"
	PatronCorreccion            = "/casos/:id/concepto/correccion"
	PatronCasoCierre            = "/casos/:id/cierre"
	PatronCasoLiquidar          = "/casos/:id/liquidacion"
	PatronCasoAjustes           = "/casos/:id/liquidacion/ajustes"
	PatronCasoAdjuntos          = "/casos/:id/adjuntos"
	PatronCasoAdjunto           = "/casos/:id/adjuntos/:n"
	PatronAdjuntoRetiro         = "/casos/:id/adjuntos/:n/retiro"
	PatronAdjuntoVisor          = "/casos/:id/adjuntos/:n/visor"
	PatronAdjuntoMostrado       = "/casos/:id/adjuntos/:n/contenido"
	Sesiones                    = "/sesiones"
	Quorum                      = "/sesiones/quorum"
	PatronSesion                = "/sesiones/:sesion"
	PatronAsistencia            = "/sesiones/:sesion/asistencia"
	PatronOrden                 = "/sesiones/:sesion/orden"
	PatronAplazar               = "/sesiones/:sesion/aplazar"
	PatronAplazarCaso           = "/sesiones/:sesion/casos/:id/aplazar"
	PatronConcepto              = "/sesiones/:sesion/casos/:id/concepto"
	PatronActas                 = "/sesiones/:sesion/actas"
	PatronActa                  = "/sesiones/:sesion/actas/:version"
	Tamizaje                    = "/tamizaje"
	TamizajeCSV                 = "/tamizaje/exportar.csv"
	TamizajeXLSX                = "/tamizaje/exportar.xlsx"
	Cobertura                   = "/cobertura"
	AuditoriaCSV                = "/auditoria/exportar.csv"
	AuditoriaXLSX               = "/auditoria/exportar.xlsx"
	LiquidacionPDF              = "/liquidacion.pdf"
	Buscar                      = "/buscar"
	Glosario                    = "/ayuda/glosario"
)

// Llenar puts the values, in order and path-escaped, in place of the
// pattern's parameters.
// A missing value leaves the parameter as written (a test catches it).
func Llenar(patron string, valores ...string) string {
	partes := strings.Split(patron, "/")
	for i, p := range partes {
		if strings.HasPrefix(p, ":") && len(valores) > 0 {
			partes[i] = url.PathEscape(valores[0])
			valores = valores[1:]
		}
	}
	return strings.Join(partes, "/")
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

// Cuenta is the page of an account.
func Cuenta(n int64) string                { return Llenar(PatronCuenta, id(n)) }
func DiaQuitar(fechaISO string) string     { return Llenar(PatronDiaQuitar, fechaISO) }
func AdminAPIRevocar(nombre string) string { return Llenar(PatronAdminAPIRevocar, nombre) }
func Usuario(nit string) string            { return Llenar(PatronUsuario, nit) }
func UsuarioEditar(nit string) string      { return Llenar(PatronUsuarioEditar, nit) }
func Registros(nit string) string          { return Llenar(PatronRegistros, nit) }
func Actos(nit string) string              { return Llenar(PatronActos, nit) }
func Operaciones(nit string) string        { return Llenar(PatronOperaciones, nit) }
func Plantilla(archivo string) string      { return Llenar(PatronPlantilla, archivo) }
func Importacion(token string) string      { return Llenar(PatronImportacion, token) }
func ImportacionConfirmar(t string) string { return Llenar(PatronImpConfirmar, t) }
func ImportacionDescartar(t string) string { return Llenar(PatronImpDescartar, t) }
func ImportacionResultado(t string) string { return Llenar(PatronImpResultado, t) }
func Caso(n int64) string                  { return Llenar(PatronCaso, id(n)) }
func CasoLiquidacion(n int64) string       { return Llenar(PatronCasoLiquidar, id(n)) }
func CasoAjustes(n int64) string           { return Llenar(PatronCasoAjustes, id(n)) }
func CasoCorreccion(n int64) string        { return Llenar(PatronCorreccion, id(n)) }
func CasoCierre(n int64) string            { return Llenar(PatronCasoCierre, id(n)) }
func CasoAdjuntos(n int64) string          { return Llenar(PatronCasoAdjuntos, id(n)) }
func CasoAdjunto(n int64, numero int) string {
	return Llenar(PatronCasoAdjunto, id(n), strconv.Itoa(numero))
}
func AdjuntoRetiro(n int64, numero int) string {
	return Llenar(PatronAdjuntoRetiro, id(n), strconv.Itoa(numero))
}
func AdjuntoVisor(n int64, numero int) string {
	return Llenar(PatronAdjuntoVisor, id(n), strconv.Itoa(numero))
}
func AdjuntoContenido(n int64, numero int) string {
	return Llenar(PatronAdjuntoMostrado, id(n), strconv.Itoa(numero))
}
func CasoInforme(n int64, version int) string {
	return Llenar(PatronInforme, id(n), strconv.Itoa(version))
}
func Sesion(n int64) string                  { return Llenar(PatronSesion, id(n)) }
func SesionAsistencia(n int64) string        { return Llenar(PatronAsistencia, id(n)) }
func SesionOrden(n int64) string             { return Llenar(PatronOrden, id(n)) }
func SesionAplazar(n int64) string           { return Llenar(PatronAplazar, id(n)) }
func SesionActas(n int64) string             { return Llenar(PatronActas, id(n)) }
func SesionActa(n int64, version int) string { return Llenar(PatronActa, id(n), strconv.Itoa(version)) }
func AplazarCaso(sesion, caso int64) string  { return Llenar(PatronAplazarCaso, id(sesion), id(caso)) }
func Concepto(sesion, caso int64) string     { return Llenar(PatronConcepto, id(sesion), id(caso)) }

func RegistroEditar(nit string, n int64) string { return Llenar(PatronRegistro, nit, id(n)) }
func ActoEditar(nit string) string              { return Llenar(PatronActoEditar, nit) }
func OperacionNueva(nit string) string          { return Llenar(PatronOperacionNva, nit) }
func OperacionEditar(nit string, anio int) string {
	return Llenar(PatronOperacion, nit, strconv.Itoa(anio))
}
func CasoInformes(n int64) string     { return Llenar(PatronInformes, id(n)) }
func CasoInformeVista(n int64) string { return Llenar(PatronInformeVista, id(n)) }

func CuentaCargo(n int64) string  { return Llenar(PatronCuentaCargo, id(n)) }
func CuentaRol(n int64) string    { return Llenar(PatronCuentaRol, id(n)) }
func CuentaClave(n int64) string  { return Llenar(PatronCuentaClave, id(n)) }
func CuentaEstado(n int64) string { return Llenar(PatronCuentaEstado, id(n)) }
func CuentaCorreo(n int64) string { return Llenar(PatronCuentaCorreo, id(n)) }

// AdminCorreosEstado is the e-mail queue limited to one state ("" all).
func AdminCorreosEstado(estado string) string {
	if estado == "" {
		return AdminCorreos
	}
	return AdminCorreos + "?" + url.Values{"estado": {estado}}.Encode()
}

// AdminCorreoReintentar puts a failed e-mail back in the queue.
func AdminCorreoReintentar(n int64) string { return Llenar(PatronAdminCorreoReintentar, id(n)) }
func ActoNuevo(nit string) string          { return Llenar(PatronActoNuevo, nit) }
func RegistroNuevo(nit string) string      { return Llenar(PatronRegistroNuevo, nit) }

// CasoPaso is the address of a step of the case named by its route's last
// segment (iniciar, reevaluar, criterios, presentar, no-procede…).
func CasoPaso(n int64, paso string) string { return Caso(n) + "/" + paso }

// Busqueda is the search of the header for a text.
func Busqueda(q string) string { return Buscar + "?" + url.Values{"q": {q}}.Encode() }

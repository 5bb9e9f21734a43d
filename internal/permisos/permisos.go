// Package permisos is the one model of roles and permissions: the role of
// an account, the actions a person can take, and ONE table saying which
// roles may take each action and why. The web checks every route against
// it (on the server, on every request), the workflow's steps
// (internal/flujo) take their roles from it, and the store is never asked
// who may do what — only for facts.
//
// What a role may do with a particular object (a case, a user, a row of the
// screening) is the object rule of the Dirección Seccional
// (internal/seccionales.Accede), applied by the application and the web.
package permisos

import "fmt"

// Rol is the role of an application account.
type Rol string

const (
	RolSeccional  Rol = "seccional"  // reports new infractions; sees its own Dirección Seccional only
	RolSecretaria Rol = "secretaria" // loads and corrects data, evaluates, prepares the informe
	RolComite     Rol = "comite"     // reviews cases and informes, records the concepto
	RolAuditor    Rol = "auditor"    // reads everything, including the audit log; changes nothing
	RolAdmin      Rol = "admin"      // accounts and roles, tables (UVT, Seccionales, non-business days)
)

// Roles lists every role, in the order screens show them.
var Roles = []Rol{RolSecretaria, RolComite, RolSeccional, RolAuditor, RolAdmin}

// ParseRol reads a role name (exact, lower case).
func ParseRol(s string) (Rol, error) {
	for _, r := range Roles {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("rol %q desconocido (use seccional, secretaria, comite, auditor o admin)", s)
}

// Etiqueta is the role's name for people.
func (r Rol) Etiqueta() string {
	switch r {
	case RolSeccional:
		return "Dirección Seccional"
	case RolSecretaria:
		return "Secretaría Técnica"
	case RolComite:
		return "Comité"
	case RolAuditor:
		return "Auditoría"
	case RolAdmin:
		return "Administración"
	}
	return string(r)
}

// EnFrase is the role as a sentence names it («corresponde a la Secretaría Técnica»).
func (r Rol) EnFrase() string {
	switch r {
	case RolSeccional:
		return "la Dirección Seccional"
	case RolSecretaria:
		return "la Secretaría Técnica"
	case RolComite:
		return "el Comité de Fiscalización"
	case RolAuditor:
		return "auditoría"
	case RolAdmin:
		return "administración"
	}
	return string(r)
}

// Accion is something a person does in the application.
type Accion string

const (
	// Publica marks the explicit allowlist of routes that need no session
	// (/login, /healthz, /static/*, the calendar feed with its token). No
	// other route may use it, and it has no row in the table.
	Publica Accion = "publica"

	VerInicio              Accion = "inicio.ver"
	CerrarSesion           Accion = "sesion.cerrar"
	CambiarMiClave         Accion = "clave.cambiar"
	VerCuentas             Accion = "cuentas.ver"
	GestionarCuentas       Accion = "cuentas.gestionar"
	VerDiasInhabiles       Accion = "dias_inhabiles.ver"
	GestionarDiasInhabiles Accion = "dias_inhabiles.gestionar"
	VerAuditoria           Accion = "auditoria.ver"

	VerUsuarios         Accion = "usuarios.ver"
	EditarDatos         Accion = "datos.editar"
	ImportarDatos       Accion = "datos.importar"
	CalcularLiquidacion Accion = "liquidacion.calcular"

	VerCasos          Accion = "casos.ver"
	ReportarCaso      Accion = "casos.reportar"
	EvaluarCaso       Accion = "casos.evaluar"
	AdjuntarCaso      Accion = "casos.adjuntar"
	EmitirInforme     Accion = "casos.informe"
	RegistrarConcepto Accion = "casos.concepto"
	CerrarCaso        Accion = "casos.cerrar"

	VerTamizaje Accion = "tamizaje.ver"

	VerLiquidacionCaso Accion = "casos.liquidacion"
	AjustarCuentaCaso  Accion = "casos.liquidacion.ajustar"

	VerSeccionales       Accion = "seccionales.ver"
	GestionarSeccionales Accion = "seccionales.gestionar"
	VerUVT               Accion = "uvt.ver"
	GestionarUVT         Accion = "uvt.gestionar"
	VerRespaldos         Accion = "respaldos.ver"
	VerCobertura         Accion = "cobertura.ver"

	VerPendientes       Accion = "pendientes.ver"
	GestionarTerminos   Accion = "terminos.gestionar"
	GestionarCalendario Accion = "calendario.gestionar"
	ExportarCasos       Accion = "casos.exportar"

	VerSesiones       Accion = "sesiones.ver"
	GestionarSesiones Accion = "sesiones.gestionar"
	ConfigurarQuorum  Accion = "sesiones.quorum"

	GestionarAPI  Accion = "api.gestionar"
	VerDirectorio Accion = "directorio.ver"
	ElegirAvisos  Accion = "avisos.elegir"
	VerCorreos    Accion = "correos.ver"
	Buscar        Accion = "buscar"
	VerAyuda      Accion = "ayuda.ver"
)

// Fila is one row of the table: an action, the roles that may take it, and why.
type Fila struct {
	Accion Accion
	Roles  []Rol
	Razon  string
}

var (
	todos    = []Rol{RolSeccional, RolSecretaria, RolComite, RolAuditor, RolAdmin}
	trabajan = []Rol{RolSecretaria, RolComite, RolSeccional, RolAuditor} // the roles that work or review cases
)

// Tabla is the whole model: every action with its roles and the reason.
// An action missing from it is refused to everyone.
var Tabla = []Fila{
	{VerInicio, todos, "Toda cuenta tiene una primera página."},
	{CerrarSesion, todos, "Toda cuenta puede cerrar su sesión."},
	{CambiarMiClave, todos, "Toda cuenta cambia su propia clave (exige la actual)."},
	{VerCuentas, []Rol{RolAdmin, RolAuditor}, "El administrador las gestiona; el auditor las revisa."},
	{GestionarCuentas, []Rol{RolAdmin}, "Crear cuentas, cambiar roles, habilitar y restablecer claves es del administrador."},
	{VerDiasInhabiles, []Rol{RolAdmin, RolSecretaria, RolAuditor}, "Los días inhábiles cuentan los plazos: los llevan el administrador y la Secretaría; el auditor los revisa."},
	{GestionarDiasInhabiles, []Rol{RolAdmin, RolSecretaria}, "docs/reglas.md §7: una tabla que la Secretaría puede editar."},
	{VerAuditoria, []Rol{RolAuditor, RolAdmin}, "El administrador revisa ingresos y cambios de cuentas en el registro; el auditor lo lee todo."},

	{VerUsuarios, trabajan, "Los usuarios aduaneros, sus actos y operaciones son la base de cada caso (la Seccional solo los suyos)."},
	{EditarDatos, []Rol{RolSecretaria}, "La Secretaría Técnica carga y corrige los datos."},
	{ImportarDatos, []Rol{RolSecretaria}, "La Secretaría Técnica importa los archivos CSV/XLSX."},
	{CalcularLiquidacion, trabajan, "La calculadora no cambia nada: la usan quienes trabajan o revisan casos."},

	{VerCasos, trabajan, "Quienes trabajan o revisan casos los leen (la Seccional solo los de su Dirección Seccional)."},
	{ReportarCaso, []Rol{RolSeccional, RolSecretaria}, "La Dirección Seccional reporta la nueva infracción a la Secretaría Técnica (docs/reglas.md §3 paso 1); la Secretaría también puede abrirlo."},
	{AdjuntarCaso, []Rol{RolSeccional, RolSecretaria}, "La Dirección Seccional envía el informe «junto con las pruebas y demás antecedentes de los hechos» mientras el caso está reportado; la Secretaría Técnica los completa hasta presentar el informe."},
	{EvaluarCaso, []Rol{RolSecretaria}, "La Secretaría Técnica evalúa, escribe los criterios y presenta el caso al Comité (docs/reglas.md §3 paso 2)."},
	{EmitirInforme, []Rol{RolSecretaria}, "El informe gerencial lo prepara y emite la Secretaría Técnica para el Comité (docs/reglas.md §4)."},
	{RegistrarConcepto, []Rol{RolComite}, "El concepto vinculante es del Comité de Fiscalización, dentro de una sesión (docs/reglas.md §3 paso 4)."},
	{CerrarCaso, []Rol{RolSecretaria, RolSeccional}, "La propuesta del REA: el requerimiento es acto de la Dirección Seccional; la Secretaría también la registra (docs/reglas.md §3 paso 5)."},

	{VerTamizaje, trabajan, "Mínimo privilegio: el administrador gestiona cuentas y tablas, no casos, así que no ve ni exporta el tamizaje nacional."},
	{VerLiquidacionCaso, trabajan, "La liquidación del caso no cambia nada: la leen quienes trabajan o revisan casos."},
	{AjustarCuentaCaso, []Rol{RolSecretaria, RolSeccional}, "Quien prepara la liquidación del REA ajusta una cuenta con su razón (queda en la auditoría)."},

	{VerSeccionales, []Rol{RolAdmin, RolSecretaria, RolAuditor}, "El catálogo lo lee quien lleva o revisa las tablas."},
	{GestionarSeccionales, []Rol{RolAdmin}, "El administrador lleva el catálogo de Direcciones Seccionales (auditado)."},
	{VerUVT, []Rol{RolAdmin, RolSecretaria, RolAuditor}, "La tabla UVT la leen quienes llevan o revisan las tablas."},
	{GestionarUVT, []Rol{RolAdmin}, "Solo el administrador, que lleva las tablas, agrega el año que publica la DIAN (auditado)."},
	{VerRespaldos, []Rol{RolAdmin}, "Los respaldos son asunto del operador: del administrador."},
	{VerCobertura, trabajan, "El reporte de cobertura no cambia nada (la Seccional solo lo suyo)."},

	{VerPendientes, todos, "Toda cuenta tiene su cola; un rol que no da pasos de un caso lo ve dicho."},
	{GestionarTerminos, []Rol{RolAdmin}, "Los términos internos organizan el trabajo de todos: los fija el administrador (auditado)."},
	{GestionarCalendario, []Rol{RolSecretaria, RolComite, RolSeccional}, "Solo los roles que dan pasos de un caso tienen vencimientos."},
	{ExportarCasos, trabajan, "Quien puede leer la lista puede llevársela como archivo (limitada como la lista)."},

	{VerSesiones, []Rol{RolSecretaria, RolComite, RolAuditor}, "Las sesiones las preparan la Secretaría y el Comité; el auditor las lee."},
	{GestionarSesiones, []Rol{RolSecretaria, RolComite}, "El Comité y la Secretaría Técnica convocan y documentan las sesiones (la Secretaría prepara el orden del día y actúa como secretaria)."},
	{GestionarAPI, []Rol{RolAdmin}, "Las cuentas de servicio de la API son credenciales de otros sistemas: las crea y revoca el administrador (auditado)."},
	{ElegirAvisos, todos, "Cada persona elige qué avisos por correo recibe (auditado); solo le llegan los de los casos que su rol y su Seccional ven."},
	{VerCorreos, []Rol{RolAdmin}, "El administrador revisa la cola de avisos por correo (enviados, pendientes, fallidos) y reintenta los fallidos (auditado); ve destinatarios y asuntos, no más que la auditoría."},
	{VerDirectorio, []Rol{RolAdmin}, "Qué grupos del directorio de la entidad dan cada rol lo configura y lo revisa el administrador; la página solo muestra la correspondencia vigente."},
	{ConfigurarQuorum, []Rol{RolAdmin}, "El quórum es un parámetro de tabla que fija el administrador (auditado); no lo fija el Decreto Ley 920 de 2023."},

	{Buscar, trabajan, "La búsqueda de la cabecera reúne lo que el rol ya lee (usuarios, casos, sesiones), con los mismos límites por Dirección Seccional."},
	{VerAyuda, todos, "El glosario explica las palabras de la ley que usan las pantallas: toda cuenta lo lee."},
}

var porAccion = func() map[Accion]Fila {
	m := map[Accion]Fila{}
	for _, f := range Tabla {
		if _, ya := m[f.Accion]; ya {
			panic("permisos: acción repetida en la tabla: " + string(f.Accion))
		}
		m[f.Accion] = f
	}
	return m
}()

// RolesDe are the roles that may take an action (none when it has no row).
func RolesDe(a Accion) []Rol { return porAccion[a].Roles }

// RazonDe is why those roles may take it.
func RazonDe(a Accion) string { return porAccion[a].Razon }

// Puede says whether a role may take an action. An action missing from the
// table is refused to everyone.
func Puede(rol Rol, a Accion) bool {
	for _, r := range porAccion[a].Roles {
		if r == rol {
			return true
		}
	}
	return false
}

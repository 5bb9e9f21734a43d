package web

// The one place that says which role may do which action. Every route names
// its action (rutas.go); the check runs on the server for every request, and
// templates only hide what the role may not use. Later screens add their
// actions here and their rows to the access-control matrix test.

import (
	"context"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/seccionales"

	"github.com/labstack/echo/v4"
)

// Accion is something a person does in the application.
type Accion string

const (
	// AccionPublica marks the explicit allowlist of routes that need no session
	// (/login, /healthz, /static/*). No other route may use it.
	AccionPublica Accion = "publica"

	VerInicio              Accion = "inicio.ver"        // the home page
	CerrarSesion           Accion = "sesion.cerrar"     // logout
	CambiarMiClave         Accion = "clave.cambiar"     // change one's own password (the current one is required)
	VerCuentas             Accion = "cuentas.ver"       // list of accounts
	GestionarCuentas       Accion = "cuentas.gestionar" // create, change role, enable/disable, reset a password
	VerDiasInhabiles       Accion = "dias_inhabiles.ver"
	GestionarDiasInhabiles Accion = "dias_inhabiles.gestionar"
	VerAuditoria           Accion = "auditoria.ver" // audit log and chain check

	// Actions of the data screens and the case workflow,
	// declared here so the table stays the one place; their routes come later.
	VerUsuarios         Accion = "usuarios.ver"   // customs users, acts, operations (seccional: its own Seccional only)
	EditarDatos         Accion = "datos.editar"   // register and correct acts, operations, users
	ImportarDatos       Accion = "datos.importar" // CSV/XLSX imports
	CalcularLiquidacion Accion = "liquidacion.calcular"
	VerCasos            Accion = "casos.ver"      // seccional: its own Seccional only
	ReportarCaso        Accion = "casos.reportar" // open a case with a new infraction
	EvaluarCaso         Accion = "casos.evaluar"  // evaluate, criteria, informe, present
	RegistrarConcepto   Accion = "casos.concepto" // the Comité's binding concepto
	CerrarCaso          Accion = "casos.cerrar"   // record the REA proposal

	// The screening of every user and its exports; a seccional sees its own Dirección Seccional only.
	VerTamizaje Accion = "tamizaje.ver"

	// The liquidation of a case prefilled from its history, and the official's
	// adjustment of a count with its reason (recorded in the audit log).
	VerLiquidacionCaso Accion = "casos.liquidacion"
	AjustarCuentaCaso  Accion = "casos.liquidacion.ajustar"
	// The catalogue of Direcciones Seccionales: read by the Secretaría and
	// auditoría, edited by the administrator (audited).
	VerSeccionales       Accion = "seccionales.ver"
	GestionarSeccionales Accion = "seccionales.gestionar"
	// The UVT table (year, value, DIAN resolution): the values every amount
	// in UVT is converted with. Read by the roles that keep or review the
	// tables; only the administrator, who keeps the tables, adds the year DIAN
	// publishes (audited with before and after).
	VerUVT       Accion = "uvt.ver"
	GestionarUVT Accion = "uvt.gestionar"
	// The scheduled backups of the database: the operator's concern, so the administrator's.
	VerRespaldos Accion = "respaldos.ver"
	// The coverage report: users with acts that count in a year and no
	// operations loaded for it (a seccional sees its own Dirección Seccional only).
	VerCobertura Accion = "cobertura.ver"

	// The Comité's week: «Mis pendientes», the internal terms per stage and
	// the calendar feed of due dates.
	VerPendientes       Accion = "pendientes.ver"       // the account's own queue
	GestionarTerminos   Accion = "terminos.gestionar"   // internal terms per stage (audited)
	GestionarCalendario Accion = "calendario.gestionar" // the account's own feed link: create, regenerate, revoke
	ExportarCasos       Accion = "casos.exportar"       // the case list as CSV/XLSX (what the account may see)
	// Sessions of the Comité: the Comité and the Secretaría Técnica convene
	// and document them (the Secretaría prepares the agenda and acts as the
	// session's secretary; the Comité may convene itself); the auditor reads
	// them; conceptos inside a session stay RegistrarConcepto (the Comité).
	// The administrator sets the quorum, an audited table parameter.
	VerSesiones       Accion = "sesiones.ver"
	GestionarSesiones Accion = "sesiones.gestionar"
	ConfigurarQuorum  Accion = "sesiones.quorum"
)

var (
	todos    = []db.Rol{db.RolSeccional, db.RolSecretaria, db.RolComite, db.RolAuditor, db.RolAdmin}
	permisos = map[Accion][]db.Rol{
		VerInicio:              todos,
		CerrarSesion:           todos,
		CambiarMiClave:         todos,
		VerCuentas:             {db.RolAdmin, db.RolAuditor},
		GestionarCuentas:       {db.RolAdmin},
		VerDiasInhabiles:       {db.RolAdmin, db.RolSecretaria, db.RolAuditor},
		GestionarDiasInhabiles: {db.RolAdmin, db.RolSecretaria}, // docs/reglas.md §7: "a table the Secretaría can edit"
		// The administrator reviews logins and account changes in the log; the
		// auditor reads all of it.
		VerAuditoria: {db.RolAuditor, db.RolAdmin},

		VerUsuarios:         {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		EditarDatos:         {db.RolSecretaria},
		ImportarDatos:       {db.RolSecretaria},
		CalcularLiquidacion: {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		VerCasos:            {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		ReportarCaso:        {db.RolSeccional, db.RolSecretaria},
		EvaluarCaso:         {db.RolSecretaria},
		RegistrarConcepto:   {db.RolComite},
		CerrarCaso:          {db.RolSecretaria, db.RolSeccional}, // flujo.Cerrar: the REA is the Dirección Seccional's act
		// Least privilege: the administrator manages accounts and tables, not
		// cases, so it neither sees nor exports the national screening (every NIT
		// with its acts and operations); the roles that work cases, and the
		// auditor who reviews them, do.
		VerTamizaje:        {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		VerLiquidacionCaso: {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		AjustarCuentaCaso:  {db.RolSecretaria, db.RolSeccional},

		VerSeccionales:       {db.RolAdmin, db.RolSecretaria, db.RolAuditor},
		GestionarSeccionales: {db.RolAdmin},
		VerRespaldos:         {db.RolAdmin},
		VerUVT:               {db.RolAdmin, db.RolSecretaria, db.RolAuditor},
		GestionarUVT:         {db.RolAdmin},
		VerCobertura:         {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		// Every role has a first page; a role that gives no step of a case is told so.
		VerPendientes: todos,
		// The terms organise everyone's work: the administrator sets them, and every change is audited.
		GestionarTerminos: {db.RolAdmin},
		// Only the roles that give a step of a case have due dates waiting for them.
		GestionarCalendario: {db.RolSecretaria, db.RolComite, db.RolSeccional},
		// Whoever may read the list may take it away as a file (limited like the list).
		ExportarCasos:     {db.RolSecretaria, db.RolComite, db.RolSeccional, db.RolAuditor},
		VerSesiones:       {db.RolSecretaria, db.RolComite, db.RolAuditor},
		GestionarSesiones: {db.RolSecretaria, db.RolComite},
		ConfigurarQuorum:  {db.RolAdmin},
	}
)

// Puede says whether a role may perform an action. An action missing from
// the table is refused to everyone.
func Puede(rol db.Rol, a Accion) bool {
	for _, r := range permisos[a] {
		if r == rol {
			return true
		}
	}
	return false
}

// requiere is the middleware of every non-public route: the signed-in
// account's role must be allowed the action, or the answer is 403.
func (h *handler) requiere(a Accion) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			cu := cuentaDe(c)
			if cu == nil {
				// The gate (proteger) sends requests without a session to /login first.
				return echo.NewHTTPError(http.StatusUnauthorized)
			}
			if !Puede(cu.Rol, a) {
				h.log.WarnContext(c.Request().Context(), "acceso denegado",
					"id", idSolicitud(c), "cuenta", cu.Usuario, "rol", string(cu.Rol), "accion", string(a), "ruta", c.Path())
				return echo.NewHTTPError(http.StatusForbidden)
			}
			return next(c)
		}
	}
}

// VeSeccional is the object-level rule for data tied to a Dirección
// Seccional, over the catalogue codes every table stores: the one rule of
// seccionales.Accede (a seccional account sees only its own; every other role
// that may see the screen sees all). Handlers call it for each object (case
// pages, profiles, tamizaje rows and exports) and answer 404 (not 403) when
// it is false, so the object's existence is not revealed; lists filter by
// FiltroSeccional, the same code compared the same way in SQL.
func VeSeccional(cu *db.Cuenta, seccional string) bool {
	if cu == nil {
		return false
	}
	return seccionales.Accede(cu.Rol == db.RolSeccional, cu.DireccionSeccional, seccional)
}

// FiltroSeccional is the Dirección Seccional a list must be limited to for
// this account ("" = no limit).
func FiltroSeccional(cu *db.Cuenta) string {
	if cu != nil && cu.Rol == db.RolSeccional {
		if cu.DireccionSeccional == "" {
			return "\x00sin seccional" // matches nothing
		}
		return strings.TrimSpace(cu.DireccionSeccional)
	}
	return ""
}

// exigirSeccional answers 404 for an object of another Dirección Seccional.
func exigirSeccional(c echo.Context, seccional string) error {
	if !VeSeccional(cuentaDe(c), seccional) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return nil
}

// nombreSeccional is the official name of a Dirección Seccional code, for
// display (the code itself when the catalogue cannot be read or lacks it).
func (h *handler) nombreSeccional(ctx context.Context, codigo string) string {
	cat, err := h.d.CatalogoSeccionales(ctx)
	if err != nil {
		return codigo
	}
	return db.NombreSeccional(cat, codigo)
}

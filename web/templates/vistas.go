// Package templates holds the templ components of the web application and the
// view models they take: shaped like the page, with every value already
// formatted for people (es-CO), never database rows.
package templates

import "comite/internal/graficos"

// Pagina is what every page under the base layout needs.
type Pagina struct {
	Titulo    string
	Usuario   *UsuarioActual // nil on public pages
	Nav       []EnlaceNav    // only what the role may use
	CSRF      string         // token for the forms of the page
	Aviso     string         // message after a redirect ("Cuenta creada.")
	AvisoTipo string         // "ok" or "error"
	Graficos  bool           // the page draws charts: load ECharts
}

// UsuarioActual is the signed-in account as the header shows it.
type UsuarioActual struct {
	Usuario     string
	Nombre      string
	RolEtiqueta string
	Seccional   string
	Buscar      bool // the role may use the search of the header
}

// EnlaceNav is one item of the navigation bar.
type EnlaceNav struct {
	Ruta   string
	Texto  string
	Clave  string // data-testid suffix
	Activo bool
}

// Enlace is a link offered as the next step (error pages, empty states).
type Enlace struct {
	Ruta  string
	Texto string
}

// Opcion is one option of a <select>.
type Opcion struct {
	Valor        string
	Texto        string
	Seleccionada bool
}

// Errores maps a form field to its message.
type Errores map[string]string

// Login is the login page.
type Login struct {
	Usuario   string
	Error     string
	Siguiente string
	Salio     bool
}

// Tarjeta is one card of Inicio.
type Tarjeta struct {
	Clave   string // data-testid suffix
	Titulo  string
	Cifra   string // "3", or "" when the card only has text
	Texto   string
	Ruta    string // where the count leads (the filtered list); "" = not a link
	Enlaces []Enlace
}

// Inicio is the home page.
type Inicio struct {
	Saludo   string
	Tarjetas []Tarjeta
	Grafico  *graficos.Grafico
	SinActos bool
}

// CuentaFila is one row of the accounts list.
type CuentaFila struct {
	ID          int64
	Usuario     string
	Nombre      string
	RolEtiqueta string
	Seccional   string
	Activa      bool
	CreadaEn    string
}

// Cuentas is the accounts list.
type Cuentas struct {
	Filas          []CuentaFila
	PuedeGestionar bool
}

// FormCuenta is the create-account form.
type FormCuenta struct {
	Usuario   string
	Nombre    string
	Rol       string
	Seccional string
	Roles     []Opcion
	Errores   Errores
}

// CuentaDetalle is the page of one account: change role, enable/disable.
type CuentaDetalle struct {
	Cuenta    CuentaFila
	Rol       string
	Seccional string
	Roles     []Opcion
	Errores   Errores
	EsPropia  bool
	Cargo     string // of the person behind the account, for the documents
	Correo    string // where its e-mail notices go ("" none)
}

// DiaFila is one non-business day.
type DiaFila struct {
	Fecha     string // 31/12/2025
	FechaISO  string // for the remove route
	Dia       string // "lunes"
	Motivo    string
	CreadoPor string
}

// DiasInhabiles is the non-business days page.
type DiasInhabiles struct {
	Filas          []DiaFila
	PuedeGestionar bool
	Fecha          string
	Motivo         string
	Errores        Errores
}

// FilaAuditoria is one row of the audit log.
type FilaAuditoria struct {
	ID     int64
	En     string
	Cuenta string
	IP     string
	Accion string // the action as people read it
	Objeto string
	// Detalle is the entry's detail as «Etiqueta: valor» pairs, never raw JSON.
	Detalle []Par
}

// Auditoria is the audit log page.
type Auditoria struct {
	Cuenta, Accion, Objeto, Desde, Hasta string
	Acciones                             []Opcion
	Filas                                []FilaAuditoria
	Total                                string
	Pagina, Paginas                      int
	Anterior, Siguiente                  string // URLs, "" when none
	Errores                              Errores
	Verificacion                         *Verificacion
	ExportarCSV, ExportarXLSX            string // the filtered log as a file (all pages)
}

// Verificacion is the result of checking the hash chain.
type Verificacion struct {
	Correcta bool
	Mensaje  string
}

// PaginaError is an error page that says what to do next.
type PaginaError struct {
	Codigo  int
	Titulo  string
	Mensaje string
	Enlaces []Enlace
}

// UVTFila is one row of the UVT table page.
type UVTFila struct {
	Anio          string
	Valor         string // $ 52.374
	Resolucion    string
	RegistradoPor string
	RegistradoEn  string
	Uso           string // "usada en 3 cálculos guardados" or "sin usar"
}

// UVTPagina is the UVT table page and its form.
type UVTPagina struct {
	Filas          []UVTFila
	PuedeGestionar bool
	Siguiente      string // the year after the last, suggested in the form
	Anio           string
	Valor          string
	Resolucion     string
	Errores        Errores
}

package templates

import (
	"strconv"

	"comite/internal/graficos"
)

// View models of the Secretaría's data screens: customs users, their
// registros, sanction acts and operations. Every value is already
// formatted for people (es-CO).

// UsuarioFila is one row of the search of customs users.
type UsuarioFila struct {
	NIT         string
	RazonSocial string
	Tipo        string // label: "Agencia de aduanas"
	Seccional   string
	Ruta        string // profile URL
}

// BusquedaUsuarios is the search page.
type BusquedaUsuarios struct {
	Q                   string
	Filas               []UsuarioFila
	Total               string // "1.234 usuarios"
	Buscado             bool   // a search was made (vs. the first visit)
	Pagina, Paginas     int
	Anterior, Siguiente string // URLs, "" when none
	PuedeEditar         bool
	Seccional           string // the list is limited to this Seccional ("" = all)
}

// RegistroFila is one autorización, habilitación or registro.
type RegistroFila struct {
	Clase        string // label
	Numero       string
	Desde        string
	Hasta        string // "Indefinida" when none
	Vigente      bool
	RutaCorregir string
}

// ActoFila is one sanction act of the profile.
type ActoFila struct {
	Numero        string
	Expedicion    string
	Firmeza       string // "Sin firmeza" when none
	Infraccion    string
	Gravedad      string // label
	GravedadClave string // leve | grave | gravisima
	Sancion       string // label
	Valor         string // "$ 40.000.000"
	Allanamiento  bool
	RutaCorregir  string
}

// OperacionFila is one year of operations.
type OperacionFila struct {
	Anio         string
	Valor        string
	Numero       string
	Origen       string // "Total anual" or "Por declaraciones"
	RutaCorregir string // "" when the year was loaded by declarations
}

// PuntoSerie is one reference year of the committee test's series.
type PuntoSerie struct {
	Anio          string
	NumeroActos   string
	CumpleMinimo  bool
	Suma          string
	Operaciones   string
	Umbral        string
	Participacion string
	// EstadoUmbral: "Se cumple", "No se cumple" or "Datos incompletos: …".
	EstadoUmbral string
}

// EvaluacionRapida is the committee test for a hypothetical grave infraction
// committed today (art. 25 inc. 1), as the core computes it.
type EvaluacionRapida struct {
	Hoy             string
	AnioReferencia  string
	Desde, Hasta    string
	S, O, N         string
	Participacion   string // "0,5203 %" or "Sin operaciones"
	Umbral          string // 0,5 % of O in pesos
	CumpleUmbral    bool   // a known yes
	EstadoUmbral    string // "Se cumple", "No se cumple" or "Datos incompletos: …"
	NumeroActos     string
	MinimoActos     string // "3"
	CumpleMinimo    bool
	RegistroVigente bool
	Procede         bool // a known yes
	// DatosIncompletos is "Datos incompletos: cargue las operaciones de AAAA"
	// when the core could not establish the result, else "".
	DatosIncompletos string
	Alertas          []string
	Serie            []PuntoSerie
	Reglas           string // rule set used
	Error            string // the evaluation could not be computed
	// AvisoVigencia is the prominent notice of a date outside the validity
	// of every rule set held (norma_sin_vigencia_confirmada,
	// hecho_anterior_a_vigencia), shown as the case page shows it; "" inside.
	AvisoVigencia string
}

// PerfilUsuario is the profile of one customs user.
type PerfilUsuario struct {
	NIT             string
	RazonSocial     string
	Tipo            string
	Seccional       string
	Actualizado     string
	Ruta            string
	RegistroVigente bool
	Registros       []RegistroFila
	Actos           []ActoFila // one page of the acts
	// TotalActos is the number of acts of the user; PaginaActos of
	// PaginasActos is the page shown, with links to its neighbours ("" at
	// the ends).
	TotalActos                    int
	PaginaActos, PaginasActos     int
	ActosAnterior, ActosSiguiente string
	Operaciones                   []OperacionFila
	Evaluacion                    EvaluacionRapida
	Graficos                      []graficos.Grafico
	PuedeEditar                   bool
}

// FormUsuario registers or corrects a customs user.
type FormUsuario struct {
	Corrigiendo bool
	Accion      string // form action
	Volver      string
	NIT         string
	RazonSocial string
	Tipo        string
	Seccional   string
	Tipos       []Opcion
	Errores     Errores
}

// FormRegistro registers an autorización, habilitación or registro, or
// corrects its end date.
type FormRegistro struct {
	Corrigiendo bool
	Accion      string
	Volver      string
	NIT         string
	RazonSocial string
	Clase       string
	ClaseTexto  string
	Numero      string
	Desde       string
	Hasta       string
	Clases      []Opcion
	Errores     Errores
}

// FormActo registers or corrects a sanction act.
type FormActo struct {
	Corrigiendo  bool
	Accion       string
	Volver       string
	NIT          string
	RazonSocial  string
	Numero       string
	Expedicion   string
	Firmeza      string
	Infraccion   string
	Valor        string
	Allanamiento bool
	Gravedades   []Opcion
	Sanciones    []Opcion
	Errores      Errores
}

// FormOperacion registers or corrects one year of operations.
type FormOperacion struct {
	Corrigiendo bool
	Accion      string
	Volver      string
	NIT         string
	RazonSocial string
	Anio        string
	Valor       string
	Numero      string
	Errores     Errores
}

// Small helpers of the data screens' templates (prefixed to keep clear of
// the helpers of other screens in this package).

func datosItoa(n int) string { return strconv.Itoa(n) }

// datosGuion shows "—" for an empty value.
func datosGuion(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func datosCumple(b bool) string {
	if b {
		return "Se cumple"
	}
	return "No se cumple"
}

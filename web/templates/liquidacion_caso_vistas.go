package templates

// View models of the liquidation of a case prefilled from its history
// (Decreto Ley 920 de 2023, art. 22 num. 3, 4 and 5.7; Decreto 2147 de 2016, art. 86).

// ActoHistoria is one act of the user's history as a count shows it.
type ActoHistoria struct {
	Numero     string
	Infraccion string
	Gravedad   string
	Sancion    string
	Expedicion string
	Firmeza    string
	Motivo     string // why it is left out ("" when it counts)
}

// CuentaHistoria is one count taken from the history.
type CuentaHistoria struct {
	Nombre     string
	Titulo     string
	Fundamento string
	Valor      string // the number, or "sin determinar: …"
	Ventana    string // "del 04/05/2023 al 04/05/2026"
	Ancla      string
	Ajuste     string // the adjustment in force, with who, when and why
	Actos      []ActoHistoria
	Fuera      []ActoHistoria
}

// AjusteVista is a recorded adjustment.
type AjusteVista struct {
	Cuenta     string
	Infraccion string
	Calculada  string
	Valor      string
	Razon      string
	Por        string
	En         string
}

// LiquidacionCaso is the page.
type LiquidacionCaso struct {
	CasoID      int64
	Numero      string
	NIT         string
	RazonSocial string
	Infraccion  string
	Regimenes   []Opcion
	Fecha       string
	Errores     Errores
	Nota        string // what was taken from the case (sanction, concepto, rule set)
	Aviso       string // after an adjustment
	Cuentas     []CuentaHistoria
	Ajustes     []AjusteVista
	// The adjustment form (secretaría and seccional, while the case is open).
	PuedeAjustar   bool
	OpcionesCuenta []Opcion
	AjusteValor    string
	AjusteRazon    string
	Pendiente      string // why the liquidation is not computed yet
	Resultado      *ResultadoLiquidacion
	Calculadora    string // the calculator prefilled with the same data
}

package templates

// View models of the liquidation calculator (Decreto Ley 920 de 2023, arts.
// 22 and 24; Decreto 2147 de 2016; the bill of 2025).

// Casilla is one checkbox of a group.
type Casilla struct {
	Valor   string
	Texto   string
	Marcada bool
}

// FilaInfraccion is one infraction row of the calculator's form.
type FilaInfraccion struct {
	N          string // 1-based, for ids and labels
	Codigo     string
	Valor      string
	Sanciones  []Opcion
	Unidades   []Opcion
	ErrSancion string
	ErrValor   string
	// The infraction's own repetition counts; empty: the general ones.
	AmonPrevias  string
	ReincPrevias string
	ErrCuentas   string
}

// FormLiquidacion is the calculator's form (GET: it changes nothing).
type FormLiquidacion struct {
	Regimenes        []Opcion
	Fecha            string
	Filas            []FilaInfraccion
	MismaDeclaracion bool
	AmonPrevias      string
	ReincPrevias     string
	IncrementoComite bool
	Reducciones      []Casilla
	Etapas           []Opcion
	TerceraVez       bool
	Articulo72       bool
	Ingresos         string
	Errores          Errores
}

// PasoLiquidacion is one step of the liquidation as the table shows it.
type PasoLiquidacion struct {
	Clave      string
	Paso       string
	Aplica     bool
	Antes      string
	Despues    string
	Fundamento string
	Detalle    string
}

// ResultadoLiquidacion is the computed liquidation.
type ResultadoLiquidacion struct {
	Regimen string
	Fecha   string
	UVT     string // "UVT 2026: $ 52.374"
	Reglas  string
	// Vigencia names the rule set and its validity; outside it, it says
	// "confirme la norma aplicable".
	Vigencia string
	// Alertas are shown prominently (norma_sin_vigencia_confirmada).
	Alertas []string
	Sancion string
	Total   string // "$ 4.800.000", or the sanction when it is not a multa
	Pasos   []PasoLiquidacion
	PDF     string // the same liquidation as a PDF file
}

// Liquidacion is the calculator page.
type Liquidacion struct {
	Form      FormLiquidacion
	Resultado *ResultadoLiquidacion
}

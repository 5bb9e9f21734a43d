package api

import (
	"net/http"

	"comite/internal/fecha"

	"github.com/labstack/echo/v4"
)

// FilaUVT is one year of the UVT table in force (the one the administrator
// keeps; evaluations and liquidations of the application use it).
type FilaUVT struct {
	Anio       int    `json:"anio"`
	Valor      string `json:"valor_cop"` // whole pesos per UVT, as a decimal string
	Resolucion string `json:"resolucion"`
}

// uvtListar is the UVT table.
func (s *servidor) uvtListar(c echo.Context) error {
	filas, err := s.d.ListarUVT(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]FilaUVT, 0, len(filas))
	for _, f := range filas {
		out = append(out, FilaUVT{Anio: f.Anio, Valor: f.Valor.String(), Resolucion: f.Resolucion})
	}
	return c.JSON(http.StatusOK, map[string]any{"uvt": out})
}

// Conjunto is a rule set with its validity and the parameters its rules use.
type Conjunto struct {
	ID           string  `json:"id"`
	Nombre       string  `json:"nombre"`
	VigenteDesde string  `json:"vigente_desde"`
	VigenteHasta *string `json:"vigente_hasta"` // null: no known end
	Vigencia     string  `json:"vigencia"`
	Fuente       string  `json:"fuente"`
	// The committee test (art. 25).
	MinimoActos         int    `json:"minimo_actos"`
	UmbralPorMil        string `json:"umbral_por_mil"`
	DiasReporte         int    `json:"dias_reporte"`
	IncrementoComiteUVT string `json:"incremento_comite_uvt"`
	// The liquidation (arts. 22 and 24).
	ConcurrenciaIncremento string `json:"concurrencia_incremento"`
	LeveRepetidaUVT        string `json:"leve_repetida_uvt"`
	MinimoUVT              string `json:"minimo_uvt"`
}

// reglasListar is every rule set the application holds, oldest first.
func (s *servidor) reglasListar(c echo.Context) error {
	var out []Conjunto
	for _, p := range s.d.Referencia().Conjuntos {
		cj := Conjunto{ID: p.ID, Nombre: p.Nombre, VigenteDesde: p.VigenteDesde.String(), Vigencia: p.Vigencia, Fuente: p.Fuente,
			MinimoActos: p.MinimoActos, UmbralPorMil: p.UmbralPorMil.String(), DiasReporte: p.DiasReporte, IncrementoComiteUVT: p.IncrementoComiteUVT.String(),
			ConcurrenciaIncremento: p.ConcurrenciaIncremento.String(), LeveRepetidaUVT: p.LeveRepetidaUVT.String(), MinimoUVT: p.MinimoUVT.String()}
		cj.VigenteHasta = fechaONulo(p.VigenteHasta)
		out = append(out, cj)
	}
	return c.JSON(http.StatusOK, map[string]any{"conjuntos": out})
}

// fechaONulo is a date as the contract writes it, or null when unknown.
func fechaONulo(f fecha.Fecha) *string {
	if f.IsZero() {
		return nil
	}
	s := f.String()
	return &s
}

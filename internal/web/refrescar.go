package web

import (
	"context"

	"github.com/labstack/echo/v4"
)

// refrescarTrasEscribir brings the values memoria brings up to date from
// their previous one (the screenings, the portfolio of Inicio, the counts by
// gravedad) to the current data right after a request that may have written
// (any method but GET, HEAD and OPTIONS, the API's included), in the
// background: the first page after an import finds them ready instead of
// computing them. A request that wrote nothing of the customs data starts
// nothing (the version did not move).
func (h *handler) refrescarTrasEscribir(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if !metodoSeguro(c.Request().Method) && h.d != nil {
			if _, e := h.memo.Refrescar(context.WithoutCancel(c.Request().Context())); e != nil {
				h.log.WarnContext(c.Request().Context(), "poner al día el tamizaje tras una escritura", "error", e.Error())
			}
		}
		return err
	}
}

package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"comite/internal/db"

	"github.com/labstack/echo/v4"
)

// actaDescargar sends an issued acta exactly as recorded (signed when it was).
func (h *handler) actaDescargar(c echo.Context) error {
	s, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	v, err := strconv.Atoi(c.Param("version"))
	if err != nil || v < 1 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	a, pdf, err := h.d.ActaPDF(c.Request().Context(), s.ID, v)
	if errors.Is(err, db.ErrActaNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return err
	}
	hd := c.Response().Header()
	hd.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="acta-%s-v%d.pdf"`, s.Numero, a.Version))
	hd.Set("X-Content-SHA256", a.SHA256)
	return c.Blob(http.StatusOK, "application/pdf", pdf)
}

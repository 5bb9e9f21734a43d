package web

import (
	"comite/internal/db"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
)

// informeEmitir issues a new version of the informe gerencial (Secretaría
// Técnica): the PDF built from the stored snapshot, its SHA-256 recorded.
func (h *handler) informeEmitir(c echo.Context) error {
	aviso := "informe_emitido"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		_, err := h.x.EmitirInforme(c.Request().Context(), id, actorCaso(c))
		return err
	})
}

// informeDescargar sends the stored bytes of an issued version, the same
// bytes every time, with its SHA-256 in a header.
func (h *handler) informeDescargar(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	v, err := strconv.Atoi(c.Param("version"))
	if err != nil || v < 1 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	inf, pdf, err := h.d.InformePDF(c.Request().Context(), caso.ID, v)
	if errors.Is(err, db.ErrInformeNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return err
	}
	hd := c.Response().Header()
	hd.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="informe-%s-v%d.pdf"`, caso.Numero, inf.Version))
	hd.Set("X-Content-SHA256", inf.SHA256)
	return c.Blob(http.StatusOK, "application/pdf", pdf)
}

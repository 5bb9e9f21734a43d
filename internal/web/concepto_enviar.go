package web

import (
	"github.com/labstack/echo/v4"
)

// conceptoEnviar: paso=revisar validates and shows the confirmation;
// paso=editar goes back to the form with what was written; paso=confirmar records.
func (h *handler) conceptoEnviar(c echo.Context) error { return h.conceptoPost(c, false) }

// conceptoCorreccionEnviar is the same for a correction.
func (h *handler) conceptoCorreccionEnviar(c echo.Context) error { return h.conceptoPost(c, true) }

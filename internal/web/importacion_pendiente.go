package web

import (
	"errors"
	"net/http"
	"sync"

	"comite/internal/web/pendientes"

	"github.com/labstack/echo/v4"
)

// muImportacion serialises confirmations, so a double click imports once.
var muImportacion sync.Mutex

// duenoImportacion is who uploads: the session and the account of the request.
func duenoImportacion(c echo.Context) pendientes.Dueno {
	t, _ := c.Get(claveToken).(string)
	return pendientes.Dueno{Sesion: t, Cuenta: cuentaDe(c).Usuario}
}

// cargarImportacion reads what is known about the pending upload of the
// route's :token; one that is not there for this session and account
// (pendientes.ErrNoExiste) is 404.
func (h *handler) cargarImportacion(c echo.Context) (token string, m pendientes.Pendiente, err error) {
	token = c.Param("token")
	m, err = h.pendientes.Cargar(duenoImportacion(c), token)
	if errors.Is(err, pendientes.ErrNoExiste) {
		return token, m, echo.NewHTTPError(http.StatusNotFound)
	}
	return token, m, err
}

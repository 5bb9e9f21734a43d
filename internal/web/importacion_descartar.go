package web

import (
	"github.com/labstack/echo/v4"

	"comite/internal/web/urls"
)

// importacionDescartar forgets an uploaded file without writing it.
func (h *handler) importacionDescartar(c echo.Context) error {
	muImportacion.Lock()
	defer muImportacion.Unlock()
	token, m, err := h.cargarImportacion(c)
	if err != nil {
		return err
	}
	if m.Resultado != nil {
		return redirigir(c, urls.ImportacionResultado(token)+"?aviso=importacion_ya_aplicada")
	}
	h.pendientes.Borrar(duenoImportacion(c), token, true)
	return redirigir(c, urls.Importar+"?aviso=importacion_descartada")
}

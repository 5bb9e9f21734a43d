package web

import (
	"github.com/labstack/echo/v4"
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
		return redirigir(c, "/importar/"+token+"/resultado?aviso=importacion_ya_aplicada")
	}
	h.borrarImportacion(c, token, true)
	return redirigir(c, "/importar?aviso=importacion_descartada")
}

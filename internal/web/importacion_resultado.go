package web

import (
	"comite/internal/etiquetas"
	"comite/internal/importar/filas"
	"net/http"

	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// importacionResultado shows what a confirmed import wrote.
func (h *handler) importacionResultado(c echo.Context) error {
	token, m, err := h.cargarImportacion(c)
	if err != nil {
		return err
	}
	if m.Resultado == nil {
		return redirigir(c, urls.Importacion(token))
	}
	r := m.Resultado
	v := templates.ResultadoImportacion{Archivo: m.Archivo, ClaseTexto: etiquetas.ClaseImportacion(filas.Clase(m.Clase)),
		Filas: formato.Entero(int64(r.Filas)), Nuevas: formato.Entero(int64(r.Insertadas)), Actualizada: formato.Entero(int64(r.Actualizadas)),
		SinCambios: formato.Entero(int64(r.SinCambios)), Auditoria: formato.Entero(r.AuditoriaID), SHA256: m.SHA256}
	if filas.Clase(m.Clase) == filas.Usuarios {
		v.EsUsuarios = true
		v.UsuNuevos, v.UsuActual = formato.Entero(int64(r.UsuariosNuevos)), formato.Entero(int64(r.UsuariosActualizados))
	}
	return h.render(c, http.StatusOK, templates.ImportacionResultadoPagina(h.pagina(c, "Importación terminada", "importar"), v))
}

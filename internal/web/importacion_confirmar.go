package web

import (
	"errors"

	"comite/internal/db"
	"comite/internal/importar"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// importacionConfirmar writes the previewed file, all or nothing, through
// the store (which audits the import with the file's SHA-256 and every
// updated row's before and after), then shows the result (Post/Redirect/Get).
func (h *handler) importacionConfirmar(c echo.Context) error {
	muImportacion.Lock()
	defer muImportacion.Unlock()
	token, m, err := h.cargarImportacion(c)
	if err != nil {
		return err
	}
	if m.Resultado != nil {
		return redirigir(c, urls.ImportacionResultado(token)+"?aviso=importacion_ya_aplicada")
	}
	if len(m.Problemas) > 0 {
		return redirigir(c, urls.Importacion(token)) // the preview lists them
	}
	fuente, sha, cerrar, err := h.pendientes.Fuente(duenoImportacion(c), token)
	if err != nil {
		return err
	}
	if fuente == nil || sha != m.SHA256 {
		if cerrar != nil {
			cerrar()
		}
		h.pendientes.Borrar(duenoImportacion(c), token, true)
		return redirigir(c, urls.Importar+"?aviso=importacion_no_vigente")
	}
	restaurar := recolectorEstricto()
	r, err := h.d.ImportarFuente(c.Request().Context(), *fuente, actor(c), db.OpcionesImportacion{})
	cerrar()
	restaurar()
	var ei *db.ErrImportacion
	if errors.As(err, &ei) {
		// The data changed since the preview: it lists why.
		m.Problemas, m.Simulacion, m.Columnas, m.Muestra = importar.Acotar(ei.Problemas), nil, nil, nil
		if err := h.pendientes.Actualizar(duenoImportacion(c), token, m); err != nil {
			return err
		}
		h.pendientes.Borrar(duenoImportacion(c), token, false)
		return redirigir(c, urls.Importacion(token))
	} else if err != nil {
		return err
	}
	m.Resultado = &r
	if err := h.pendientes.Actualizar(duenoImportacion(c), token, m); err != nil {
		return err
	}
	h.pendientes.Borrar(duenoImportacion(c), token, false)
	return redirigir(c, urls.ImportacionResultado(token))
}

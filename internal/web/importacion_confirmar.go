package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/importar"
	"comite/web/templates"

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
		return redirigir(c, "/importar/"+token+"/resultado?aviso=importacion_ya_aplicada")
	}
	if len(m.Problemas) > 0 {
		return redirigir(c, "/importar/"+token) // the preview lists them
	}
	fuente, sha, cerrar, err := h.fuenteLote(c, token)
	if err != nil {
		return err
	}
	if fuente == nil || sha != m.SHA256 {
		if cerrar != nil {
			cerrar()
		}
		h.borrarImportacion(c, token, true)
		return redirigir(c, "/importar?aviso=importacion_no_vigente")
	}
	dir, err := h.dirImportaciones()
	if err != nil {
		cerrar()
		return err
	}
	r, err := h.d.ImportarFuente(c.Request().Context(), *fuente, actor(c), db.OpcionesImportacion{})
	cerrar()
	var ei *db.ErrImportacion
	if errors.As(err, &ei) {
		// The data changed since the preview: it lists why.
		m.Problemas, m.Simulacion, m.Columnas, m.Muestra = importar.Acotar(ei.Problemas), nil, nil, nil
		if err := escribirMeta(dir, nombrePendiente(c, token), m); err != nil {
			return err
		}
		h.borrarImportacion(c, token, false)
		return redirigir(c, "/importar/"+token)
	} else if err != nil {
		return err
	}
	m.Resultado = &r
	if err := escribirMeta(dir, nombrePendiente(c, token), m); err != nil {
		return err
	}
	h.borrarImportacion(c, token, false)
	return redirigir(c, "/importar/"+token+"/resultado")
}

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

// importacionResultado shows what a confirmed import wrote.
func (h *handler) importacionResultado(c echo.Context) error {
	token, m, err := h.cargarImportacion(c)
	if err != nil {
		return err
	}
	if m.Resultado == nil {
		return redirigir(c, "/importar/"+token)
	}
	r := m.Resultado
	v := templates.ResultadoImportacion{Archivo: m.Archivo, ClaseTexto: etiquetasClaseImportacion[importar.Clase(m.Clase)],
		Filas: formato.Entero(int64(r.Filas)), Nuevas: formato.Entero(int64(r.Insertadas)), Actualizada: formato.Entero(int64(r.Actualizadas)),
		SinCambios: formato.Entero(int64(r.SinCambios)), Auditoria: formato.Entero(r.AuditoriaID), SHA256: m.SHA256}
	if importar.Clase(m.Clase) == importar.Usuarios {
		v.EsUsuarios = true
		v.UsuNuevos, v.UsuActual = formato.Entero(int64(r.UsuariosNuevos)), formato.Entero(int64(r.UsuariosActualizados))
	}
	return h.render(c, http.StatusOK, templates.ImportacionResultadoPagina(h.pagina(c, "Importación terminada", "importar"), v))
}

// importacionPlantilla downloads a template: /importar/plantillas/sanciones.csv.
func (h *handler) importacionPlantilla(c echo.Context) error {
	archivo := c.Param("archivo")
	var clase, formatoArchivo, tipo string
	for _, p := range importar.PlantillasDisponibles {
		switch archivo {
		case p + ".csv":
			clase, formatoArchivo, tipo = p, "csv", "text/csv; charset=utf-8"
		case p + ".xlsx":
			clase, formatoArchivo, tipo = p, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
		}
	}
	if clase == "" {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	b, err := importar.Plantilla(clase, formatoArchivo)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="plantilla_`+archivo+`"`)
	return c.Blob(http.StatusOK, tipo, b)
}

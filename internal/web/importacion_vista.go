package web

import (
	"comite/internal/etiquetas"
	"comite/internal/importar/filas"
	"net/http"
	"strconv"

	"comite/internal/formato"
	"comite/internal/importar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// problemasPorPagina is how many of a file's problems a page lists.
const problemasPorPagina = 50

// importacionVista is the preview of an uploaded file, as it was read,
// validated and simulated at upload (a transaction rolled back): every
// problem (row, field, what is wrong) or what would be inserted, updated or
// left unchanged. The file is not read again and nothing is written.
func (h *handler) importacionVista(c echo.Context) error {
	token, m, err := h.cargarImportacion(c)
	if err != nil {
		return err
	}
	if m.Resultado != nil {
		return redirigir(c, urls.ImportacionResultado(token))
	}
	problemas := m.Problemas
	if len(problemas) == 0 && m.Simulacion == nil {
		return redirigir(c, urls.Importar+"?aviso=importacion_no_vigente")
	}
	cl := filas.Clase(m.Clase)
	v := templates.VistaImportacion{Token: token, Archivo: m.Archivo, ClaseTexto: etiquetas.ClaseImportacion(cl), SHA256: m.SHA256,
		Tamano: templates.TamanoTexto(m.Tamano), Form: templates.FormImportacionDe(m.Clase, templates.Errores{}, importar.PlantillasDisponibles), Formato: m.Formato}
	if r := m.Simulacion; r != nil && len(problemas) == 0 {
		v.Filas, v.Nuevas, v.Actualizada, v.SinCambios = formato.Entero(int64(r.Filas)), formato.Entero(int64(r.Insertadas)),
			formato.Entero(int64(r.Actualizadas)), formato.Entero(int64(r.SinCambios))
		if cl == filas.Usuarios {
			v.EsUsuarios = true
			v.UsuNuevos, v.UsuActual = formato.Entero(int64(r.UsuariosNuevos)), formato.Entero(int64(r.UsuariosActualizados))
		}
		v.Columnas, v.Muestra = m.Columnas, m.Muestra
		if n := r.Filas - len(v.Muestra); n > 0 {
			v.MasFilas = "Y " + formato.Plural(n, "fila más.", "filas más.")
		}
	}
	// The problems are paginated: a page renders at most problemasPorPagina.
	pagina, _ := strconv.Atoi(c.QueryParam("pagina"))
	paginas := max(1, (len(problemas)+problemasPorPagina-1)/problemasPorPagina)
	pagina = min(max(pagina, 1), paginas)
	v.Paginas = templates.Paginas{Pagina: pagina, Total: paginas, Nombre: "Páginas de la lista de problemas"}
	if pagina > 1 {
		v.Paginas.Anterior = urls.Importacion(token) + "?pagina=" + strconv.Itoa(pagina-1)
	}
	if pagina < paginas {
		v.Paginas.Siguiente = urls.Importacion(token) + "?pagina=" + strconv.Itoa(pagina+1)
	}
	total := importar.ContarProblemas(problemas)
	problemas = problemas[min((pagina-1)*problemasPorPagina, len(problemas)):min(pagina*problemasPorPagina, len(problemas))]
	for _, p := range problemas {
		v.Problemas = append(v.Problemas, templates.ProblemaFilaDe(p))
	}
	v.TotalProbs = templates.TotalProblemas(total)
	return h.render(c, http.StatusOK, templates.ImportacionVistaPagina(h.pagina(c, "Vista previa de la importación", "importar"), v))
}

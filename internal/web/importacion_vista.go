package web

import (
	"comite/internal/importar/filas"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/importar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// filasMuestra is how many rows of the file the preview shows, and
// problemasPorPagina how many of its problems a page lists.
const (
	filasMuestra       = 10
	problemasPorPagina = 50
)

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
	v := templates.VistaImportacion{Token: token, Archivo: m.Archivo, ClaseTexto: etiquetasClaseImportacion[cl], SHA256: m.SHA256,
		Tamano: tamanoTexto(m.Tamano), Form: formImportacion(m.Clase, templates.Errores{}), Formato: m.Formato}
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
		f := templates.ProblemaFila{Fila: strconv.Itoa(p.Fila), Campo: p.Campo, Mensaje: formato.MayusculaInicial(p.Mensaje)}
		if p.Fila <= 0 {
			f.Fila = "Archivo"
		}
		if p.Columna != "" && p.Campo != "" { // the column as the file names it
			f.Campo = p.Columna
		}
		if f.Campo == "" {
			f.Campo = "—"
		}
		v.Problemas = append(v.Problemas, f)
	}
	switch n := total; n {
	case 0:
	case 1:
		v.TotalProbs = "1 problema"
	default:
		v.TotalProbs = formato.Plural(n, "problema", "problemas")
	}
	return h.render(c, http.StatusOK, templates.ImportacionVistaPagina(h.pagina(c, "Vista previa de la importación", "importar"), v))
}

// muestraLote is the header and the first rows of a validated file, as
// people read them.
func muestraLote(l *filas.Lote) ([]string, [][]string) {
	var muestra [][]string
	switch l.Clase {
	case filas.Sanciones:
		for _, s := range l.Sanciones[:min(len(l.Sanciones), filasMuestra)] {
			firmeza := "Sin firmeza"
			if !s.FechaFirmeza.IsZero() {
				firmeza = formato.Fecha(s.FechaFirmeza)
			}
			muestra = append(muestra, []string{strconv.Itoa(s.Fila), s.NIT, s.NumeroActo, formato.Fecha(s.FechaExpedicion), firmeza, datosGuionWeb(s.Infraccion),
				formato.MayusculaInicial(s.Gravedad.Etiqueta()), formato.MayusculaInicial(s.Sancion.Etiqueta()), formato.Pesos(s.Valor), formato.SiNo(s.Allanamiento)})
		}
		return []string{"Fila", "NIT", "Número de acto", "Expedición", "Firmeza", "Infracción", "Gravedad", "Sanción", "Valor", "Allanamiento"}, muestra
	case filas.Operaciones:
		if l.PorDeclaracion {
			for _, o := range l.Operaciones[:min(len(l.Operaciones), filasMuestra)] {
				muestra = append(muestra, []string{strconv.Itoa(o.Fila), o.NIT, formato.Fecha(o.Fecha), o.Declaracion, formato.Pesos(o.Valor)})
			}
			return []string{"Fila", "NIT", "Fecha", "Declaración", "Valor"}, muestra
		}
		for _, o := range l.Operaciones[:min(len(l.Operaciones), filasMuestra)] {
			muestra = append(muestra, []string{strconv.Itoa(o.Fila), o.NIT, strconv.Itoa(o.Anio), formato.Pesos(o.Valor), formato.Entero(o.Numero)})
		}
		return []string{"Fila", "NIT", "Año", "Valor", "Número de operaciones"}, muestra
	default:
		for _, u := range l.Usuarios[:min(len(l.Usuarios), filasMuestra)] {
			hasta := "Indefinida"
			if !u.VigenteHasta.IsZero() {
				hasta = formato.Fecha(u.VigenteHasta)
			}
			muestra = append(muestra, []string{strconv.Itoa(u.Fila), u.NIT, u.RazonSocial, etiquetas.TipoUsuario(u.Tipo), datosGuionWeb(u.DireccionSeccional), formato.Fecha(u.VigenteDesde), hasta})
		}
		return []string{"Fila", "NIT", "Razón social", "Tipo", "Dirección Seccional", "Registro vigente desde", "Vigente hasta"}, muestra
	}
}

func datosGuionWeb(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// tamanoTexto shows a size in bytes for people: "18 KB", "3,4 MB".
func tamanoTexto(n int64) string {
	switch {
	case n < 1024:
		return strconv.FormatInt(n, 10) + " bytes"
	case n < 1<<20:
		return strconv.FormatInt((n+512)/1024, 10) + " KB"
	}
	d := float64(n) / (1 << 20) // display only
	s := strconv.FormatFloat(d, 'f', 1, 64)
	return strings.ReplaceAll(s, ".", ",") + " MB"
}

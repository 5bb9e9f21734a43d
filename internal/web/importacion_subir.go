package web

import (
	"bytes"
	"comite/internal/importar/filas"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unicode"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/importar"
	"comite/internal/web/pendientes"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// partesEntreRecolecciones is how many parts of an upload pass between two
// collections of the heap (see importacionSubir).
const partesEntreRecolecciones = 4

// importacionSubir receives a CSV or XLSX file (multipart, at most
// LimiteImportacion), keeps it on the server and sends the person to its
// preview (Post/Redirect/Get). Nothing is written to the database here.
func (h *handler) importacionSubir(c echo.Context) error {
	clase := c.FormValue("clase")
	errs := templates.Errores{}
	cl, err := filas.ParseClase(clase)
	if clase == "" {
		errs["clase"] = "Elija qué contiene el archivo: actos sancionatorios, operaciones o usuarios."
	} else if err != nil {
		errs["clase"] = formato.MayusculaInicial(err.Error()) + "."
	}
	var datos []byte
	nombre := ""
	fh, err := c.FormFile("archivo")
	switch {
	case err != nil:
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge).SetInternal(err)
		}
		errs["archivo"] = "Elija el archivo CSV o XLSX que quiere importar."
	default:
		nombre = nombreArchivo(fh.Filename)
		ext := strings.ToLower(filepath.Ext(nombre))
		if ext != ".csv" && ext != ".xlsx" {
			errs["archivo"] = "Solo se aceptan archivos .csv o .xlsx y «" + nombre + "» no lo es: en Excel use «Guardar como» CSV o Libro de Excel (.xlsx)."
			break
		}
		if fh.Size > LimiteImportacion {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		f, err := fh.Open()
		if err != nil {
			return err
		}
		defer f.Close()
		// One buffer of the declared size, not one that doubles as it reads.
		var b bytes.Buffer
		b.Grow(int(fh.Size) + bytes.MinRead)
		if _, err := b.ReadFrom(io.LimitReader(f, LimiteImportacion+1)); err != nil {
			return err
		}
		datos = b.Bytes()
		if int64(len(datos)) > LimiteImportacion {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		if len(datos) == 0 {
			errs["archivo"] = "El archivo «" + nombre + "» está vacío."
		}
	}
	if len(errs) > 0 {
		return h.render(c, http.StatusUnprocessableEntity, templates.ImportacionPagina(h.pagina(c, "Importar datos", "importar"), templates.FormImportacionDe(clase, errs, importar.PlantillasDisponibles)))
	}
	// The file is read and validated here, once, before any transaction:
	// the preview and the confirmation use what is kept (package pendientes).
	suma := sha256.Sum256(datos)
	m := pendientes.Pendiente{Clase: string(cl), Archivo: nombre, SHA256: hex.EncodeToString(suma[:]), Tamano: int64(len(datos)), Formato: "CSV"}
	if bytes.HasPrefix(datos, []byte("PK\x03\x04")) {
		m.Formato = "XLSX"
	}
	ctx := c.Request().Context()
	// The rows are read and validated, each part going to the pending file
	// as it passes, and then simulated in the database (a transaction rolled
	// back) as `comite importar` writes them: the reading holds no lock. The
	// database also checks the valid rows of a file with problems, so the
	// person sees every problem at once. The collector runs as in the CLI
	// meanwhile (recolectorEstricto).
	defer recolectorEstricto()()
	escritor, err := h.pendientes.NuevoEscritorLote()
	if err != nil {
		return err
	}
	defer escritor.Descartar()
	fuente, err := importar.Preparar(ctx, cl, nombre, bytes.NewReader(datos), nil)
	if err != nil {
		return err
	}
	var muestra *filas.Lote
	var errEscritura error
	partes := 0
	if entregar := fuente.Entregar; entregar != nil {
		fuente.Entregar = func(lectura func(int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
			return entregar(lectura, func(p *filas.Lote) bool {
				if muestra == nil {
					muestra = p
				}
				if errEscritura = escritor.Escribir(p); errEscritura != nil {
					return false
				}
				if partes++; partes%partesEntreRecolecciones == 0 {
					// The server lets the heap grow to five times what is
					// live; what the reading leaves behind each part (the
					// text of its rows, the buffers of the pending file) is
					// garbage, so one upload would hold several parts of it.
					// Collecting every few parts keeps that near one part
					// (the rows themselves are kept until the simulation).
					runtime.GC()
				}
				return parte(p)
			})
		}
	}
	r, err := h.d.ImportarFuente(ctx, fuente, actor(c), db.OpcionesImportacion{Simular: true})
	datos = nil
	if err := ctx.Err(); err != nil {
		return err // the person left: nothing to show
	}
	var ei *db.ErrImportacion
	guardar := ""
	switch {
	case errors.Is(errEscritura, pendientes.ErrLoteGrande):
		m.Problemas = []filas.Problema{{Mensaje: "el archivo tiene demasiadas filas para dejarlas en espera de la confirmación (más de " +
			templates.TamanoTexto(pendientes.LimiteLote) + " ya validadas): divídalo en varios archivos e impórtelos uno a uno"}}
	case errEscritura != nil:
		return errEscritura
	case errors.As(err, &ei):
		// In file order, the file as a whole (row 0) first; bounded.
		m.Problemas = importar.Acotar(ei.Problemas)
		sort.SliceStable(m.Problemas, func(i, j int) bool {
			return m.Problemas[i].Omitidos == 0 && m.Problemas[j].Omitidos > 0 ||
				(m.Problemas[i].Omitidos > 0) == (m.Problemas[j].Omitidos > 0) && m.Problemas[i].Fila < m.Problemas[j].Fila
		})
	case err != nil:
		return err
	default:
		if guardar, err = escritor.Cerrar(); err != nil {
			return err
		}
		m.Simulacion = &r
		if muestra != nil {
			m.Columnas, m.Muestra = templates.MuestraLote(muestra)
		}
	}
	token, err := h.pendientes.Guardar(duenoImportacion(c), m, guardar)
	if err != nil {
		return err
	}
	return redirigir(c, urls.Importacion(token))
}

// nombreArchivo keeps the base name the browser sent, without control
// characters or bidirectional controls and at most 200 characters (it is shown and audited).
func nombreArchivo(s string) string {
	s = filepath.Base(strings.ReplaceAll(s, `\`, "/"))
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[len(r)-200:])
	}
	if s == "." || s == "/" {
		return "archivo"
	}
	return s
}

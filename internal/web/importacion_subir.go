package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/importar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// importacionSubir receives a CSV or XLSX file (multipart, at most
// LimiteImportacion), keeps it on the server and sends the person to its
// preview (Post/Redirect/Get). Nothing is written to the database here.
func (h *handler) importacionSubir(c echo.Context) error {
	clase := c.FormValue("clase")
	errs := templates.Errores{}
	cl, err := importar.ParseClase(clase)
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
		datos, err = io.ReadAll(io.LimitReader(f, LimiteImportacion+1))
		if err != nil {
			return err
		}
		if int64(len(datos)) > LimiteImportacion {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		if len(datos) == 0 {
			errs["archivo"] = "El archivo «" + nombre + "» está vacío."
		}
	}
	if len(errs) > 0 {
		return h.render(c, http.StatusUnprocessableEntity, templates.ImportacionPagina(h.pagina(c, "Importar datos", "importar"), formImportacion(clase, errs)))
	}
	// The file is read and validated here, once, before any transaction:
	// the preview and the confirmation use what is kept (importacion_archivos.go).
	suma := sha256.Sum256(datos)
	m := importacionPendiente{Clase: string(cl), Archivo: nombre, SHA256: hex.EncodeToString(suma[:]), Tamano: int64(len(datos)), Formato: "CSV"}
	if bytes.HasPrefix(datos, []byte("PK\x03\x04")) {
		m.Formato = "XLSX"
	}
	ctx := c.Request().Context()
	// The valid rows are kept even when other rows have problems, so that
	// the database's own checks (a NIT not registered) run on them too and
	// the person sees every problem of the file at once, as the CLI reports
	// them, not the file's first and the database's on the next upload.
	var validas importar.Lote
	meta, problemas := importar.LeerEnPartesContexto(ctx, cl, nombre, bytes.NewReader(datos), nil, func(p *importar.Lote) bool {
		if validas.Sanciones == nil && validas.Operaciones == nil && p.FilasEstimadas > 0 {
			// Sized once: doubling the slices would hold twice the rows.
			switch {
			case p.Sanciones != nil:
				validas.Sanciones = make([]importar.FilaSancion, 0, p.FilasEstimadas)
			case p.Operaciones != nil:
				validas.Operaciones = make([]importar.FilaOperacion, 0, p.FilasEstimadas)
			}
		}
		validas.Sanciones = append(validas.Sanciones, p.Sanciones...)
		validas.Operaciones = append(validas.Operaciones, p.Operaciones...)
		validas.Usuarios = append(validas.Usuarios, p.Usuarios...)
		return true
	})
	datos = nil
	if err := ctx.Err(); err != nil {
		return err // the person left: nothing to show
	}
	var lote *importar.Lote
	if meta != nil {
		lote = meta
		lote.Sanciones, lote.Operaciones, lote.Usuarios = validas.Sanciones, validas.Operaciones, validas.Usuarios
	}
	if lote != nil && (len(problemas) == 0 || lote.Filas() > 0) {
		// What the database would say and the counts, in a transaction
		// that is rolled back.
		r, err := h.d.Importar(ctx, lote, actor(c), db.OpcionesImportacion{Simular: true})
		var ei *db.ErrImportacion
		switch {
		case errors.As(err, &ei):
			problemas = append(problemas, importar.Acotar(ei.Problemas)...)
		case err != nil:
			return err
		case len(problemas) == 0:
			m.Simulacion = &r
			m.Columnas, m.Muestra = muestraLote(lote)
		}
	}
	if len(problemas) > 0 {
		// In file order, the file as a whole (row 0) first.
		sort.SliceStable(problemas, func(i, j int) bool { return problemas[i].Fila < problemas[j].Fila })
		m.Problemas, lote = problemas, nil
	}
	token, err := h.guardarImportacion(c, m, lote)
	if errors.Is(err, errLoteGrande) {
		m.Simulacion, m.Columnas, m.Muestra = nil, nil, nil
		m.Problemas = []importar.Problema{{Mensaje: "el archivo tiene demasiadas filas para dejarlas en espera de la confirmación (más de " +
			tamanoTexto(limiteLotePendiente) + " ya validadas): divídalo en varios archivos e impórtelos uno a uno"}}
		token, err = h.guardarImportacion(c, m, nil)
	}
	if err != nil {
		return err
	}
	return redirigir(c, "/importar/"+token)
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

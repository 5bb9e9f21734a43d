package api

import (
	"bytes"
	"comite/internal/importar/filas"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/importar"

	"github.com/labstack/echo/v4"
)

// Carga is the answer of a bulk load: what the import did, and the data
// version after it.
type Carga struct {
	Clase                string       `json:"clase"`
	Filas                int          `json:"filas"`
	Insertadas           int          `json:"insertadas"`
	Actualizadas         int          `json:"actualizadas"`
	SinCambios           int          `json:"sin_cambios"`
	UsuariosNuevos       *int         `json:"usuarios_nuevos,omitempty"`
	UsuariosActualizados *int         `json:"usuarios_actualizados,omitempty"`
	PorDeclaracion       *bool        `json:"por_declaracion,omitempty"`
	AuditoriaID          int64        `json:"auditoria_id"`
	VersionDatos         VersionDatos `json:"version_datos"`
}

// VersionDatos is db.VersionDatos as the API writes it.
type VersionDatos struct {
	Aduaneros int64 `json:"aduaneros"`
	General   int64 `json:"general"`
}

func (s *servidor) cargarUsuarios(c echo.Context) error { return s.cargar(c, filas.Usuarios) }
func (s *servidor) cargarSanciones(c echo.Context) error {
	return s.cargar(c, filas.Sanciones)
}
func (s *servidor) cargarOperaciones(c echo.Context) error {
	return s.cargar(c, filas.Operaciones)
}

// cargar writes a bulk load as the import of a file does (the same reader,
// validation and one transaction: all rows or none): the body is the CSV
// the import accepts (text/csv) or a JSON array of objects whose keys are
// the CSV's columns (application/json), read by turning it into that CSV.
// With an Idempotency-Key the first answer is kept and replayed.
func (s *servidor) cargar(c echo.Context, clase filas.Clase) error {
	cuerpo, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	clave := strings.TrimSpace(c.Request().Header.Get("Idempotency-Key"))
	if clave == "" {
		estado, tipo, b, err := s.importar(c, clase, cuerpo)
		if err != nil {
			return err
		}
		return c.Blob(estado, tipo, b)
	}
	if len(clave) > 200 {
		return invalido("La cabecera Idempotency-Key admite hasta 200 caracteres.", nil)
	}
	cs := cuentaDe(c)
	h := sha256.Sum256(cuerpo)
	huella := hex.EncodeToString(h[:])
	metodoRuta := c.Request().Method + " " + c.Path()
	libre, previa, err := s.d.ReservarIdempotencia(c.Request().Context(), cs.ID, clave, metodoRuta, huella)
	if err != nil {
		return err
	}
	if !libre {
		switch {
		case previa.MetodoRuta != metodoRuta || previa.HashCuerpo != huella:
			return invalido("La clave de Idempotency-Key ya se usó con otra solicitud; use una clave nueva.", nil)
		case previa.Estado == 0:
			return problema(http.StatusConflict, "solicitud en curso", "La primera solicitud con esta Idempotency-Key aún no termina; repítala más tarde.")
		}
		c.Response().Header().Set("Idempotent-Replayed", "true")
		return c.Blob(previa.Estado, previa.Tipo, previa.Cuerpo)
	}
	estado, tipo, b, err := s.importar(c, clase, cuerpo)
	if err != nil {
		var p *Problema
		if !errors.As(err, &p) {
			s.d.GuardarIdempotencia(c.Request().Context(), cs.ID, clave, http.StatusInternalServerError, "", nil)
			return err
		}
		estado, tipo = p.Estado, TipoProblema
		if b, err = json.Marshal(p); err != nil {
			return err
		}
	}
	if err := s.d.GuardarIdempotencia(c.Request().Context(), cs.ID, clave, estado, tipo, b); err != nil {
		return err
	}
	return c.Blob(estado, tipo, b)
}

// importar runs the import of the body and returns the answer to send.
func (s *servidor) importar(c echo.Context, clase filas.Clase, cuerpo []byte) (int, string, []byte, error) {
	tipo, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	archivo := "api-" + string(clase)
	var esJSON bool
	switch tipo {
	case "text/csv":
		archivo += ".csv"
	case echo.MIMEApplicationJSON:
		esJSON = true
		archivo += ".json"
		var errs []Error
		if cuerpo, errs = csvDeJSON(cuerpo); len(errs) > 0 {
			return 0, "", nil, invalido("El cuerpo debe ser un arreglo JSON de objetos cuyos campos son las columnas del archivo de importación.", errs)
		}
	default:
		return 0, "", nil, problema(http.StatusUnsupportedMediaType, "tipo de contenido no admitido", "Envíe text/csv (el mismo archivo que acepta la importación) o application/json (un arreglo de objetos).")
	}
	ctx := c.Request().Context()
	fuente, err := importar.Preparar(ctx, clase, archivo, bytes.NewReader(cuerpo), nil)
	if err != nil {
		return 0, "", nil, err
	}
	r, err := s.d.ImportarFuente(ctx, fuente, actor(c), db.OpcionesImportacion{})
	var ei *db.ErrImportacion
	if errors.As(err, &ei) {
		return 0, "", nil, invalido(fmt.Sprintf("%s; no se escribió nada: corrija las filas y vuelva a enviarlas.", formato.Plural(importar.ContarProblemas(ei.Problemas), "problema", "problemas")), erroresDeFilas(ei.Problemas, esJSON))
	}
	if err != nil {
		return 0, "", nil, err
	}
	v, err := s.d.LeerVersionDatos(ctx)
	if err != nil {
		return 0, "", nil, err
	}
	out := Carga{Clase: string(r.Clase), Filas: r.Filas, Insertadas: r.Insertadas, Actualizadas: r.Actualizadas, SinCambios: r.SinCambios,
		AuditoriaID: r.AuditoriaID, VersionDatos: VersionDatos{Aduaneros: v.Aduaneros, General: v.General}}
	switch clase {
	case filas.Usuarios:
		out.UsuariosNuevos, out.UsuariosActualizados = &r.UsuariosNuevos, &r.UsuariosActualizados
	case filas.Operaciones:
		out.PorDeclaracion = &r.PorDeclaracion
	}
	b, err := json.Marshal(out)
	return http.StatusOK, echo.MIMEApplicationJSON, b, err
}

// erroresDeFilas are the import's problems as fields of the answer.
func erroresDeFilas(ps []filas.Problema, esJSON bool) []Error {
	errs := make([]Error, 0, len(ps))
	for _, p := range ps {
		e := Error{Fila: p.Fila, Campo: p.Campo, Mensaje: p.Mensaje, Texto: p.String()}
		if esJSON && p.Fila >= 2 {
			i := p.Fila - 2
			e.Indice = &i
		}
		errs = append(errs, e)
	}
	return errs
}

// csvDeJSON writes a JSON array of objects as the CSV the import reads: the
// header is every key in the order first seen; strings go as they are,
// numbers as written, true and false as «sí» and «no», null as empty. It
// checks the shape only: every value is read by the import. The array is
// read token by token, one pass, without a map per row.
func csvDeJSON(cuerpo []byte) ([]byte, []Error) {
	dec := json.NewDecoder(bytes.NewReader(cuerpo))
	dec.UseNumber()
	mal := func(fila int, campo, m string) []Error {
		e := Error{Campo: campo, Mensaje: m, Texto: m}
		if fila >= 2 {
			i := fila - 2
			e.Fila, e.Indice = fila, &i
			e.Texto = fmt.Sprintf("fila %d: %s", fila, m)
			if campo != "" {
				e.Texto = fmt.Sprintf("fila %d, %s: %s", fila, campo, m)
			}
		}
		return []Error{e}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, mal(0, "", "el cuerpo no es un arreglo JSON")
	}
	var columnas []string
	indice := map[string]int{}
	var filas [][]string
	for n := 2; dec.More(); n++ {
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return nil, mal(n, "", "cada elemento debe ser un objeto")
		}
		fila := make([]string, len(columnas))
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return nil, mal(n, "", "JSON inválido: "+err.Error())
			}
			k, _ := t.(string)
			if v, err := dec.Token(); err != nil {
				return nil, mal(n, k, "JSON inválido: "+err.Error())
			} else {
				var celda string
				switch x := v.(type) {
				case nil:
				case string:
					celda = x
				case json.Number:
					celda = x.String()
				case bool:
					celda = map[bool]string{true: "sí", false: "no"}[x]
				default:
					return nil, mal(n, k, "el valor debe ser texto, número, verdadero/falso o null")
				}
				j, ya := indice[k]
				if !ya {
					j = len(columnas)
					indice[k] = j
					columnas = append(columnas, k)
				}
				for len(fila) <= j {
					fila = append(fila, "")
				}
				fila[j] = celda
			}
		}
		if _, err := dec.Token(); err != nil {
			return nil, mal(n, "", "JSON inválido: "+err.Error())
		}
		filas = append(filas, fila)
	}
	if _, err := dec.Token(); err != nil {
		return nil, mal(0, "", "el cuerpo no es un arreglo JSON: "+err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, mal(0, "", "hay contenido después del arreglo JSON")
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(columnas)
	for _, f := range filas {
		for len(f) < len(columnas) {
			f = append(f, "")
		}
		w.Write(f)
	}
	w.Flush()
	return b.Bytes(), nil
}

package respaldo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	"comite/internal/db"
)

// A backup carries beside it a manifest signed with the audit key: the
// SHA-256 of the file, its schema version and the rows of each table. A copy
// whose bytes, schema or rows are not those the manifest names, or whose
// manifest is not signed with the key (or is another backup's), is refused.

const (
	cabeceraManifiesto  = "comite-respaldo-manifiesto 1"
	propositoManifiesto = "respaldo-manifiesto"
)

// RutaManifiesto is the manifest of the backup at ruta: beside it.
func RutaManifiesto(respaldo string) string { return respaldo + ".manifiesto" }

// Manifiesto is what a backup's manifest says.
type Manifiesto struct {
	SHA256  string
	Esquema string
	Filas   map[string]int64
	ClaveID int64
	Firma   string
}

// cuerpo is the signed text: every line but the key's number and the
// signature, tables in order.
func (m Manifiesto) cuerpo() string {
	var b strings.Builder
	b.WriteString(cabeceraManifiesto + "\n")
	b.WriteString("sha256\t" + m.SHA256 + "\n")
	b.WriteString("esquema\t" + m.Esquema + "\n")
	tablas := make([]string, 0, len(m.Filas))
	for t := range m.Filas {
		tablas = append(tablas, t)
	}
	sort.Strings(tablas)
	for _, t := range tablas {
		b.WriteString("filas\t" + t + "\t" + strconv.FormatInt(m.Filas[t], 10) + "\n")
	}
	return b.String()
}

// texto is the file: the body, then the key's number (the signature is
// bound to it) and the signature.
func (m Manifiesto) texto() string {
	return m.cuerpo() + "clave\t" + strconv.FormatInt(m.ClaveID, 10) + "\n" + "firma\t" + m.Firma + "\n"
}

// leerManifiesto reads a manifest; ok is false when there is none.
func leerManifiesto(ruta string) (Manifiesto, bool, error) {
	m := Manifiesto{Filas: map[string]int64{}}
	f, err := os.Open(ruta)
	if errors.Is(err, fs.ErrNotExist) {
		return m, false, nil
	}
	if err != nil {
		return m, false, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	if !s.Scan() || s.Text() != cabeceraManifiesto {
		return m, true, fmt.Errorf("el manifiesto %s no empieza con «%s»", ruta, cabeceraManifiesto)
	}
	for s.Scan() {
		c := strings.Split(s.Text(), "\t")
		var err error
		switch {
		case len(c) == 2 && c[0] == "sha256":
			m.SHA256 = c[1]
		case len(c) == 2 && c[0] == "esquema":
			m.Esquema = c[1]
		case len(c) == 3 && c[0] == "filas":
			var n int64
			n, err = strconv.ParseInt(c[2], 10, 64)
			m.Filas[c[1]] = n
		case len(c) == 2 && c[0] == "clave":
			m.ClaveID, err = strconv.ParseInt(c[1], 10, 64)
		case len(c) == 2 && c[0] == "firma":
			m.Firma = c[1]
		default:
			err = errors.New("línea desconocida")
		}
		if err != nil {
			return m, true, fmt.Errorf("el manifiesto %s tiene una línea ilegible %q", ruta, s.Text())
		}
	}
	return m, true, s.Err()
}

// contarFilas counts the rows of every table of an open copy.
func contarFilas(ctx context.Context, d *db.DB) (map[string]int64, error) {
	e, err := db.EsquemaDe(ctx, d)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, o := range e {
		if o.Tipo != "table" || strings.HasPrefix(strings.ToUpper(o.SQL), "CREATE VIRTUAL TABLE") {
			continue
		}
		var n int64
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM "`+strings.ReplaceAll(o.Nombre, `"`, `""`)+`"`).Scan(&n); err != nil {
			return nil, fmt.Errorf("contar las filas de %s: %w", o.Nombre, err)
		}
		out[o.Nombre] = n
	}
	return out, nil
}

// comprobarManifiesto compares the manifest m with the copy (its SHA-256
// sha, schema and rows) and checks its signature with the loaded audit key.
func comprobarManifiesto(d *db.DB, m Manifiesto, sha, esquema string, filas map[string]int64) []string {
	var difs []string
	if err := d.ComprobarFirmaConClave(propositoManifiesto, []byte(m.cuerpo()), m.ClaveID, m.Firma); err != nil {
		difs = append(difs, "el manifiesto "+err.Error())
	}
	if !strings.EqualFold(m.SHA256, sha) {
		difs = append(difs, fmt.Sprintf("el SHA-256 del archivo es %s y el manifiesto dice %s (el archivo cambió, o el manifiesto es de otro respaldo)", sha, m.SHA256))
	}
	if m.Esquema != esquema {
		difs = append(difs, fmt.Sprintf("el esquema es %s y el manifiesto dice %s", esquema, m.Esquema))
	}
	var tablas []string
	for t := range filas {
		tablas = append(tablas, t)
	}
	for t := range m.Filas {
		if _, ok := filas[t]; !ok {
			tablas = append(tablas, t)
		}
	}
	sort.Strings(tablas)
	for _, t := range tablas {
		n, esta := filas[t]
		mn, enManifiesto := m.Filas[t]
		switch {
		case !enManifiesto:
			difs = append(difs, fmt.Sprintf("la tabla %s no está en el manifiesto", t))
		case !esta:
			difs = append(difs, fmt.Sprintf("falta la tabla %s que el manifiesto nombra", t))
		case n != mn:
			difs = append(difs, fmt.Sprintf("la tabla %s tiene %d filas y el manifiesto dice %d", t, n, mn))
		}
	}
	return difs
}

// escribirManifiesto writes the signed manifest (mode 0600), never over a file.
func escribirManifiesto(ruta string, m Manifiesto) error {
	if err := db.EscribirArchivoNuevo(ruta, m.texto()); err != nil {
		return fmt.Errorf("escribir el manifiesto %s: %w", ruta, err)
	}
	return nil
}

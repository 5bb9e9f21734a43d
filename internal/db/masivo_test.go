package db

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"comite/internal/nit"
)

// Helpers that build large data sets quickly for the reliability tests and
// the benchmarks: users by bulk INSERT, and sanction files of any size.

// nitsSinteticos returns n valid, distinct NITs (base 800000000 + i, with DV).
func nitsSinteticos(n int) []string {
	out := make([]string, n)
	for i := range out {
		base := strconv.Itoa(800000000 + i)
		dv, err := nit.DV(base)
		if err != nil {
			panic(err)
		}
		out[i] = base + "-" + strconv.Itoa(dv)
	}
	return out
}

// crearUsuariosMasivo inserts n users, each with a registro in force since
// 2015, in one transaction, and returns their NITs.
func crearUsuariosMasivo(t testing.TB, d *DB, n int) []string {
	t.Helper()
	nits := nitsSinteticos(n)
	err := d.enTx(fondo, func(tx *sql.Tx) error {
		u, err := tx.Prepare(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?,?,?,?,?,?,?)`)
		if err != nil {
			return err
		}
		defer u.Close()
		r, err := tx.Prepare(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (?, 'registro', '', '2015-01-01')`)
		if err != nil {
			return err
		}
		defer r.Close()
		for i, n := range nits {
			if _, err := u.Exec(i+1, n, fmt.Sprintf("Usuario Sintético %d S.A.S.", i+1), "agencia_de_aduanas", "Bogotá", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"); err != nil {
				return err
			}
			if _, err := r.Exec(i + 1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return nits
}

// escribirSanciones writes a sanciones CSV of n rows spread over the NITs,
// in the Spanish format (semicolons, DD/MM/AAAA, 1.234.567,89). When malaFila
// > 0, that row (as Excel numbers it: header = 1) carries an invalid valor.
func escribirSanciones(w io.Writer, nits []string, n, malaFila int) error {
	b := bufio.NewWriterSize(w, 1<<20)
	b.WriteString("nit;numero_acto;fecha_expedicion;fecha_firmeza;infraccion;gravedad;sancion;valor;allanamiento\n")
	grav := [...]string{"grave", "gravísima", "leve", "Grave"}
	for i := 0; i < n; i++ {
		fila := i + 2
		valor := strconv.Itoa(1+i%97) + "." + fmt.Sprintf("%03d", i%1000) + ".000,50"
		if fila == malaFila {
			valor = "12,5,3"
		}
		mes, dia := 1+i%12, 1+i%28
		fmt.Fprintf(b, "%s;RS-%07d;%02d/%02d/2024;%02d/%02d/2025;D920-36-2.1;%s;multa;%s;%s\n",
			nits[i%len(nits)], i, dia, mes, dia, mes, grav[i%len(grav)], valor, [...]string{"no", "si"}[i%5/4])
	}
	return b.Flush()
}

// archivoSanciones writes the file into dir and returns its path.
func archivoSanciones(t testing.TB, dir string, nits []string, n, malaFila int) string {
	t.Helper()
	ruta := filepath.Join(dir, fmt.Sprintf("sanciones_%d.csv", n))
	f, err := os.Create(ruta)
	if err != nil {
		t.Fatal(err)
	}
	if err := escribirSanciones(f, nits, n, malaFila); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return ruta
}

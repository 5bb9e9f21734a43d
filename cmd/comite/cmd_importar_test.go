package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

const impEjemplos = "../../testdata/importar"

func impCorrer(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := correr(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func impContar(t *testing.T, ruta, tabla string) int {
	t.Helper()
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM ` + tabla).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// docs/contrato-cli.md, operational commands: comite importar … exit 0 and the rows
// written; exit 1 with every bad row and field on stderr and nothing written;
// exit 2 for usage errors. The same file twice writes nothing new.
func TestCmdImportar(t *testing.T) {
	t.Parallel()
	base := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	ej := func(n string) string { return filepath.Join(impEjemplos, n) }
	pasos := []struct {
		nombre string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"contrato_sanciones_sin_usuarios_nombra_fila", []string{"importar", "sanciones", ej("sanciones.csv"), "--db", base}, 1, nil,
			[]string{"fila 2, NIT: el NIT 800191045-1 no está registrado", "fila 9, NIT: el NIT 800197268-4 no está registrado", "8 problemas; no se escribió nada"}},
		{"contrato_usuarios", []string{"importar", "usuarios", ej("usuarios.csv"), "--db", base}, 0,
			[]string{"usuarios: 4 filas importadas", "insertadas:   4", "usuarios nuevos: 3"}, nil},
		{"contrato_sanciones", []string{"importar", "--db", base, "sanciones", ej("sanciones.csv")}, 0,
			[]string{"sanciones: 8 filas importadas", "insertadas:   8", "actualizadas: 0"}, nil},
		{"contrato_idempotente_xlsx_mismas_filas", []string{"importar", "sanciones", ej("sanciones.xlsx"), "--db=" + base}, 0,
			[]string{"insertadas:   0", "actualizadas: 0", "sin cambios:  8"}, nil},
		{"contrato_operaciones_por_anio", []string{"importar", "operaciones", ej("operaciones.csv"), "--db", base}, 0,
			[]string{"operaciones por año: 3 filas importadas"}, nil},
		{"contrato_operaciones_por_declaracion", []string{"importar", "operaciones", ej("operaciones_declaraciones.csv"), "--db", base}, 0,
			[]string{"operaciones por declaración: 3 filas importadas"}, nil},
		{"contrato_cada_fila_y_campo_malo", []string{"importar", "sanciones", ej("sanciones_errores.csv"), "--db", base}, 1, nil,
			[]string{`fila 3, nit: NIT "800191045-2": dígito de verificación 2 incorrecto; el correcto es 1`,
				`fila 3, fecha_firmeza: fecha inválida "2025-13-01"`, `fila 3, valor: monto inválido "12,5,3"`,
				`fila 4, fecha_firmeza: fecha inválida "31/02/2025"`, `fila 4, gravedad: gravedad desconocida "muy grave"`,
				`fila 4, valor: monto ambiguo "1.234"`, `fila 4, allanamiento: valor "tal vez" no es sí ni no`,
				`fila 5, sancion: sanción desconocida "pena"`, `fila 5, valor: monto negativo "-5"`, "9 problemas; no se escribió nada"}},
		{"contrato_columnas_extra_y_faltantes", []string{"importar", "sanciones", ej("sanciones_columnas.csv"), "--db", base}, 1, nil,
			[]string{`fila 1: columnas desconocidas: "observaciones"`, "fila 1: faltan las columnas sancion"}},
		{"contrato_nit_no_registrado", []string{"importar", "sanciones", ej("sanciones_nit_no_registrado.csv"), "--db", base}, 1, nil,
			[]string{"fila 3, nit: el NIT 900000001-2 no está registrado", "1 problema; no se escribió nada"}},
		{"simular_no_escribe", []string{"importar", "sanciones", ej("sanciones_latin1.csv"), "--db", base, "--simular"}, 0,
			[]string{"simuladas (no se escribió nada)", "sin cambios:  8"}, nil},
		{"archivo_inexistente", []string{"importar", "sanciones", ej("no_existe.csv"), "--db", base}, 1, nil, []string{"el archivo no existe"}},
		{"uso_clase_desconocida", []string{"importar", "multas", ej("sanciones.csv"), "--db", base}, 2, nil, []string{`clase de archivo desconocida "multas"`}},
		{"uso_falta_archivo", []string{"importar", "sanciones", "--db", base}, 2, nil, []string{"faltan la clase de archivo y el ARCHIVO"}},
		{"uso_db_sin_valor", []string{"importar", "sanciones", ej("sanciones.csv"), "--db"}, 2, nil, []string{"--db: falta el archivo"}},
		{"uso_opcion_desconocida", []string{"importar", "sanciones", ej("sanciones.csv"), "--base", base}, 2, nil, []string{"--base: opción desconocida"}},
		{"uso_argumento_de_mas", []string{"importar", "sanciones", ej("sanciones.csv"), "otro.csv", "--db", base}, 2, nil, []string{`argumento de más "otro.csv"`}},
		{"ayuda", []string{"importar", "-h"}, 0, nil, []string{"uso: comite importar"}},
	}
	for _, p := range pasos {
		t.Run(p.nombre, func(t *testing.T) {
			code, out, errs := impCorrer(p.args...)
			if code != p.code {
				t.Fatalf("código %d, quiere %d\nstdout:\n%s\nstderr:\n%s", code, p.code, out, errs)
			}
			if p.code != 0 && out != "" {
				t.Errorf("con error no debe escribir en stdout: %q", out)
			}
			for _, s := range p.stdout {
				if !strings.Contains(out, s) {
					t.Errorf("stdout sin %q:\n%s", s, out)
				}
			}
			for _, s := range p.stderr {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr sin %q:\n%s", s, errs)
				}
			}
		})
	}
	for tabla, n := range map[string]int{"usuarios_aduaneros": 3, "registros": 4, "actos": 8, "operaciones_anuales": 3, "declaraciones": 3, "auditoria": 5} {
		if got := impContar(t, base, tabla); got != n {
			t.Errorf("%s: %d filas, quiere %d", tabla, got, n)
		}
	}
}

func TestCmdImportar_progresoEnArchivosGrandes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	var u, s strings.Builder
	u.WriteString("nit;razon_social;tipo;registro_vigente_desde\n800191045-1;Agencia;agencia_de_aduanas;2020-01-01\n")
	s.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n")
	for i := 0; i < 12000; i++ {
		fmt.Fprintf(&s, "800191045-1;RS-%d;2025-03-04;grave;multa;%d;no\n", i, i)
	}
	os.WriteFile(filepath.Join(dir, "u.csv"), []byte(u.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "s.csv"), []byte(s.String()), 0o644)
	if code, _, errs := impCorrer("importar", "usuarios", filepath.Join(dir, "u.csv"), "--db", base); code != 0 || errs != "" {
		t.Fatalf("usuarios: %d %s", code, errs)
	}
	code, out, errs := impCorrer("importar", "sanciones", filepath.Join(dir, "s.csv"), "--db", base)
	if code != 0 || !strings.Contains(out, "insertadas:   12000") {
		t.Fatalf("%d\n%s\n%s", code, out, errs)
	}
	for _, s := range []string{"leyendo s.csv: 10000 filas", "escribiendo: 10000 de 12000 filas (83 %)", "escribiendo: 12000 de 12000 filas (100 %)"} {
		if !strings.Contains(errs, s) {
			t.Errorf("stderr sin %q:\n%s", s, errs)
		}
	}
}

// docs/contrato-cli.md: comite auditoria verificar --db F — exit 0, or exit 1 naming
// the first row that does not match.
func TestCmdAuditoriaVerificar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	if code, _, errs := impCorrer("importar", "usuarios", filepath.Join(impEjemplos, "usuarios.csv"), "--db", base); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := impCorrer("importar", "sanciones", filepath.Join(impEjemplos, "sanciones.csv"), "--db", base); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := impCorrer("auditoria", "verificar", "--db", base)
	if code != 0 || out != "registro de auditoría íntegro: 2 filas verificadas en "+base+"\n" || errs != "" {
		t.Fatalf("%d %q %q", code, out, errs)
	}
	// Tamper with row 2 (dropping the trigger that forbids it first).
	d, err := db.Open(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(`DROP TRIGGER auditoria_sin_update`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(`UPDATE auditoria SET detalle_json = replace(detalle_json, '"filas":8', '"filas":7') WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	code, out, errs = impCorrer("auditoria", "verificar", "--db", base)
	if code != 1 || out != "" || !strings.HasPrefix(errs, "la fila 2 del registro de auditoría no coincide: su contenido no corresponde a su hash") {
		t.Fatalf("%d %q %q", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"auditoria"}, 2, "falta la acción"},
		{[]string{"auditoria", "borrar", "--db", base}, 2, `acción desconocida "borrar"`},
		{[]string{"auditoria", "verificar", "--simular", "--db", base}, 2, "--simular: opción desconocida"},
		{[]string{"auditoria", "verificar", "--db", filepath.Join(dir, "otra.db")}, 1, "no se encontró la base de datos"},
	} {
		code, out, errs := impCorrer(c.args...)
		if code != c.code || out != "" || !strings.Contains(errs, c.err) {
			t.Errorf("%v: %d %q %q", c.args, code, out, errs)
		}
	}
}

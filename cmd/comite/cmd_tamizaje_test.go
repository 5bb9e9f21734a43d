package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/tamizaje"

	"github.com/xuri/excelize/v2"
)

func correrTamizaje(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := correr(append([]string{"tamizaje"}, args...), strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

// baseTamizaje is a small demo database (reference year 2025).
func baseTamizaje(t *testing.T) (string, demo.Resumen) {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "x.db")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	res, err := demo.Generar(context.Background(), d, demo.Opciones{Usuarios: 60, Anios: 3, Semilla: 5})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	return ruta, res
}

func TestCmdTamizaje_json(t *testing.T) {
	t.Parallel()
	ruta, res := baseTamizaje(t)
	rc, out, errs := correrTamizaje("--anio", "2026", "--db", ruta, "--json")
	if rc != 0 {
		t.Fatalf("rc = %d, stderr: %s", rc, errs)
	}
	var filas []map[string]any
	if err := json.Unmarshal([]byte(out), &filas); err != nil {
		t.Fatalf("JSON inválido: %v\n%s", err, out)
	}
	if len(filas) != 60 {
		t.Fatalf("%d objetos, se esperaban 60", len(filas))
	}
	// Contract fields (docs/contrato-cli.md, comite tamizaje), with their JSON types.
	for _, campo := range []string{"nit", "suma_sanciones_cop", "total_operaciones_cop"} {
		if _, ok := filas[0][campo].(string); !ok {
			t.Errorf("%s no es una cadena: %#v", campo, filas[0][campo])
		}
	}
	for _, campo := range []string{"cumple_umbral", "procede_comite"} {
		if _, ok := filas[0][campo].(bool); !ok {
			t.Errorf("%s no es booleano: %#v", campo, filas[0][campo])
		}
	}
	if _, ok := filas[0]["numero_actos"].(float64); !ok {
		t.Errorf("numero_actos no es un número")
	}
	porNIT := map[string]map[string]any{}
	for _, f := range filas {
		porNIT[f["nit"].(string)] = f
		if p, ok := f["participacion_porcentual"].(string); ok {
			if i := strings.IndexByte(p, '.'); i < 0 || len(p)-i-1 != 4 {
				t.Errorf("participación %q sin 4 decimales", p)
			}
		} else if f["participacion_porcentual"] != nil {
			t.Errorf("participación %#v", f["participacion_porcentual"])
		}
	}
	// The user placed exactly on 0,5 % meets the threshold, with "0.5000".
	exacto := porNIT[res.JustoEncima[0].NIT]
	if exacto["participacion_porcentual"] != "0.5000" || exacto["cumple_umbral"] != true {
		t.Errorf("umbral exacto: %v %v", exacto["participacion_porcentual"], exacto["cumple_umbral"])
	}
	sinOps := porNIT[res.SinOperaciones[0].NIT]
	if sinOps["participacion_porcentual"] != nil || sinOps["total_operaciones_cop"] != "0" {
		t.Errorf("sin operaciones: %v %v", sinOps["participacion_porcentual"], sinOps["total_operaciones_cop"])
	}
	if filas[0]["procede_comite"] != true || filas[0]["posicion"].(float64) != 1 {
		t.Errorf("el primero no procede: %v", filas[0])
	}
}

func TestCmdTamizaje_tablaFiltrosYArchivos(t *testing.T) {
	t.Parallel()
	ruta, res := baseTamizaje(t)
	rc, out, errs := correrTamizaje("--anio", "2026", "--db", ruta)
	if rc != 0 {
		t.Fatalf("rc = %d, stderr: %s", rc, errs)
	}
	for _, s := range []string{"año de referencia 2025", "01/01/2026", "60 usuarios", "Razón social", res.MuyPorEncima[0].NIT, "$ "} {
		if !strings.Contains(out, s) {
			t.Errorf("la tabla no dice %q", s)
		}
	}
	rc, out, _ = correrTamizaje("--anio", "2026", "--db", ruta, "--tipo", "Agencia de Aduanas", "--seccional", "bogota", "--limite", "2")
	if rc != 0 || !strings.Contains(out, "Tipo de usuario: agencia_de_aduanas") || strings.Contains(out, "declarante ") {
		t.Errorf("filtro: rc %d\n%s", rc, out)
	}

	dir := t.TempDir()
	csvRuta, xlsxRuta := filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.xlsx")
	rc, out, errs = correrTamizaje("--anio", "2026", "--db", ruta, "--csv", csvRuta, "--xlsx", xlsxRuta)
	if rc != 0 || !strings.Contains(out, "Archivo escrito: "+csvRuta) || strings.Contains(out, "Razón social") {
		t.Fatalf("rc %d, stderr %s\n%s", rc, errs, out)
	}
	data, err := os.ReadFile(csvRuta)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	r.Comma = ';'
	regs, err := r.ReadAll()
	if err != nil || len(regs) != 61 {
		t.Fatalf("CSV: %v, %d registros", err, len(regs))
	}
	x, err := excelize.OpenFile(xlsxRuta)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	filasX, err := x.GetRows(tamizaje.HojaXLSX)
	if err != nil || len(filasX) != 61 || filasX[1][1] != regs[1][1] {
		t.Errorf("XLSX: %v, %d filas", err, len(filasX))
	}
}

func TestCmdTamizaje_opcionesInvalidas(t *testing.T) {
	t.Parallel()
	ruta, _ := baseTamizaje(t)
	for _, c := range []struct {
		nombre string
		args   []string
		dice   string
	}{
		{"falta_anio", []string{"--db", ruta}, "--anio: falta el año"},
		{"anio_no_numerico", []string{"--anio", "dos mil", "--db", ruta}, `--anio: "dos mil" no es un número entero`},
		{"anio_fuera_de_rango", []string{"--anio", "1900", "--db", ruta}, "--anio: el año 1900 está fuera del rango"},
		{"opcion_desconocida", []string{"--anio", "2026", "--db", ruta, "--orden", "x"}, "--orden: opción desconocida"},
		{"tipo_desconocido", []string{"--anio", "2026", "--db", ruta, "--tipo", "naviera"}, "--tipo: tipo de usuario desconocido"},
		{"seccional_vacia", []string{"--anio", "2026", "--db", ruta, "--seccional", " "}, "--seccional:"},
		{"limite_negativo", []string{"--anio", "2026", "--db", ruta, "--limite", "-1"}, "--limite:"},
		{"base_inexistente", []string{"--anio", "2026", "--db", filepath.Join(t.TempDir(), "no.db")}, "--db: no se encontró"},
		{"json_con_valor", []string{"--anio", "2026", "--db", ruta, "--json=talvez"}, "--json"},
		{"falta_valor", []string{"--anio"}, "--anio: falta el valor"},
		{"argumento_de_mas", []string{"--anio", "2026", "--db", ruta, "extra"}, "argumento de más"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			rc, out, errs := correrTamizaje(c.args...)
			if rc != 2 || !strings.Contains(errs, c.dice) || out != "" {
				t.Errorf("rc = %d, stdout %q, stderr: %s", rc, out, errs)
			}
		})
	}
}

// Art. 25 inc. 1 with operations never loaded: in `comite tamizaje --json`
// total_operaciones_cop, participacion_porcentual, cumple_umbral and
// procede_comite are null for that user (never 0 nor false), the row says
// which year to load, and it comes after every known result. A user imported
// from the example files without operations behaves the same.
func TestCmdTamizaje_json_operacionesNoCargadasSonNulas(t *testing.T) {
	t.Parallel()
	ruta, res := baseTamizaje(t)
	for _, args := range [][]string{
		{"importar", "usuarios", "../../testdata/importar/usuarios_sin_operaciones.csv", "--db", ruta},
		{"importar", "sanciones", "../../testdata/importar/sanciones_sin_operaciones.csv", "--db", ruta},
	} {
		var out, errb bytes.Buffer
		if rc := correr(args, strings.NewReader(""), &out, &errb); rc != 0 {
			t.Fatalf("%v: rc %d %s", args, rc, errb.String())
		}
	}
	rc, out, errs := correrTamizaje("--anio", "2026", "--db", ruta, "--json")
	if rc != 0 {
		t.Fatalf("rc = %d, stderr: %s", rc, errs)
	}
	var filas []map[string]any
	if err := json.Unmarshal([]byte(out), &filas); err != nil {
		t.Fatal(err)
	}
	porNIT := map[string]map[string]any{}
	primeraIncompleta := -1
	for i, f := range filas {
		porNIT[f["nit"].(string)] = f
		if f["procede_comite"] == nil && primeraIncompleta < 0 {
			primeraIncompleta = i
		}
		if primeraIncompleta >= 0 && f["procede_comite"] != nil {
			t.Errorf("fila %d con resultado conocido después de una con datos incompletos", i)
		}
	}
	for _, nit := range []string{res.OperacionesSinCargar[0].NIT, "901234567-7"} {
		f, ok := porNIT[nit]
		if !ok {
			t.Fatalf("%s no está en el tamizaje", nit)
		}
		for _, campo := range []string{"total_operaciones_cop", "numero_operaciones", "participacion_porcentual", "cumple_umbral", "procede_comite"} {
			if v, ok := f[campo]; !ok || v != nil {
				t.Errorf("%s: %s = %#v, se esperaba null", nit, campo, v)
			}
		}
		if f["numero_actos"].(float64) != 3 || f["datos_incompletos"] != "Datos incompletos: cargue las operaciones de 2025" {
			t.Errorf("%s: actos %v, %v", nit, f["numero_actos"], f["datos_incompletos"])
		}
	}
	// The declared zero is not unknown.
	cero := porNIT[res.SinOperaciones[0].NIT]
	if cero["total_operaciones_cop"] != "0" || cero["cumple_umbral"] != true || cero["procede_comite"] != true {
		t.Errorf("operaciones en cero: %v %v %v", cero["total_operaciones_cop"], cero["cumple_umbral"], cero["procede_comite"])
	}
}

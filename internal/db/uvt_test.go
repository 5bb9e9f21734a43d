package db

import (
	"comite/internal/dominio"
	"comite/internal/validar"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

var adminUVT = dominio.Actor{Cuenta: "admin", IP: "10.0.0.9"}

// detalleAuditoriaUVT reads the before/after of the last audit row of accion.
func detalleAuditoriaUVT(t *testing.T, d *DB, accion string) (objeto string, antes, despues map[string]string) {
	t.Helper()
	var det string
	if err := d.QueryRow(`SELECT objeto, detalle_json FROM auditoria WHERE accion = ? ORDER BY id DESC LIMIT 1`, accion).Scan(&objeto, &det); err != nil {
		t.Fatalf("auditoría de %s: %v", accion, err)
	}
	var x struct {
		Antes   map[string]string `json:"antes"`
		Despues map[string]string `json:"despues"`
	}
	if err := json.Unmarshal([]byte(det), &x); err != nil {
		t.Fatal(err)
	}
	return objeto, x.Antes, x.Despues
}

// The migration seeds the table with the built-in rows 2015–2026, each with
// its DIAN resolution, and the application's reference is built from it.
func TestUVT_ET868_siembraConLasFilasIntegradas(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	filas, err := d.ListarUVT(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(filas) != len(valores.TablaUVT) {
		t.Fatalf("%d filas sembradas; quiere %d", len(filas), len(valores.TablaUVT))
	}
	for i, u := range valores.TablaUVT {
		f := filas[i]
		if f.Anio != u.Anio || !f.Valor.Equal(u.Valor) || f.Resolucion != u.Resolucion || f.RegistradoPor != "sistema" || f.Usos != 0 {
			t.Errorf("fila %d = %+v; quiere %+v", i, f, u)
		}
	}
	u, err := d.Referencia().UVTDe(2026)
	if err != nil || !u.Valor.Equal(decimal.NewFromInt(52374)) || u.Resolucion != "Resolución DIAN 000238 de 2025" {
		t.Fatalf("UVT 2026 de la referencia = %+v, %v", u, err)
	}
	var e valores.ErrSinUVT
	if _, err := d.Referencia().UVTDe(2027); !errors.As(err, &e) || e.Hasta != 2026 {
		t.Fatalf("2027 sin cargar: %v", err)
	}
}

// Adding the year DIAN publishes: the reference of the application has it at
// once (the cache follows the table) and the audit log has before and after.
func TestUVT_agregarElAnioSiguienteAuditadoYEnLaReferencia(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	_ = d.Referencia() // the cache is filled before the write
	if err := guardarUVT(ctx, d, 2027, decimal.NewFromInt(55000), "  Resolución DIAN 000999 de 2026 ", adminUVT); err != nil {
		t.Fatal(err)
	}
	u, err := d.Referencia().UVTDe(2027)
	if err != nil || !u.Valor.Equal(decimal.NewFromInt(55000)) || u.Resolucion != "Resolución DIAN 000999 de 2026" {
		t.Fatalf("UVT 2027 = %+v, %v", u, err)
	}
	obj, antes, despues := detalleAuditoriaUVT(t, d, "uvt.agregar")
	if obj != "uvt:2027" || antes != nil || despues["valor_cop"] != "55000" || despues["resolucion"] != "Resolución DIAN 000999 de 2026" {
		t.Fatalf("auditoría: %s %v %v", obj, antes, despues)
	}
	var quien string
	if err := d.QueryRow(`SELECT registrado_por FROM uvt WHERE anio = 2027`).Scan(&quien); err != nil || quien != "admin" {
		t.Fatalf("registrado_por = %q, %v", quien, err)
	}
	// Correcting the new row while nothing used it: allowed, audited with before and after.
	if err := guardarUVT(ctx, d, 2027, decimal.NewFromInt(55500), "Resolución DIAN 001000 de 2026", adminUVT); err != nil {
		t.Fatal(err)
	}
	_, antes, despues = detalleAuditoriaUVT(t, d, "uvt.corregir")
	if antes["valor_cop"] != "55000" || despues["valor_cop"] != "55500" || antes["registrado_por"] != "admin" {
		t.Fatalf("corrección: %v → %v", antes, despues)
	}
	if u, _ := d.Referencia().UVTDe(2027); !u.Valor.Equal(decimal.NewFromInt(55500)) {
		t.Fatalf("la referencia no siguió la corrección: %+v", u)
	}
}

// What the form refuses, field by field; nothing is written.
func TestUVT_ET868_rechazos(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	// A missing year in the middle (a gap) can be filled.
	if _, err := d.Exec(`DELETE FROM uvt WHERE anio = 2020`); err != nil {
		t.Fatal(err)
	}
	res := "Resolución DIAN de prueba"
	for _, c := range []struct {
		nombre     string
		anio       int
		valor      int64
		resolucion string
		campo      string
		quiere     string
	}{
		{"et868_valor_cero", 2027, 0, res, "valor", "mayor que cero"},
		{"et868_valor_negativo", 2027, -5, res, "valor", "mayor que cero"},
		{"et868_valor_igual_al_anterior", 2027, 52374, res, "valor", "mayor que la de 2026"},
		{"et868_valor_menor_que_el_anterior", 2027, 50000, res, "valor", "mayor que la de 2026"},
		{"et868_sin_resolucion", 2027, 55000, "   ", "resolucion", "resolución de la DIAN"},
		{"et868_resolucion_larga", 2027, 55000, strings.Repeat("r", 201), "resolucion", "200 caracteres"},
		{"et868_anio_salteado", 2028, 60000, res, "anio", "año siguiente al último de la tabla (2026)"},
		{"et868_anio_antes_de_la_tabla", 2014, 20000, res, "anio", "año siguiente al último"},
		{"et868_anio_fuera_de_rango", 1800, 20000, res, "anio", "entre 1990 y 2200"},
		{"et868_hueco_no_mayor_que_2019", 2020, 34000, res, "valor", "mayor que la de 2019"},
		{"et868_hueco_no_menor_que_2021", 2020, 36308, res, "valor", "menor que la de 2021"},
		{"et868_primer_anio_a_un_peso", 2015, 1, res, "valor", "más de un 25 % de la de 2016"},
		{"et868_salto_sobre_el_anterior", 2027, 70000, res, "valor", "más de un 25 % de la de 2026"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			err := guardarUVT(ctx, d, c.anio, decimal.NewFromInt(c.valor), c.resolucion, adminUVT)
			var ev *dominio.ErrValidacion
			if !errors.As(err, &ev) || ev.Campo != c.campo || !strings.Contains(ev.Mensaje, c.quiere) {
				t.Fatalf("err = %v; quiere %s: …%s…", err, c.campo, c.quiere)
			}
		})
	}
	if err := guardarUVT(ctx, d, 2027, decimal.RequireFromString("55000.5"), res, adminUVT); err == nil {
		t.Fatal("aceptó una UVT con centavos")
	}
	var n int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion LIKE 'uvt.%'`).Scan(&n)
	if n != 0 || len(d.Referencia().UVT) != 11 {
		t.Fatalf("un rechazo escribió: %d filas de auditoría, %d UVT", n, len(d.Referencia().UVT))
	}
	// The gap, with a value between its neighbours, is filled.
	if err := guardarUVT(ctx, d, 2020, decimal.NewFromInt(35607), "Resolución DIAN 000084 de 2019", adminUVT); err != nil {
		t.Fatal(err)
	}
	if u, err := d.Referencia().UVTDe(2020); err != nil || !u.Valor.Equal(decimal.NewFromInt(35607)) {
		t.Fatalf("hueco 2020: %+v %v", u, err)
	}
}

// guardarUVT is the application's way to write a UVT row: the fields
// checked (validar.UVT), then the store with the table's rules
// (validar.UVTEnTabla) inside its transaction.
func guardarUVT(ctx context.Context, d *DB, anio int, valor decimal.Decimal, resolucion string, quien dominio.Actor) error {
	if err := validar.UVT(anio, valor, resolucion); err != nil {
		return err
	}
	return d.GuardarUVT(ctx, anio, valor, resolucion, validar.UVTEnTabla(anio, valor), quien)
}

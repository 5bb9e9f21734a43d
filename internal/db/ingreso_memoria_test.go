package db

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// discoLleno makes the writes of logins fail as a full disk does: the
// attempt and, with auditoria, also the audit row.
func discoLleno(t *testing.T, auditoria bool) (arreglar func()) {
	t.Helper()
	lleno := true
	fallaEscrituraIngreso = func(que string) error {
		if lleno && (que == "intento" || auditoria) {
			return fmt.Errorf("escribir el %s: %w", que, syscall.ENOSPC)
		}
		return nil
	}
	t.Cleanup(func() { fallaEscrituraIngreso = nil })
	return func() { lleno = false }
}

func filasDeIngreso(t *testing.T, d *DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// With the disk full the right password still signs in; the audit row of
// the login waits in memory and is written, with the instant it happened,
// by the first login once the database can be written again.
func TestIngresoDiscoLleno_ClaveCorrectaIngresaYLaAuditoriaSeEscribeDespues(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	arreglar := discoLleno(t, true)
	antes := filasDeIngreso(t, d, `SELECT count(*) FROM auditoria WHERE accion = 'sesion.ingreso'`)

	r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", "10.0.0.1")
	if r.Resultado != IngresoCorrecto || r.Cuenta.Usuario != "admin" {
		t.Fatalf("con el disco lleno la clave correcta: %v %q", r.Resultado, r.Cuenta.Usuario)
	}
	if r := intentar(t, d, ahora, time.Second, "admin", "mala", "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("con el disco lleno la clave incorrecta: %v", r.Resultado)
	}
	if n := d.AuditoriaPendiente(); n != 2 {
		t.Fatalf("filas de auditoría pendientes: %d; quiere 2", n)
	}
	if n := filasDeIngreso(t, d, `SELECT count(*) FROM intentos_ingreso`); n != 0 {
		t.Fatalf("se escribieron %d intentos con el disco lleno", n)
	}

	arreglar()
	if r := intentar(t, d, ahora, time.Minute, "admin", "clave-correcta-de-ana", "10.0.0.2"); r.Resultado != IngresoCorrecto {
		t.Fatalf("con el disco arreglado: %v", r.Resultado)
	}
	if n := d.AuditoriaPendiente(); n != 0 {
		t.Fatalf("quedan %d filas pendientes con el disco arreglado", n)
	}
	if n := filasDeIngreso(t, d, `SELECT count(*) FROM auditoria WHERE accion = 'sesion.ingreso'`) - antes; n != 3 {
		t.Fatalf("filas de ingreso en la auditoría: %d; quiere 3", n)
	}
	var diferidas []string
	rows, err := d.QueryContext(context.Background(), `SELECT detalle_json FROM auditoria WHERE accion = 'sesion.ingreso' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(s, "diferido_desde") {
			diferidas = append(diferidas, s)
		}
	}
	rows.Close()
	if len(diferidas) != 2 || !strings.Contains(diferidas[0], `"exito":true`) || !strings.Contains(diferidas[1], `"motivo":"clave_incorrecta"`) {
		t.Fatalf("filas diferidas: %q", diferidas)
	}
	if _, err := d.VerificarAuditoria(context.Background()); err != nil {
		t.Fatalf("la cadena de auditoría tras escribir las pendientes: %v", err)
	}
}

// Only the attempt cannot be written: the login still works.
func TestIngresoDiscoLleno_SoloElIntentoFalla(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	discoLleno(t, false)
	if r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", "10.0.0.1"); r.Resultado != IngresoCorrecto {
		t.Fatalf("clave correcta: %v", r.Resultado)
	}
	if n := d.AuditoriaPendiente(); n != 0 {
		t.Fatalf("pendientes: %d", n)
	}
}

// Wrong passwords from one address are throttled in memory with the same
// growing delays; another address is not delayed.
func TestIngresoDiscoLleno_DemorasCrecientesEnMemoria(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	discoLleno(t, true)
	const ip = "203.0.113.7"
	for i := 0; i < MaxFallosPar; i++ {
		if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
			t.Fatalf("fallo %d: %v", i+1, r.Resultado)
		}
	}
	for _, espera := range []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute} {
		r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", ip)
		if r.Resultado != IngresoBloqueado || r.Espera != espera {
			t.Fatalf("inmediato: %v espera %v; quiere bloqueado %v", r.Resultado, r.Espera, espera)
		}
		if r := intentar(t, d, ahora, espera-time.Second, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoBloqueado {
			t.Fatalf("un segundo antes de %v: %v", espera, r.Resultado)
		}
		if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
			t.Fatalf("al cumplirse %v: %v", espera, r.Resultado)
		}
	}
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", "10.0.0.9"); r.Resultado != IngresoCorrecto {
		t.Fatalf("otra dirección sin fallos: %v (espera %v)", r.Resultado, r.Espera)
	}
	// A correct password after the delay resets the pair, as in the database.
	*ahora = ahora.Add(DemoraMaxima)
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoCorrecto {
		t.Fatalf("pasada la demora: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
		t.Fatalf("tras el ingreso el par empieza de cero: %v", r.Resultado)
	}
}

// Failures written before the disk filled still count.
func TestIngresoDiscoLleno_CuentaLosFallosYaGuardados(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	const ip = "203.0.113.8"
	for i := 0; i < MaxFallosPar; i++ {
		intentar(t, d, ahora, time.Second, "admin", "mala", ip)
	}
	discoLleno(t, true)
	if r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoBloqueado || r.Espera != 29*time.Second {
		t.Fatalf("con fallos guardados antes: %v espera %v", r.Resultado, r.Espera)
	}
}

// A name that does not exist delays only itself from its address: no
// account is locked by its failures counted in memory.
func TestIngresoDiscoLleno_NombreDesconocidoNoBloqueaANadie(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	discoLleno(t, true)
	const ip = "203.0.113.9"
	for i := 0; i < 10; i++ {
		if r := intentar(t, d, ahora, DemoraMaxima+time.Second, "fantasma", "mala", ip); r.Resultado != IngresoFallido {
			t.Fatalf("fallo %d del nombre desconocido: %v", i+1, r.Resultado)
		}
	}
	if r := intentar(t, d, ahora, time.Second, "fantasma", "mala", ip); r.Resultado != IngresoBloqueado {
		t.Fatalf("el nombre desconocido no quedó demorado: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoCorrecto {
		t.Fatalf("el administrador desde la misma dirección: %v (espera %v)", r.Resultado, r.Espera)
	}
}

package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// ingresoDePrueba is a database with one administrator account and a clock
// the test moves.
func ingresoDePrueba(t *testing.T) (*DB, *time.Time) {
	t.Helper()
	d := abrirTemporal(t)
	ahora := relojFijo(d, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
	if _, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "admin", Rol: permisos.RolAdmin, Clave: "clave-correcta-de-ana"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	return d, ahora
}

func intentar(t *testing.T, d *DB, ahora *time.Time, paso time.Duration, usuario, clave, ip string) Ingreso {
	t.Helper()
	*ahora = ahora.Add(paso)
	r, err := d.IntentarIngreso(context.Background(), usuario, clave, ip)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Failures from one address never block a correct password from another
// address without failures: no one can lock the administrator out.
func TestIngreso_FallosDeOtraDireccionNoBloqueanAlAdministrador(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	for i := 0; i < 200; i++ { // far beyond every limit, from one address
		intentar(t, d, ahora, time.Second, "admin", "adivinanza-"+strconv.Itoa(i), "203.0.113.7")
	}
	if r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", "203.0.113.7"); r.Resultado != IngresoBloqueado {
		t.Fatalf("la dirección atacante sigue verificando claves: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", "10.0.0.9"); r.Resultado != IngresoCorrecto {
		t.Fatalf("el administrador desde su dirección sin fallos quedó bloqueado: %v (espera %v)", r.Resultado, r.Espera)
	}
}

// The pair (account, address) waits growing delays after MaxFallosPar failures.
func TestIngreso_DemorasCrecientesPorCuentaYDireccion(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	const ip = "10.0.0.1"
	for i := 0; i < MaxFallosPar; i++ {
		if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
			t.Fatalf("fallo %d: %v", i+1, r.Resultado)
		}
	}
	casos := []struct {
		nombre string
		espera time.Duration
	}{
		{"tras_5_fallos_30s", 30 * time.Second},
		{"tras_6_fallos_1min", time.Minute},
		{"tras_7_fallos_2min", 2 * time.Minute},
		{"tras_8_fallos_4min", 4 * time.Minute},
		{"tras_9_fallos_8min", 8 * time.Minute},
		{"tras_10_fallos_tope_15min", 15 * time.Minute},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", ip)
			if r.Resultado != IngresoBloqueado || r.Espera != c.espera {
				t.Fatalf("inmediato: %v espera %v; quiere bloqueado %v", r.Resultado, r.Espera, c.espera)
			}
			// Just before the delay ends: still refused, without checking the password.
			if r := intentar(t, d, ahora, c.espera-time.Second, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoBloqueado {
				t.Fatalf("un segundo antes: %v", r.Resultado)
			}
			// Once it ends, the password is checked (here a wrong one).
			if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
				t.Fatalf("al cumplirse la demora: %v", r.Resultado)
			}
		})
	}
	// A correct password after the delay opens the session and resets the pair.
	*ahora = ahora.Add(DemoraMaxima)
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", ip); r.Resultado != IngresoCorrecto {
		t.Fatalf("pasada la demora, la clave correcta: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "admin", "mala", ip); r.Resultado != IngresoFallido {
		t.Fatalf("tras el ingreso correcto el par empieza de cero: %v", r.Resultado)
	}
}

// The account's ceiling slows, never blocks: over TechoFallosCuenta
// failures every address, with or without failures, waits DemoraCuenta after
// the account's last checked attempt, and then its password is checked.
func TestIngreso_TechoPorCuentaRalentizaSinBloquear(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	ipDe := func(i int) string { return "198.51.100." + strconv.Itoa(i) }
	for i := 0; i < TechoFallosCuenta; i++ {
		intentar(t, d, ahora, 0, "admin", "mala", ipDe(i))
	}
	r := intentar(t, d, ahora, 0, "admin", "mala", ipDe(1))
	if r.Resultado != IngresoBloqueado || r.Espera != IntervaloTecho {
		t.Fatalf("sobre el techo, una dirección con fallos: %v espera %v; quiere bloqueado %v", r.Resultado, r.Espera, IntervaloTecho)
	}
	if r := intentar(t, d, ahora, IntervaloTecho, "admin", "mala", ipDe(1)); r.Resultado != IngresoFallido {
		t.Fatalf("pasado el intervalo la clave se verifica: %v", r.Resultado)
	}
	r = intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", "10.9.9.9")
	if r.Resultado != IngresoBloqueado || r.Espera != DemoraCuenta(TechoFallosCuenta+1) {
		t.Fatalf("una dirección sin fallos espera la demora de la cuenta: %v espera %v", r.Resultado, r.Espera)
	}
	if r := intentar(t, d, ahora, r.Espera, "admin", "clave-correcta-de-ana", "10.9.9.9"); r.Resultado != IngresoCorrecto {
		t.Fatalf("pasada la demora, la clave correcta entra: %v", r.Resultado)
	}
}

// The account's delay grows with its failures and has a ceiling.
func TestDemoraCuenta(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    int
		want time.Duration
	}{{0, 0}, {TechoFallosCuenta - 1, 0}, {TechoFallosCuenta, IntervaloTecho}, {2*TechoFallosCuenta - 1, IntervaloTecho},
		{2 * TechoFallosCuenta, 2 * IntervaloTecho}, {3 * TechoFallosCuenta, 4 * IntervaloTecho}, {1000, DemoraMaximaCuenta}} {
		if got := DemoraCuenta(c.n); got != c.want {
			t.Errorf("DemoraCuenta(%d) = %v, quiere %v", c.n, got, c.want)
		}
	}
}

// One address failing for many names (password spraying) gets one check
// every IntervaloTecho: slowed, not blocked; an account that signed in from
// it is not slowed, and other addresses are not touched.
func TestIngreso_LimitePorDireccion(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", "10.0.0.66"); r.Resultado != IngresoCorrecto {
		t.Fatal(r.Resultado)
	}
	if _, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "otra", Rol: permisos.RolAdmin, Clave: "clave-buena-de-berta"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < MaxFallosIP; i++ {
		intentar(t, d, ahora, time.Second, "usuario"+strconv.Itoa(i), "mala", "10.0.0.66")
	}
	r := intentar(t, d, ahora, 0, "otra", "clave-buena-de-berta", "10.0.0.66")
	if r.Resultado != IngresoBloqueado || r.Espera != IntervaloTecho {
		t.Fatalf("veinte fallos desde una dirección: %v espera %v", r.Resultado, r.Espera)
	}
	if r := intentar(t, d, ahora, IntervaloTecho, "otra", "clave-buena-de-berta", "10.0.0.66"); r.Resultado != IngresoCorrecto {
		t.Fatalf("pasado el intervalo: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "nadie", "mala", "10.0.0.66"); r.Resultado != IngresoBloqueado {
		t.Fatalf("el rociado sigue frenado: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, 0, "admin", "clave-correcta-de-ana", "10.0.0.66"); r.Resultado != IngresoCorrecto {
		t.Fatalf("una cuenta que ya entró desde la dirección: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, 0, "otra", "clave-buena-de-berta", "10.0.0.67"); r.Resultado != IngresoCorrecto {
		t.Fatalf("otra dirección: %v", r.Resultado)
	}
}

// A burst of refused attempts writes ONE audit row per window of its
// address, with the number of attempts kept in bloqueos_ingreso; the next
// window's row carries the previous window's total.
func TestIngreso_RechazosAgregadosUnaFilaPorVentana(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	const ip = "203.0.113.9"
	for i := 0; i < MaxFallosPar; i++ {
		intentar(t, d, ahora, 0, "admin", "mala", ip)
	}
	contar := func(accion string) int {
		var n int
		d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = ?`, accion).Scan(&n)
		return n
	}
	antes := contar("sesion.ingreso")
	for i := 0; i < 460; i++ {
		if r := intentar(t, d, ahora, 0, "admin", "mala", ip); r.Resultado != IngresoBloqueado {
			t.Fatalf("intento %d: %v", i, r.Resultado)
		}
	}
	if n := contar("sesion.ingreso_rechazado"); n != 1 {
		t.Fatalf("460 intentos rechazados escribieron %d filas de auditoría; quiere 1", n)
	}
	if n := contar("sesion.ingreso"); n != antes {
		t.Fatalf("los rechazados escribieron filas de ingreso: %d → %d", antes, n)
	}
	var intentos int
	d.QueryRow(`SELECT intentos FROM bloqueos_ingreso WHERE ip = ?`, ip).Scan(&intentos)
	if intentos != 460 {
		t.Fatalf("bloqueos_ingreso.intentos = %d, quiere 460", intentos)
	}
	// The next window opens a new row, which reports the previous total.
	*ahora = ahora.Add(VentanaResumenBloqueos + time.Second)
	intentar(t, d, ahora, 0, "admin", "mala", ip) // the pair's delay is over: checked
	if r := intentar(t, d, ahora, 0, "admin", "mala", ip); r.Resultado != IngresoBloqueado {
		t.Fatalf("segunda ventana: %v", r.Resultado)
	}
	if n := contar("sesion.ingreso_rechazado"); n != 2 {
		t.Fatalf("filas tras la segunda ventana = %d, quiere 2", n)
	}
	var detalle string
	d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'sesion.ingreso_rechazado' ORDER BY id DESC LIMIT 1`).Scan(&detalle)
	var v struct {
		Anterior struct {
			Intentos int `json:"intentos_rechazados"`
		} `json:"ventana_anterior"`
	}
	if err := json.Unmarshal([]byte(detalle), &v); err != nil || v.Anterior.Intentos != 460 {
		t.Fatalf("detalle = %s", detalle)
	}
	if _, err := d.VerificarAuditoria(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Old attempts are purged; recent ones (still needed by the throttle) stay.
func TestIngreso_PurgaDeIntentosViejos(t *testing.T) {
	t.Parallel()
	d, ahora := ingresoDePrueba(t)
	intentar(t, d, ahora, 0, "admin", "mala", "10.0.0.1")
	*ahora = ahora.Add(max(RetencionIntentos, VentanaPar) + time.Minute)
	intentar(t, d, ahora, 0, "admin", "mala", "10.0.0.1")
	n, err := d.PurgarIntentos(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("purgados = %d, %v; quiere 1", n, err)
	}
	var quedan int
	d.QueryRow(`SELECT count(*) FROM intentos_ingreso`).Scan(&quedan)
	if quedan != 1 {
		t.Fatalf("quedan %d intentos, quiere 1", quedan)
	}
}

// Each count of the throttle is served by an index of intentos_ingreso.
func TestIngreso_ConsultasDelLimiteUsanIndices(t *testing.T) {
	t.Parallel()
	d, _ := ingresoDePrueba(t)
	for _, q := range []string{
		`SELECT count(*) FROM intentos_ingreso WHERE usuario = 'a' AND ip = 'b' AND exito = 0 AND en >= ''`,
		`SELECT en FROM intentos_ingreso WHERE ip = 'b' AND exito = 0 AND en >= '' ORDER BY en DESC LIMIT 1`,
		`DELETE FROM intentos_ingreso WHERE en < ''`,
	} {
		rows, err := d.Query(`EXPLAIN QUERY PLAN ` + q)
		if err != nil {
			t.Fatal(err)
		}
		plan := ""
		for rows.Next() {
			var id, padre, x int
			var det string
			rows.Scan(&id, &padre, &x, &det)
			plan += det + "; "
		}
		rows.Close()
		if !contieneTexto(plan, "USING INDEX") && !contieneTexto(plan, "USING COVERING INDEX") {
			t.Errorf("%s: plan sin índice: %s", q, plan)
		}
	}
}

func contieneTexto(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

package db

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/permisos"
)

// A service account's token is shown once and only its SHA-256 is stored;
// it works until the end of its vence day (Bogotá) and not after, nor once
// revoked; the last use is recorded; creating and revoking are audited.
func TestCuentaServicio_tokenVigenciaYRevocacion(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	ahora := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	d.Now = func() time.Time { return ahora }
	n := dominio.NuevaCuentaServicio{Nombre: "runt", Alcances: []permisos.Alcance{permisos.AlcanceLeer, permisos.AlcanceImportar}, Vence: fecha.Debe(2026, 12, 31)}
	c, token, err := d.CrearCuentaServicio(ctx, n, dominio.Actor{Cuenta: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(token, "cmt_") || len(token) < 40 {
		t.Fatalf("token %q", token)
	}
	var guardado string
	if err := d.QueryRow(`SELECT token_hash FROM cuentas_servicio WHERE id = ?`, c.ID).Scan(&guardado); err != nil || guardado != hashToken(token) || strings.Contains(guardado, token) {
		t.Fatalf("token_hash = %q, %v", guardado, err)
	}
	if _, _, err := d.CrearCuentaServicio(ctx, n, dominio.Actor{Cuenta: "admin"}); err == nil {
		t.Fatal("aceptó un nombre repetido")
	}
	got, err := d.CuentaServicioPorToken(ctx, token)
	if err != nil || got.Nombre != "runt" || !got.Tiene(permisos.AlcanceImportar) || got.Tiene(permisos.AlcanceCasos) || got.UltimoUso == "" {
		t.Fatalf("CuentaServicioPorToken = %+v, %v", got, err)
	}
	if _, err := d.CuentaServicioPorToken(ctx, token+"x"); !errors.Is(err, ErrTokenAPI) {
		t.Fatalf("token ajeno: %v", err)
	}
	// 31/12/2026 23:59 in Bogotá still works; 01/01/2027 does not.
	ahora = time.Date(2027, 1, 1, 4, 59, 0, 0, time.UTC)
	if _, err := d.CuentaServicioPorToken(ctx, token); err != nil {
		t.Fatalf("último día: %v", err)
	}
	ahora = time.Date(2027, 1, 1, 5, 1, 0, 0, time.UTC)
	if _, err := d.CuentaServicioPorToken(ctx, token); !errors.Is(err, ErrTokenAPI) {
		t.Fatalf("vencido: %v", err)
	}
	ahora = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	if err := d.RevocarCuentaServicio(ctx, "runt", dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.CuentaServicioPorToken(ctx, token); !errors.Is(err, ErrTokenAPI) {
		t.Fatalf("revocado: %v", err)
	}
	if err := d.RevocarCuentaServicio(ctx, "OTRO", dominio.Actor{Cuenta: "admin"}); !errors.Is(err, ErrCuentaServicioNoExiste) {
		t.Fatalf("revocar inexistente: %v", err)
	}
	lista, err := d.CuentasServicio(ctx)
	if err != nil || len(lista) != 1 || lista[0].RevocadaEn == "" || lista[0].UltimoUso == "" {
		t.Fatalf("CuentasServicio = %+v, %v", lista, err)
	}
	var acciones string
	if err := d.QueryRow(`SELECT group_concat(accion, ' ') FROM (SELECT accion FROM auditoria WHERE accion LIKE 'api.%' ORDER BY id)`).Scan(&acciones); err != nil || acciones != "api.cuenta_crear api.cuenta_revocar" {
		t.Fatalf("auditoría = %q, %v", acciones, err)
	}
}

// The first answer under an Idempotency-Key is kept; the key is taken while
// the first request runs; a server error frees it.
func TestIdempotencia_reservarYGuardar(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	c, _, err := d.CrearCuentaServicio(ctx, dominio.NuevaCuentaServicio{Nombre: "s", Alcances: []permisos.Alcance{permisos.AlcanceImportar}, Vence: d.Hoy().MasDias(30)}, dominio.Actor{Cuenta: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	libre, _, err := d.ReservarIdempotencia(ctx, c.ID, "k1", "PUT /x", "h")
	if err != nil || !libre {
		t.Fatal(libre, err)
	}
	libre, r, err := d.ReservarIdempotencia(ctx, c.ID, "k1", "PUT /x", "h")
	if err != nil || libre || r.Estado != 0 {
		t.Fatal(libre, r, err)
	}
	if err := d.GuardarIdempotencia(ctx, c.ID, "k1", 200, "application/json", []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	libre, r, err = d.ReservarIdempotencia(ctx, c.ID, "k1", "PUT /y", "h2")
	if err != nil || libre || r.Estado != 200 || string(r.Cuerpo) != `{"a":1}` || r.MetodoRuta != "PUT /x" || r.HashCuerpo != "h" {
		t.Fatal(libre, r, err)
	}
	if libre, _, _ := d.ReservarIdempotencia(ctx, c.ID, "k2", "PUT /x", "h"); !libre {
		t.Fatal("k2 ocupada")
	}
	if err := d.GuardarIdempotencia(ctx, c.ID, "k2", 500, "", nil); err != nil {
		t.Fatal(err)
	}
	if libre, _, _ := d.ReservarIdempotencia(ctx, c.ID, "k2", "PUT /x", "h"); !libre {
		t.Fatal("un error del servidor no liberó la clave")
	}
	// The purge keeps them for RetencionIdempotencia; a key left running
	// (k2: the server stopped) goes after an hour.
	ahora := time.Now().Add(2 * time.Hour)
	d.Now = func() time.Time { return ahora }
	if _, err := d.PurgarIntentos(ctx); err != nil {
		t.Fatal(err)
	}
	var claves string
	d.QueryRow(`SELECT group_concat(clave) FROM api_idempotencia`).Scan(&claves)
	if claves != "k1" {
		t.Fatalf("tras una hora quedan %q; quiere k1", claves)
	}
	ahora = ahora.Add(RetencionIdempotencia)
	d.PurgarIntentos(ctx)
	var n int
	if d.QueryRow(`SELECT count(*) FROM api_idempotencia`).Scan(&n); n != 0 {
		t.Fatalf("pasada la retención quedan %d", n)
	}
}

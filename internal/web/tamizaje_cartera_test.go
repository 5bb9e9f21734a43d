package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/permisos"
	"comite/internal/sancion"
	"comite/internal/web/memoria"

	"github.com/shopspring/decimal"
)

// Computing the portfolio of Inicio leaves held only the portfolio and the
// screening of its last year (the one /tamizaje shows, shared): the
// screenings of the years before (Y−2, Y−4) are counted and dropped, neither
// kept as entries nor as previous values. Each screening held costs about
// 256 bytes per customs user, so one more kept is what the server would
// carry at a million users.
func TestCartera_soloGuardaElTamizajeDelUltimoAnio(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	h := handlerSinRutas(e)
	ctx, hasta := context.Background(), e.d.Hoy().Anio()
	cu := &dominio.Cuenta{Rol: permisos.RolSecretaria}
	if v := h.carteraInicio(ctx, cu); !v.Calculando && v.Error == "" {
		t.Fatalf("la primera Inicio no calcula la cartera en segundo plano: %+v", v)
	}
	h.memo.Esperar()
	if v := h.carteraInicio(ctx, cu); v.Calculando || v.Error != "" {
		t.Fatalf("la cartera no quedó calculada: %+v", v)
	}
	h.memo.Esperar()
	soloUltimoAnio := func(paso string) {
		t.Helper()
		entradas, previas := h.memo.Claves()
		var tamizajes []string
		for _, k := range entradas {
			if _, ok := k.(memoria.Tamizaje); ok {
				tamizajes = append(tamizajes, fmt.Sprint(k))
			}
		}
		if quiere := []string{fmt.Sprint(memoria.Tamizaje{Anio: hasta})}; !slices.Equal(tamizajes, quiere) {
			t.Fatalf("%s: tamizajes guardados = %v, quiere solo %v", paso, tamizajes, quiere)
		}
		if !slices.Contains(entradas, any(claveCartera{hasta})) {
			t.Fatalf("%s: la cartera no quedó guardada: %v", paso, entradas)
		}
		if len(previas) != 0 {
			t.Fatalf("%s: valores previos guardados tras calcular los nuevos: %v", paso, previas)
		}
	}
	soloUltimoAnio("tras calcular la cartera")
	// A change of customs data: the portfolio and the screening are brought
	// up to date from the ones held, which then leave.
	if _, err := e.d.GuardarActo(ctx, dominio.ActoSancion{NIT: nitDosActos, NumeroActo: "D3", FechaFirmeza: fecha.Debe(2025, 9, 9),
		FechaExpedicion: fecha.Debe(2025, 8, 20), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(1000)}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
		t.Fatal(err)
	}
	esperar, err := h.memo.Refrescar(ctx)
	if err != nil {
		t.Fatal(err)
	}
	esperar()
	h.memo.Esperar()
	if v := h.carteraInicio(ctx, cu); v.Calculando || v.Error != "" {
		t.Fatalf("la cartera no se refrescó tras el cambio: %+v", v)
	}
	h.memo.Esperar()
	soloUltimoAnio("tras refrescar por un cambio")
}

// handlerSinRutas is the handler of the data of e with its own memory,
// called directly (no HTTP).
func handlerSinRutas(e *entorno) *handler {
	return &handler{d: e.d, log: slog.New(slog.NewTextHandler(io.Discard, nil)), memo: memoria.Nueva(e.d)}
}

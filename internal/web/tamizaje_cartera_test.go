package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/web/memoria"
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
	entradas, previas := h.memo.Claves()
	var tamizajes []string
	for _, k := range entradas {
		if _, ok := k.(memoria.Tamizaje); ok {
			tamizajes = append(tamizajes, fmt.Sprint(k))
		}
	}
	if quiere := []string{fmt.Sprint(memoria.Tamizaje{Anio: hasta})}; !slices.Equal(tamizajes, quiere) {
		t.Fatalf("tamizajes guardados tras la cartera = %v, quiere solo %v", tamizajes, quiere)
	}
	if !slices.Contains(entradas, any(claveCartera{hasta})) {
		t.Fatalf("la cartera no quedó guardada: %v", entradas)
	}
	if len(previas) != 0 {
		t.Fatalf("valores previos guardados sin haber cambiado los datos: %v", previas)
	}
}

// handlerSinRutas is the handler of the data of e with its own memory,
// called directly (no HTTP).
func handlerSinRutas(e *entorno) *handler {
	return &handler{d: e.d, log: slog.New(slog.NewTextHandler(io.Discard, nil)), memo: memoria.Nueva(e.d)}
}

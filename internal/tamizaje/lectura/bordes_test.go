package lectura_test

import (
	"context"
	"strings"
	"testing"

	"comite/internal/tamizaje/lectura"
)

// What the screening cannot add up exactly (amounts beyond an int64 of
// centavos) or read (a firmeza date SQLite cannot read) is an error that
// names the user, never a figure.
func TestTamizaje_art25_actosQueNoSeSumanONoSeLeen(t *testing.T) {
	casos := []struct {
		nombre string
		actos  func(b *base, uid int64)
		quiere string
	}{
		{"dos multas cuya suma no cabe en 64 bits", func(b *base, uid int64) {
			b.acto(uid, "2025-03-04", "grave", "multa", 50_000_000_000_000_000, 0)
			b.acto(uid, "2025-05-04", "grave", "multa", 50_000_000_000_000_000, 0)
		}, "no cabe en la aritmética exacta"},
		{"una fecha de firmeza que SQLite no lee", func(b *base, uid int64) {
			b.acto(uid, "2025-03-04", "grave", "multa", 1_000, 0)
			b.acto(uid, "2025-0x-04", "grave", "multa", 1_000, 0)
		}, "guardados inválidos"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d := abrirTamizaje(t)
			b := &base{t: t, d: d}
			uid := b.usuario(nitDe(t, "900100001"), "agencia_de_aduanas", "Dirección Seccional de Aduanas de Bogotá")
			c.actos(b, uid)
			_, err := lectura.Nacional(context.Background(), d, 2026)
			if err == nil || !strings.Contains(err.Error(), c.quiere) || !strings.Contains(err.Error(), nitDe(t, "900100001")) {
				t.Fatalf("error %v; se esperaba uno que nombre al usuario y diga %q", err, c.quiere)
			}
		})
	}
}

// Many acts of one user on the borders of both periods, of every gravedad,
// with and without allanamiento and cancelación, count and add up exactly
// as `comite evaluar` counts them.
func TestTamizaje_art25_muchosActosEnLosBordesComoEvaluar(t *testing.T) {
	d := abrirTamizaje(t)
	b := &base{t: t, d: d}
	uid := b.usuario(nitDe(t, "900100001"), "agencia_de_aduanas", "Dirección Seccional de Aduanas de Bogotá")
	for _, f := range []string{"2025-01-01", "2025-02-14", "2025-12-31", "2024-01-01", "2024-12-31"} {
		b.acto(uid, f, "grave", "multa", 7_000_001, 0)
		b.acto(uid, f, "gravisima", "cancelacion", 9_000_000, 0)
		b.acto(uid, f, "grave", "multa", 3_000_000, 1)
		b.acto(uid, f, "leve", "multa", 3_000_000, 0)
	}
	b.ops(uid, 2025, 100_000_000_000, 10)
	filas, err := lectura.Filas(context.Background(), d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range filas {
		if dif := diferenciaPunto(f.Punto, evaluarContrato(t, entradaCompleta(t, d, uid, 2026))); dif != "" {
			t.Fatalf("2026:%s", dif)
		}
		if dif := diferenciaPunto(f.Anterior, evaluarContrato(t, entradaCompleta(t, d, uid, 2025))); dif != "" {
			t.Fatalf("2025:%s", dif)
		}
		if f.NumeroActos != 6 || f.Anterior.NumeroActos != 4 {
			t.Fatalf("actos %d y %d, se esperaban 6 y 4", f.NumeroActos, f.Anterior.NumeroActos)
		}
	}
}

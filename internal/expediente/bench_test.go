package expediente

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/informe"
)

// BenchmarkEmitirInforme is the whole issue of an informe: read, build,
// render the PDF (outside the write transaction), store.
//
//	go test -run '^$' -bench 'EmitirInforme|GuardarInforme' -benchmem ./internal/expediente/
func BenchmarkEmitirInforme(b *testing.B) {
	d, _ := baseCasos(b)
	c := abrir(b, d, nitEjemplo, sSeccional)
	llevar(b, d, c.ID, flujo.EnEvaluacion)
	x := Nuevo(d)
	ctx := context.Background()
	for b.Loop() {
		if _, err := x.EmitirInforme(ctx, c.ID, sSecretaria); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGuardarInforme is only the write transaction of the issue (the
// time SQLite's write lock is held): the PDF is already built.
func BenchmarkGuardarInforme(b *testing.B) {
	d, _ := baseCasos(b)
	c := abrir(b, d, nitEjemplo, sSeccional)
	llevar(b, d, c.ID, flujo.EnEvaluacion)
	ctx := context.Background()
	f, err := d.FuenteInforme(ctx, c.ID)
	if err != nil {
		b.Fatal(err)
	}
	datos, err := armar(f, informe.Emision{Version: 1, EmitidoPor: "secretaria", Instante: instante(d.Ahora())})
	if err != nil {
		b.Fatal(err)
	}
	pdf, err := informe.PDF(datos)
	if err != nil {
		b.Fatal(err)
	}
	suma := sha256.Sum256(pdf)
	hash := hex.EncodeToString(suma[:])
	for b.Loop() {
		b.StopTimer()
		f, err := d.FuenteInforme(ctx, c.ID)
		if err != nil {
			b.Fatal(err)
		}
		n := len(f.Informes) + 1
		b.StartTimer()
		if _, err := d.GuardarInforme(ctx, db.InformeNuevo{CasoID: c.ID, Version: n, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca,
			Archivo: pdf, SHA256: hash, SHA256Contenido: hash, EmitidoEn: d.Ahora(), Texto: fmt.Sprintf("Informe gerencial v%d emitido (SHA-256 %s)", n, hash)}, sSecretaria); err != nil {
			b.Fatal(err)
		}
	}
}

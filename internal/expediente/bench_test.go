package expediente

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/informe"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
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

// BenchmarkReevaluar is the whole re-evaluation of a case, which is one
// write transaction (BEGIN IMMEDIATE: SQLite's write lock is held from the
// first statement): read the case, its facts and the user's profile,
// evaluate, write the snapshot, the history row and the audit row. The
// metric ms_cerrojo/op is the time spent inside the transaction before the
// commit (the commit itself, the same for every write, is not counted).
//
//	go test -run '^$' -bench 'Reevaluar|EvaluarPerfil' -benchmem ./internal/expediente/
func BenchmarkReevaluar(b *testing.B) {
	d, _ := baseCasos(b)
	c := abrir(b, d, nitEjemplo, sSeccional)
	ctx := context.Background()
	var dentro time.Duration
	for b.Loop() {
		if err := d.EnEscritura(ctx, func(w *db.Escritura) error {
			t := time.Now()
			_, err := reevaluar(w, c.ID, "medir", sSecretaria)
			dentro += time.Since(t)
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(dentro.Microseconds())/1000/float64(b.N), "ms_cerrojo/op")
}

// BenchmarkEvaluarPerfil is the part of an opening or a re-evaluation that
// is computed inside the write transaction (the core and the snapshot's
// JSON, no I/O), for a user with 20, 500 and 5.000 acts (the last far larger
// than any real one) and 30 years of operations.
func BenchmarkEvaluarPerfil(b *testing.B) {
	d, _ := baseCasos(b)
	ref := d.Referencia()
	for _, n := range []int{20, 500, 5000} {
		e := reincidencia.Entrada{
			Usuario: reincidencia.Usuario{NIT: nitEjemplo, RazonSocial: "Usuario de prueba", Tipo: "agencia_aduanas", RegistroVigente: true},
			Nueva: reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2),
				Gravedad: sancion.Grave, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10_000_000)},
			Anclaje: sancion.AnclajeComision,
		}
		for i := range n {
			e.Actos = append(e.Actos, reincidencia.Acto{Numero: fmt.Sprintf("RES-%05d", i), FechaFirmeza: fecha.Debe(1996+i%30, time.Month(1+i%12), 1+i%28),
				Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(int64(1_000_000 + i))})
		}
		for a := 1996; a <= 2026; a++ {
			e.Operaciones = append(e.Operaciones, reincidencia.Operaciones{Anio: a, Valor: decimal.NewFromInt(5_000_000_000), Numero: 1000})
		}
		b.Run(fmt.Sprintf("actos=%d", n), func(b *testing.B) {
			for b.Loop() {
				r, err := reincidencia.Evaluar(e, ref)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, _, err := instantanea(ref, e, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package reincidencia

import (
	"fmt"
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

// genEntrada draws a case whose reference year is 2025.
func genEntrada(t *rapid.T) Entrada {
	e := ejemplo()
	e.Usuario.RegistroVigente = rapid.Bool().Draw(t, "vigente")
	e.Actos = nil
	n := rapid.IntRange(0, 8).Draw(t, "nactos")
	for i := 0; i < n; i++ {
		a := Acto{
			Numero:       fmt.Sprintf("A%d", i),
			Gravedad:     rapid.SampledFrom([]sancion.Gravedad{sancion.Leve, sancion.Grave, sancion.Gravisima}).Draw(t, "g"),
			Sancion:      rapid.SampledFrom([]sancion.Tipo{sancion.Multa, sancion.Multa, sancion.Cancelacion, sancion.Amonestacion}).Draw(t, "s"),
			Valor:        decimal.New(rapid.Int64Range(0, 5_000_000_000).Draw(t, "v"), -rapid.Int32Range(0, 2).Draw(t, "exp")),
			Allanamiento: rapid.Bool().Draw(t, "al"),
		}
		if rapid.IntRange(0, 5).Draw(t, "sinfirmeza") > 0 {
			a.FechaFirmeza = fecha.Debe(2024, 1, 1).MasDias(rapid.IntRange(0, 800).Draw(t, "d"))
		}
		e.Actos = append(e.Actos, a)
	}
	e.Operaciones = []Operaciones{{Anio: 2025, Valor: decimal.NewFromInt(rapid.Int64Range(0, 1_000_000_000_000).Draw(t, "o")), Numero: rapid.Int64Range(0, 100000).Draw(t, "n")}}
	return e
}

func actoQueCuenta(t *rapid.T) Acto {
	return Acto{
		Numero:       "NUEVO",
		FechaFirmeza: fecha.Debe(2025, 1, 1).MasDias(rapid.IntRange(0, 364).Draw(t, "dia")),
		Gravedad:     rapid.SampledFrom([]sancion.Gravedad{sancion.Grave, sancion.Gravisima}).Draw(t, "g+"),
		Sancion:      sancion.Multa,
		Valor:        decimal.NewFromInt(rapid.Int64Range(0, 1_000_000_000).Draw(t, "v+")),
	}
}

func ev(t *rapid.T, e Entrada) Resultado {
	r, err := Evaluar(e, valores.DL920)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Adding an act that counts never turns a met threshold (or a procede) into an unmet one (art. 25 inc. 1).
func TestArt25_propiedad_agregarActoNoDesmarca(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		antes := ev(t, e)
		e.Actos = append(e.Actos, actoQueCuenta(t))
		despues := ev(t, e)
		if despues.NumeroActos != antes.NumeroActos+1 {
			t.Fatalf("the new act did not count")
		}
		if antes.Requisitos.UmbralCeroCinco && !despues.Requisitos.UmbralCeroCinco {
			t.Fatal("umbral lost by adding an act")
		}
		if antes.ProcedeComite && !despues.ProcedeComite {
			t.Fatal("procede lost by adding an act")
		}
	})
}

// Adding a peso to a counting act never turns a met threshold into an unmet one.
func TestArt25_propiedad_unPesoMasNoDesmarca(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		e.Actos = append(e.Actos, actoQueCuenta(t))
		antes := ev(t, e)
		e.Actos[len(e.Actos)-1].Valor = e.Actos[len(e.Actos)-1].Valor.Add(decimal.NewFromInt(1))
		despues := ev(t, e)
		if antes.Requisitos.UmbralCeroCinco && !despues.Requisitos.UmbralCeroCinco {
			t.Fatal("umbral lost by one more peso")
		}
	})
}

// Adding operations never turns an unmet threshold into a met one.
func TestArt25_propiedad_masOperacionesNoMarca(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		antes := ev(t, e)
		e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2025, Valor: decimal.NewFromInt(rapid.Int64Range(1, 1_000_000_000_000).Draw(t, "mas")), Numero: 1})
		despues := ev(t, e)
		if !antes.Requisitos.UmbralCeroCinco && despues.Requisitos.UmbralCeroCinco {
			t.Fatal("umbral met by adding operations")
		}
	})
}

// Every act appears in exactly one of the two lists, in input order.
func TestArt25_propiedad_cadaActoEnUnaLista(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		r := ev(t, e)
		if len(r.Computados)+len(r.Excluidos) != len(e.Actos) {
			t.Fatalf("%d + %d != %d", len(r.Computados), len(r.Excluidos), len(e.Actos))
		}
		i, j := 0, 0
		for _, a := range e.Actos {
			switch {
			case i < len(r.Computados) && r.Computados[i].Numero == a.Numero:
				i++
			case j < len(r.Excluidos) && r.Excluidos[j].Numero == a.Numero:
				j++
			default:
				t.Fatalf("act %s out of order", a.Numero)
			}
		}
	})
}

func BenchmarkEvaluar1000Actos(b *testing.B) {
	e := ejemplo()
	e.Actos = nil
	for i := 0; i < 1000; i++ {
		e.Actos = append(e.Actos, Acto{
			Numero:       fmt.Sprintf("RS-%04d", i),
			FechaFirmeza: fecha.Debe(2023, 1, 1).MasDias(i),
			Gravedad:     []sancion.Gravedad{sancion.Leve, sancion.Grave, sancion.Gravisima}[i%3],
			Sancion:      sancion.Multa,
			Valor:        decimal.NewFromInt(int64(1_000_000 + i*1000)),
			Allanamiento: i%7 == 0,
		})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Evaluar(e, valores.DL920); err != nil {
			b.Fatal(err)
		}
	}
}

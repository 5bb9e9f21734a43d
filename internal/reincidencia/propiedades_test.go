package reincidencia

import (
	"errors"
	"fmt"
	"strings"
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
	e.Operaciones = nil
	if rapid.IntRange(0, 3).Draw(t, "cargadas") > 0 { // one case in four: operations of 2025 never loaded
		e.Operaciones = []Operaciones{{Anio: 2025, Valor: decimal.NewFromInt(rapid.Int64Range(0, 1_000_000_000_000).Draw(t, "o")), Numero: rapid.Int64Range(0, 100000).Draw(t, "n")}}
	}
	if rapid.Bool().Draw(t, "otroanio") { // another year's row never stands in for 2025
		e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2024, Valor: decimal.NewFromInt(rapid.Int64Range(0, 1_000_000).Draw(t, "o24")), Numero: 1})
	}
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
	r, err := Evaluar(e, valores.Integrada())
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
		if antes.Requisitos.UmbralCeroCinco == Si && despues.Requisitos.UmbralCeroCinco != Si {
			t.Fatal("umbral lost by adding an act")
		}
		if antes.ProcedeComite == Si && despues.ProcedeComite != Si {
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
		if antes.Requisitos.UmbralCeroCinco == Si && despues.Requisitos.UmbralCeroCinco != Si {
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
		if antes.Requisitos.UmbralCeroCinco == No && despues.Requisitos.UmbralCeroCinco == Si {
			t.Fatal("umbral met by adding operations")
		}
	})
}

// Art. 25 inc. 1 ("del total de las operaciones de comercio exterior
// realizadas durante el mismo periodo") with operations never loaded: a
// missing year is unknown, never zero. Without a row for the reference year
// the threshold is never met (unknown with sanctions, unmet without) and the
// Comité never procede. Adding a row of ZERO operations to that year turns
// an unknown threshold into a met one only through the Secretaría's criterion
// (operations declared in zero and S > 0: alert sin_operaciones), and changes
// nothing else: S, the acts, the other requisites. The literal wording "never
// turns null into true" would contradict that criterion; this is its
// coherent reading: null never becomes true silently, and absence never
// behaves as the zero row does.
func TestArt25_propiedad_filaEnCeroNoConvierteNuloEnVerdaderoSinElCriterio(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		var resto []Operaciones
		for _, o := range e.Operaciones {
			if o.Anio != 2025 {
				resto = append(resto, o)
			}
		}
		e.Operaciones = resto
		antes := ev(t, e)
		if antes.Requisitos.UmbralCeroCinco == Si || antes.ProcedeComite == Si || antes.TotalOperaciones != nil ||
			antes.Participacion != nil || antes.InfraccionesPorMil != nil {
			t.Fatalf("operaciones no cargadas: umbral %v procede %v O %v", antes.Requisitos.UmbralCeroCinco, antes.ProcedeComite, antes.TotalOperaciones)
		}
		if (antes.Requisitos.UmbralCeroCinco == Desconocido) != (antes.Suma.IsPositive()) || antes.TieneAlerta(FaltanOperaciones) != antes.Suma.IsPositive() {
			t.Fatalf("S = %s: umbral %v alertas %v", antes.Suma, antes.Requisitos.UmbralCeroCinco, antes.Alertas)
		}
		e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2025, Valor: decimal.Zero, Numero: 0})
		despues := ev(t, e)
		switch antes.Requisitos.UmbralCeroCinco {
		case Desconocido:
			if despues.Requisitos.UmbralCeroCinco != Si || !despues.TieneAlerta(SinOperaciones) || despues.TieneAlerta(FaltanOperaciones) {
				t.Fatalf("nulo → %v sin el criterio (alertas %v)", despues.Requisitos.UmbralCeroCinco, despues.Alertas)
			}
		case No:
			if despues.Requisitos.UmbralCeroCinco != No || despues.TieneAlerta(SinOperaciones) {
				t.Fatalf("S = 0: umbral %v alertas %v", despues.Requisitos.UmbralCeroCinco, despues.Alertas)
			}
		}
		if despues.NumeroActos != antes.NumeroActos || !despues.Suma.Equal(antes.Suma) || despues.Requisitos.MinimoTresActos != antes.Requisitos.MinimoTresActos ||
			despues.Requisitos.RegistroVigente != antes.Requisitos.RegistroVigente || despues.TotalOperaciones == nil || !despues.TotalOperaciones.IsZero() {
			t.Fatal("la fila en cero cambió algo más que el umbral")
		}
		if despues.ProcedeComite == Si && antes.ProcedeComite != Desconocido {
			t.Fatalf("procede %v → %v", antes.ProcedeComite, despues.ProcedeComite)
		}
	})
}

// Art. 25 inc. 1 counts acts: the same act number twice (whatever its case
// or surrounding spaces) is always refused, naming the repeated entry.
func TestArt25_propiedad_actoDuplicadoSiempreRechazado(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := genEntrada(t)
		e.Actos = append(e.Actos, actoQueCuenta(t))
		i := rapid.IntRange(0, len(e.Actos)-1).Draw(t, "original")
		dup := e.Actos[i]
		dup.Numero = rapid.SampledFrom([]string{dup.Numero, " " + dup.Numero, strings.ToLower(dup.Numero) + " "}).Draw(t, "forma")
		dup.Valor = decimal.NewFromInt(rapid.Int64Range(0, 1_000_000).Draw(t, "v"))
		j := rapid.IntRange(0, len(e.Actos)).Draw(t, "donde")
		e.Actos = append(e.Actos[:j], append([]Acto{dup}, e.Actos[j:]...)...)
		_, err := Evaluar(e, valores.Integrada())
		var ecs ErrCampos
		if !errors.As(err, &ecs) || len(ecs) != 1 || !strings.HasSuffix(ecs[0].Campo, ".acto") || !strings.Contains(ecs[0].Mensaje, "repetido") {
			t.Fatalf("duplicado aceptado o mal nombrado: %v", err)
		}
		if _, err := Cifras(e, valores.Integrada()); err == nil {
			t.Fatal("Cifras aceptó el duplicado")
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
		if _, err := Evaluar(e, valores.Integrada()); err != nil {
			b.Fatal(err)
		}
	}
}

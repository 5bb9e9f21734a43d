package tamizaje

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"comite/internal/reincidencia"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

// oraculoJSON is one row as encoding/json writes filaJSON (the contract's
// reference writer).
func oraculoJSON(t *rapid.T, f Fila) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(nuevaFilaJSON(f)); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// centavosAzar draws amounts that exercise the integer arithmetic: zero,
// small, cents, and near the edge of an int64.
func centavosAzar(t *rapid.T, nombre string) int64 {
	switch rapid.IntRange(0, 4).Draw(t, nombre+"_clase") {
	case 0:
		return 0
	case 1:
		return rapid.Int64Range(1, 1000).Draw(t, nombre)
	case 2:
		return rapid.Int64Range(0, 100_000_000_000_00).Draw(t, nombre)
	case 3:
		return rapid.Int64Range(math.MaxInt64/1000, math.MaxInt64/4).Draw(t, nombre)
	}
	return rapid.Int64Range(0, math.MaxInt64/2).Draw(t, nombre)
}

// The compact JSON writer gives, for every row it writes, exactly the bytes
// of encoding/json on the row's Fila (S, O, the share with 4 decimals half
// up, the 0,5 % line of art. 25 inc. 1, its percentage, the distance, the
// alerts, nulls where the operations are unknown); a row it cannot write
// with integers falls back to that same writer.
func TestEscribirJSON_art25_igualAlEscritorDeFilasEnCifrasAlAzar(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		anio := rapid.IntRange(2000, 2040).Draw(rt, "anio")
		c, err := nuevoContexto(anio, valores.Integrada())
		if err != nil {
			rt.Fatal(err)
		}
		n := rapid.IntRange(1, 5).Draw(rt, "usuarios")
		tz := &Tamizado{c: c}
		for i := 0; i < n; i++ {
			tz.usuarios = append(tz.usuarios, Usuario{ID: int64(i), NIT: rapid.StringMatching(`[0-9]{9}-[0-9]`).Draw(rt, "nit"),
				RazonSocial: rapid.String().Draw(rt, "razon"), Tipo: "declarante", DireccionSeccional: rapid.SampledFrom([]string{"BOGOTA", "Cartagena \"Norte\"", ""}).Draw(rt, "seccional")})
			x := compacta{usuario: int32(i)}
			for k := range x.p {
				p := &x.p[k]
				p.actos = int32(rapid.IntRange(0, 6).Draw(rt, "actos"))
				if p.actos > 0 {
					p.suma = centavosAzar(rt, "suma")
				}
				p.vigente = rapid.Bool().Draw(rt, "vigente")
				p.cargadas = rapid.Bool().Draw(rt, "cargadas")
				if p.cargadas {
					p.ops = centavosAzar(rt, "ops")
					p.numero = rapid.Int64Range(0, 5000).Draw(rt, "numero")
				}
			}
			c.evaluar(&x)
			tz.filas = append(tz.filas, x)
		}
		ordenarCompactas(tz.filas, tz.usuarios)
		u := c.a[0].p.UmbralPorMil.IntPart()
		for i := range tz.filas {
			want := oraculoJSON(rt, tz.Fila(i))
			got, ok := tz.appendRapida(nil, &tz.filas[i], u)
			if ok && string(got) != want {
				rt.Fatalf("fila %d:\n rápida  %s\n oráculo %s", i, got, want)
			}
		}
		var todo, filas bytes.Buffer
		if err := tz.EscribirJSON(&todo); err != nil {
			rt.Fatal(err)
		}
		if err := EscribirJSON(&filas, tz.Filas()); err != nil {
			rt.Fatal(err)
		}
		if todo.String() != filas.String() {
			rt.Fatalf("EscribirJSON del tamizado difiere del de las filas:\n%s\n---\n%s", todo.String(), filas.String())
		}
		if !json.Valid(todo.Bytes()) {
			rt.Fatalf("JSON inválido: %s", todo.String())
		}
	})
}

// The share S / O × 100 with 4 decimals half up, in integers, is the core's
// (reincidencia.Participacion) whenever it fits.
func TestParticipacion4_igualAlNucleo(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		p := puntoCompacto{cargadas: true, suma: centavosAzar(rt, "suma"), ops: centavosAzar(rt, "ops")}
		if p.ops == 0 {
			p.ops = 1
		}
		q, ok := participacion4(&p)
		if !ok {
			return
		}
		want := reincidencia.Participacion(decimal.New(p.suma, -2), decimal.New(p.ops, -2))
		if got := decimal.New(q, -4); !got.Equal(want) {
			rt.Fatalf("S=%d O=%d: %s, el núcleo da %s", p.suma, p.ops, got, want)
		}
	})
}

// Text goes out as encoding/json writes it without HTML escaping: quotes,
// backslashes, control characters, U+2028/U+2029 and invalid UTF-8 escaped;
// "&", "<", ">" and accents as written.
func TestAppendTextoJSON_comoEncodingJSON(t *testing.T) {
	casos := []string{"", "Agencia Ñandú & Cía. <S.A.S.>", "comillas \" y \\ barra", "línea\nnueva\ttab\x01", "sep\u2028arador\u2029", "inválido \xff\xfe", "=HIPERVINCULO(\"x\")"}
	rapid.Check(t, func(rt *rapid.T) {
		casos = append(casos, rapid.String().Draw(rt, "s"), string(rapid.SliceOf(rapid.Byte()).Draw(rt, "bytes")))
		for _, s := range casos {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.Encode(s)
			if got, want := string(appendTextoJSON(nil, s)), strings.TrimSuffix(b.String(), "\n"); got != want {
				rt.Fatalf("%q: %s, encoding/json da %s", s, got, want)
			}
		}
	})
}

// Half-way cases of each rounding of the JSON, written with the expected
// digits and checked against encoding/json on the Fila.
func TestEscribirJSON_redondeoMitadHaciaArriba(t *testing.T) {
	casos := []struct {
		nombre     string
		actos      int32
		suma, ops  int64 // centavos of the reference year
		campo, val string
	}{
		// S / O × 100 = 0,00005 % → 0,0001 (criteria of the Secretaría, 4 decimals half up).
		{"criterios_secretaria_participacion_mitad_sube", 3, 1, 2_000_000, `"participacion_porcentual":`, `"0.0001"`},
		// S × 100 / (O × 0,5 %) = 0,005 % → 0,01 (art. 25 inc. 1, the line).
		{"art25_inc1_porcentaje_del_umbral_mitad_sube", 3, 1, 4_000_000, `"porcentaje_del_umbral":`, `"0.01"`},
		// S at 99,995 % of the line with three acts: distance 0,00005 → 0,0001.
		{"art25_inc1_distancia_mitad_sube", 3, 499_975_000_00, 100_000_000_000_00, `"distancia":`, `"0.0001"`},
		// O × 5 / 1000 with five decimals of pesos, none trailing.
		{"art25_inc1_linea_con_decimales", 3, 0, 1, `"umbral_cop":`, `"0.00005"`},
	}
	c, err := nuevoContexto(2026, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	for _, caso := range casos {
		t.Run(caso.nombre, func(t *testing.T) {
			tz := &Tamizado{c: c, usuarios: []Usuario{{NIT: "800191045-1"}}}
			x := compacta{}
			x.p[0] = puntoCompacto{actos: caso.actos, suma: caso.suma, ops: caso.ops, cargadas: true, vigente: true}
			c.evaluar(&x)
			tz.filas = []compacta{x}
			got, ok := tz.appendRapida(nil, &tz.filas[0], 5)
			if !ok {
				t.Fatal("no se escribió con enteros")
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.Encode(nuevaFilaJSON(tz.Fila(0)))
			if want := strings.TrimSuffix(b.String(), "\n"); string(got) != want {
				t.Fatalf("\n rápida  %s\n oráculo %s", got, want)
			}
			if !strings.Contains(string(got), caso.campo+caso.val) {
				t.Errorf("%s no es %s en %s", caso.campo, caso.val, got)
			}
		})
	}
}

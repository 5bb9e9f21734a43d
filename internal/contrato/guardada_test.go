package contrato

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// entradaAlAzar is a valid input for the core (art. 25 of Decreto 920 de
// 2023: a user, the new infraction and the acts and operations it is
// measured against), with every optional part sometimes absent: dates not
// known, acts not firm, declared zeros, extra non-business days.
func entradaAlAzar(r *rand.Rand) reincidencia.Entrada {
	dia := func(desde fecha.Fecha, hasta int) fecha.Fecha { return desde.MasDias(r.IntN(hasta)) }
	monto := func() decimal.Decimal {
		switch r.IntN(4) {
		case 0:
			return decimal.Zero
		case 1:
			return decimal.New(r.Int64N(1_000_000_000), -2)
		default:
			return decimal.NewFromInt(r.Int64N(50_000_000_000))
		}
	}
	gravs := []sancion.Gravedad{sancion.Leve, sancion.Grave, sancion.Gravisima}
	tipos := []sancion.Tipo{sancion.Multa, sancion.Amonestacion, sancion.Suspension, sancion.Cancelacion}
	com := dia(fecha.Debe(2022, 1, 1), 1500)
	e := reincidencia.Entrada{
		Usuario: reincidencia.Usuario{NIT: "900123456-8", RazonSocial: []string{"", "Agencia de Aduanas Ñandú & Cía. S.A.S.", "Depósito \"El Puerto\" <Ltda>"}[r.IntN(3)],
			Tipo: []string{"", "agencia_de_aduanas", "deposito_habilitado"}[r.IntN(3)], RegistroVigente: r.IntN(2) == 0},
		Nueva: reincidencia.NuevaInfraccion{FechaComision: com, FechaVerificacion: com.MasDias(r.IntN(90)),
			Gravedad: gravs[r.IntN(3)], Sancion: tipos[r.IntN(4)], SancionPrevista: monto(), PermiteCancelacion: r.IntN(2) == 0},
		Anclaje: []sancion.Anclaje{sancion.AnclajeComision, sancion.AnclajeVerificacion}[r.IntN(2)],
	}
	if e.Nueva.Gravedad.GraveOGravisima() && e.Nueva.Sancion == sancion.Amonestacion {
		e.Nueva.Sancion = sancion.Multa // refused: amonestación is the sanction of leve infractions
	}
	if r.IntN(2) == 0 {
		e.Nueva.FechaExpediente = e.Nueva.FechaVerificacion.MasDias(r.IntN(30))
	}
	if r.IntN(3) == 0 {
		e.Nueva.FechaRequerimiento = e.Nueva.FechaVerificacion.MasDias(r.IntN(60))
	}
	for i := range r.IntN(12) {
		a := reincidencia.Acto{Numero: fmt.Sprintf("RS-%d-%04d", 2020+r.IntN(6), i), Gravedad: gravs[r.IntN(3)], Sancion: tipos[r.IntN(4)], Valor: monto(), Allanamiento: r.IntN(4) == 0}
		if r.IntN(5) > 0 {
			a.FechaFirmeza = dia(fecha.Debe(2020, 1, 1), 2500)
		}
		e.Actos = append(e.Actos, a)
	}
	for i := range r.IntN(6) {
		e.Operaciones = append(e.Operaciones, reincidencia.Operaciones{Anio: 2020 + i, Valor: monto(), Numero: r.Int64N(5000)})
	}
	for range r.IntN(3) {
		e.DiasInhabiles = append(e.DiasInhabiles, dia(fecha.Debe(2025, 1, 1), 700))
	}
	return e
}

// A stored snapshot (what EscribirEntrada writes) is read in one typed pass
// and gives exactly what the contract's reader gives; and the contract's
// reader gives back what was written (the round trip the typed pass relies on).
func TestLeerEntradaGuardada_igualAlLectorDelContrato(t *testing.T) {
	r := rand.New(rand.NewPCG(20261201, 25))
	for i := range 2000 {
		e := entradaAlAzar(r)
		data, err := EscribirEntrada(e)
		if err != nil {
			t.Fatal(err)
		}
		estricta, err := LeerEvaluacion(data)
		if err != nil {
			t.Fatalf("caso %d: el lector del contrato no lee lo que se escribió: %v\n%s", i, err, data)
		}
		otra, _ := EscribirEntrada(estricta)
		if !bytes.Equal(otra, data) {
			t.Fatalf("caso %d: leer y escribir otra vez cambia el documento:\n%s\n%s", i, data, otra)
		}
		rapida, ok := leerEntradaCanonica(data)
		if !ok {
			t.Fatalf("caso %d: la lectura de una pasada no aceptó lo que escribió EscribirEntrada:\n%s", i, data)
		}
		if !reflect.DeepEqual(rapida, estricta) {
			t.Fatalf("caso %d: las dos lecturas difieren:\n%+v\n%+v", i, rapida, estricta)
		}
	}
}

// What is not exactly a stored snapshot goes to the contract's reader, which
// names the problem: the typed pass never accepts it on its own.
func TestLeerEntradaGuardada_loQueNoEsCanonicoLoLeeElContrato(t *testing.T) {
	base, err := EscribirEntrada(entradaAlAzar(rand.New(rand.NewPCG(1, 2))))
	if err != nil {
		t.Fatal(err)
	}
	s := string(base)
	casos := []struct {
		nombre, doc, campo string // campo "": read without error
	}{
		{"campo desconocido", strings.Replace(s, `"anclaje"`, `"extra": 1, "anclaje"`, 1), "extra"},
		{"falta la fecha de comisión", strings.Replace(s, `"fecha_comision"`, `"fecha_comision_x"`, 1), "fecha_comision"},
		{"gravedad fuera de la lista", strings.Replace(s, `"gravedad": "`, `"gravedad": "x`, 1), "gravedad"},
		{"monto con separador de miles", strings.Replace(s, `"sancion_prevista_cop": "`, `"sancion_prevista_cop": "1.000.`, 1), "sancion_prevista_cop"},
		{"otro espaciado: mismo contenido", strings.ReplaceAll(s, "\n  ", "\n    "), ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if _, ok := leerEntradaCanonica([]byte(c.doc)); ok {
				t.Fatal("la lectura de una pasada aceptó un documento que no escribió EscribirEntrada")
			}
			got, err := LeerEntradaGuardada([]byte(c.doc))
			want, errE := LeerEvaluacion([]byte(c.doc))
			if fmt.Sprint(err) != fmt.Sprint(errE) || !reflect.DeepEqual(got, want) {
				t.Fatalf("difiere del lector del contrato: %v / %v", err, errE)
			}
			if (err != nil) != (c.campo != "") || (err != nil && !strings.Contains(err.Error(), c.campo)) {
				t.Fatalf("error %v, quería uno que nombre %q", err, c.campo)
			}
		})
	}
}

// For any bytes, LeerEntradaGuardada answers what LeerEvaluacion answers.
func FuzzLeerEntradaGuardada(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 8 {
		b, _ := EscribirEntrada(entradaAlAzar(r))
		f.Add(b)
	}
	ejemplos, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "evaluar", "*.json"))
	for _, p := range ejemplos {
		if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".salida.json") {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := LeerEntradaGuardada(data)
		want, errE := LeerEvaluacion(data)
		if fmt.Sprint(err) != fmt.Sprint(errE) || !reflect.DeepEqual(got, want) {
			t.Fatalf("difiere del lector del contrato:\n%+v %v\n%+v %v", got, err, want, errE)
		}
	})
}

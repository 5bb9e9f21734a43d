package tamizaje

import (
	"reflect"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
)

// usuarioPrueba is one user as the store would stream it: its row, its
// registros, its acts and its operations.
type usuarioPrueba struct {
	id          int64
	u           Usuario
	registros   []dominio.RegistroUsuario
	actos       []reincidencia.Acto
	operaciones []reincidencia.Operaciones
}

// acumular streams us into an Acumulador of year anio, as tamizaje/lectura
// does from the store (users in id order, then the rest in any order), with
// an act of a user that is not there, which is ignored.
func acumular(t *testing.T, anio int, us []usuarioPrueba) *Tamizado {
	t.Helper()
	a, err := NuevoAcumulador(anio, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	a.Usuarios(len(us))
	for _, x := range us {
		if err := a.Usuario(x.id, x.u.NIT, x.u.RazonSocial, x.u.Tipo, x.u.DireccionSeccional); err != nil {
			t.Fatal(err)
		}
	}
	for i := len(us) - 1; i >= 0; i-- {
		x := us[i]
		for _, r := range x.registros {
			if err := a.Registro(x.id, r); err != nil {
				t.Fatal(err)
			}
		}
		for _, o := range x.operaciones {
			if err := a.Operaciones(x.id, o.Anio, o.Valor.Shift(2).IntPart(), o.Numero); err != nil {
				t.Fatal(err)
			}
		}
		for _, ac := range x.actos {
			if err := a.Acto(x.id, ac.FechaFirmeza, ac.Gravedad, ac.Sancion, ac.Allanamiento, ac.Valor.Shift(2).IntPart()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := a.Acto(999_999, fecha.Debe(anio-1, 3, 1), sancion.Grave, sancion.Multa, false, 100); err != nil {
		t.Fatal(err)
	}
	return a.Tamizado()
}

// usuariosPrueba: the worked example of docs/reglas.md §2 (procede), a user
// whose registro starts in mid-2025 (in force on 1 January 2026, not on 1
// January 2025), one with two acts and no operations loaded (datos
// incompletos), and one with nothing; the ids are sparse and not in NIT
// order.
func usuariosPrueba() []usuarioPrueba {
	ej := ejemplo()
	ej.Usuario.ID, ej.Usuario.DireccionSeccional = 7, "BOGOTA"
	siempre := dominio.RegistroUsuario{Clase: "registro", VigenteDesde: fecha.Debe(2019, 1, 1)}
	return []usuarioPrueba{
		{id: 3, u: Usuario{ID: 3, NIT: "900100200-1", RazonSocial: "Dos Actos S.A.S.", Tipo: "declarante", DireccionSeccional: "CARTAGENA"},
			registros: []dominio.RegistroUsuario{siempre},
			actos:     []reincidencia.Acto{acto("2025-02-03", sancion.Grave, sancion.Multa, "10000000", false), acto("2025-06-03", sancion.Gravisima, sancion.Multa, "10000000.50", false)}},
		{id: 7, u: ej.Usuario, registros: []dominio.RegistroUsuario{siempre}, actos: ej.Actos, operaciones: ej.Operaciones},
		{id: 40_000, u: Usuario{ID: 40_000, NIT: "800000001-2", RazonSocial: "Registro Nuevo Ltda.", Tipo: "agencia_de_aduanas", DireccionSeccional: "BOGOTA"},
			registros:   []dominio.RegistroUsuario{{Clase: "registro", VigenteDesde: fecha.Debe(2025, 6, 1)}},
			actos:       ej.Actos,
			operaciones: []reincidencia.Operaciones{{Anio: 2025, Valor: pesos("1000000000"), Numero: 10}}},
		{id: 90_000_000, u: Usuario{ID: 90_000_000, NIT: "890000000-3", RazonSocial: "Sin Nada S.A.", Tipo: "otro", DireccionSeccional: "BOGOTA"}},
	}
}

// The screening streamed into an Acumulador row by row (what tamizaje/lectura
// feeds it from the store, amounts in centavos, registros judged on each
// commission date) equals Calcular and Ordenar on the same users' full
// input (Decreto Ley 920 de 2023, art. 25).
func TestAcumulador_art25_igualQueCalcular(t *testing.T) {
	for _, anio := range []int{2026, 2025} {
		us := usuariosPrueba()
		got := acumular(t, anio, us).Filas()
		filas, err := Calcular(anio, valores.Integrada(), func(f func(Insumo) error) error {
			for _, x := range us {
				in := Insumo{Usuario: x.u, Actos: x.actos, Operaciones: x.operaciones}
				for _, r := range x.registros {
					in.RegistroVigente = in.RegistroVigente || r.Vigente(FechaComision(anio))
					in.RegistroVigenteAnterior = in.RegistroVigenteAnterior || r.Vigente(FechaComision(anio-1))
				}
				if err := f(in); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		Ordenar(filas)
		if !reflect.DeepEqual(got, filas) {
			t.Errorf("%d: el acumulador difiere de Calcular:\n got  %+v\n want %+v", anio, got, filas)
		}
		if len(got) != 4 || got[1].Usuario.ID != 7 || got[1].ProcedeComite.EsSi() != (anio == 2026) {
			t.Errorf("%d: orden %+v", anio, got)
		}
	}
	if _, err := NuevoAcumulador(AnioMaximo+1, valores.Integrada()); err == nil || !strings.Contains(err.Error(), "fuera del rango") {
		t.Errorf("año fuera de rango: %v", err)
	}
}

// An amount that does not fit names the user whose row it is.
func TestAcumulador_errorNombraAlUsuario(t *testing.T) {
	a, err := NuevoAcumulador(2026, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Usuario(5, "900100200-1", "Grande S.A.", "otro", "BOGOTA"); err != nil {
		t.Fatal(err)
	}
	f := fecha.Debe(2025, 3, 1)
	if err := a.Acto(5, f, sancion.Grave, sancion.Multa, false, 1<<62); err != nil {
		t.Fatal(err)
	}
	err = a.Acto(5, f, sancion.Grave, sancion.Multa, false, 1<<62)
	if err == nil || !strings.Contains(err.Error(), "usuario 900100200-1") {
		t.Fatalf("error %v, quiere el NIT del usuario", err)
	}
}

// The portfolio counts the screenings of hasta, hasta−2 and hasta−4 (each
// gives its year and the one before), asking for each once, in that order;
// brought up to date with a changed user's screenings alone it equals the
// portfolio counted afresh from the changed data.
func TestCartera_cincoAniosYActualizarIgualAContarDeNuevo(t *testing.T) {
	if got := AniosLeidos(2026); !reflect.DeepEqual(got, []int{2026, 2024, 2022}) {
		t.Fatalf("AniosLeidos(2026) = %v", got)
	}
	datos := usuariosPrueba()
	var pedidos []int
	de := func(us []usuarioPrueba) func(int) (*Tamizado, error) {
		return func(y int) (*Tamizado, error) {
			pedidos = append(pedidos, y)
			return acumular(t, y, us), nil
		}
	}
	k, err := NuevaCartera(2026, de(datos))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pedidos, []int{2026, 2024, 2022}) || !reflect.DeepEqual(k.Anios, []int{2022, 2023, 2024, 2025, 2026}) {
		t.Fatalf("pedidos %v, años %v", pedidos, k.Anios)
	}
	if c := k.Conteo["BOGOTA"]; c == nil {
		t.Fatalf("conteo sin la seccional del ejemplo: %+v", k.Conteo)
	}
	if mismo, err := k.Actualizar(nil, nil); err != nil || mismo != k {
		t.Fatalf("sin cambios: %v, %v", mismo, err)
	}
	// The user of the worked example loses its operations of 2025 (datos
	// incompletos) and the one with two acts disappears.
	cambiados := []int64{7, 3}
	despues := []usuarioPrueba{datos[1], datos[2], datos[3]}
	despues[0].operaciones = []reincidencia.Operaciones{{Anio: 2024, Valor: pesos("10000000000"), Numero: 900}}
	var solos []usuarioPrueba
	for _, x := range despues {
		if x.id == 7 || x.id == 3 {
			solos = append(solos, x)
		}
	}
	antes := k.Conteo["BOGOTA"]
	puesta, err := k.Actualizar(cambiados, de(solos))
	if err != nil {
		t.Fatal(err)
	}
	fresca, err := NuevaCartera(2026, de(despues))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(puesta.Conteo, fresca.Conteo) || !reflect.DeepEqual(puesta.Incompletos, fresca.Incompletos) {
		t.Errorf("puesta al día\n %+v %+v\ncontada de nuevo\n %+v %+v", puesta.Conteo, puesta.Incompletos, fresca.Conteo, fresca.Incompletos)
	}
	if !reflect.DeepEqual(k.Conteo["BOGOTA"], antes) {
		t.Error("Actualizar cambió la cartera de antes")
	}
	if puesta.Incompletos["BOGOTA"] == ([AniosCartera]int{}) {
		t.Errorf("el usuario sin operaciones de 2025 no cuenta como datos incompletos: %+v", puesta.Incompletos)
	}
}

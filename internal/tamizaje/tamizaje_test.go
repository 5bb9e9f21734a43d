package tamizaje

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"comite/internal/exportar"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

func pesos(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func acto(f string, g sancion.Gravedad, s sancion.Tipo, valor string, allan bool) reincidencia.Acto {
	var ff fecha.Fecha
	if f != "" {
		ff = fecha.Debe(mustParse(f))
	}
	return reincidencia.Acto{FechaFirmeza: ff, Gravedad: g, Sancion: s, Valor: pesos(valor), Allanamiento: allan}
}

func mustParse(s string) (int, time.Month, int) {
	f, err := fecha.ParseISO(s)
	if err != nil {
		panic(err)
	}
	return f.Anio(), f.Mes(), f.Dia()
}

// ejemplo is the worked example of docs/reglas.md §2 (acts A–E, operations 2025).
func ejemplo() Insumo {
	return Insumo{
		Usuario:                 Usuario{ID: 1, NIT: "800191045-1", RazonSocial: "Agencia Ejemplo S.A.S.", Tipo: "agencia_de_aduanas", DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá"},
		RegistroVigente:         true,
		RegistroVigenteAnterior: true,
		Actos: []reincidencia.Acto{
			acto("2025-03-04", sancion.Grave, sancion.Multa, "40000000", false),
			acto("2025-07-22", sancion.Gravisima, sancion.Multa, "25000000", false),
			acto("2025-11-28", sancion.Grave, sancion.Multa, "12000000", false),
			acto("2025-09-01", sancion.Grave, sancion.Multa, "30000000", true),
			acto("2024-12-31", sancion.Grave, sancion.Multa, "50000000", false),
		},
		Operaciones: []reincidencia.Operaciones{{Anio: 2025, Valor: pesos("14800000000"), Numero: 1600}, {Anio: 2024, Valor: pesos("10000000000"), Numero: 900}},
	}
}

func TestEvaluarUsuario_art25_ejemploDelDominio(t *testing.T) {
	f, err := EvaluarUsuario(2026, ejemplo(), valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("ref=%d actos=%d S=%s O=%s N=%d part=%s linea=%s pu=%s cumple=%v procede=%v dist=%s tempranas=%v | ant ref=%d actos=%d part=%s | var %d %s",
		f.AnioReferencia, f.NumeroActos, f.Suma, f.TotalOperaciones, *f.NumeroOperaciones, f.Participacion.StringFixed(4), f.Linea, f.PorcentajeUmbral.StringFixed(2),
		f.CumpleUmbral.EsSi(), f.ProcedeComite.EsSi(), f.Distancia, f.Tempranas,
		f.Anterior.AnioReferencia, f.Anterior.NumeroActos, f.Anterior.Participacion.StringFixed(4), f.VariacionActos, f.VariacionParticipacion.StringFixed(4))
	want := "ref=2025 actos=3 S=77000000 O=14800000000 N=1600 part=0.5203 linea=74000000 pu=104.05 cumple=true procede=true dist=0 tempranas=[] | ant ref=2024 actos=1 part=0.5000 | var 2 0.0203"
	if got != want {
		t.Errorf("\n got  %s\n want %s", got, want)
	}
}

// The distance to the test (see distancia) and the early warnings, on both
// sides of each boundary (art. 25 inc. 1: 3 acts, 0,5 %).
func TestDistanciaYAlertas_art25_inc1(t *testing.T) {
	casos := []struct {
		nombre    string
		actos     int
		s, o      string
		distancia string
		tempranas []Alerta
	}{
		{"tres_actos_sobre_la_linea_distancia_cero", 3, "6000000", "1000000000", "0", nil},
		{"tres_actos_en_la_linea_exacta_distancia_cero", 3, "5000000", "1000000000", "0", nil},
		{"tres_actos_un_peso_bajo_la_linea_alerta_ochenta", 3, "4999999", "1000000000", "0.0000002", []Alerta{OchentaPorCiento}},
		{"ochenta_por_ciento_exacto_alerta", 3, "4000000", "1000000000", "0.2", []Alerta{OchentaPorCiento}},
		{"un_peso_bajo_el_ochenta_sin_alerta", 3, "3999999", "1000000000", "0.2000002", nil},
		{"dos_actos_sobre_la_linea_alerta_dos_actos", 2, "9000000", "1000000000", "0.333333333333", []Alerta{DosActos}},
		{"dos_actos_al_noventa_por_ciento_dos_alertas", 2, "4500000", "1000000000", "0.433333333333", []Alerta{DosActos, OchentaPorCiento}},
		{"un_acto_sin_alerta_dos_actos", 1, "1000000", "1000000000", "1.466666666667", nil},
		{"cuatro_actos_sin_alerta_dos_actos", 4, "1000000", "1000000000", "0.8", nil},
		{"sin_operaciones_con_sanciones_cumple_sin_alerta", 3, "1000", "0", "0", nil},
		{"sin_operaciones_ni_sanciones_distancia_maxima", 0, "0", "0", "2", nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			in := Insumo{Usuario: Usuario{NIT: "800191045-1"}, RegistroVigente: true}
			// Acts of equal value whose sum is S (the last takes the remainder).
			s := pesos(c.s)
			for i := 0; i < c.actos; i++ {
				v := decimal.Zero
				if i == c.actos-1 {
					v = s
				}
				in.Actos = append(in.Actos, reincidencia.Acto{FechaFirmeza: fecha.Debe(2025, 6, 1+i), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: v})
			}
			in.Operaciones = []reincidencia.Operaciones{{Anio: 2025, Valor: pesos(c.o), Numero: 10}}
			f, err := EvaluarUsuario(2026, in, valores.Integrada())
			if err != nil {
				t.Fatal(err)
			}
			if f.Distancia.String() != c.distancia || fmt.Sprint(f.Tempranas) != fmt.Sprint(c.tempranas) {
				t.Errorf("distancia %s, alertas %v; se esperaba %s, %v", f.Distancia, f.Tempranas, c.distancia, c.tempranas)
			}
		})
	}
}

func fila(nit string, procede bool, actos int, s, o string) Fila {
	in := Insumo{Usuario: Usuario{NIT: nit}, RegistroVigente: procede}
	for i := 0; i < actos; i++ {
		v := decimal.Zero
		if i == 0 {
			v = pesos(s)
		}
		in.Actos = append(in.Actos, reincidencia.Acto{FechaFirmeza: fecha.Debe(2025, 3, 1+i), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: v})
	}
	if o != "" { // "": operations of 2025 never loaded; "0": declared zero
		in.Operaciones = []reincidencia.Operaciones{{Anio: 2025, Valor: pesos(o), Numero: 1}}
	}
	f, err := EvaluarUsuario(2026, in, valores.Integrada())
	if err != nil {
		panic(err)
	}
	return f
}

func TestOrdenar_procedeLuegoDistanciaLuegoExceso(t *testing.T) {
	filas := []Fila{
		fila("5", true, 3, "5000000", "1000000000"),  // procede, exactly on the line
		fila("9", false, 0, "0", "1000000000"),       // nothing: distance 2
		fila("2", true, 3, "1000", "0"),              // procede, operations declared in zero: over every line
		fila("10", true, 3, "9000000", ""),           // operations never loaded: datos incompletos, last
		fila("11", false, 0, "0", ""),                // nothing and never loaded: S = 0, not met, known
		fila("7", false, 2, "4500000", "1000000000"), // 0,4333
		fila("3", true, 4, "9000000", "1000000000"),  // procede, 180 %
		fila("4", false, 3, "9000000", "1000000000"), // meets both figures, registro not vigente
		fila("6", false, 3, "4999999", "1000000000"), // one peso short
		fila("1", true, 3, "9000000", "1000000000"),  // procede, 180 %, fewer acts than "3"
		fila("8", false, 2, "4500000", "1000000000"), // same as "7": NIT decides
	}
	Ordenar(filas)
	var orden []string
	for i, f := range filas {
		if f.Posicion != i+1 {
			t.Errorf("posición %d en el índice %d", f.Posicion, i)
		}
		orden = append(orden, f.Usuario.NIT)
	}
	if got, want := strings.Join(orden, " "), "2 3 1 5 4 6 7 8 9 11 10"; got != want {
		t.Errorf("orden %s, se esperaba %s", got, want)
	}
}

func TestFiltrar_tipoYSeccional(t *testing.T) {
	filas := []Fila{
		{Usuario: Usuario{NIT: "1", Tipo: "agencia_de_aduanas", DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá"}, Posicion: 1},
		{Usuario: Usuario{NIT: "2", Tipo: "declarante", DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá"}, Posicion: 2},
		{Usuario: Usuario{NIT: "3", Tipo: "agencia_de_aduanas", DireccionSeccional: "Dirección Seccional de Aduanas de Cartagena"}, Posicion: 3},
		{Usuario: Usuario{NIT: "4", Tipo: "agencia_de_aduanas", DireccionSeccional: ""}, Posicion: 4},
	}
	casos := []struct {
		nombre string
		f      Filtro
		nits   string
	}{
		{"sin_filtro_todas", Filtro{}, "1 2 3 4"},
		{"tipo", Filtro{Tipo: "agencia_de_aduanas"}, "1 3 4"},
		{"ciudad_sin_tilde_ni_mayusculas", Filtro{Seccional: "bogota"}, "1 2"},
		{"nombre_completo_con_espacios", Filtro{Seccional: "  dirección seccional de aduanas de  CARTAGENA "}, "3"},
		{"parte_de_una_palabra_no", Filtro{Seccional: "gota"}, ""},
		{"tipo_y_seccional", Filtro{Tipo: "declarante", Seccional: "Bogotá"}, "2"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var nits []string
			for _, f := range Filtrar(filas, c.f) {
				nits = append(nits, f.Usuario.NIT)
				if f.Usuario.NIT == "3" && f.Posicion != 3 {
					t.Errorf("el filtro cambió la posición: %d", f.Posicion)
				}
			}
			if got := strings.Join(nits, " "); got != c.nits {
				t.Errorf("%q, se esperaba %q", got, c.nits)
			}
		})
	}
}

func TestCalcular_conservaElOrdenYPropagaErrores(t *testing.T) {
	const n = 1000
	fuente := func(f func(Insumo) error) error {
		for i := 0; i < n; i++ {
			in := ejemplo()
			in.Usuario.ID = int64(i)
			in.RegistroVigente = i%2 == 0
			if err := f(in); err != nil {
				return err
			}
		}
		return nil
	}
	filas, err := Calcular(2026, valores.Integrada(), fuente)
	if err != nil {
		t.Fatal(err)
	}
	if len(filas) != n {
		t.Fatalf("%d filas", len(filas))
	}
	for i, f := range filas {
		if f.Usuario.ID != int64(i) || f.ProcedeComite.EsSi() != (i%2 == 0) || f.NumeroActos != 3 {
			t.Fatalf("fila %d: id %d procede %v actos %d", i, f.Usuario.ID, f.ProcedeComite, f.NumeroActos)
		}
	}
	falla := errors.New("lectura interrumpida")
	if _, err := Calcular(2026, valores.Integrada(), func(f func(Insumo) error) error { f(ejemplo()); return falla }); !errors.Is(err, falla) {
		t.Errorf("error de la fuente: %v", err)
	}
	if _, err := Calcular(AnioMaximo+1, valores.Integrada(), fuente); err == nil || !strings.Contains(err.Error(), "fuera del rango") {
		t.Errorf("año fuera de rango: %v", err)
	}
}

func filasExportar() []Fila {
	a := fila("800191045-1", true, 3, "77000000.5", "14800000000")
	a.Usuario.RazonSocial = "Agencia Ñandú & Cía. S.A.S."
	a.Usuario.Tipo = "agencia_de_aduanas"
	a.Usuario.DireccionSeccional = "Dirección Seccional de Aduanas de Bogotá"
	b := fila("899999068-1", false, 0, "0", "0")
	b.Usuario.RazonSocial = "=HIPERVINCULO(\"x\")"
	filas := []Fila{a, b}
	Ordenar(filas)
	return filas
}

func TestEscribirCSV_excelEnEspanol(t *testing.T) {
	var buf bytes.Buffer
	if err := EscribirCSV(&buf, filasExportar(), nil); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		t.Fatal("falta la marca de orden de bytes UTF-8")
	}
	if !bytes.Contains(data, []byte("\r\n")) {
		t.Error("las líneas deben terminar en CRLF")
	}
	r := csv.NewReader(bytes.NewReader(data[3:]))
	r.Comma = ';'
	regs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(regs) != 3 || strings.Join(regs[0], "|") != strings.Join(Columnas, "|") {
		t.Fatalf("cabecera o número de filas: %d %v", len(regs), regs[0])
	}
	col := func(nombre string) int {
		for i, c := range Columnas {
			if c == nombre {
				return i
			}
		}
		t.Fatalf("columna %q", nombre)
		return -1
	}
	uno, dos := regs[1], regs[2]
	checks := []struct{ got, want string }{
		{uno[col("NIT")], "800191045-1"},
		{uno[col("Razón social")], "Agencia Ñandú & Cía. S.A.S."},
		{uno[col("Suma de sanciones (COP)")], "77000000,5"},
		{uno[col("Operaciones (COP)")], "14800000000"},
		{uno[col("Participación (%)")], "0,5203"},
		{uno[col("Procede el Comité")], "Sí"},
		{uno[col("Actos que cuentan")], "3"},
		{dos[col("Razón social")], "'=HIPERVINCULO(\"x\")"},
		{dos[col("Participación (%)")], ""},
		{dos[col("Procede el Comité")], "No"},
		{dos[col("Distancia")], "2"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%q, se esperaba %q", c.got, c.want)
		}
	}
}

func TestEscribirXLSX_numerosComoNumeros(t *testing.T) {
	var buf bytes.Buffer
	filas := filasExportar()
	if err := EscribirXLSX(&buf, filas, "Tamizaje 2026", nil); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	regs, err := x.GetRows(HojaXLSX, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(regs) != 3 || regs[0][2] != "Razón social" {
		t.Fatalf("filas %d, cabecera %v", len(regs), regs[0])
	}
	suma, _ := excelize.CoordinatesToCellName(11, 2) // "Suma de sanciones (COP)"
	tipo, err := x.GetCellType(HojaXLSX, suma)
	if err != nil {
		t.Fatal(err)
	}
	if tipo == excelize.CellTypeSharedString || tipo == excelize.CellTypeInlineString {
		t.Errorf("la suma es texto (%v), debe ser número", tipo)
	}
	got, err := decimal.NewFromString(regs[1][10])
	if err != nil || !got.Equal(filas[0].Suma) {
		t.Errorf("suma leída %q (%v), se esperaba %s", regs[1][10], err, filas[0].Suma)
	}
	part, err := decimal.NewFromString(regs[1][13])
	if err != nil || !part.Equal(*filas[0].Participacion) {
		t.Errorf("participación leída %q", regs[1][13])
	}
	estilo, err := x.GetCellStyle(HojaXLSX, suma)
	if err != nil {
		t.Fatal(err)
	}
	st, err := x.GetStyle(estilo)
	if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != exportar.FormatoXLSX(exportar.Pesos) {
		t.Errorf("formato de la suma: %+v %v", st, err)
	}
	if regs[2][2] != "=HIPERVINCULO(\"x\")" {
		t.Errorf("texto: %q", regs[2][2])
	}
	if f, _ := x.GetCellFormula(HojaXLSX, "C3"); f != "" {
		t.Errorf("una razón social se escribió como fórmula: %q", f)
	}
}

// BenchmarkEvaluarUsuario is the screening core for one user with the
// worked example's acts (two calls to reincidencia.Evaluar, ranking figures).
func BenchmarkEvaluarUsuario(b *testing.B) {
	in := ejemplo()
	for b.Loop() {
		if _, err := EvaluarUsuario(2026, in, valores.Integrada()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCalcularYOrdenar screens and ranks 10.000 users in memory (no
// database): the core's share of a national screening.
func BenchmarkCalcularYOrdenar(b *testing.B) {
	ins := make([]Insumo, 10_000)
	for i := range ins {
		in := ejemplo()
		in.Usuario.ID = int64(i)
		in.Usuario.NIT = fmt.Sprint(i)
		in.Actos = in.Actos[:1+i%5]
		in.Operaciones[0].Valor = decimal.NewFromInt(int64(1_000_000_000 + i*1_000_000))
		ins[i] = in
	}
	for b.Loop() {
		filas, err := Calcular(2026, valores.Integrada(), func(f func(Insumo) error) error {
			for _, in := range ins {
				if err := f(in); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		Ordenar(filas)
	}
}

// The screening finds a user by NIT as dominio §7 writes it (with or without
// hyphen, dots or check digit) or by part of the razón social, without
// regard to case or accents.
func TestFiltrar_texto_NITyNombre(t *testing.T) {
	filas := []Fila{
		{Usuario: Usuario{NIT: "901750435-6", RazonSocial: "Logística Andina S.A.S.", Tipo: "agencia_de_aduanas"}, Posicion: 1},
		{Usuario: Usuario{NIT: "800191045-1", RazonSocial: "Cañón Ltda.", Tipo: "declarante"}, Posicion: 2},
		{Usuario: Usuario{NIT: "900123456-8", RazonSocial: "Importadora del Peñón", Tipo: "agencia_de_aduanas"}, Posicion: 3},
	}
	for _, c := range []struct {
		nombre string
		f      Filtro
		nits   string
	}{
		{"dominio7_nit_con_dv_sin_guion", Filtro{Texto: "9017504356"}, "901750435-6"},
		{"dominio7_nit_con_guion", Filtro{Texto: "901750435-6"}, "901750435-6"},
		{"dominio7_nit_con_puntos", Filtro{Texto: "800.191.045"}, "800191045-1"},
		{"nombre_sin_tildes", Filtro{Texto: "logistica"}, "901750435-6"},
		{"nombre_mayusculas_y_enie", Filtro{Texto: "CAÑON"}, "800191045-1"},
		{"nombre_sin_enie", Filtro{Texto: "penon"}, "900123456-8"},
		{"texto_y_tipo", Filtro{Texto: "a", Tipo: "declarante"}, "800191045-1"},
		{"nada", Filtro{Texto: "zzz"}, ""},
		{"solo_espacios_todas", Filtro{Texto: "   "}, "901750435-6 800191045-1 900123456-8"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			var nits []string
			for _, f := range Filtrar(filas, c.f) {
				nits = append(nits, f.Usuario.NIT)
			}
			if got := strings.Join(nits, " "); got != c.nits {
				t.Errorf("%q, se esperaba %q", got, c.nits)
			}
		})
	}
}

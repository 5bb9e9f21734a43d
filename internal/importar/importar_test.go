package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

func textos(ps []filas.Problema) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

func leerTexto(t *testing.T, clase filas.Clase, texto string) (*filas.Lote, []filas.Problema) {
	t.Helper()
	return Leer(clase, "prueba.csv", strings.NewReader(texto))
}

func TestLeer_sancionesComaYPuntoYComa(t *testing.T) {
	coma := "nit,numero_acto,fecha_firmeza,gravedad,sancion,valor,allanamiento\n" +
		"800191045-1,RS-1,2025-03-04,grave,multa,40000000,no\n" +
		"\"800.191.045-1\",RS-2,22/07/2025,Gravísima,Multa,\"25.000.000,50\",x\n"
	pyc := "\ufeffNIT;Número de acto;Fecha firmeza;GRAVEDAD;Sanción;Valor;Allanamiento\r\n" +
		"800191045-1;RS-1;2025-03-04;grave;multa;40000000;no\r\n" +
		"800.191.045-1;RS-2;22/07/2025;Gravísima;Multa;$ 25.000.000,50;sí\r\n"
	for nombre, texto := range map[string]string{"coma": coma, "punto_y_coma_bom_crlf": pyc} {
		t.Run(nombre, func(t *testing.T) {
			l, ps := leerTexto(t, filas.Sanciones, texto)
			if len(ps) > 0 {
				t.Fatalf("problemas: %v", textos(ps))
			}
			if len(l.Sanciones) != 2 {
				t.Fatalf("filas = %d", len(l.Sanciones))
			}
			s := l.Sanciones[1]
			if s.Fila != 3 || s.NIT != "800191045-1" || s.NumeroActo != "RS-2" || s.FechaFirmeza.String() != "2025-07-22" ||
				s.Gravedad != "gravisima" || s.Sancion != "multa" || s.Valor.String() != "25000000.5" || !s.Allanamiento {
				t.Fatalf("fila 3 = %+v", s)
			}
			if l.Tiene("fecha_expedicion") || !l.Tiene("fecha_firmeza") {
				t.Fatalf("columnas = %v", l.Columnas)
			}
		})
	}
}

func TestLeer_latin1(t *testing.T) {
	utf := "nit;razon_social;tipo;direccion_seccional;registro_vigente_desde\n800191045-1;Compañía Aérea Ñandú S.A.;Depósito habilitado;Bogotá;2020-01-01\n"
	lat, err := charmap.Windows1252.NewEncoder().String(utf)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal([]byte(lat), []byte(utf)) {
		t.Fatal("la prueba necesita bytes Latin-1 distintos de UTF-8")
	}
	l, ps := leerTexto(t, filas.Usuarios, lat)
	if len(ps) > 0 {
		t.Fatalf("problemas: %v", textos(ps))
	}
	u := l.Usuarios[0]
	if u.RazonSocial != "Compañía Aérea Ñandú S.A." || u.DireccionSeccional != "Bogotá" || u.Tipo != "deposito_habilitado" {
		t.Fatalf("usuario = %+v", u)
	}
}

func TestLeer_todosLosProblemasConFilaYCampo(t *testing.T) {
	texto := "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
		"800191045-1;RS-1;2025-03-04;grave;multa;40000000;no\n" + // fila 2 ok
		"800191045-2;RS-2;2025-13-01;grave;multa;12,5,3;no\n" + // fila 3: nit, fecha, valor
		"\n" + // fila 4 blank (Excel shows it)
		"800191045-1;RS-3;2025-03-04;muy grave;pena;1.234;tal vez\n" + // fila 5: gravedad, sancion, valor, allanamiento
		"800191045-1;RS-1;2025-03-04;grave;multa;5;no\n" // fila 6: duplicate act
	l, ps := leerTexto(t, filas.Sanciones, texto)
	if l != nil {
		t.Fatal("con problemas no debe haber lote")
	}
	quiere := []string{
		`fila 3, nit: NIT "800191045-2": dígito de verificación 2 incorrecto; el correcto es 1`,
		`fila 3, fecha_firmeza: fecha inválida "2025-13-01" (use AAAA-MM-DD o DD/MM/AAAA)`,
		`fila 3, valor: monto inválido "12,5,3"`,
		`fila 5, gravedad: gravedad desconocida "muy grave"`,
		`fila 5, sancion: sanción desconocida "pena"`,
		`fila 5, valor: monto ambiguo "1.234"`,
		`fila 5, allanamiento: valor "tal vez" no es sí ni no`,
		`fila 6, numero_acto: el acto RS-1 del NIT 800191045-1 ya aparece en la fila 2`,
	}
	got := textos(ps)
	if len(got) != len(quiere) {
		t.Fatalf("problemas:\n%s", strings.Join(got, "\n"))
	}
	for i := range quiere {
		if !strings.HasPrefix(got[i], quiere[i]) {
			t.Errorf("problema %d = %q\nquiere que empiece %q", i, got[i], quiere[i])
		}
	}
}

func TestLeer_encabezado(t *testing.T) {
	casos := []struct {
		nombre, texto string
		contiene      []string
	}{
		{"columna_extra_nombrada", "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento;Observaciones;Otra\n",
			[]string{`fila 1: columnas desconocidas: "Observaciones", "Otra"`}},
		{"faltan_requeridas", "nit;numero_acto;gravedad\n800191045-1;A;grave\n",
			[]string{"fila 1: faltan las columnas fecha_firmeza, sancion, valor, allanamiento"}},
		{"columna_repetida", "nit;NIT;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n",
			[]string{"fila 1: la columna nit aparece dos veces"}},
		{"vacio", "", []string{"archivo: el archivo está vacío"}},
		{"solo_encabezado", "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n",
			[]string{"archivo: el archivo no tiene filas de datos"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, ps := leerTexto(t, filas.Sanciones, c.texto)
			got := strings.Join(textos(ps), "\n")
			for _, q := range c.contiene {
				if !strings.Contains(got, q) {
					t.Errorf("problemas:\n%s\nquiere %q", got, q)
				}
			}
		})
	}
}

func TestLeer_datosEnColumnaSinNombre(t *testing.T) {
	texto := "nit;anio;valor;numero_operaciones\n800191045-1;2025;100;5;sobra\n800191045-1;2024;100;5;\n"
	_, ps := leerTexto(t, filas.Operaciones, texto)
	if len(ps) != 1 || ps[0].Fila != 2 || !strings.Contains(ps[0].Mensaje, "columna 5") {
		t.Fatalf("problemas = %v", textos(ps))
	}
}

func TestLeer_operacionesDosFormas(t *testing.T) {
	anual := "nit,año,valor,numero_operaciones\n800191045-1,2025,14800000000,1.600\n899999068-1,2025,\"2350000000,75\",312\n"
	l, ps := leerTexto(t, filas.Operaciones, anual)
	if len(ps) > 0 {
		t.Fatal(textos(ps))
	}
	if l.PorDeclaracion || l.Operaciones[0].Anio != 2025 || l.Operaciones[0].Numero != 1600 || l.Operaciones[1].Valor.String() != "2350000000.75" {
		t.Fatalf("lote = %+v", l.Operaciones)
	}
	decl := "nit;fecha;numero_declaracion;valor\n800191045-1;04/03/2025;4820001;125000000\n800191045-1;2024-12-31;4820002;1\n"
	l, ps = leerTexto(t, filas.Operaciones, decl)
	if len(ps) > 0 {
		t.Fatal(textos(ps))
	}
	if !l.PorDeclaracion || l.Operaciones[0].Anio != 2025 || l.Operaciones[1].Anio != 2024 || l.Operaciones[0].Numero != 1 {
		t.Fatalf("lote = %+v", l.Operaciones)
	}
	_, ps = leerTexto(t, filas.Operaciones, "nit;anio;fecha;numero_declaracion;valor;numero_operaciones\n")
	if len(ps) != 1 || !strings.Contains(ps[0].Mensaje, "mezcla") {
		t.Fatalf("mezcla: %v", textos(ps))
	}
	_, ps = leerTexto(t, filas.Operaciones, "nit;anio;valor;numero_operaciones\n800191045-1;2025;1;1\n800.191.045-1;2025;2;2\n")
	if len(ps) != 1 || ps[0].Fila != 3 || ps[0].Campo != "anio" {
		t.Fatalf("año repetido: %v", textos(ps))
	}
}

func TestLeer_usuariosVariosPeriodosCoherentes(t *testing.T) {
	texto := "nit;razon_social;tipo;registro_vigente_desde;registro_vigente_hasta\n" +
		"800191045-1;Agencia A;agencia de aduanas;2015-01-01;2018-12-31\n" +
		"800191045-1;Agencia A;agencia de aduanas;2020-01-01;\n" +
		"800191045-1;Agencia B;agencia de aduanas;2022-01-01;\n" +
		"899999068-1;Depósito;deposito_habilitado;2022-01-01;2021-01-01\n"
	_, ps := leerTexto(t, filas.Usuarios, texto)
	got := textos(ps)
	if len(got) != 2 || !strings.HasPrefix(got[0], "fila 4, razon_social: el NIT 800191045-1 aparece en la fila 2") ||
		!strings.HasPrefix(got[1], "fila 5, registro_vigente_hasta: el registro termina") {
		t.Fatalf("problemas:\n%s", strings.Join(got, "\n"))
	}
}

func TestLeer_xlsxPrimeraHojaConFilaVaciaYNumeros(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	h := "Sheet1"
	celdas := [][]any{
		{"NIT", "Numero acto", "Fecha firmeza", "Gravedad", "Sanción", "Valor", "Allanamiento"},
		{"800191045-1", "RS-1", 45720, "Grave", "multa", 40000000, "no"},
		nil, // fila 3 vacía
		{"899999068-1", "RS-2", "22/07/2025", "gravísima", "multa", 1234567.89, true},
		{"899999068-1", "RS-3", "2025-13-01", "grave", "multa", "1.234", ""},
	}
	for i, fila := range celdas {
		for j, v := range fila {
			c, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if err := f.SetCellValue(h, c, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.NewSheet("Otra") // only the first sheet counts
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	_, ps := Leer(filas.Sanciones, "x.xlsx", bytes.NewReader(b.Bytes()))
	got := textos(ps)
	if len(got) != 2 || !strings.HasPrefix(got[0], `fila 5, Fecha firmeza: fecha inválida "2025-13-01"`) || !strings.HasPrefix(got[1], `fila 5, Valor: monto ambiguo "1.234"`) {
		t.Fatalf("problemas:\n%s", strings.Join(got, "\n"))
	}
	// Without the bad row, the rest is read with Excel's numbers and dates.
	if err := f.RemoveRow(h, 5); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	f.Write(&b)
	l, ps := Leer(filas.Sanciones, "x.xlsx", bytes.NewReader(b.Bytes()))
	if len(ps) > 0 {
		t.Fatal(textos(ps))
	}
	if l.Formato != filas.XLSX || len(l.Sanciones) != 2 || l.Sanciones[0].FechaFirmeza.String() != "2025-03-04" || l.Sanciones[1].Fila != 4 ||
		l.Sanciones[1].Valor.String() != "1234567.89" || !l.Sanciones[1].Allanamiento {
		t.Fatalf("lote = %+v", l.Sanciones)
	}
}

func TestLeer_archivosQueNoSon(t *testing.T) {
	_, ps := Leer(filas.Sanciones, "viejo.xls", strings.NewReader("\xd0\xcf\x11\xe0 binario"))
	if len(ps) != 1 || !strings.Contains(ps[0].Mensaje, ".xls") {
		t.Fatalf("xls: %v", textos(ps))
	}
	_, ps = Leer(filas.Sanciones, "roto.xlsx", strings.NewReader("PK\x03\x04 no es zip"))
	if len(ps) != 1 || !strings.Contains(ps[0].Mensaje, "XLSX") {
		t.Fatalf("xlsx roto: %v", textos(ps))
	}
	_, ps = Leer(filas.Sanciones, "comillas.csv", strings.NewReader("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n800191045-1;\"RS-1;2025-03-04;grave;multa;4;no\n"))
	if len(ps) == 0 || !strings.Contains(ps[0].String(), "comillas") {
		t.Fatalf("comillas: %v", textos(ps))
	}
}

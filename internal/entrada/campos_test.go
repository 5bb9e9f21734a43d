package entrada

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/fecha"
)

func TestParseMonto_formatosDominio6(t *testing.T) {
	casos := []struct {
		nombre, entrada, quiere string
	}{
		{"dominio6_entero", "1234567", "1234567"},
		{"dominio6_punto_decimal", "1234567.89", "1234567.89"},
		{"dominio6_coma_decimal", "1234567,89", "1234567.89"},
		{"dominio6_miles_punto_decimal_coma", "1.234.567,89", "1234567.89"},
		{"dominio6_signo_pesos_miles", "$ 1.234.567", "1234567"},
		{"signo_pesos_pegado", "$1.234.567", "1234567"},
		{"miles_coma_decimal_punto_sin_ambiguedad", "1,234,567.89", "1234567.89"},
		{"miles_punto_varios_grupos", "14.800.000.000", "14800000000"},
		{"un_decimal_son_decimas", "12,5", "12.5"},
		{"cero", "0", "0"},
		{"cero_con_centavos", "0,05", "0.05"},
		{"espacios_alrededor", "  77000000 ", "77000000"},
		{"punto_con_cuatro_digitos_antes_y_dos_despues", "1234.56", "1234.56"},
		{"quince_digitos_enteros_limite", "999999999999999", "999999999999999"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d, err := ParseMonto(c.entrada)
			if err != nil {
				t.Fatalf("ParseMonto(%q): %v", c.entrada, err)
			}
			if d.String() != c.quiere {
				t.Fatalf("ParseMonto(%q) = %s, quiere %s", c.entrada, d, c.quiere)
			}
		})
	}
}

func TestParseMonto_rechazos(t *testing.T) {
	casos := []struct {
		nombre, entrada, contiene string
	}{
		{"dominio6_ambiguo_punto_tres_digitos", "1.234", "ambiguo"},
		{"dominio6_ambiguo_coma_tres_digitos", "1,234", "ambiguo"},
		{"dominio6_ambiguo_doce_mil_quinientos", "12.500", "ambiguo"},
		{"tres_decimales_no_ambiguo_por_cuatro_digitos", "1234.567", "más de dos decimales"},
		{"tres_decimales_tras_cero", "0,500", "más de dos decimales"},
		{"tres_decimales_con_miles", "1.234,567", "más de dos decimales"},
		{"comas_mal_agrupadas", "12,5,3", "inválido"},
		{"miles_mal_agrupados", "1.23.456", "grupos de tres"},
		{"dos_comas_decimales_con_punto", "1.234,56,7", "inválido"},
		{"negativo", "-5", "negativo"},
		{"letras", "12abc", "inválido"},
		{"vacio", "", "vacío"},
		{"solo_signo", "$ ", "vacío"},
		{"separador_final", "123.", "inválido"},
		{"separador_inicial", ",5", "inválido"},
		{"dieciseis_digitos_limite", "1000000000000000", "demasiado grande"},
		{"exponente", "1e5", "inválido"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := ParseMonto(c.entrada)
			if err == nil {
				t.Fatalf("ParseMonto(%q) aceptado; debía rechazarse", c.entrada)
			}
			if !strings.Contains(err.Error(), c.contiene) {
				t.Fatalf("ParseMonto(%q) = %q; quiere que diga %q", c.entrada, err, c.contiene)
			}
		})
	}
}

func TestNormalizarNumeroXLSX(t *testing.T) {
	casos := []struct{ entrada, quiere string }{
		{"1234567.8899999999", "1234567.89"},
		{"1.48E+10", "14800000000"},
		{"40000000", "40000000"},
		{"1.234", "1.234"}, // short: unchanged, so the strict reading still applies
		{"texto", "texto"},
	}
	for _, c := range casos {
		if got := NormalizarNumeroXLSX(c.entrada); got != c.quiere {
			t.Errorf("NormalizarNumeroXLSX(%q) = %q, quiere %q", c.entrada, got, c.quiere)
		}
	}
}

func TestParseFecha_dominio6(t *testing.T) {
	casos := []struct {
		nombre, entrada string
		xlsx            bool
		quiere          string
	}{
		{"iso", "2025-03-04", false, "2025-03-04"},
		{"dia_primero", "04/03/2025", false, "2025-03-04"},
		{"dia_primero_sin_ceros", "4/3/2025", false, "2025-03-04"},
		{"serial_excel_en_xlsx", "45720", true, "2025-03-04"},
		{"serial_excel_con_cero_decimal", "45720.0", true, "2025-03-04"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f, err := ParseFecha(c.entrada, c.xlsx)
			if err != nil || f.String() != c.quiere {
				t.Fatalf("ParseFecha(%q) = %v, %v; quiere %s", c.entrada, f, err, c.quiere)
			}
		})
	}
	for _, mal := range []struct {
		entrada string
		xlsx    bool
	}{{"2025-13-01", false}, {"31/02/2025", false}, {"45720", false}, {"03-04-2025", false}, {"2025/03/04", false}, {"45720.5", true}, {"1850-01-01", false}, {"", false}} {
		if _, err := ParseFecha(mal.entrada, mal.xlsx); err == nil {
			t.Errorf("ParseFecha(%q, xlsx=%v) aceptada", mal.entrada, mal.xlsx)
		}
	}
}

func TestParseSiNo_contratoImportFiles(t *testing.T) {
	si := []string{"si", "sí", "SÍ", "Si", "true", "TRUE", "1", "x", "X", "verdadero", "VERDADERO"}
	no := []string{"no", "NO", "false", "0", "", "  ", "FALSO"}
	for _, v := range si {
		if b, err := ParseSiNo(v); err != nil || !b {
			t.Errorf("ParseSiNo(%q) = %v, %v; quiere sí", v, b, err)
		}
	}
	for _, v := range no {
		if b, err := ParseSiNo(v); err != nil || b {
			t.Errorf("ParseSiNo(%q) = %v, %v; quiere no", v, b, err)
		}
	}
	for _, v := range []string{"s", "n", "yes", "2", "quizás"} {
		if _, err := ParseSiNo(v); err == nil {
			t.Errorf("ParseSiNo(%q) aceptado", v)
		}
	}
}

func TestParseEnteroYAnio(t *testing.T) {
	for in, want := range map[string]int64{"1600": 1600, "1.600": 1600, "0": 0, "1.000.000": 1000000} {
		if n, err := ParseEntero(in); err != nil || n != want {
			t.Errorf("ParseEntero(%q) = %d, %v", in, n, err)
		}
	}
	for _, in := range []string{"1,6", "1.6", "-3", "", "12.34.567", "abc"} {
		if _, err := ParseEntero(in); err == nil {
			t.Errorf("ParseEntero(%q) aceptado", in)
		}
	}
	if a, err := ParseAnio("2025"); err != nil || a != 2025 {
		t.Errorf("ParseAnio(2025) = %d, %v", a, err)
	}
	for _, in := range []string{"25", "1899", "2201", "20255", "2O25"} {
		if _, err := ParseAnio(in); err == nil {
			t.Errorf("ParseAnio(%q) aceptado", in)
		}
	}
}

func TestParseEnumeraciones_mayusculasYTildes(t *testing.T) {
	for _, v := range []string{"Gravísima", "GRAVISIMA", "gravisima", " gravísima "} {
		if g, err := ParseGravedad(v); err != nil || g != "gravisima" {
			t.Errorf("ParseGravedad(%q) = %q, %v", v, g, err)
		}
	}
	if s, err := ParseSancion("Amonestación"); err != nil || s != "amonestacion" {
		t.Errorf("ParseSancion = %q, %v", s, err)
	}
	if _, err := ParseGravedad("muy grave"); err == nil {
		t.Error("ParseGravedad(muy grave) aceptada")
	}
}

func TestParseNIT_digitoVerificacion(t *testing.T) {
	for in, want := range map[string]string{"800191045-1": "800191045-1", "800.191.045-1": "800191045-1", " 899999068-1 ": "899999068-1", "800197268 - 4": "800197268-4"} {
		if got, err := ParseNIT(in); err != nil || got != want {
			t.Errorf("ParseNIT(%q) = %q, %v", in, got, err)
		}
	}
	_, err := ParseNIT("800191045-2")
	if err == nil || !strings.Contains(err.Error(), "el correcto es 1") {
		t.Errorf("ParseNIT con DV errado = %v; quiere que nombre el correcto", err)
	}
	for _, in := range []string{"", "800191045", "abc-1", "800191045-12"} {
		if _, err := ParseNIT(in); err == nil {
			t.Errorf("ParseNIT(%q) aceptado", in)
		}
	}
}

// Fuzz tests: no panic, and every rejection is a Spanish message that quotes
// or names the value. At the row level, every problem names its row and field.

func FuzzParseMonto(f *testing.F) {
	for _, s := range []string{"1234567", "1234567.89", "1.234.567,89", "$ 1.234.567", "$ 12.500", "COP 12.500", "12.500 COP", "100.125", "1.234", "12,5,3", "-1", "", "1,234,567.89", "9999999999999999999999", "1234567.8899999999", "1.48E+10"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	// xlsx: the raw text of a numeric XLSX cell goes through NormalizarNumeroXLSX first.
	f.Fuzz(func(t *testing.T, s string, xlsx bool) {
		if xlsx {
			s = NormalizarNumeroXLSX(s)
		}
		d, err := ParseMonto(s)
		if err != nil {
			if !strings.Contains(err.Error(), "monto") {
				t.Fatalf("rechazo sin nombrar el monto: %q", err)
			}
			return
		}
		if d.IsNegative() || d.Exponent() < -2 {
			t.Fatalf("ParseMonto(%q) = %s: negativo o con más de dos decimales", s, d)
		}
	})
}

func FuzzParseFecha(f *testing.F) {
	for _, s := range []string{"2025-03-04", "04/03/2025", "4/3/2025", "45720", "44258", "45720.60416666666", "45720.99999999", "45720.0", "2025-13-01", "31/02/2025", "", "0/0/0000", "0", "60"} {
		f.Add(s, false, false)
		f.Add(s, true, false)
		f.Add(s, true, true)
	}
	// xlsx: the raw value of an XLSX cell, in the 1900 or the 1904 date system.
	f.Fuzz(func(t *testing.T, s string, xlsx, f1904 bool) {
		var d fecha.Fecha
		var err error
		if xlsx {
			d, err = ParseFechaXLSX(s, f1904)
		} else {
			d, err = ParseFecha(s, false)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "fecha") {
				t.Fatalf("rechazo sin nombrar la fecha: %q", err)
			}
			return
		}
		if d.IsZero() || d.Anio() < 1900 || d.Anio() > 2200 {
			t.Fatalf("ParseFecha(%q) = %v fuera de rango", s, d)
		}
		if _, err := fecha.ParseISO(d.String()); err != nil {
			t.Fatalf("ParseFecha(%q) = %v no se relee", s, d)
		}
	})
}

// The raw value of a date cell: the serial in the workbook's date system, and
// a time of day that must be 00:00 (to the minute, as the cell shows it).
func TestParseFechaXLSX_sistemaYHora(t *testing.T) {
	casos := []struct {
		entrada string
		f1904   bool
		quiere  string
	}{
		{"45720", false, "2025-03-04"},
		{"44258", true, "2025-03-04"},
		{"0", true, "1904-01-01"},
		{"61", false, "1900-03-01"},
		{"45720.0000001", false, "2025-03-04"},
		{"45719.99999999", false, "2025-03-04"},
		{"04/03/2025", true, "2025-03-04"},
		{"44258.000000000", true, "2025-03-04"},
	}
	for _, c := range casos {
		f, err := ParseFechaXLSX(c.entrada, c.f1904)
		if err != nil || f.String() != c.quiere {
			t.Errorf("ParseFechaXLSX(%q, 1904=%v) = %v, %v; quiere %s", c.entrada, c.f1904, f, err, c.quiere)
		}
	}
	for _, c := range []struct {
		entrada string
		f1904   bool
		quiere  string
	}{
		{"45720.60416666666", false, "(04/03/2025 14:30)"},
		{"44258.60416666666", true, "(04/03/2025 14:30)"},
		{"45720.5", false, "(04/03/2025 12:00)"},
		{"45720.000347223", false, "(04/03/2025 00:01)"}, // 00:00:30 rounds to the next minute
		{"60", false, "fecha inválida"},
	} {
		_, err := ParseFechaXLSX(c.entrada, c.f1904)
		if err == nil || !strings.Contains(err.Error(), c.quiere) {
			t.Errorf("ParseFechaXLSX(%q, 1904=%v) = %v; quiere un error con %q", c.entrada, c.f1904, err, c.quiere)
		}
	}
}

func FuzzParseNIT(f *testing.F) {
	for _, s := range []string{"800191045-1", "800.191.045-1", "800191045-2", "-", "", "1234567890123456-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseNIT(s)
		if err != nil {
			if !strings.Contains(err.Error(), "NIT") {
				t.Fatalf("rechazo sin nombrar el NIT: %q", err)
			}
			return
		}
		if again, err := ParseNIT(n); err != nil || again != n {
			t.Fatalf("ParseNIT(%q) = %q no es canónico", s, n)
		}
	})
}

func FuzzParseSiNo(f *testing.F) {
	for _, s := range []string{"si", "sí", "no", "x", "", "quizás", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ParseSiNo(s); err != nil && !strings.Contains(err.Error(), "sí ni no") {
			t.Fatalf("rechazo poco claro: %q", err)
		}
	})
}

// With a currency sign the dot groups thousands (pesos without decimals).
func TestParseMonto_conMoneda(t *testing.T) {
	for _, c := range []struct{ entrada, quiere string }{
		{"$ 12.500", "12500.00"}, {"$12.500", "12500.00"}, {"COP 12.500", "12500.00"}, {"12.500 COP", "12500.00"},
		{"COP$ 1.234", "1234.00"}, {"$ 999.999", "999999.00"}, {"$ 12,50", "12.50"}, {"$ 1.234.567,89", "1234567.89"},
		{"$\u00a012.500", "12500.00"}, {"12.500", ""}, // without a sign: still ambiguous
	} {
		d, err := ParseMonto(c.entrada)
		if c.quiere == "" {
			if err == nil || !strings.Contains(err.Error(), "ambiguo") {
				t.Errorf("ParseMonto(%q) = %v, %v; quiere ambiguo", c.entrada, d, err)
			}
			continue
		}
		if err != nil || d.StringFixed(2) != c.quiere {
			t.Errorf("ParseMonto(%q) = %v, %v; quiere %s", c.entrada, d, err, c.quiere)
		}
	}
	for _, mal := range []string{"$ 1.23", "$ 12.5000", "COP", "$ 1.234,567"} {
		if d, err := ParseMonto(mal); err == nil {
			t.Errorf("ParseMonto(%q) = %v aceptado", mal, d)
		}
	}
}

// A date well written whose day is not in its month says so, with how many
// days the month has; errors.As finds the day for the forms, which say it in
// their own words.
func TestParseFecha_diaInexistenteNoEsErrorDeFormato(t *testing.T) {
	for _, c := range []struct{ entrada, quiere string }{
		{"31/02/2026", `fecha inválida "31/02/2026": ese día no existe (febrero de 2026 tiene 28 días)`},
		{"29/02/2025", `fecha inválida "29/02/2025": ese día no existe (febrero de 2025 tiene 28 días)`},
		{"31/04/2026", `fecha inválida "31/04/2026": ese día no existe (abril de 2026 tiene 30 días)`},
		{"2026-02-30", `fecha inválida "2026-02-30": ese día no existe (febrero de 2026 tiene 28 días)`},
	} {
		t.Run(c.entrada, func(t *testing.T) {
			_, err := ParseFecha(c.entrada, false)
			var no *fecha.ErrDiaInexistente
			if err == nil || err.Error() != c.quiere || !errors.As(err, &no) || !errors.Is(err, fecha.ErrFormato) {
				t.Fatalf("ParseFecha(%q) = %v; quiere %q", c.entrada, err, c.quiere)
			}
		})
	}
	if _, err := ParseFecha("29/02/2028", false); err != nil {
		t.Fatalf("29/02/2028 existe: %v", err)
	}
	// A wrong format, or a month 13, is an error of format.
	for _, s := range []string{"31-02-2026", "10/13/2026", "2025-13-01"} {
		if _, err := ParseFecha(s, false); err == nil || strings.Contains(err.Error(), "no existe") {
			t.Fatalf("ParseFecha(%q) = %v; quiere un error de formato", s, err)
		}
	}
}

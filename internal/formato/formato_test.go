package formato

import (
	"testing"
	"time"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

func TestPesos(t *testing.T) {
	casos := []struct{ nombre, entrada, quiere string }{
		{"cero", "0", "$ 0"},
		{"tres_cifras_sin_separador", "999", "$ 999"},
		{"mil_con_punto", "1000", "$ 1.000"},
		{"millones", "1234567", "$ 1.234.567"},
		{"sin_ceros_de_mas", "77000000.00", "$ 77.000.000"},
		{"con_centavos", "1234567.89", "$ 1.234.567,89"},
		{"un_decimal_se_muestra_con_dos", "1234567.5", "$ 1.234.567,50"},
		{"fraccion_de_centavo_redondea_arriba", "0.005", "$ 0,01"},
		{"fraccion_de_centavo_hacia_entero", "999.999", "$ 1.000"},
		{"negativo_diferencia", "-1000", "-$ 1.000"},
		{"billones", "14800000000", "$ 14.800.000.000"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Pesos(decimal.RequireFromString(c.entrada)); got != c.quiere {
				t.Fatalf("Pesos(%s) = %q, quiere %q", c.entrada, got, c.quiere)
			}
		})
	}
}

func TestPesosEnteros(t *testing.T) {
	casos := []struct{ nombre, entrada, quiere string }{
		{"media_hacia_arriba", "1234567.5", "$ 1.234.568"},
		{"bajo_la_media", "1234567.49", "$ 1.234.567"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := PesosEnteros(decimal.RequireFromString(c.entrada)); got != c.quiere {
				t.Fatalf("PesosEnteros(%s) = %q, quiere %q", c.entrada, got, c.quiere)
			}
		})
	}
}

func TestPorcentajeYNumero(t *testing.T) {
	casos := []struct {
		nombre, entrada string
		dec             int32
		quiere          string
	}{
		{"dominio_2_7_participacion_cuatro_decimales", "0.520270270", 4, "0,5203 %"},
		{"exactamente_medio_por_ciento", "0.5", 4, "0,5000 %"},
		{"bajo_el_umbral", "0.49677419", 4, "0,4968 %"},
		{"cien_por_ciento", "100", 2, "100,00 %"},
		{"miles_en_porcentaje", "1234.5", 1, "1.234,5 %"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Porcentaje(decimal.RequireFromString(c.entrada), c.dec); got != c.quiere {
				t.Fatalf("Porcentaje(%s, %d) = %q, quiere %q", c.entrada, c.dec, got, c.quiere)
			}
		})
	}
	if got := Numero(decimal.RequireFromString("-1234.567"), 2); got != "-1.234,57" {
		t.Fatalf("Numero negativo = %q", got)
	}
	if got := Entero(1600); got != "1.600" {
		t.Fatalf("Entero(1600) = %q", got)
	}
}

func TestFecha(t *testing.T) {
	casos := []struct {
		nombre string
		f      fecha.Fecha
		quiere string
	}{
		{"fin_de_anio", fecha.Debe(2025, 12, 31), "31/12/2025"},
		{"dia_y_mes_con_cero", fecha.Debe(2026, 3, 4), "04/03/2026"},
		{"fecha_vacia", fecha.Fecha{}, "—"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Fecha(c.f); got != c.quiere {
				t.Fatalf("Fecha = %q, quiere %q", got, c.quiere)
			}
		})
	}
}

func TestInstante(t *testing.T) {
	casos := []struct {
		nombre string
		t      time.Time
		quiere string
	}{
		{"utc_a_bogota_mismo_dia", time.Date(2025, 12, 31, 19, 5, 0, 0, time.UTC), "31/12/2025 14:05"},
		{"utc_madrugada_es_dia_anterior_en_bogota", time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC), "31/12/2025 22:00"},
		{"utc_cinco_en_punto_es_medianoche", time.Date(2026, 1, 1, 5, 0, 0, 0, time.UTC), "01/01/2026 00:00"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Instante(c.t); got != c.quiere {
				t.Fatalf("Instante = %q, quiere %q", got, c.quiere)
			}
		})
	}
	if got := InstanteTexto("2025-12-31T19:05:00.123Z"); got != "31/12/2025 14:05" {
		t.Fatalf("InstanteTexto = %q", got)
	}
	if got := InstanteTexto("no es fecha"); got != "no es fecha" {
		t.Fatalf("InstanteTexto inválido = %q", got)
	}
}

func TestFechaTexto(t *testing.T) {
	for in, quiere := range map[string]string{"2026-03-30": "30/03/2026", "": "—", "no es fecha": "no es fecha"} {
		if got := FechaTexto(in); got != quiere {
			t.Errorf("FechaTexto(%q) = %q, quiere %q", in, got, quiere)
		}
	}
}

func TestPlural_concordancia(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 casos"}, {1, "1 caso"}, {2, "2 casos"}, {1234, "1.234 casos"}, {-1, "-1 caso"},
	} {
		if got := Plural(c.n, "caso", "casos"); got != c.want {
			t.Errorf("Plural(%d) = %q, quiere %q", c.n, got, c.want)
		}
	}
	if got := Concordar(1, "caso espera", "casos esperan"); got != "caso espera" {
		t.Errorf("Concordar(1) = %q", got)
	}
	if got := Concordar(0, "caso espera", "casos esperan"); got != "casos esperan" {
		t.Errorf("Concordar(0) = %q", got)
	}
	if got := Plural(1, "usuario aduanero", "usuarios aduaneros"); got != "1 usuario aduanero" {
		t.Errorf("frase: %q", got)
	}
}

func TestMayusculaInicial_letrasConTildeYTextoVacio(t *testing.T) {
	for _, c := range []struct{ entrada, quiere string }{
		{"gravísima", "Gravísima"},
		{"ésta", "Ésta"},
		{"ñandú", "Ñandú"},
		{"dé el valor", "Dé el valor"},
		{"Ya", "Ya"},
		{"", ""},
		{"1.000 UVT", "1.000 UVT"},
	} {
		if got := MayusculaInicial(c.entrada); got != c.quiere {
			t.Errorf("MayusculaInicial(%q) = %q, quiere %q", c.entrada, got, c.quiere)
		}
	}
}

package calendario

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/fecha"
)

// pascuasConocidas is Gregorian Easter Sunday for 1984–2100, taken from an
// outside source (python-dateutil's easter(), EASTER_WESTERN), not from the
// code under test. Spot checks: 2000-04-23, 2019-04-21, 2027-03-28,
// 2030-04-21, 2100-03-28.
var pascuasConocidas = strings.Fields(strings.Join([]string{
	"1984-04-22 1985-04-07 1986-03-30 1987-04-19 1988-04-03 1989-03-26 1990-04-15 1991-03-31",
	"1992-04-19 1993-04-11 1994-04-03 1995-04-16 1996-04-07 1997-03-30 1998-04-12 1999-04-04",
	"2000-04-23 2001-04-15 2002-03-31 2003-04-20 2004-04-11 2005-03-27 2006-04-16 2007-04-08",
	"2008-03-23 2009-04-12 2010-04-04 2011-04-24 2012-04-08 2013-03-31 2014-04-20 2015-04-05",
	"2016-03-27 2017-04-16 2018-04-01 2019-04-21 2020-04-12 2021-04-04 2022-04-17 2023-04-09",
	"2024-03-31 2025-04-20 2026-04-05 2027-03-28 2028-04-16 2029-04-01 2030-04-21 2031-04-13",
	"2032-03-28 2033-04-17 2034-04-09 2035-03-25 2036-04-13 2037-04-05 2038-04-25 2039-04-10",
	"2040-04-01 2041-04-21 2042-04-06 2043-03-29 2044-04-17 2045-04-09 2046-03-25 2047-04-14",
	"2048-04-05 2049-04-18 2050-04-10 2051-04-02 2052-04-21 2053-04-06 2054-03-29 2055-04-18",
	"2056-04-02 2057-04-22 2058-04-14 2059-03-30 2060-04-18 2061-04-10 2062-03-26 2063-04-15",
	"2064-04-06 2065-03-29 2066-04-11 2067-04-03 2068-04-22 2069-04-14 2070-03-30 2071-04-19",
	"2072-04-10 2073-03-26 2074-04-15 2075-04-07 2076-04-19 2077-04-11 2078-04-03 2079-04-23",
	"2080-04-07 2081-03-30 2082-04-19 2083-04-04 2084-03-26 2085-04-15 2086-03-31 2087-04-20",
	"2088-04-11 2089-04-03 2090-04-16 2091-04-08 2092-03-30 2093-04-12 2094-04-04 2095-04-24",
	"2096-04-15 2097-03-31 2098-04-20 2099-04-12 2100-03-28",
}, " "))

func pascuaConocida(t *testing.T, anio int) time.Time {
	t.Helper()
	p, err := time.Parse("2006-01-02", pascuasConocidas[anio-AnioMinimo])
	if err != nil || p.Year() != anio {
		t.Fatalf("tabla de pascuas mal formada en %d", anio)
	}
	return p
}

// festivosReferencia applies Ley 51 de 1983, art. 1 directly with package
// time and a known Easter date, independently of the code under test.
func festivosReferencia(anio int, pascua time.Time) []string {
	var fs []time.Time
	for _, md := range [][2]int{{1, 1}, {5, 1}, {7, 20}, {8, 7}, {12, 8}, {12, 25}} {
		fs = append(fs, time.Date(anio, time.Month(md[0]), md[1], 0, 0, 0, 0, time.UTC))
	}
	for _, md := range [][2]int{{1, 6}, {3, 19}, {6, 29}, {8, 15}, {10, 12}, {11, 1}, {11, 11}} {
		f := time.Date(anio, time.Month(md[0]), md[1], 0, 0, 0, 0, time.UTC)
		for f.Weekday() != time.Monday {
			f = f.AddDate(0, 0, 1)
		}
		fs = append(fs, f)
	}
	for _, d := range []int{-3, -2, 43, 64, 71} {
		fs = append(fs, pascua.AddDate(0, 0, d))
	}
	set := map[string]bool{}
	for _, f := range fs {
		set[f.Format("2006-01-02")] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func cadenas(fs []fecha.Fecha) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	return out
}

func conAnio(anio int, mmdd string) []string {
	var out []string
	for _, s := range strings.Fields(mmdd) {
		out = append(out, fmt.Sprintf("%d-%s", anio, s))
	}
	return out
}

func TestFestivosListasConocidas(t *testing.T) {
	casos := []struct {
		nombre string
		anio   int
		mmdd   string
	}{
		// docs/reglas.md §7, to the letter (2025 has 17 dates: 30 Jun holds two holidays).
		{"ley51_1983_art1_festivos_2025_dominio", 2025, "01-01 01-06 03-24 04-17 04-18 05-01 06-02 06-23 06-30 07-20 08-07 08-18 10-13 11-03 11-17 12-08 12-25"},
		{"ley51_1983_art1_festivos_2026_dominio", 2026, "01-01 01-12 03-23 04-02 04-03 05-01 05-18 06-08 06-15 06-29 07-20 08-07 08-17 10-12 11-02 11-16 12-08 12-25"},
		// Worked by hand (Easter 2027-03-28) and checked with python-dateutil.
		{"ley51_1983_art1_festivos_2027_pascua_28_marzo", 2027, "01-01 01-11 03-22 03-25 03-26 05-01 05-10 05-31 06-07 07-05 07-20 08-07 08-16 10-18 11-01 11-15 12-08 12-25"},
		// Easter 2030-04-21; 29 Jun (Saturday) moves onto Sagrado Corazón, 1 Jul.
		{"ley51_1983_art1_festivos_2030_pascua_21_abril_coincidencia_1_julio", 2030, "01-01 01-07 03-25 04-18 04-19 05-01 06-03 06-24 07-01 07-20 08-07 08-19 10-14 11-04 11-11 12-08 12-25"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			fs, err := Festivos(c.anio)
			if err != nil {
				t.Fatal(err)
			}
			got, want := strings.Join(cadenas(fs), " "), strings.Join(conAnio(c.anio, c.mmdd), " ")
			if got != want {
				t.Errorf("Festivos(%d)\n got  %s\n want %s", c.anio, got, want)
			}
		})
	}
}

func TestPascuaComputoGregoriano(t *testing.T) {
	for anio := AnioMinimo; anio <= AnioMaximo; anio++ {
		want := pascuaConocida(t, anio).Format("2006-01-02")
		if got := Pascua(anio).String(); got != want {
			t.Errorf("ley51_1983_art1_pascua_%d: got %s want %s", anio, got, want)
		}
		if Pascua(anio).DiaSemana() != time.Sunday {
			t.Errorf("ley51_1983_art1_pascua_%d no cae en domingo", anio)
		}
	}
}

// Every covered year against the rule computed independently in the test.
func TestFestivosTodosLosAniosContraReglaIndependiente(t *testing.T) {
	for anio := AnioMinimo; anio <= AnioMaximo; anio++ {
		t.Run(fmt.Sprintf("ley51_1983_art1_anio_%d", anio), func(t *testing.T) {
			fs, err := Festivos(anio)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(cadenas(fs), " ")
			want := strings.Join(festivosReferencia(anio, pascuaConocida(t, anio)), " ")
			if got != want {
				t.Fatalf("\n got  %s\n want %s", got, want)
			}
			for i := 1; i < len(fs); i++ {
				if !fs[i-1].Antes(fs[i]) {
					t.Errorf("no ordenados o repetidos: %s, %s", fs[i-1], fs[i])
				}
			}
			if len(fs) != 17 && len(fs) != 18 {
				t.Errorf("%d festivos; se esperan 18, o 17 si dos coinciden", len(fs))
			}
			for _, f := range fs {
				if !EsFestivo(f) {
					t.Errorf("EsFestivo(%s) = false", f)
				}
			}
			// And no other day of the year is a holiday.
			n := 0
			for f := fecha.Debe(anio, time.January, 1); f.Anio() == anio; f = f.MasDias(1) {
				if EsFestivo(f) {
					n++
				}
			}
			if n != len(fs) {
				t.Errorf("EsFestivo marca %d días, Festivos lista %d", n, len(fs))
			}
		})
	}
}

func TestFestivosAnioFueraDeRango(t *testing.T) {
	casos := []struct {
		nombre string
		anio   int
		ok     bool
	}{
		{"ley51_1983_1983_antes_de_la_ley_es_error", 1983, false},
		{"ley51_1983_1984_primer_anio_cubierto", 1984, true},
		{"tabla_2100_ultimo_anio_cubierto", 2100, true},
		{"tabla_2101_fuera_es_error", 2101, false},
		{"anio_0_es_error", 0, false},
		{"anio_negativo_es_error", -5, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			fs, err := Festivos(c.anio)
			if c.ok {
				if err != nil || len(fs) == 0 {
					t.Fatalf("Festivos(%d) = %v, %v", c.anio, fs, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Festivos(%d) sin error", c.anio)
			}
			if !errors.Is(err, ErrAnioFueraDeRango) {
				t.Errorf("error %v no envuelve ErrAnioFueraDeRango", err)
			}
			if !strings.Contains(err.Error(), fmt.Sprint(c.anio)) || !strings.Contains(err.Error(), "Ley 51 de 1983") {
				t.Errorf("el error no nombra el año ni la ley: %v", err)
			}
		})
	}
}

func TestEsFestivoFueraDeRangoYCubre(t *testing.T) {
	casos := []struct {
		nombre  string
		f       fecha.Fecha
		festivo bool
		cubre   bool
	}{
		{"1983_12_25_sin_tabla", fecha.Debe(1983, 12, 25), false, false},
		{"1984_01_01_primer_dia", fecha.Debe(1984, 1, 1), true, true},
		{"2100_12_25_ultimo_festivo", fecha.Debe(2100, 12, 25), true, true},
		{"2101_01_01_sin_tabla", fecha.Debe(2101, 1, 1), false, false},
		{"fecha_cero", fecha.Fecha{}, false, false},
		{"2026_12_24_dia_comun", fecha.Debe(2026, 12, 24), false, true},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := EsFestivo(c.f); got != c.festivo {
				t.Errorf("EsFestivo(%s) = %v", c.f, got)
			}
			if got := Cubre(c.f); got != c.cubre {
				t.Errorf("Cubre(%s) = %v", c.f, got)
			}
		})
	}
}

func TestNombreFestivo(t *testing.T) {
	casos := []struct {
		nombre string
		f      fecha.Fecha
		want   string
		ok     bool
	}{
		{"ley51_1983_coincidencia_2025_06_30_dos_nombres", fecha.Debe(2025, 6, 30), "San Pedro y San Pablo; Sagrado Corazón", true},
		{"ley51_1983_reyes_trasladado_2026_01_12", fecha.Debe(2026, 1, 12), "Reyes Magos", true},
		{"ley51_1983_viernes_santo_2026", fecha.Debe(2026, 4, 3), "Viernes Santo", true},
		{"ley51_1983_6_enero_2026_martes_no_es_festivo", fecha.Debe(2026, 1, 6), "", false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			got, ok := NombreFestivo(c.f)
			if got != c.want || ok != c.ok {
				t.Errorf("NombreFestivo(%s) = %q, %v; want %q, %v", c.f, got, ok, c.want, c.ok)
			}
		})
	}
}

// EsFestivo builds its table on first use; concurrent first calls must be
// safe (run with -race).
func TestEsFestivoConcurrente(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			f := fecha.Debe(2025+g%2, time.December, 25)
			for i := 0; i < 200; i++ {
				if !EsFestivo(f) {
					errs <- f.String()
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("EsFestivo(%s) = false en paralelo", e)
	}
}

func TestDiaNumeroIdaYVuelta(t *testing.T) {
	for f := fecha.Debe(1960, 1, 1); f.Anio() < 2110; f = f.MasDias(1) {
		n := diaNumero(f)
		if g := deDiaNumero(n); !g.Igual(f) {
			t.Fatalf("deDiaNumero(diaNumero(%s)) = %s", f, g)
		}
		if diaSemana(n) != f.DiaSemana() {
			t.Fatalf("diaSemana(%s) = %v, want %v", f, diaSemana(n), f.DiaSemana())
		}
	}
}

package calendario

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"comite/internal/fecha"
)

func f(s string) fecha.Fecha {
	g, err := fecha.ParseISO(s)
	if err != nil {
		panic("fecha de prueba inválida: " + s)
	}
	return g
}

func fs(ss ...string) []fecha.Fecha {
	out := make([]fecha.Fecha, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// Closure week declared by the authority, used by several cases.
var semanaCerrada = fs("2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20")

func TestSumarDiasHabiles(t *testing.T) {
	casos := []struct {
		nombre    string
		inhabiles []fecha.Fecha
		desde     string
		n         int
		want      string
	}{
		// docs/reglas.md §7: ten business days after.
		{"ley4_1913_art62_diez_dias_2026_03_13_salta_san_jose", nil, "2026-03-13", 10, "2026-03-30"},
		{"ley4_1913_art62_diez_dias_2026_03_27_salta_semana_santa", nil, "2026-03-27", 10, "2026-04-14"},
		{"ley4_1913_art62_diez_dias_2025_06_20_salta_dos_lunes_festivos", nil, "2025-06-20", 10, "2025-07-08"},
		{"ley4_1913_art62_diez_dias_2025_12_19_cruza_anio_navidad_y_reyes", nil, "2025-12-19", 10, "2026-01-06"},
		{"ley4_1913_art62_diez_dias_2026_12_18_cruza_anio_hacia_2027", nil, "2026-12-18", 10, "2027-01-05"},
		// docs/reglas.md §2.8 worked example: expediente 2026-03-13 → 2026-03-30.
		{"dl920_art25_plazo_reporte_ejemplo_dominio", nil, "2026-03-13", 10, "2026-03-30"},
		{"ley4_1913_art62_cero_dias_devuelve_desde", nil, "2026-03-14", 0, "2026-03-14"},
		{"ley4_1913_art62_un_dia_viernes_a_lunes", nil, "2026-03-06", 1, "2026-03-09"},
		{"ley4_1913_art62_un_dia_viernes_lunes_festivo_a_martes", nil, "2026-03-20", 1, "2026-03-24"},
		{"ley4_1913_art62_desde_sabado_empieza_lunes", nil, "2026-03-07", 1, "2026-03-09"},
		{"ley4_1913_art62_desde_festivo_empieza_dia_siguiente", nil, "2026-03-23", 1, "2026-03-24"},
		// Days declared closed by the authority (docs/reglas.md §7) shift the term.
		{"ley4_1913_art62_inhabil_semana_cerrada_desplaza_plazo", semanaCerrada, "2026-03-13", 10, "2026-04-08"},
		{"ley4_1913_art62_inhabil_el_ultimo_dia_desplaza_uno", fs("2026-03-30"), "2026-03-13", 10, "2026-03-31"},
		{"ley4_1913_art62_inhabil_en_sabado_no_cambia_nada", fs("2026-03-14", "2026-03-21"), "2026-03-13", 10, "2026-03-30"},
		{"ley4_1913_art62_inhabil_antes_de_desde_no_cambia_nada", fs("2026-03-13"), "2026-03-13", 10, "2026-03-30"},
		{"ley4_1913_art62_inhabil_repetido_cuenta_una_vez", fs("2026-03-30", "2026-03-30"), "2026-03-13", 10, "2026-03-31"},
		// Negative n counts backwards.
		{"hacia_atras_un_dia_lunes_a_viernes", nil, "2026-03-09", -1, "2026-03-06"},
		{"hacia_atras_diez_dias_inverso_del_ejemplo", nil, "2026-03-30", -10, "2026-03-13"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cal := Nuevo(c.inhabiles)
			if got := cal.SumarDiasHabiles(f(c.desde), c.n); got.String() != c.want {
				t.Errorf("SumarDiasHabiles(%s, %d) = %s, want %s", c.desde, c.n, got, c.want)
			}
			if c.n > 0 {
				if got := cal.DiasHabilesEntre(f(c.desde), f(c.want)); got != c.n {
					t.Errorf("DiasHabilesEntre(%s, %s) = %d, want %d", c.desde, c.want, got, c.n)
				}
			}
		})
	}
}

func TestSumarMesesYAnios(t *testing.T) {
	casos := []struct {
		nombre    string
		inhabiles []fecha.Fecha
		desde     string
		meses     int
		anios     int
		want      string
	}{
		{"ley4_1913_art62_mes_mismo_numero_de_dia", nil, "2025-02-28", 1, 0, "2025-03-28"},
		{"ley4_1913_art62_mes_31_enero_a_28_febrero", nil, "2025-01-31", 1, 0, "2025-02-28"},
		{"ley4_1913_art62_mes_31_enero_a_29_febrero_bisiesto", nil, "2024-01-31", 1, 0, "2024-02-29"},
		{"ley4_1913_art62_mes_31_enero_a_28_febrero_sabado_pasa_a_lunes", nil, "2026-01-31", 1, 0, "2026-03-02"},
		{"ley4_1913_art62_mes_31_marzo_a_30_abril", nil, "2025-03-31", 1, 0, "2025-04-30"},
		{"ley4_1913_art62_mes_termina_en_festivo_pasa_al_siguiente_habil", nil, "2025-10-17", 1, 0, "2025-11-18"},
		{"ley4_1913_art62_mes_termina_en_domingo_pasa_a_lunes", nil, "2026-02-01", 1, 0, "2026-03-02"},
		{"ley4_1913_art62_mes_cruza_anio", nil, "2025-12-15", 1, 0, "2026-01-15"},
		{"ley4_1913_art62_doce_meses", nil, "2025-03-04", 12, 0, "2026-03-04"},
		{"ley4_1913_art62_mes_termina_en_inhabil_declarado", fs("2026-03-16"), "2026-02-16", 1, 0, "2026-03-17"},
		{"ley4_1913_art62_cero_meses_en_dia_habil", nil, "2026-03-13", 0, 0, "2026-03-13"},
		{"meses_negativos_tambien_pasan_al_siguiente_habil", nil, "2026-03-31", -1, 0, "2026-03-02"},
		{"meses_negativos_dia_habil", nil, "2026-04-30", -1, 0, "2026-03-30"},
		{"ley4_1913_art62_anio_mismo_dia", nil, "2025-03-04", 0, 1, "2026-03-04"},
		{"ley4_1913_art62_anio_29_febrero_a_28_febrero", nil, "2024-02-29", 0, 1, "2025-02-28"},
		{"ley4_1913_art62_anio_29_febrero_a_28_domingo_pasa_a_lunes", nil, "2020-02-29", 0, 1, "2021-03-01"},
		{"ley4_1913_art62_anio_termina_en_navidad_pasa_al_26", nil, "2024-12-25", 0, 1, "2025-12-26"},
		{"ley4_1913_art62_tres_anios", nil, "2023-06-30", 0, 3, "2026-06-30"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cal := Nuevo(c.inhabiles)
			var got fecha.Fecha
			if c.anios != 0 {
				got = cal.SumarAnios(f(c.desde), c.anios)
			} else {
				got = cal.SumarMeses(f(c.desde), c.meses)
			}
			if got.String() != c.want {
				t.Errorf("desde %s +%d meses +%d años = %s, want %s", c.desde, c.meses, c.anios, got, c.want)
			}
		})
	}
}

func TestDiasHabilesEntre(t *testing.T) {
	casos := []struct {
		nombre    string
		inhabiles []fecha.Fecha
		desde     string
		hasta     string
		want      int
	}{
		{"ley4_1913_art62_mismo_dia_cero", nil, "2026-03-30", "2026-03-30", 0},
		{"ley4_1913_art62_viernes_a_sabado_cero", nil, "2026-03-06", "2026-03-07", 0},
		{"ley4_1913_art62_viernes_a_lunes_uno", nil, "2026-03-06", "2026-03-09", 1},
		{"ley4_1913_art62_viernes_a_lunes_festivo_cero", nil, "2026-03-20", "2026-03-23", 0},
		{"ley4_1913_art62_ejemplo_dominio_diez", nil, "2026-03-13", "2026-03-30", 10},
		{"ley4_1913_art62_vencido_negativo", nil, "2026-03-30", "2026-03-13", -10},
		{"ley4_1913_art62_hacia_atras_solo_semana_santa_y_sabado_cero", nil, "2026-04-04", "2026-04-01", 0},
		{"ley4_1913_art62_hacia_atras_un_dia_habil", nil, "2026-04-06", "2026-04-01", -1},
		{"ley4_1913_art62_semana_cerrada_resta_cinco", semanaCerrada, "2026-03-13", "2026-03-30", 5},
		{"ley4_1913_art62_anio_2026_completo", nil, "2025-12-31", "2026-12-31", 261 - 18},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Nuevo(c.inhabiles).DiasHabilesEntre(f(c.desde), f(c.hasta)); got != c.want {
				t.Errorf("DiasHabilesEntre(%s, %s) = %d, want %d", c.desde, c.hasta, got, c.want)
			}
		})
	}
}

func TestEsHabilYMotivo(t *testing.T) {
	cal := Nuevo(fs("2026-03-17"))
	casos := []struct {
		nombre string
		f      string
		habil  bool
		motivo string
	}{
		{"ley4_1913_art62_lunes_comun_habil", "2026-03-09", true, ""},
		{"ley4_1913_art62_sabado", "2026-03-14", false, "sábado"},
		{"ley4_1913_art62_domingo", "2026-03-15", false, "domingo"},
		{"ley51_1983_san_jose_trasladado", "2026-03-23", false, "festivo: San José (Ley 51 de 1983, art. 1)"},
		{"ley4_1913_art62_inhabil_declarado", "2026-03-17", false, "día declarado inhábil por la autoridad (Ley 4 de 1913, art. 62)"},
		{"ley4_1913_art62_dia_siguiente_al_inhabil_habil", "2026-03-18", true, ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := cal.EsHabil(f(c.f)); got != c.habil {
				t.Errorf("EsHabil(%s) = %v", c.f, got)
			}
			if got := cal.MotivoInhabil(f(c.f)); got != c.motivo {
				t.Errorf("MotivoInhabil(%s) = %q, want %q", c.f, got, c.motivo)
			}
		})
	}
}

func TestCalendarioNilYNuevoCopia(t *testing.T) {
	var nulo *Calendario
	if got := nulo.SumarDiasHabiles(f("2026-03-13"), 10); got.String() != "2026-03-30" {
		t.Errorf("calendario nil: %s", got)
	}
	entrada := fs("2026-03-30", "2026-03-16")
	cal := Nuevo(entrada)
	entrada[0] = f("2026-03-31") // the caller's slice changes; the calendar must not
	if got := cal.SumarDiasHabiles(f("2026-03-13"), 10); got.String() != "2026-04-01" {
		t.Errorf("Nuevo no copió los días inhábiles: %s", got)
	}
	if got := strings.Join(cadenas(cal.Inhabiles()), " "); got != "2026-03-16 2026-03-30" {
		t.Errorf("Inhabiles() = %s", got)
	}
}

// fechaCubierta draws a date in 1984-01-01 … 2099-06-30, so terms of up to a
// few hundred business days stay inside the holiday table.
func fechaCubierta(t *rapid.T, etiqueta string) fecha.Fecha {
	inicio := diaNumero(fecha.Debe(AnioMinimo, 1, 1))
	fin := diaNumero(fecha.Debe(2099, 6, 30))
	return deDiaNumero(rapid.IntRange(inicio, fin).Draw(t, etiqueta))
}

func calendarioAleatorio(t *rapid.T, cerca fecha.Fecha) *Calendario {
	k := rapid.IntRange(0, 8).Draw(t, "num_inhabiles")
	var in []fecha.Fecha
	for i := 0; i < k; i++ {
		in = append(in, cerca.MasDias(rapid.IntRange(-5, 60).Draw(t, "inhabil")))
	}
	return Nuevo(in)
}

// Ley 4 de 1913, art. 62: the term ends on a business day, and exactly n
// business days lie after desde up to that day.
func TestPropiedadSumarDiasHabiles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		desde := fechaCubierta(t, "desde")
		cal := calendarioAleatorio(t, desde)
		n := rapid.IntRange(0, 300).Draw(t, "n")
		fin := cal.SumarDiasHabiles(desde, n)
		if n > 0 && !cal.EsHabil(fin) {
			t.Fatalf("SumarDiasHabiles(%s, %d) = %s, que no es hábil", desde, n, fin)
		}
		if n > 0 && !fin.Despues(desde) {
			t.Fatalf("SumarDiasHabiles(%s, %d) = %s no es posterior", desde, n, fin)
		}
		if got := cal.DiasHabilesEntre(desde, fin); got != n {
			t.Fatalf("DiasHabilesEntre(%s, %s) = %d, want %d", desde, fin, got, n)
		}
		if got := cal.DiasHabilesEntre(fin, desde); got != -n {
			t.Fatalf("DiasHabilesEntre(%s, %s) = %d, want %d", fin, desde, got, -n)
		}
		// One more business day never ends earlier.
		if sig := cal.SumarDiasHabiles(desde, n+1); !sig.Despues(fin) {
			t.Fatalf("n+1 termina en %s, no después de %s", sig, fin)
		}
		// Backwards: from a business day, going back n and forward n returns to it.
		if cal.EsHabil(fin) && n > 0 {
			if got := cal.SumarDiasHabiles(cal.SumarDiasHabiles(fin, -n), n); !got.Igual(fin) {
				t.Fatalf("ida y vuelta desde %s con %d: %s", fin, n, got)
			}
		}
	})
}

// Ley 4 de 1913, art. 62: a term in months ends on a business day, on or after
// the calendar date, with only non-business days in between.
func TestPropiedadSumarMeses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		desde := fechaCubierta(t, "desde")
		cal := calendarioAleatorio(t, desde)
		n := rapid.IntRange(0, 6).Draw(t, "meses")
		fin := cal.SumarMeses(desde, n)
		if !cal.EsHabil(fin) {
			t.Fatalf("SumarMeses(%s, %d) = %s, que no es hábil", desde, n, fin)
		}
		// The bare calendar date, computed here with package time.
		m := int(desde.Mes()) - 1 + n
		anio, mes := desde.Anio()+m/12, time.Month(m%12+1)
		dia := min(desde.Dia(), time.Date(anio, mes+1, 0, 0, 0, 0, 0, time.UTC).Day())
		base := fecha.Debe(anio, mes, dia)
		if fin.Antes(base) {
			t.Fatalf("SumarMeses(%s, %d) = %s, antes de %s", desde, n, fin, base)
		}
		if cal.DiasHabilesEntre(base.MasDias(-1), fin.MasDias(-1)) != 0 {
			t.Fatalf("SumarMeses(%s, %d) = %s salta un día hábil después de %s", desde, n, fin, base)
		}
	})
}

func BenchmarkSumarDiasHabiles(b *testing.B) {
	cal := Nuevo(semanaCerrada)
	desde := f("2026-03-13")
	for _, n := range []int{10, 250} {
		b.Run(map[int]string{10: "diez_dias", 250: "un_anio"}[n], func(b *testing.B) {
			EsFestivo(desde) // build the table outside the timing
			b.ReportAllocs()
			for b.Loop() {
				_ = cal.SumarDiasHabiles(desde, n)
			}
		})
	}
}

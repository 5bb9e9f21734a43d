package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCmdCalendario(t *testing.T) {
	t.Parallel()
	festivos2025 := "2025-01-01\n2025-01-06\n2025-03-24\n2025-04-17\n2025-04-18\n2025-05-01\n2025-06-02\n2025-06-23\n2025-06-30\n" +
		"2025-07-20\n2025-08-07\n2025-08-18\n2025-10-13\n2025-11-03\n2025-11-17\n2025-12-08\n2025-12-25\n"
	festivos2026 := "2026-01-01\n2026-01-12\n2026-03-23\n2026-04-02\n2026-04-03\n2026-05-01\n2026-05-18\n2026-06-08\n2026-06-15\n" +
		"2026-06-29\n2026-07-20\n2026-08-07\n2026-08-17\n2026-10-12\n2026-11-02\n2026-11-16\n2026-12-08\n2026-12-25\n"
	cerrada := []string{"--inhabil", "2026-03-16", "--inhabil", "2026-03-17", "--inhabil", "2026-03-18", "--inhabil", "2026-03-19", "--inhabil", "2026-03-20"}

	casos := []struct {
		nombre     string
		args       []string
		code       int
		stdout     string // exact
		stderr     string // exact when stderrIgual, else a substring
		stderrExac bool
	}{
		// Ley 51 de 1983: the lists of docs/reglas.md §7, each date once.
		{"ley51_1983_festivos_2025_una_vez_30_junio", []string{"calendario", "festivos", "--anio", "2025"}, 0, festivos2025, "", true},
		{"ley51_1983_festivos_2026_con_igual", []string{"calendario", "festivos", "--anio=2026"}, 0, festivos2026, "", true},
		{"ley51_1983_festivos_un_guion", []string{"calendario", "festivos", "-anio", "2026"}, 0, festivos2026, "", true},
		{"ley51_1983_festivos_1983_fuera_de_rango", []string{"calendario", "festivos", "--anio", "1983"}, 2, "", "--anio: año fuera del calendario de festivos (1984–2100): el año 1983 no está cubierto", false},
		{"ley51_1983_festivos_2101_fuera_de_rango", []string{"calendario", "festivos", "--anio", "2101"}, 2, "", "el año 2101", false},
		{"festivos_anio_no_numerico", []string{"calendario", "festivos", "--anio", "dos mil"}, 2, "", "--anio: año inválido \"dos mil\" (use un número entero, p. ej. 2026)\n", true},
		{"festivos_sin_anio", []string{"calendario", "festivos"}, 2, "", "--anio: falta el año (use --anio AAAA)\n", true},
		{"festivos_anio_sin_valor", []string{"calendario", "festivos", "--anio"}, 2, "", "--anio: falta el valor\n", true},
		{"festivos_opcion_desconocida", []string{"calendario", "festivos", "--ano", "2025"}, 2, "", "--ano: opción desconocida", false},
		{"festivos_argumento_sobrante", []string{"calendario", "festivos", "--anio", "2025", "2026"}, 2, "", "argumento inesperado \"2026\"", false},
		{"festivos_ayuda", []string{"calendario", "festivos", "-h"}, 0, "", "uso:", false},

		// Ley 4 de 1913, art. 62: business days, docs/reglas.md §7 vectors.
		{"ley4_1913_art62_plazo_diez_dias_2026_03_13", []string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "10"}, 0, "2026-03-30\n", "", true},
		{"ley4_1913_art62_plazo_diez_dias_2026_03_27", []string{"calendario", "plazo", "--desde", "2026-03-27", "--dias", "10"}, 0, "2026-04-14\n", "", true},
		{"ley4_1913_art62_plazo_diez_dias_2025_06_20", []string{"calendario", "plazo", "--desde", "2025-06-20", "--dias", "10"}, 0, "2025-07-08\n", "", true},
		{"ley4_1913_art62_plazo_diez_dias_2025_12_19", []string{"calendario", "plazo", "--dias", "10", "--desde", "2025-12-19"}, 0, "2026-01-06\n", "", true},
		{"ley4_1913_art62_plazo_diez_dias_2026_12_18", []string{"calendario", "plazo", "--desde=2026-12-18", "--dias=10"}, 0, "2027-01-05\n", "", true},
		{"ley4_1913_art62_plazo_cero_dias", []string{"calendario", "plazo", "--desde", "2026-03-14", "--dias", "0"}, 0, "2026-03-14\n", "", true},
		{"ley4_1913_art62_plazo_inhabiles_declarados", append([]string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "10"}, cerrada...), 0, "2026-04-08\n", "", true},
		{"ley4_1913_art62_plazo_mes_31_enero_28_febrero", []string{"calendario", "plazo", "--desde", "2025-01-31", "--meses", "1"}, 0, "2025-02-28\n", "", true},
		{"ley4_1913_art62_plazo_mes_termina_sabado_pasa_a_lunes", []string{"calendario", "plazo", "--desde", "2026-01-31", "--meses", "1"}, 0, "2026-03-02\n", "", true},
		{"ley4_1913_art62_plazo_anio_29_febrero", []string{"calendario", "plazo", "--desde", "2024-02-29", "--anios", "1"}, 0, "2025-02-28\n", "", true},
		{"ley4_1913_art62_plazo_anio_termina_en_navidad", []string{"calendario", "plazo", "--desde", "2024-12-25", "--anios", "1"}, 0, "2025-12-26\n", "", true},

		// Bad usage: exit 2, nothing on stdout, a Spanish line naming the flag.
		{"plazo_desde_invalida_contrato", []string{"calendario", "plazo", "--desde", "2025-13-01", "--dias", "10"}, 2, "", "--desde: fecha inválida \"2025-13-01\" (use AAAA-MM-DD)\n", true},
		{"plazo_desde_formato_dia_primero", []string{"calendario", "plazo", "--desde", "13/03/2026", "--dias", "10"}, 2, "", "--desde: fecha inválida \"13/03/2026\" (use AAAA-MM-DD)\n", true},
		{"plazo_sin_desde", []string{"calendario", "plazo", "--dias", "10"}, 2, "", "--desde: falta la fecha (use --desde AAAA-MM-DD)\n", true},
		{"plazo_sin_duracion", []string{"calendario", "plazo", "--desde", "2026-03-13"}, 2, "", "--dias, --meses, --anios: falta el plazo", false},
		{"plazo_dos_duraciones", []string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "10", "--meses", "1"}, 2, "", "--dias, --meses: indique solo una de --dias, --meses o --anios\n", true},
		{"plazo_dias_negativos", []string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "-1"}, 2, "", "--dias: número inválido \"-1\" (use un número entero mayor o igual a 0)\n", true},
		{"plazo_meses_no_numerico", []string{"calendario", "plazo", "--desde", "2026-03-13", "--meses", "uno"}, 2, "", "--meses: número inválido \"uno\"", false},
		{"plazo_anios_decimal", []string{"calendario", "plazo", "--desde", "2026-03-13", "--anios", "1.5"}, 2, "", "--anios: número inválido \"1.5\"", false},
		{"plazo_inhabil_invalido", []string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "10", "--inhabil", "2026-02-30"}, 2, "", "--inhabil: fecha inválida \"2026-02-30\" (use AAAA-MM-DD)\n", true},
		{"plazo_desde_antes_de_1984", []string{"calendario", "plazo", "--desde", "1983-12-30", "--dias", "1"}, 2, "", "--desde: la fecha 1983-12-30 está fuera del calendario de festivos (1984–2100)\n", true},
		{"plazo_termina_despues_de_2100", []string{"calendario", "plazo", "--desde", "2100-12-20", "--dias", "10"}, 2, "", "--dias: el plazo termina después del 2100-12-31", false},
		{"plazo_ultimo_dia_cubierto", []string{"calendario", "plazo", "--desde", "2100-12-20", "--dias", "9"}, 0, "2100-12-31\n", "", true},
		{"plazo_enorme_no_se_cuelga", []string{"calendario", "plazo", "--desde", "2026-03-13", "--dias", "999999999"}, 2, "", "--dias: el plazo termina después", false},
		{"plazo_meses_enorme", []string{"calendario", "plazo", "--desde", "2026-03-13", "--meses", "999999999"}, 2, "", "--meses: el plazo termina después", false},
		{"plazo_varios_problemas_una_linea_cada_uno", []string{"calendario", "plazo", "--desde", "ayer", "--dias", "x"}, 2, "", "--desde: fecha inválida \"ayer\" (use AAAA-MM-DD)\n--dias: número inválido \"x\" (use un número entero mayor o igual a 0)\n", true},
		{"calendario_sin_subcomando", []string{"calendario"}, 2, "", "calendario: falta el subcomando", false},
		{"calendario_subcomando_desconocido", []string{"calendario", "feriados"}, 2, "", "subcomando desconocido \"feriados\"", false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := correr(c.args, strings.NewReader(""), &out, &errb)
			if code != c.code {
				t.Errorf("código %d, want %d (stderr %q)", code, c.code, errb.String())
			}
			if out.String() != c.stdout {
				t.Errorf("stdout %q, want %q", out.String(), c.stdout)
			}
			if c.stderrExac {
				if errb.String() != c.stderr {
					t.Errorf("stderr %q, want %q", errb.String(), c.stderr)
				}
			} else if !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stderr %q no contiene %q", errb.String(), c.stderr)
			}
		})
	}
}

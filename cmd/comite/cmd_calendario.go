package main

// comite calendario: the national holidays (Ley 51 de 1983) and the last day
// of a legal term (Ley 4 de 1913, art. 62), as docs/contrato-cli.md says. No database,
// no clock: only national holidays, plus the closed days given with --inhabil.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"comite/internal/calendario"
	"comite/internal/fecha"
)

func init() {
	registrar("calendario", "festivos y plazos legales (Ley 51 de 1983, Ley 4 de 1913)", cmdCalendario)
}

const calUso = `uso:
  comite calendario festivos --anio AAAA
      los festivos nacionales del año (Ley 51 de 1983), un AAAA-MM-DD por línea
  comite calendario plazo --desde AAAA-MM-DD (--dias N | --meses N | --anios N) [--inhabil AAAA-MM-DD]...
      el último día de un plazo que empieza el día siguiente a --desde (Ley 4 de 1913, art. 62):
      los días son hábiles (sin sábados, domingos, festivos ni los --inhabil declarados);
      los meses y años siguen el calendario y pasan al siguiente día hábil si terminan en uno inhábil
`

func cmdCalendario(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "calendario: falta el subcomando (use «festivos» o «plazo»; «comite calendario -h» para la ayuda)")
		return 2
	}
	switch args[0] {
	case "festivos":
		return calFestivos(args[1:], stdout, stderr)
	case "plazo":
		return calPlazo(args[1:], stdout, stderr)
	case "-h", "--help", "-help", "ayuda":
		fmt.Fprint(stderr, calUso)
		return 0
	default:
		fmt.Fprintf(stderr, "calendario: subcomando desconocido %q (use «festivos» o «plazo»)\n", args[0])
		return 2
	}
}

// calFestivos: comite calendario festivos --anio Y.
func calFestivos(args []string, stdout, stderr io.Writer) int {
	fs := calNuevoFlagSet("calendario festivos")
	anioTxt := fs.String("anio", "", "año, de 1984 a 2100")
	if code, seguir := calParsear(fs, args, stderr); !seguir {
		return code
	}
	var problemas []string
	problemas = append(problemas, calSobrantes(fs)...)
	var lista []fecha.Fecha
	switch anio, err := strconv.Atoi(*anioTxt); {
	case !calDada(fs, "anio"):
		problemas = append(problemas, "--anio: falta el año (use --anio AAAA)")
	case err != nil:
		problemas = append(problemas, fmt.Sprintf("--anio: año inválido %q (use un número entero, p. ej. 2026)", *anioTxt))
	default:
		lista, err = calendario.Festivos(anio)
		if err != nil {
			problemas = append(problemas, "--anio: "+err.Error())
		}
	}
	if len(problemas) > 0 {
		return calFallar(stderr, problemas)
	}
	var b bytes.Buffer
	for _, f := range lista {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		fmt.Fprintf(stderr, "calendario festivos: no se pudo escribir la salida: %v\n", err)
		return 1
	}
	return 0
}

// calPlazo: comite calendario plazo --desde F (--dias N | --meses N | --anios N) [--inhabil F]...
func calPlazo(args []string, stdout, stderr io.Writer) int {
	fs := calNuevoFlagSet("calendario plazo")
	desdeTxt := fs.String("desde", "", "fecha del hecho, AAAA-MM-DD; el plazo empieza el día siguiente")
	unidades := []string{"dias", "meses", "anios"}
	valores := map[string]*string{}
	for _, u := range unidades {
		valores[u] = fs.String(u, "", "duración del plazo en "+strings.Replace(u, "anios", "años", 1))
	}
	var inhabilesTxt []string
	fs.Func("inhabil", "día declarado inhábil por la autoridad, AAAA-MM-DD (se puede repetir)", func(s string) error {
		inhabilesTxt = append(inhabilesTxt, s)
		return nil
	})
	if code, seguir := calParsear(fs, args, stderr); !seguir {
		return code
	}

	problemas := calSobrantes(fs)

	var desde fecha.Fecha
	switch d, err := fecha.ParseISO(*desdeTxt); {
	case !calDada(fs, "desde"):
		problemas = append(problemas, "--desde: falta la fecha (use --desde AAAA-MM-DD)")
	case err != nil:
		problemas = append(problemas, fmt.Sprintf("--desde: fecha inválida %q (use AAAA-MM-DD)", *desdeTxt))
	case !calendario.Cubre(d):
		problemas = append(problemas, fmt.Sprintf("--desde: la fecha %s está fuera del calendario de festivos (%d–%d)",
			d, calendario.AnioMinimo, calendario.AnioMaximo))
	default:
		desde = d
	}

	var dadas []string
	for _, u := range unidades {
		if calDada(fs, u) {
			dadas = append(dadas, u)
		}
	}
	unidad, n := "", 0
	switch len(dadas) {
	case 0:
		problemas = append(problemas, "--dias, --meses, --anios: falta el plazo (indique una de --dias N, --meses N o --anios N)")
	case 1:
		unidad = dadas[0]
		v, err := strconv.Atoi(*valores[unidad])
		if err != nil || v < 0 {
			problemas = append(problemas, fmt.Sprintf("--%s: número inválido %q (use un número entero mayor o igual a 0)", unidad, *valores[unidad]))
			unidad = ""
		} else {
			n = v
		}
	default:
		problemas = append(problemas, fmt.Sprintf("--%s: indique solo una de --dias, --meses o --anios", strings.Join(dadas, ", --")))
	}

	var inhabiles []fecha.Fecha
	for _, s := range inhabilesTxt {
		f, err := fecha.ParseISO(s)
		if err != nil {
			problemas = append(problemas, fmt.Sprintf("--inhabil: fecha inválida %q (use AAAA-MM-DD)", s))
			continue
		}
		inhabiles = append(inhabiles, f)
	}
	if len(problemas) > 0 {
		return calFallar(stderr, problemas)
	}

	// Terms that would end after the holiday table are refused before
	// counting (every business day is at least one calendar day, every month
	// at least 28 days), then the end is checked exactly.
	ultimo := fecha.Debe(calendario.AnioMaximo, 12, 31)
	limite := desde.DiasHasta(ultimo)
	cal := calendario.Nuevo(inhabiles)
	var fin fecha.Fecha
	fuera := false
	switch unidad {
	case "dias":
		if fuera = n > limite; !fuera {
			fin = cal.SumarDiasHabiles(desde, n)
		}
	case "meses":
		if fuera = n > limite/28+1; !fuera {
			fin = cal.SumarMeses(desde, n)
		}
	case "anios":
		if fuera = n > limite/365+1; !fuera {
			fin = cal.SumarAnios(desde, n)
		}
	}
	if fuera || !calendario.Cubre(fin) {
		return calFallar(stderr, []string{fmt.Sprintf("--%s: el plazo termina después del %s, fuera del calendario de festivos (%d–%d)",
			unidad, ultimo, calendario.AnioMinimo, calendario.AnioMaximo)})
	}
	if _, err := fmt.Fprintln(stdout, fin.String()); err != nil {
		fmt.Fprintf(stderr, "calendario plazo: no se pudo escribir la salida: %v\n", err)
		return 1
	}
	return 0
}

// calNuevoFlagSet returns a FlagSet that prints nothing by itself: errors are
// translated to Spanish by calParsear, help is calUso.
func calNuevoFlagSet(nombre string) *flag.FlagSet {
	fs := flag.NewFlagSet(nombre, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// calParsear parses the flags; when it should not go on it returns the exit
// status (0 after -h, 2 on a bad flag, with one Spanish line on stderr).
func calParsear(fs *flag.FlagSet, args []string, stderr io.Writer) (code int, seguir bool) {
	err := parsearOpciones(fs, args)
	if err == nil {
		return 0, true
	}
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stderr, calUso)
		return 0, false
	}
	return calFallar(stderr, []string{calTraducir(err)}), false
}

// calTraducir says in Spanish which option is wrong (parsearOpciones).
func calTraducir(err error) string {
	var eo *errOpcion
	if !errors.As(err, &eo) {
		return "opciones inválidas: " + err.Error()
	}
	switch eo.Clase {
	case opcionDesconocida:
		return fmt.Sprintf("--%s: opción desconocida (vea «comite calendario -h»)", eo.Nombre)
	case opcionSinValor:
		return fmt.Sprintf("--%s: falta el valor", eo.Nombre)
	case opcionMalEscrita:
		return fmt.Sprintf("opción mal escrita %q (use --nombre valor)", eo.Nombre)
	}
	return "opciones inválidas: " + eo.Causa.Error()
}

// calDada tells whether the flag was given on the command line.
func calDada(fs *flag.FlagSet, nombre string) bool {
	dada := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == nombre {
			dada = true
		}
	})
	return dada
}

// calSobrantes reports arguments left after the flags.
func calSobrantes(fs *flag.FlagSet) []string {
	var out []string
	for _, a := range fs.Args() {
		out = append(out, fmt.Sprintf("argumento inesperado %q (las opciones van con --nombre valor)", a))
	}
	return out
}

func calFallar(stderr io.Writer, problemas []string) int {
	for _, p := range problemas {
		fmt.Fprintln(stderr, p)
	}
	return 2
}

// Package entrada reads what people write in Colombian Spanish, in import
// files and in forms alike: amounts (1.234.567,89), dates (dd/mm/aaaa),
// integers, years, NITs, yes/no, gravedades and sanctions. Each parser
// returns an error in Spanish that quotes the value.
package entrada

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// The field parsers of the import files (docs/contrato-cli.md "Import files",
// docs/reglas.md §6). Each returns an error in Spanish that quotes the value;
// the row reader prefixes it with the row and the column.

// maxDigitosEnteros bounds amounts: 15 digits of pesos (below 10^15 COP)
// keep every amount, in centavos, well inside an int64.
const maxDigitosEnteros = 15

const ayudaMonto = "use 1234567, 1234567,89, 1.234.567,89, $ 1.234.567 o $ 12.500"

// ParseMonto reads an amount in COP as files from Excel in Spanish carry it:
// `1234567`, `1234567.89`, `1234567,89`, `1.234.567,89`, `$ 1.234.567`
// (also `1,234,567.89`, unambiguous because both separators appear).
//
// Strict reading of separators (documented in the README):
//   - both "." and "," present: the last one is the decimal separator and the
//     other groups thousands (groups of exactly three digits);
//   - one kind of separator appearing more than once: thousands;
//   - one separator appearing once: decimal, except when it is followed by
//     exactly three digits and preceded by one to three digits (`1.234`,
//     `1,234`, `12.500`): that is ambiguous (mil doscientos treinta y cuatro, or
//     uno coma dos tres cuatro) and is rejected;
//   - with a currency sign ($, COP) a dot groups thousands (`$ 12.500` is
//     12500: pesos are written without decimals in es-CO);
//   - at most two decimals; no sign (amounts are zero or positive).
func ParseMonto(s string) (decimal.Decimal, error) {
	c, err := ParseCentavos(s)
	if err != nil {
		return decimal.Decimal{}, err
	}
	return decimal.New(c, -2), nil
}

// ParseMontoExacto reads an amount as ParseMonto does, with every decimal it
// has: the amount a person enters for the rules, used exactly as entered.
func ParseMontoExacto(s string) (decimal.Decimal, error) {
	pesos, decimales, err := partesMonto(s)
	if err != nil {
		return decimal.Decimal{}, err
	}
	if len(decimales) > maxDecimalesExactos {
		return decimal.Decimal{}, fmt.Errorf("monto %q con demasiados decimales (a lo sumo %d)", s, maxDecimalesExactos)
	}
	d := decimal.NewFromInt(pesos)
	if decimales != "" {
		f, err := decimal.NewFromString("0." + decimales)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
		d = d.Add(f)
	}
	return d, nil
}

// maxDecimalesExactos bounds the decimals of an amount read exactly.
const maxDecimalesExactos = 15

// ParseCentavos is ParseMonto returning whole centavos.
func ParseCentavos(s string) (int64, error) {
	pesos, decimales, err := partesMonto(s)
	if err != nil {
		return 0, err
	}
	if len(decimales) > 2 {
		return 0, fmt.Errorf("monto %q con más de dos decimales: los montos en pesos llevan a lo sumo centavos", s)
	}
	var cent int64
	for i := 0; i < len(decimales); i++ {
		cent = cent*10 + int64(decimales[i]-'0')
	}
	if len(decimales) == 1 {
		cent *= 10
	}
	return pesos*100 + cent, nil
}

// partesMonto reads the whole pesos and the decimal digits of an amount.
func partesMonto(s string) (int64, string, error) {
	t, moneda := sinMoneda(strings.TrimSpace(s))
	if t == "" {
		return 0, "", fmt.Errorf("monto vacío (%s)", ayudaMonto)
	}
	nPuntos, nComas := 0, 0
	ultPunto, ultComa := -1, -1
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
		case c == '.':
			nPuntos++
			ultPunto = i
		case c == ',':
			nComas++
			ultComa = i
		case c == '-':
			return 0, "", fmt.Errorf("monto negativo %q: los valores son cero o positivos", s)
		default:
			return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
	}
	entera, decimales := t, ""
	var miles byte
	switch {
	case nPuntos == 0 && nComas == 0:
	case nPuntos > 0 && nComas > 0:
		dec := ultPunto
		miles = ','
		if ultComa > ultPunto {
			dec, miles = ultComa, '.'
		}
		if (t[dec] == '.' && nPuntos > 1) || (t[dec] == ',' && nComas > 1) {
			return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
		entera, decimales = t[:dec], t[dec+1:]
		if decimales == "" {
			return 0, "", fmt.Errorf("monto inválido %q: falta la parte decimal (%s)", s, ayudaMonto)
		}
	case nPuntos > 1:
		miles = '.'
	case nComas > 1:
		miles = ','
	default: // one separator, once
		i := ultPunto
		if i < 0 {
			i = ultComa
		}
		antes, despues := t[:i], t[i+1:]
		if moneda && t[i] == '.' {
			// With a currency sign the dot groups thousands: pesos are
			// written without decimals in es-CO ("$ 12.500" is 12500).
			miles = '.'
			break
		}
		if len(despues) == 3 && len(antes) >= 1 && len(antes) <= 3 && antes[0] != '0' {
			return 0, "", fmt.Errorf("monto ambiguo %q: un solo separador seguido de tres dígitos puede ser de miles o decimal; si son pesos escríbalo sin separador (%s%s) o con centavos (%s.%s,00)", s, antes, despues, antes, despues)
		}
		if despues == "" || antes == "" {
			return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
		entera, decimales = antes, despues
	}
	var pesos int64
	digitos := 0
	if miles != 0 {
		// Groups between separators: the first of one to three digits, the
		// others of exactly three (counted in place: no slice per amount).
		primero, n := true, 0
		for i := 0; i <= len(entera); i++ {
			if i < len(entera) && entera[i] != miles {
				n++
				continue
			}
			if (primero && (n < 1 || n > 3)) || (!primero && n != 3) {
				return 0, "", fmt.Errorf("monto inválido %q: los miles se separan en grupos de tres dígitos (%s)", s, ayudaMonto)
			}
			primero, n = false, 0
		}
	}
	for i := 0; i < len(entera); i++ {
		c := entera[i]
		if c == miles {
			continue
		}
		if c < '0' || c > '9' {
			return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
		if digitos > 0 || c != '0' {
			digitos++
		}
		if digitos > maxDigitosEnteros {
			return 0, "", fmt.Errorf("monto %q demasiado grande (a lo sumo %d dígitos enteros)", s, maxDigitosEnteros)
		}
		pesos = pesos*10 + int64(c-'0')
	}
	if entera == "" {
		return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
	}
	for i := 0; i < len(decimales); i++ {
		if c := decimales[i]; c < '0' || c > '9' {
			return 0, "", fmt.Errorf("monto inválido %q (%s)", s, ayudaMonto)
		}
	}
	return pesos, decimales, nil
}

// sinMoneda removes a currency sign before or after the amount ("$ 12.500",
// "COP 12.500", "COP$ 12.500", "12.500 COP") and says whether there was one.
func sinMoneda(t string) (string, bool) {
	moneda := false
	for _, m := range []string{"COP$", "COP", "$"} {
		if len(t) >= len(m) && strings.EqualFold(t[:len(m)], m) {
			t, moneda = strings.TrimSpace(t[len(m):]), true
			break
		}
	}
	if !moneda && len(t) > 3 && strings.EqualFold(t[len(t)-3:], "COP") {
		t, moneda = strings.TrimSpace(t[:len(t)-3]), true
	}
	return t, moneda
}

// DecimalesNumero counts the decimals of the raw value of a numeric XLSX
// cell ("100.125": 3); -1 when the text is not a plain decimal number.
func DecimalesNumero(t string) int {
	i := strings.IndexByte(t, '.')
	if i <= 0 || i == len(t)-1 || strings.Trim(t[:i], "0123456789") != "" || strings.Trim(t[i+1:], "0123456789") != "" {
		return -1
	}
	return len(t) - i - 1
}

// NormalizarNumeroXLSX turns the raw text of a numeric XLSX cell into a plain
// decimal: Excel writes doubles with up to 17 significant digits
// ("1234567.8899999999") or in exponent form ("1.48E+10"); Excel itself keeps
// only 15 significant digits, so the value is rounded there. Text that is not
// such a number is returned unchanged.
func NormalizarNumeroXLSX(s string) string {
	if s == "" || strings.ContainsAny(s, ",$ ") {
		return s
	}
	exp := strings.ContainsAny(s, "eE")
	sig := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			sig++
		}
	}
	if !exp && sig <= 15 {
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f >= 1e15 {
		return s
	}
	g, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 15, 64), 64)
	if err != nil {
		return s
	}
	return strconv.FormatFloat(g, 'f', -1, 64)
}

// ParseFecha reads `2025-03-04` or `04/03/2025` (day first). When the file is
// an XLSX, a date cell arrives as Excel's serial day number and is accepted too
// (in the 1900 date system; ParseFechaXLSX takes the workbook's system).
func ParseFecha(s string, xlsx bool) (fecha.Fecha, error) {
	if xlsx {
		return ParseFechaXLSX(s, false)
	}
	return parseFechaTexto(s)
}

// ParseFechaXLSX reads the raw value of an XLSX cell as a date: the serial
// day number in the workbook's date system (fecha1904 is Excel for Mac's
// option, which LibreOffice keeps when it saves the file again), or a date
// written as text. A date-time cell is a date when its time is 00:00;
// otherwise it is refused showing the date and time as the cell shows them.
func ParseFechaXLSX(s string, fecha1904 bool) (fecha.Fecha, error) {
	t := strings.TrimSpace(s)
	if f, minutos, ok := fechaSerialExcel(t, fecha1904); ok {
		if minutos != 0 {
			return fecha.Fecha{}, fmt.Errorf("la celda tiene fecha y hora (%s %02d:%02d) y la columna admite solo la fecha: en Excel dé a la columna el formato de fecha dd/mm/aaaa y quite la hora (por ejemplo con =ENTERO(celda))", f.DMA(), minutos/60, minutos%60)
		}
		return f, nil
	}
	return parseFechaTexto(s)
}

func parseFechaTexto(s string) (fecha.Fecha, error) {
	t := strings.TrimSpace(s)
	f, err := fecha.Parse(t)
	var no *fecha.ErrDiaInexistente
	if errors.As(err, &no) {
		return fecha.Fecha{}, &errFechaInexistente{texto: s, dia: no}
	}
	if err != nil {
		return fecha.Fecha{}, fmt.Errorf("fecha inválida %q (use AAAA-MM-DD o DD/MM/AAAA)", s)
	}
	if f.Anio() < 1900 || f.Anio() > 2200 {
		return fecha.Fecha{}, fmt.Errorf("fecha %q fuera de rango (años 1900 a 2200)", s)
	}
	return f, nil
}

// errFechaInexistente is a date well written whose day is not in its month:
// still «fecha inválida», saying why.
type errFechaInexistente struct {
	texto string
	dia   *fecha.ErrDiaInexistente
}

func (e *errFechaInexistente) Error() string {
	return fmt.Sprintf("fecha inválida %q: ese día no existe (%s)", e.texto, e.dia.Motivo())
}

func (e *errFechaInexistente) Unwrap() error { return e.dia }

// EpocaExcel is day 0 of Excel's 1900 date system as it behaves after
// 1900-02-28 (it counts the non-existent 1900-02-29); EpocaExcel1904 is day
// 0 of the 1904 system.
var (
	EpocaExcel     = fecha.Debe(1899, 12, 30)
	EpocaExcel1904 = fecha.Debe(1904, 1, 1)
)

// fechaSerialExcel reads a serial day number, with its fraction of a day,
// as the date and the minutes after midnight (rounded to the minute, as a
// cell formatted dd/mm/aaaa hh:mm shows them).
func fechaSerialExcel(t string, fecha1904 bool) (f fecha.Fecha, minutos int, ok bool) {
	entera, fraccion := t, ""
	if i := strings.IndexByte(t, '.'); i >= 0 {
		entera, fraccion = t[:i], t[i+1:]
	}
	if entera == "" || len(entera) > 6 || len(fraccion) > 20 {
		return fecha.Fecha{}, 0, false
	}
	n := 0
	for i := 0; i < len(entera); i++ {
		if entera[i] < '0' || entera[i] > '9' {
			return fecha.Fecha{}, 0, false
		}
		n = n*10 + int(entera[i]-'0')
	}
	// The fraction of a day, in minutes rounded half up: read digit by digit
	// (no float), 1440 minutes a day.
	var num, den uint64 = 0, 1
	for i := 0; i < len(fraccion); i++ {
		c := fraccion[i]
		if c < '0' || c > '9' {
			return fecha.Fecha{}, 0, false
		}
		if i < 15 {
			num, den = num*10+uint64(c-'0'), den*10
		}
	}
	minutos = int((num*1440*2 + den) / (2 * den))
	if minutos == 1440 { // 23:59:59.9 rounds to the next day's midnight
		n, minutos = n+1, 0
	}
	epoca := EpocaExcel
	if fecha1904 {
		epoca = EpocaExcel1904
	} else if n < 61 { // before 1900-03-01 Excel counts a day that did not exist
		return fecha.Fecha{}, 0, false
	}
	if n > 219146 {
		return fecha.Fecha{}, 0, false
	}
	f = epoca.MasDias(n)
	if f.Anio() > 2200 {
		return fecha.Fecha{}, 0, false
	}
	return f, minutos, true
}

// ParseNIT reads a NIT with its check digit (`800191045-1`, `800.191.045-1`).
func ParseNIT(s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", errors.New("NIT vacío (use 800191045-1, con su dígito de verificación)")
	}
	n, err := nit.Parse(s)
	if err != nil {
		return "", err
	}
	return n.String(), nil
}

// ParseSiNo reads a yes/no column: si, sí, no, true, false, verdadero, falso,
// 1, 0, x (yes) or empty (no), in any case.
func ParseSiNo(s string) (bool, error) {
	switch sancion.Normalizar(s) {
	case "si", "true", "verdadero", "1", "x":
		return true, nil
	case "no", "false", "falso", "0", "":
		return false, nil
	}
	return false, fmt.Errorf("valor %q no es sí ni no (use si, no, 1, 0, x o deje la celda vacía)", s)
}

// ParseEntero reads a whole number, zero or positive: `1600` or `1.600`
// (thousands with a dot, groups of three).
func ParseEntero(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, errors.New("número vacío")
	}
	if strings.Contains(t, ".") {
		g := strings.Split(t, ".")
		for k, p := range g {
			if (k == 0 && (len(p) < 1 || len(p) > 3)) || (k > 0 && len(p) != 3) {
				return 0, fmt.Errorf("número inválido %q (use un número entero: 1600 o 1.600)", s)
			}
		}
		t = strings.ReplaceAll(t, ".", "")
	}
	if len(t) > 15 {
		return 0, fmt.Errorf("número %q demasiado grande", s)
	}
	var n int64
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c == '-' {
			return 0, fmt.Errorf("número negativo %q: debe ser cero o positivo", s)
		}
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("número inválido %q (use un número entero: 1600 o 1.600)", s)
		}
		n = n*10 + int64(c-'0')
	}
	return n, nil
}

// ParseAnio reads a year between 1900 and 2200.
func ParseAnio(s string) (int, error) {
	t := strings.TrimSpace(s)
	if len(t) != 4 {
		return 0, fmt.Errorf("año inválido %q (use cuatro dígitos: 2025)", s)
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1900 || n > 2200 {
		return 0, fmt.Errorf("año inválido %q (use cuatro dígitos entre 1900 y 2200)", s)
	}
	return n, nil
}

// ParseGravedad accepts any case and accents ("Gravísima", "GRAVISIMA").
func ParseGravedad(s string) (sancion.Gravedad, error) {
	if g, err := sancion.ParseGravedad(s); err == nil { // fast path: already canonical
		return g, nil
	}
	g, err := sancion.ParseGravedadLibre(s)
	if err != nil {
		return "", fmt.Errorf("gravedad desconocida %q (use leve, grave o gravísima)", s)
	}
	return g, nil
}

// ParseSancion accepts any case and accents ("Amonestación").
func ParseSancion(s string) (sancion.Tipo, error) {
	if t, err := sancion.ParseTipo(s); err == nil { // fast path: already canonical
		return t, nil
	}
	t, err := sancion.ParseTipoLibre(s)
	if err != nil {
		return "", fmt.Errorf("sanción desconocida %q (use multa, amonestación, suspensión o cancelación)", s)
	}
	return t, nil
}

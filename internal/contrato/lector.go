// Package contrato reads and writes the JSON of the command-line contract
// (docs/contrato-cli.md): strict input with one Spanish message per
// problem naming the field, and output with amounts as decimal strings.
// It only translates; every rule lives in the rule packages.
package contrato

import (
	"bytes"
	"comite/internal/fallo"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"comite/internal/fecha"
	"comite/internal/nit"

	"github.com/shopspring/decimal"
)

// Errores collects the problems of one input, each naming its field.
type Errores struct{ lista []string }

// Add records a problem of a field ("sanciones[2].fecha_firmeza").
func (e *Errores) Add(campo, formato string, args ...any) {
	msg := fmt.Sprintf(formato, args...)
	if campo != "" {
		msg = campo + ": " + msg
	}
	e.lista = append(e.lista, msg)
}

// Lista returns the problems in the order found.
func (e *Errores) Lista() []string { return e.lista }

// Vacio says whether there were no problems.
func (e *Errores) Vacio() bool { return len(e.lista) == 0 }

// ErrEntrada is the error of an invalid input: one line per problem.
type ErrEntrada struct{ Problemas []string }

func (e *ErrEntrada) Error() string { return strings.Join(e.Problemas, "\n") }

// As makes an invalid input a fallo.Invalido (each line already names its
// field by its contract path).
func (e *ErrEntrada) As(target any) bool {
	return fallo.Como(target, fallo.Nuevo(fallo.Invalido, e.Error()))
}

// Objeto reads one JSON object field by field, so that every field can be
// named in an error and unknown fields are reported.
type Objeto struct {
	ruta  string
	m     map[string]json.RawMessage
	e     *Errores
	leido map[string]bool
}

// LeerRaiz parses the whole input as one JSON object (nothing after it).
func LeerRaiz(data []byte, e *Errores) *Objeto {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		e.Add("", "el documento no es JSON válido: %s", traducirJSON(err))
		return nil
	}
	if dec.More() {
		e.Add("", "hay contenido después del objeto JSON")
		return nil
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err == nil {
		e.Add("", "hay contenido después del objeto JSON")
		return nil
	}
	for _, campo := range clavesRepetidas(raw) {
		e.Add(campo, "el campo está repetido en el mismo objeto: cada campo va una sola vez")
	}
	return NuevoObjeto("", raw, e)
}

// clavesRepetidas lists, in document order, the path of every key that
// appears more than once inside one JSON object, at any depth
// ("usuario.registro_vigente", "sanciones[1].acto"). A decoder keeps the last
// value of a repeated key without a word; the contract refuses it. The
// document is valid JSON (LeerRaiz decoded it).
func clavesRepetidas(raw []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out []string
	var valor func(ruta string) bool
	valor = func(ruta string) bool {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		d, ok := t.(json.Delim)
		if !ok {
			return true
		}
		switch d {
		case '{':
			vistas := map[string]bool{}
			for dec.More() {
				t, err := dec.Token()
				if err != nil {
					return false
				}
				k, _ := t.(string)
				campo := k
				if ruta != "" {
					campo = ruta + "." + k
				}
				if vistas[k] {
					out = append(out, campo)
				}
				vistas[k] = true
				if !valor(campo) {
					return false
				}
			}
		case '[':
			for i := 0; dec.More(); i++ {
				if !valor(fmt.Sprintf("%s[%d]", ruta, i)) {
					return false
				}
			}
		}
		_, err = dec.Token() // the closing delimiter
		return err == nil
	}
	valor("")
	return out
}

func traducirJSON(err error) string {
	s := err.Error()
	if s == "EOF" {
		return "está vacío"
	}
	if strings.Contains(s, "unexpected EOF") {
		return "termina antes de tiempo"
	}
	return strings.TrimPrefix(s, "json: ")
}

// NuevoObjeto wraps a raw value that must be an object; a non-object is reported.
func NuevoObjeto(ruta string, raw json.RawMessage, e *Errores) *Objeto {
	if esNulo(raw) || len(bytes.TrimSpace(raw)) == 0 || bytes.TrimSpace(raw)[0] != '{' {
		e.Add(ruta, "debe ser un objeto JSON")
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		e.Add(ruta, "objeto JSON inválido: %s", traducirJSON(err))
		return nil
	}
	return &Objeto{ruta: ruta, m: m, e: e, leido: map[string]bool{}}
}

func esNulo(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// Campo is the path of a key of this object.
func (o *Objeto) Campo(k string) string {
	if o.ruta == "" {
		return k
	}
	return o.ruta + "." + k
}

// Crudo returns the raw value of a key; present=false when absent.
// A value of null counts as present (callers decide whether null is allowed).
func (o *Objeto) Crudo(k string) (json.RawMessage, bool) {
	o.leido[k] = true
	v, ok := o.m[k]
	return v, ok
}

// Fin reports every key that was not read: unknown fields are errors.
func (o *Objeto) Fin() {
	var extra []string
	for k := range o.m {
		if !o.leido[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		o.e.Add(o.Campo(k), "campo desconocido")
	}
}

// Presencia says how a field was given.
type Presencia int

const (
	Ausente Presencia = iota
	Nulo
	Presente
)

func (o *Objeto) presencia(k string, requerido bool, anulable bool) (json.RawMessage, Presencia) {
	v, ok := o.Crudo(k)
	if !ok {
		if requerido {
			o.e.Add(o.Campo(k), "falta el campo")
		}
		return nil, Ausente
	}
	if esNulo(v) {
		if requerido && !anulable {
			o.e.Add(o.Campo(k), "no puede ser null")
		}
		return nil, Nulo
	}
	return v, Presente
}

// Texto reads a string.
func (o *Objeto) Texto(k string, requerido bool) (string, Presencia) {
	v, p := o.presencia(k, requerido, false)
	if p != Presente {
		return "", p
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		o.e.Add(o.Campo(k), "debe ser un texto entre comillas")
		return "", Ausente
	}
	return s, p
}

// Fecha reads AAAA-MM-DD. anulable: null is allowed.
func (o *Objeto) Fecha(k string, requerido, anulable bool) (fecha.Fecha, Presencia) {
	v, p := o.presencia(k, requerido, anulable)
	if p != Presente {
		return fecha.Fecha{}, p
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		o.e.Add(o.Campo(k), "fecha inválida %s (use AAAA-MM-DD entre comillas)", string(v))
		return fecha.Fecha{}, Ausente
	}
	f, err := fecha.ParseISO(s)
	if err != nil {
		o.e.Add(o.Campo(k), "fecha inválida %q (use AAAA-MM-DD)", s)
		return fecha.Fecha{}, Ausente
	}
	return f, p
}

// Monto reads an amount: a JSON string with a decimal, "." as separator, no
// thousands separator, zero or positive.
func (o *Objeto) Monto(k string, requerido, anulable bool) (decimal.Decimal, Presencia) {
	v, p := o.presencia(k, requerido, anulable)
	if p != Presente {
		return decimal.Decimal{}, p
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		o.e.Add(o.Campo(k), "el monto debe ser un texto con un decimal, por ejemplo \"14800000000\" o \"1234567.89\"")
		return decimal.Decimal{}, Ausente
	}
	d, err := ParseMonto(s)
	if err != nil {
		o.e.Add(o.Campo(k), "%v", err)
		return decimal.Decimal{}, Ausente
	}
	return d, p
}

// ParseMonto reads the contract's decimal: digits, optionally "." and digits.
// No sign, no exponent, no thousands separator.
func ParseMonto(s string) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, fmt.Errorf("monto vacío")
	}
	punto := false
	digitos := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digitos++
		case c == '.' && !punto && i > 0 && i < len(s)-1:
			punto = true
		case c == '-':
			return decimal.Decimal{}, fmt.Errorf("monto negativo %q: debe ser cero o positivo", s)
		default:
			return decimal.Decimal{}, fmt.Errorf("monto inválido %q (use dígitos y, si hace falta, un punto decimal: \"1234567.89\")", s)
		}
	}
	if digitos > 30 {
		return decimal.Decimal{}, fmt.Errorf("monto %q demasiado grande", s)
	}
	return decimal.NewFromString(s)
}

// Entero reads a whole number, zero or positive.
func (o *Objeto) Entero(k string, requerido bool) (int64, Presencia) {
	v, p := o.presencia(k, requerido, false)
	if p != Presente {
		return 0, p
	}
	var n json.Number
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] == '"' {
		o.e.Add(o.Campo(k), "debe ser un número entero sin comillas")
		return 0, Ausente
	}
	if err := json.Unmarshal(v, &n); err != nil {
		o.e.Add(o.Campo(k), "debe ser un número entero")
		return 0, Ausente
	}
	i, err := n.Int64()
	if err != nil {
		o.e.Add(o.Campo(k), "debe ser un número entero, no %s", n.String())
		return 0, Ausente
	}
	if i < 0 {
		o.e.Add(o.Campo(k), "debe ser cero o positivo, no %d", i)
		return 0, Ausente
	}
	return i, p
}

// Booleano reads true/false.
func (o *Objeto) Booleano(k string, requerido bool) (bool, Presencia) {
	v, p := o.presencia(k, requerido, false)
	if p != Presente {
		return false, p
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		o.e.Add(o.Campo(k), "debe ser true o false")
		return false, Ausente
	}
	return b, p
}

// Lista reads an array and returns its raw elements with their paths.
func (o *Objeto) Lista(k string, requerido bool) ([]json.RawMessage, Presencia) {
	v, p := o.presencia(k, requerido, false)
	if p != Presente {
		return nil, p
	}
	var l []json.RawMessage
	if err := json.Unmarshal(v, &l); err != nil {
		o.e.Add(o.Campo(k), "debe ser una lista JSON")
		return nil, Ausente
	}
	return l, p
}

// Sub reads a nested object (nil when absent, null or invalid).
func (o *Objeto) Sub(k string, requerido, anulable bool) (*Objeto, Presencia) {
	v, p := o.presencia(k, requerido, anulable)
	if p != Presente {
		return nil, p
	}
	s := NuevoObjeto(o.Campo(k), v, o.e)
	if s == nil {
		return nil, Ausente
	}
	return s, p
}

// NIT reads a NIT with its check digit; a wrong digit names the right one.
func (o *Objeto) NIT(k string, requerido bool) (nit.NIT, Presencia) {
	s, p := o.Texto(k, requerido)
	if p != Presente {
		return nit.NIT{}, p
	}
	n, err := nit.Parse(s)
	if err != nil {
		o.e.Add(o.Campo(k), "%v", err)
		return nit.NIT{}, Ausente
	}
	return n, p
}

// Enum reads a string that must be one of the allowed words.
func (o *Objeto) Enum(k string, requerido bool, permitidos ...string) (string, Presencia) {
	s, p := o.Texto(k, requerido)
	if p != Presente {
		return "", p
	}
	for _, a := range permitidos {
		if s == a {
			return s, p
		}
	}
	o.e.Add(o.Campo(k), "valor %q no permitido (use %s)", s, strings.Join(permitidos, ", "))
	return "", Ausente
}

// Elemento is the path of the i-th element of a list field.
func (o *Objeto) Elemento(k string, i int) string { return fmt.Sprintf("%s[%d]", o.Campo(k), i) }

// Monto writes an amount without trailing zeros after the point ("4800000").
func Monto(d decimal.Decimal) string { return d.String() }

// MontoNulo writes an amount or null.
func MontoNulo(d *decimal.Decimal) *string {
	if d == nil {
		return nil
	}
	s := d.String()
	return &s
}

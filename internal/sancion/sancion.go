// Package sancion holds the words the legal texts use for sanctions: the
// gravedad of an infraction and the kind of sanction. The JSON contract writes
// them in lower-case ASCII; files from Excel may carry any case and accents.
package sancion

import (
	"fmt"
	"slices"
	"strings"

	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Anclaje chooses the reference year of the committee test (art. 25): the
// year before the commission or the year before the verification.
type Anclaje string

const (
	AnclajeComision     Anclaje = "comision"     // year of commission − 1 (default)
	AnclajeVerificacion Anclaje = "verificacion" // year of verification − 1
)

// Gravedad of an infraction.
type Gravedad string

const (
	Leve      Gravedad = "leve"
	Grave     Gravedad = "grave"
	Gravisima Gravedad = "gravisima"
)

// Tipo of sanction.
type Tipo string

const (
	Multa        Tipo = "multa"
	Amonestacion Tipo = "amonestacion"
	Suspension   Tipo = "suspension"
	Cancelacion  Tipo = "cancelacion"
)

// Gravedades is the list of gravedades, from the lightest: the one list
// every form, table and chart enumerates.
func Gravedades() []Gravedad { return []Gravedad{Leve, Grave, Gravisima} }

// Tipos is the list of sanction types, in the order the forms offer them.
func Tipos() []Tipo { return []Tipo{Multa, Amonestacion, Suspension, Cancelacion} }

// GraveOGravisima says whether the gravedad counts for the committee test.
func (g Gravedad) GraveOGravisima() bool { return g == Grave || g == Gravisima }

// Etiqueta is the word people read: "gravísima", "amonestación".
func (g Gravedad) Etiqueta() string {
	if g == Gravisima {
		return "gravísima"
	}
	return string(g)
}

func (t Tipo) Etiqueta() string {
	switch t {
	case Amonestacion:
		return "amonestación"
	case Suspension:
		return "suspensión"
	case Cancelacion:
		return "cancelación"
	}
	return string(t)
}

// Severidad orders sanctions for concurrence: cancelación prevails over
// suspensión, suspensión over multa, multa over amonestación
// (Decreto Ley 920 de 2023, art. 22 num. 1: "prevaleciendo en su orden la de cancelación a la de multa").
func (t Tipo) Severidad() int {
	switch t {
	case Cancelacion:
		return 4
	case Suspension:
		return 3
	case Multa:
		return 2
	case Amonestacion:
		return 1
	}
	return 0
}

// ParseGravedad reads the contract's exact word.
func ParseGravedad(s string) (Gravedad, error) {
	if g := Gravedad(s); slices.Contains(Gravedades(), g) {
		return g, nil
	}
	return "", fmt.Errorf("gravedad desconocida %q (use leve, grave o gravisima)", s)
}

// ParseTipo reads the contract's exact word.
func ParseTipo(s string) (Tipo, error) {
	if t := Tipo(s); slices.Contains(Tipos(), t) {
		return t, nil
	}
	return "", fmt.Errorf("sanción desconocida %q (use multa, amonestacion, suspension o cancelacion)", s)
}

// Normalizar lower-cases a word and removes accents and surrounding spaces:
// "Gravísima " → "gravisima". Used for values that come from spreadsheets.
func Normalizar(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.TrimSpace(s))
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}

// ParseGravedadLibre accepts any case and accents (files from Excel).
func ParseGravedadLibre(s string) (Gravedad, error) { return ParseGravedad(Normalizar(s)) }

// ParseTipoLibre accepts any case and accents (files from Excel).
func ParseTipoLibre(s string) (Tipo, error) { return ParseTipo(Normalizar(s)) }

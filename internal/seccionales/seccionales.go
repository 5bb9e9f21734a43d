// Package seccionales is the catalogue of the DIAN's Direcciones Seccionales
// that report cases (Decreto Ley 920 de 2023, art. 25 by position: "la
// Dirección Seccional competente"), and the one rule of access by Dirección
// Seccional. Pure: no database, no HTTP.
//
// Every place that stores a Dirección Seccional (customs users, accounts,
// cases) stores the catalogue's code; a name written by a person or a file
// ("Cartagena", "DIRECCIÓN SECCIONAL DE ADUANAS DE CARTAGENA") is resolved to
// its code when it comes in, and an unknown name is an error that lists the
// accepted ones. Access decisions then compare codes with Accede, the only
// function that decides whether an account of rol seccional sees an object.
//
// The seed (Semilla) is the national list of Direcciones Seccionales with
// customs functions as we could establish it without access to the DIAN's
// current organisation resolution: the Direcciones Seccionales de Aduanas of
// the main ports and cities and the Direcciones Seccionales de Impuestos y
// Aduanas of the rest. The codes are this application's own (the city,
// without accents, in capitals), not the DIAN's numeric codes. The
// administrator edits names and short names, and adds Seccionales, from the
// application; see docs/seccionales.md.
package seccionales

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Seccional is one Dirección Seccional of the catalogue.
type Seccional struct {
	Codigo string   // "CARTAGENA": what every table stores
	Nombre string   // official name, as shown
	Cortos []string // other accepted names ("Cartagena", "Cartagena de Indias")
}

// aduanas and impuestosYAduanas build the seed rows.
func aduanas(codigo, ciudad string, cortos ...string) Seccional {
	return Seccional{codigo, "Dirección Seccional de Aduanas de " + ciudad, append([]string{ciudad}, cortos...)}
}

func impuestosYAduanas(codigo, ciudad string, cortos ...string) Seccional {
	return Seccional{codigo, "Dirección Seccional de Impuestos y Aduanas de " + ciudad, append([]string{ciudad}, cortos...)}
}

// Semilla is the catalogue a new database starts with (editable afterwards).
var Semilla = []Seccional{
	aduanas("BARRANQUILLA", "Barranquilla"),
	aduanas("BOGOTA", "Bogotá", "Bogotá D.C.", "Santa Fe de Bogotá", "Aeropuerto El Dorado"),
	aduanas("CALI", "Cali", "Santiago de Cali"),
	aduanas("CARTAGENA", "Cartagena", "Cartagena de Indias"),
	aduanas("MEDELLIN", "Medellín", "Rionegro"),
	impuestosYAduanas("ARAUCA", "Arauca"),
	impuestosYAduanas("ARMENIA", "Armenia"),
	impuestosYAduanas("BARRANCABERMEJA", "Barrancabermeja"),
	impuestosYAduanas("BUCARAMANGA", "Bucaramanga"),
	impuestosYAduanas("BUENAVENTURA", "Buenaventura"),
	impuestosYAduanas("CARTAGO", "Cartago"),
	impuestosYAduanas("CUCUTA", "Cúcuta", "San José de Cúcuta"),
	impuestosYAduanas("FLORENCIA", "Florencia"),
	impuestosYAduanas("GIRARDOT", "Girardot"),
	impuestosYAduanas("IBAGUE", "Ibagué"),
	impuestosYAduanas("INIRIDA", "Inírida", "Puerto Inírida"),
	impuestosYAduanas("IPIALES", "Ipiales"),
	impuestosYAduanas("LETICIA", "Leticia"),
	impuestosYAduanas("MAICAO", "Maicao"),
	impuestosYAduanas("MANIZALES", "Manizales"),
	impuestosYAduanas("MITU", "Mitú"),
	impuestosYAduanas("MONTERIA", "Montería"),
	impuestosYAduanas("NEIVA", "Neiva"),
	impuestosYAduanas("PALMIRA", "Palmira"),
	impuestosYAduanas("PASTO", "Pasto", "San Juan de Pasto"),
	impuestosYAduanas("PEREIRA", "Pereira"),
	impuestosYAduanas("POPAYAN", "Popayán"),
	impuestosYAduanas("PUERTO_ASIS", "Puerto Asís"),
	impuestosYAduanas("PUERTO_CARRENO", "Puerto Carreño"),
	impuestosYAduanas("QUIBDO", "Quibdó"),
	impuestosYAduanas("RIOHACHA", "Riohacha"),
	impuestosYAduanas("SAN_ANDRES", "San Andrés", "San Andrés Isla", "San Andrés, Providencia y Santa Catalina"),
	impuestosYAduanas("SAN_JOSE_GUAVIARE", "San José del Guaviare"),
	impuestosYAduanas("SANTA_MARTA", "Santa Marta"),
	impuestosYAduanas("SINCELEJO", "Sincelejo"),
	impuestosYAduanas("SOGAMOSO", "Sogamoso"),
	impuestosYAduanas("TULUA", "Tuluá"),
	impuestosYAduanas("TUMACO", "Tumaco"),
	impuestosYAduanas("TUNJA", "Tunja"),
	impuestosYAduanas("URABA", "Urabá", "Turbo", "Apartadó"),
	impuestosYAduanas("VALLEDUPAR", "Valledupar"),
	impuestosYAduanas("VILLAVICENCIO", "Villavicencio"),
	impuestosYAduanas("YOPAL", "Yopal"),
}

// prefijos are the ways a name may begin that say nothing about which
// Seccional it is; Clave drops them (longest first).
var prefijos = []string{
	"direccion seccional de impuestos y aduanas nacionales de ",
	"direccion seccional de impuestos y aduanas de ",
	"direccion seccional de aduanas de ",
	"direccion seccional de ",
	"direccion seccional ",
	"seccional de impuestos y aduanas de ",
	"seccional de aduanas de ",
	"seccional de ",
	"seccional ",
	"dian ",
}

// Clave is how names are compared: without case, accents, punctuation,
// repeated spaces or the leading words every name shares ("Dirección
// Seccional de Aduanas de"). "DIRECCIÓN SECCIONAL DE ADUANAS DE CARTAGENA",
// "Cartagena" and "cartagena" give the same key.
func Clave(s string) string {
	var b strings.Builder
	espacio := true
	for _, r := range strings.ToLower(s) {
		r = sinTilde(r)
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			espacio = false
		} else if !espacio {
			b.WriteByte(' ')
			espacio = true
		}
	}
	k := strings.TrimSpace(b.String())
	for cambio := true; cambio; {
		cambio = false
		for _, p := range prefijos {
			if strings.HasPrefix(k, p) {
				k, cambio = strings.TrimSpace(strings.TrimPrefix(k, p)), true
				break
			}
		}
	}
	return k
}

func sinTilde(r rune) rune {
	switch r {
	case 'á', 'à', 'ä', 'â':
		return 'a'
	case 'é', 'è', 'ë', 'ê':
		return 'e'
	case 'í', 'ì', 'ï', 'î':
		return 'i'
	case 'ó', 'ò', 'ö', 'ô':
		return 'o'
	case 'ú', 'ù', 'ü', 'û':
		return 'u'
	case 'ñ':
		return 'n'
	}
	return r
}

// ValidarCodigo checks a code: capitals, digits and underscores, 2 to 40.
func ValidarCodigo(c string) error {
	if len(c) < 2 || len(c) > 40 {
		return fmt.Errorf("el código debe tener entre 2 y 40 caracteres")
	}
	for _, r := range c {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return fmt.Errorf("el código usa solo mayúsculas sin tildes, números y guion bajo (por ejemplo SAN_ANDRES)")
		}
	}
	return nil
}

// Catalogo resolves names to codes.
type Catalogo struct {
	lista  []Seccional
	indice map[string]string // Clave(name) → code
}

// NuevoCatalogo builds a catalogue; two Seccionales that share a name (or a
// code) are an error naming both.
func NuevoCatalogo(l []Seccional) (*Catalogo, error) {
	c := &Catalogo{lista: append([]Seccional(nil), l...), indice: map[string]string{}}
	// Each name's key once (Clave allocates), not once per comparison.
	claves := make(map[string]string, len(c.lista))
	for _, s := range c.lista {
		claves[s.Nombre] = Clave(s.Nombre)
	}
	sort.SliceStable(c.lista, func(i, j int) bool { return claves[c.lista[i].Nombre] < claves[c.lista[j].Nombre] })
	for _, s := range c.lista {
		if err := ValidarCodigo(s.Codigo); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Codigo, err)
		}
		for _, n := range append([]string{s.Codigo, s.Nombre}, s.Cortos...) {
			k := Clave(n)
			if k == "" {
				continue
			}
			if otro, ok := c.indice[k]; ok && otro != s.Codigo {
				return nil, fmt.Errorf("el nombre «%s» de %s ya es de %s", n, s.Codigo, otro)
			}
			c.indice[k] = s.Codigo
		}
	}
	return c, nil
}

// DebeCatalogo is NuevoCatalogo for a list known to be valid (the seed).
func DebeCatalogo(l []Seccional) *Catalogo {
	c, err := NuevoCatalogo(l)
	if err != nil {
		panic(err)
	}
	return c
}

// Resolver returns the code of a name (the code itself, the official name or
// a short name, in any case, with or without accents).
func (c *Catalogo) Resolver(nombre string) (string, bool) {
	k := Clave(nombre)
	if k == "" {
		return "", false
	}
	cod, ok := c.indice[k]
	return cod, ok
}

// Codigo resolves a name or returns an error that lists the accepted names.
func (c *Catalogo) Codigo(nombre string) (string, error) {
	if cod, ok := c.Resolver(nombre); ok {
		return cod, nil
	}
	return "", fmt.Errorf("Dirección Seccional desconocida «%s»; se aceptan: %s (o el nombre oficial completo)", strings.TrimSpace(nombre), c.Aceptados())
}

// Aceptados lists the short names, one per Seccional, for error messages.
func (c *Catalogo) Aceptados() string {
	var s []string
	for _, x := range c.lista {
		n := x.Nombre
		if len(x.Cortos) > 0 {
			n = x.Cortos[0]
		}
		s = append(s, n)
	}
	return strings.Join(s, ", ")
}

// Nombre is the official name of a code ("" when unknown).
func (c *Catalogo) Nombre(codigo string) string {
	for _, x := range c.lista {
		if x.Codigo == codigo {
			return x.Nombre
		}
	}
	return ""
}

// Lista is the catalogue, ordered by name.
func (c *Catalogo) Lista() []Seccional { return append([]Seccional(nil), c.lista...) }

// Accede is the one rule of access by Dirección Seccional: an account that
// is not of rol seccional sees every Seccional's data; an account of rol
// seccional sees only the objects whose stored code is its own (and nothing
// when it has none). Both sides are stored codes, compared exactly — the
// same comparison the lists make in SQL — so a screen, a list and an export
// always give the same answer.
func Accede(esSeccional bool, codigoCuenta, codigoObjeto string) bool {
	if !esSeccional {
		return true
	}
	c := strings.TrimSpace(codigoCuenta)
	return c != "" && c == strings.TrimSpace(codigoObjeto)
}

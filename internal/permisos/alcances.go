package permisos

import (
	"fmt"
	"slices"
	"strings"
)

// Alcance is a scope of a service account of the HTTP API: another system
// has no role, only the scopes its token was given. Every API route names
// the one scope it needs; what a Seccional-limited account may see of an
// object is the same rule as for people (internal/seccionales.Accede).
type Alcance string

const (
	AlcanceEvaluar  Alcance = "evaluar"  // the committee test and the liquidation over the contract's JSON; nothing stored is read
	AlcanceLeer     Alcance = "leer"     // the screening, the UVT table and the rule sets
	AlcanceImportar Alcance = "importar" // bulk loads of users, sanction acts and operations, as the import of files
	AlcanceCasos    Alcance = "casos"    // the cases with their evaluation, concepto, REA proposal and documents
)

// Alcances lists every scope, in the order screens show them.
var Alcances = []Alcance{AlcanceEvaluar, AlcanceLeer, AlcanceImportar, AlcanceCasos}

// ParseAlcances reads a comma-separated list of scopes ("importar,leer"):
// each known, none repeated, at least one; the result follows Alcances.
func ParseAlcances(s string) ([]Alcance, error) {
	vistos := map[Alcance]bool{}
	for _, p := range strings.Split(s, ",") {
		a := Alcance(strings.TrimSpace(p))
		if a == "" {
			continue
		}
		if !slices.Contains(Alcances, a) {
			return nil, fmt.Errorf("alcance %q desconocido (use evaluar, leer, importar o casos)", string(a))
		}
		if vistos[a] {
			return nil, fmt.Errorf("alcance %q repetido", string(a))
		}
		vistos[a] = true
	}
	if len(vistos) == 0 {
		return nil, fmt.Errorf("falta al menos un alcance (evaluar, leer, importar o casos)")
	}
	var out []Alcance
	for _, a := range Alcances {
		if vistos[a] {
			out = append(out, a)
		}
	}
	return out, nil
}

// UnirAlcances writes scopes as ParseAlcances reads them.
func UnirAlcances(as []Alcance) string {
	partes := make([]string, len(as))
	for i, a := range as {
		partes[i] = string(a)
	}
	return strings.Join(partes, ",")
}

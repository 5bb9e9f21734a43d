package importar

import (
	"strings"

	"comite/internal/entrada"
	"comite/internal/importar/filas"
)

// ParseClave reads a key or identifier (act number, declaration number)
// with filas.ParseClave (one spelling per key; scientific notation refused).
// xlsx: the raw value of an XLSX cell, where a number cell keeps its 15
// digits and is written out in full.
func ParseClave(s string, xlsx bool) (string, error) {
	t := strings.TrimSpace(s)
	if xlsx && filas.NotacionCientifica(t) {
		if n := entrada.NormalizarNumeroXLSX(t); n != t && !strings.ContainsAny(n, ".eE") {
			return n, nil
		}
	}
	return filas.ParseClave(s)
}

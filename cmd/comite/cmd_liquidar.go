package main

import (
	"io"

	"comite/internal/contrato"
)

func init() {
	registrar("liquidar", "liquida la sanción de un hecho paso a paso (JSON; Decreto Ley 920 de 2023, arts. 22 y 24)", cmdLiquidar)
}

// cmdLiquidar is `comite liquidar [ARCHIVO]` (the command-line contract): the request (JSON)
// from ARCHIVO or standard input, the liquidation (JSON, indented) on standard
// output with exit 0; exit 2 with one line per problem on standard error and
// nothing on standard output. No database, no clock.
func cmdLiquidar(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return comandoJSON("liquidar", args, stdin, stdout, stderr, contrato.Liquidar)
}

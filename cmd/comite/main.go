// Command comite is the decision-support application of the Comité de
// Fiscalización: the web server and the commands an operator scripts
// (docs/contrato-cli.md). Each command lives in its own cmd_*.go file and
// registers itself here; the rules live in internal/.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// comando is one subcommand. It returns the exit status.
type comando struct {
	resumen string
	correr  func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var comandos = map[string]comando{}

func registrar(nombre, resumen string, f func(args []string, stdin io.Reader, stdout, stderr io.Writer) int) {
	if _, dup := comandos[nombre]; dup {
		panic("comando duplicado: " + nombre)
	}
	comandos[nombre] = comando{resumen, f}
}

func main() {
	os.Exit(correr(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func correr(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "ayuda" {
		uso(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := comandos[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "comando desconocido %q\n", args[0])
		uso(stderr)
		return 2
	}
	return c.correr(args[1:], stdin, stdout, stderr)
}

func uso(w io.Writer) {
	fmt.Fprintln(w, "uso: comite COMANDO [opciones]")
	fmt.Fprintln(w, "comandos:")
	nombres := make([]string, 0, len(comandos))
	for n := range comandos {
		nombres = append(nombres, n)
	}
	sort.Strings(nombres)
	for _, n := range nombres {
		fmt.Fprintf(w, "  %-12s %s\n", n, comandos[n].resumen)
	}
}

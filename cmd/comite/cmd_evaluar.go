package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"comite/internal/contrato"
)

func init() {
	registrar("evaluar", "evalúa el test del Comité para un caso JSON (Decreto Ley 920 de 2023, art. 25)", cmdEvaluar)
}

// cmdEvaluar is `comite evaluar [ARCHIVO]` (docs/contrato-cli.md): JSON in, JSON out;
// exit 2 with one line per problem when the input is not valid.
func cmdEvaluar(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return comandoJSON("evaluar", args, stdin, stdout, stderr, contrato.Evaluar)
}

// comandoJSON runs a contract command that maps one JSON document to another.
func comandoJSON(nombre string, args []string, stdin io.Reader, stdout, stderr io.Writer, f func([]byte) ([]byte, error)) int {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "uso: comite %s [ARCHIVO] (un solo archivo, o la entrada estándar)\n", nombre)
		return 2
	}
	var data []byte
	var err error
	if len(args) == 1 && args[0] != "-" {
		data, err = os.ReadFile(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "no se pudo leer %s: %v\n", args[0], err)
			return 2
		}
	} else {
		data, err = io.ReadAll(io.LimitReader(stdin, 64<<20))
		if err != nil {
			fmt.Fprintf(stderr, "no se pudo leer la entrada estándar: %v\n", err)
			return 2
		}
	}
	out, err := f(data)
	if err != nil {
		var ee *contrato.ErrEntrada
		if errors.As(err, &ee) {
			for _, p := range ee.Problemas {
				fmt.Fprintln(stderr, p)
			}
			return 2
		}
		fmt.Fprintf(stderr, "error interno: %v\n", err)
		return 1
	}
	stdout.Write(out)
	return 0
}

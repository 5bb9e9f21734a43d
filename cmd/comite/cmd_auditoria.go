package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"comite/internal/db"
)

func init() {
	registrar("auditoria", "verifica la cadena de hashes del registro de auditoría", cmdAuditoria)
}

func audUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite auditoria verificar [--db ARCHIVO]
Recorre el registro de auditoría y comprueba el hash SHA-256 de cada fila y su
encadenamiento con la anterior. Sale con 0 si la cadena está íntegra, o con 1
nombrando la primera fila que no coincide.
  --db ARCHIVO   base de datos (por defecto comite.db)
`)
}

// cmdAuditoria: comite auditoria verificar --db F (shared/spec/contrato.md).
// Exit 0 with the rows checked; 1 naming the first row that does not match
// (or when the database cannot be read); 2 for usage errors.
func cmdAuditoria(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	pos, ruta, simular, ayuda, err := impArgs(args)
	if ayuda {
		audUso(stderr)
		return 0
	}
	if err == nil && simular {
		err = errors.New("--simular: opción desconocida para auditoria (use --db)")
	}
	if err != nil {
		fmt.Fprintln(stderr, "comite auditoria:", strings.Replace(err.Error(), "(use --db o --simular)", "(use --db)", 1))
		audUso(stderr)
		return 2
	}
	if len(pos) != 1 || pos[0] != "verificar" {
		if len(pos) == 0 {
			fmt.Fprintln(stderr, "comite auditoria: falta la acción (verificar)")
		} else if pos[0] != "verificar" {
			fmt.Fprintf(stderr, "comite auditoria: acción desconocida %q (use verificar)\n", pos[0])
		} else {
			fmt.Fprintf(stderr, "comite auditoria: argumento de más %q\n", pos[1])
		}
		audUso(stderr)
		return 2
	}
	if _, err := os.Stat(ruta); err != nil {
		fmt.Fprintf(stderr, "comite auditoria: no se encontró la base de datos %s (indique otra con --db)\n", ruta)
		return 1
	}
	ctx := context.Background()
	d, err := db.Open(ctx, ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite auditoria:", err)
		return 1
	}
	defer d.Close()
	n, err := d.VerificarAuditoria(ctx)
	if err != nil {
		var rota *db.ErrCadenaRota
		if errors.As(err, &rota) {
			fmt.Fprintf(stderr, "%v\n%d filas anteriores verificadas; la cadena se rompe en la fila %d.\n", rota, n, rota.ID)
			return 1
		}
		fmt.Fprintln(stderr, "comite auditoria:", err)
		return 1
	}
	fmt.Fprintf(stdout, "registro de auditoría íntegro: %d filas verificadas en %s\n", n, ruta)
	return 0
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"comite/internal/respaldo"
)

func init() {
	registrar("restaurar", "restaura un respaldo verificado en una base que no esté en uso", cmdRestaurar)
}

func restaurarUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite restaurar --desde RESPALDO [--db ARCHIVO] [--reemplazar]
Verifica el respaldo, comprueba que ningún proceso tenga abierta la base de
destino (detenga antes el servicio y Litestream), la escribe con un nombre
temporal, la renombra y la verifica otra vez en su lugar. Dice qué restauró.
  --desde RESPALDO  archivo hecho por «comite respaldo» (o una réplica restaurada)
  --db ARCHIVO      base de destino (por defecto comite.db)
  --reemplazar      si la base de destino existe, reemplazarla; la actual se
                    guarda antes como ARCHIVO.reemplazada-FECHA
Sale con 0 si restauró, 1 si se negó o falló (nada cambia), 2 por uso incorrecto.
`)
}

// cmdRestaurar: comite restaurar --desde ARCHIVO --db F [--reemplazar].
func cmdRestaurar(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite restaurar", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	desde := fs.String("desde", "", "")
	ruta := fs.String("db", "comite.db", "")
	reemplazar := fs.Bool("reemplazar", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			restaurarUso(stderr)
			return 0
		}
		fmt.Fprintln(stderr, "comite restaurar:", traducirOpcion(err, "--desde, --db o --reemplazar"))
		restaurarUso(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite restaurar: argumento de más %q (las opciones van con --nombre valor)\n", fs.Arg(0))
		restaurarUso(stderr)
		return 2
	}
	if *desde == "" {
		fmt.Fprintln(stderr, "comite restaurar: falta --desde RESPALDO (el archivo que se restaura)")
		restaurarUso(stderr)
		return 2
	}
	r, err := respaldo.Restaurar(context.Background(), *desde, *ruta, *reemplazar)
	if err != nil {
		fmt.Fprintln(stderr, "comite restaurar:", err)
		fmt.Fprintf(stderr, "No se restauró nada: %s sigue como estaba.\n", *ruta)
		return 1
	}
	fmt.Fprintf(stdout, "Restaurado %s en %s.\n", r.Desde, r.Ruta)
	if r.Reemplazada != "" {
		fmt.Fprintf(stdout, "La base que había en %s se guardó como %s.\n", r.Ruta, r.Reemplazada)
	}
	fmt.Fprintln(stdout, "Verificado antes (el respaldo) y después (la base en su lugar):")
	escribirVerificacion(stdout, r.Despues)
	fmt.Fprintln(stdout, "Al iniciar, «comite serve» aplica las migraciones pendientes si el respaldo es de una versión anterior.")
	return 0
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/respaldo"
)

func init() {
	registrar("restaurar", "restaura un respaldo verificado en una base que no esté en uso", cmdRestaurar)
}

func restaurarUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite restaurar --desde RESPALDO [--db ARCHIVO] [--reemplazar] [--clave-auditoria CLAVE] [--ancla ANCLA]
Verifica el respaldo, comprueba que ningún proceso tenga abierta la base de
destino (detenga antes el servicio y Litestream), la escribe con un nombre
temporal, la renombra y la verifica otra vez en su lugar. Dice qué restauró.
  --desde RESPALDO  archivo hecho por «comite respaldo» (o una réplica restaurada)
  --db ARCHIVO      base de destino (por defecto comite.db)
  --reemplazar      si la base de destino existe, reemplazarla; la actual se
                    guarda antes como ARCHIVO.reemplazada-FECHA
  --clave-auditoria CLAVE  claves de auditoría con que se abrirá la base de
                    destino (por defecto ARCHIVO.clave-auditoria o las variables
                    COMITE_CLAVE_AUDITORIA*, como en «comite serve»); el respaldo
                    se verifica con ellas y nunca se crea una clave nueva
  --ancla ANCLA     ancla de la base de destino (por defecto ARCHIVO.ancla-auditoria);
                    la restauración le anexa una línea firmada con la clave que la
                    registra, y nunca borra las anteriores
  --sin-manifiesto  aceptar un respaldo hecho antes de que hubiera manifiestos
                    firmados; la base restaurada lo registra en su auditoría
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
	clave := fs.String("clave-auditoria", "", "")
	ancla := fs.String("ancla", "", "")
	sinManifiesto := fs.Bool("sin-manifiesto", false, "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			restaurarUso(stderr)
			return 0
		}
		fmt.Fprintln(stderr, "comite restaurar:", traducirOpcion(err, "--desde, --db, --reemplazar, --clave-auditoria, --ancla o --sin-manifiesto"))
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
	restaurar := respaldo.Restaurar
	if *sinManifiesto {
		restaurar = respaldo.RestaurarSinManifiesto
	}
	r, err := restaurar(context.Background(), *desde, *ruta, *reemplazar, db.ConClaveAuditoria(*clave), db.ConAnclaAuditoria(*ancla))
	if err != nil {
		fmt.Fprintln(stderr, "comite restaurar:", err)
		fmt.Fprintf(stderr, "No se restauró nada: %s sigue como estaba.\n", *ruta)
		return 1
	}
	fmt.Fprintf(stdout, "Restaurado %s en %s.\n", r.Desde, r.Ruta)
	if conf, err := recordarRutasAuditoria(*ruta, *clave, *ancla); err != nil {
		fmt.Fprintf(stderr, "comite restaurar: la base quedó restaurada, pero no se pudo escribir su configuración: %v\nPase --clave-auditoria y --ancla a los comandos siguientes, o escriba esas rutas en %s.\n", err, db.RutaConfiguracion(*ruta))
	} else if conf != "" {
		fmt.Fprintf(stdout, "Configuración escrita en %s con la clave y el ancla indicadas: los comandos siguientes las toman de allí.\n", conf)
	}
	if r.Reemplazada != "" {
		fmt.Fprintf(stdout, "La base que había en %s se guardó como %s.\n", r.Ruta, r.Reemplazada)
	}
	if r.Antes.SinManifiesto {
		fmt.Fprintln(stdout, "AVISO: el respaldo no tenía manifiesto firmado (aceptado con --sin-manifiesto): sus bytes no se comprobaron; la restauración quedó registrada así en la auditoría.")
	}
	fmt.Fprintln(stdout, "Verificado antes (el respaldo) y después (la base en su lugar):")
	escribirVerificacion(stdout, r.Despues)
	switch {
	case r.AnclaRuta == "":
		fmt.Fprintln(stdout, "Ancla de auditoría: no se registró la restauración (la base no tiene filas firmadas con clave).")
	case r.Ancla.Dejada > 0:
		fmt.Fprintf(stdout, "Ancla de auditoría %s: había publicado hasta la fila %s, que la base restaurada no tiene (esas filas eran de la base reemplazada).\n",
			r.AnclaRuta, formato.Entero(r.Ancla.Dejada))
		fmt.Fprintf(stdout, "  Se le anexó una línea «restauracion», firmada con la clave de auditoría, que fija la cabeza en la fila %s y nombra el respaldo (SHA-256 %s);\n",
			formato.Entero(r.Ancla.Fila), r.Ancla.Respaldo)
		fmt.Fprintln(stdout, "  las líneas anteriores se conservan. «comite auditoria verificar» muestra esta restauración.")
	default:
		fmt.Fprintf(stdout, "Ancla de auditoría %s: se le anexó una línea «restauracion», firmada con la clave de auditoría, en la fila %s (respaldo SHA-256 %s).\n",
			r.AnclaRuta, formato.Entero(r.Ancla.Fila), r.Ancla.Respaldo)
	}
	fmt.Fprintln(stdout, "Al iniciar, «comite serve» aplica las migraciones pendientes si el respaldo es de una versión anterior.")
	return 0
}

// recordarRutasAuditoria writes, for a database restored with its key or
// anchor named on the command line, a configuration file beside it (when it
// has none), so later commands find them without the options. It returns
// the file written ("" when none was needed).
func recordarRutasAuditoria(ruta, clave, ancla string) (string, error) {
	if clave == "" && ancla == "" {
		return "", nil
	}
	if _, err := os.Stat(db.RutaConfiguracion(ruta)); err == nil {
		return "", nil
	}
	var ajustes [][2]string
	for _, a := range [][2]string{{db.AjusteClaveAuditoria, clave}, {db.AjusteAnclaAuditoria, ancla}} {
		if a[1] == "" {
			continue
		}
		abs, err := filepath.Abs(a[1])
		if err != nil {
			return "", err
		}
		ajustes = append(ajustes, [2]string{a[0], abs})
	}
	return db.RutaConfiguracion(ruta), db.EscribirConfiguracion(ruta, ajustes)
}

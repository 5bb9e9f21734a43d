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
)

func init() {
	registrar("iniciar", "crea la base, su configuración y la clave de auditoría (una sola vez)", cmdIniciar)
	registrar("migrar", "aplica a la base las migraciones pendientes de esta versión", cmdMigrar)
}

func iniciarUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite iniciar [--db ARCHIVO] [--clave-auditoria CLAVE] [--ancla-auditoria ANCLA]
Prepara una base nueva (o una de una versión sin claves de auditoría): aplica
las migraciones, escribe la configuración ARCHIVO.conf con las rutas de la
clave y del ancla, y crea la clave de auditoría (modo 0600). Todos los comandos
leen después esa configuración, así que no hace falta repetir las rutas.
Es el único comando que crea una clave (además del primer arranque de
«comite serve» en una base sin registro de auditoría); una clave nueva para
una base que ya firma se agrega con «comite auditoria rotar-clave».
  --db ARCHIVO             base de datos (por defecto comite.db)
  --clave-auditoria CLAVE  archivo de claves (por defecto la variable
                           COMITE_CLAVE_AUDITORIA_ARCHIVO o ARCHIVO.clave-auditoria)
  --ancla-auditoria ANCLA  archivo ancla (por defecto la variable
                           COMITE_ANCLA_AUDITORIA o ARCHIVO.ancla-auditoria)
Si la base ya estaba iniciada, lo dice y no cambia nada.
Sale con 0 si quedó iniciada, 1 si no se pudo, 2 por uso incorrecto.
`)
}

// cmdIniciar: comite iniciar --db F [--clave-auditoria K] [--ancla-auditoria A].
func cmdIniciar(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite iniciar", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ruta := fs.String("db", "comite.db", "")
	clave := fs.String(db.AjusteClaveAuditoria, "", "")
	ancla := fs.String(db.AjusteAnclaAuditoria, "", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			iniciarUso(stderr)
			return 0
		}
		fmt.Fprintln(stderr, "comite iniciar:", traducirOpcion(err, "--db, --clave-auditoria o --ancla-auditoria"))
		iniciarUso(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite iniciar: argumento de más %q\n", fs.Arg(0))
		return 2
	}
	rutaClave, err := valorAjuste(*ruta, db.AjusteClaveAuditoria, *clave)
	if err != nil {
		fmt.Fprintln(stderr, "comite iniciar:", err)
		return 1
	}
	rutaAncla, err := valorAjuste(*ruta, db.AjusteAnclaAuditoria, *ancla)
	if err != nil {
		fmt.Fprintln(stderr, "comite iniciar:", err)
		return 1
	}
	if rutaClave == "" {
		rutaClave = db.RutaClaveAuditoria(*ruta)
	}
	if rutaAncla == "" {
		rutaAncla = db.RutaAnclaAuditoria(*ruta)
	}
	if rutaClave, err = filepath.Abs(rutaClave); err == nil {
		rutaAncla, err = filepath.Abs(rutaAncla)
	}
	if err != nil {
		fmt.Fprintln(stderr, "comite iniciar:", err)
		return 1
	}
	conf := db.RutaConfiguracion(*ruta)
	_, errConf := os.Stat(conf)
	nuevaConf := errors.Is(errConf, os.ErrNotExist)
	if nuevaConf {
		// Written first: every later command, this one included, finds
		// the key and the anchor through it.
		if err := db.EscribirConfiguracion(*ruta, [][2]string{{db.AjusteClaveAuditoria, rutaClave}, {db.AjusteAnclaAuditoria, rutaAncla}}); err != nil {
			fmt.Fprintln(stderr, "comite iniciar:", err)
			return 1
		}
	}
	d, err := db.Open(context.Background(), *ruta, db.ConClaveAuditoria(rutaClave), db.ConAnclaAuditoria(rutaAncla))
	if err != nil {
		if nuevaConf {
			os.Remove(conf)
		}
		fmt.Fprintln(stderr, "comite iniciar:", err)
		return 1
	}
	defer d.Close()
	fmt.Fprintf(stdout, "Base de datos %s (esquema %s).\n", *ruta, db.VersionEsquema())
	if nuevaConf {
		fmt.Fprintf(stdout, "Configuración escrita en %s: la leen todos los comandos.\n", conf)
	} else {
		fmt.Fprintf(stdout, "Configuración %s: ya existía, no se cambió.\n", conf)
	}
	_, origen := d.ClavesAuditoria()
	if d.ClaveCreada() {
		fmt.Fprintf(stdout, "Clave de auditoría creada en %s (modo 0600): guarde una copia fuera de esta máquina; sin ella la cadena no se puede verificar.\n", d.RutaClave())
	} else {
		fmt.Fprintf(stdout, "La base ya estaba iniciada: clave de auditoría en %s.\n", origen)
	}
	fmt.Fprintf(stdout, "Ancla de auditoría: %s.\n", d.RutaAncla())
	return 0
}

// cmdMigrar: comite migrar --db F. It opens the database, which applies the
// pending migrations, and says which schema it has now.
func cmdMigrar(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite migrar", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ruta := fs.String("db", "comite.db", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "uso: comite migrar [--db ARCHIVO]\nAplica las migraciones pendientes. Sale con 0 si la base quedó al día, 1 si no.")
			return 0
		}
		fmt.Fprintln(stderr, "comite migrar:", traducirOpcion(err, "--db"))
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite migrar: argumento de más %q\n", fs.Arg(0))
		return 2
	}
	if _, err := os.Stat(*ruta); err != nil {
		fmt.Fprintf(stderr, "comite migrar: no se encontró la base de datos %s (una base nueva se crea con «comite iniciar»)\n", *ruta)
		return 1
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite migrar:", err)
		return 1
	}
	defer d.Close()
	fmt.Fprintf(stdout, "Base de datos %s al día: esquema %s.\n", *ruta, db.VersionEsquema())
	return 0
}

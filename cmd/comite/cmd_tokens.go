package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/validar"
)

func init() {
	registrar("tokens", "administra las cuentas de servicio de la API (crear, listar, revocar)", cmdTokens)
}

const tokUso = `uso: comite tokens crear --nombre SISTEMA --alcance importar,leer --vence AAAA-MM-DD [--seccional COD] [--db ARCHIVO]
     comite tokens listar [--db ARCHIVO]
     comite tokens revocar --nombre SISTEMA [--db ARCHIVO]
Alcances: evaluar (evaluar y liquidar), leer (tamizaje, UVT, reglas), importar (usuarios, sanciones,
operaciones), casos (casos y sus documentos). El token se muestra una sola vez; se guarda solo su hash.`

// cmdTokens: comite tokens crear|listar|revocar (service accounts of the
// HTTP API). Exit 0 when done; 1 when the store refuses; 2 on bad usage.
func cmdTokens(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, tokUso)
		return 2
	}
	sub := args[0]
	fs := flag.NewFlagSet("comite tokens "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	ruta := fs.String("db", "comite.db", "archivo de la base de datos")
	var nombre, alcance, vence, seccional *string
	switch sub {
	case "crear":
		nombre = fs.String("nombre", "", "nombre del sistema que usará el token")
		alcance = fs.String("alcance", "", "alcances separados por comas: evaluar, leer, importar, casos")
		vence = fs.String("vence", "", "último día en que el token sirve (AAAA-MM-DD)")
		seccional = fs.String("seccional", "", "Dirección Seccional a la que se limita (código del catálogo)")
	case "revocar":
		nombre = fs.String("nombre", "", "nombre de la cuenta de servicio")
	case "listar":
	default:
		fmt.Fprintf(stderr, "comite tokens: subcomando %q desconocido\n%s\n", sub, tokUso)
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite tokens %s: argumento de más %q\n", sub, fs.Arg(0))
		return 2
	}
	if nombre != nil && *nombre == "" {
		fmt.Fprintf(stderr, "comite tokens %s: --nombre es obligatorio\n", sub)
		return 2
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintf(stderr, "comite tokens %s: %v\n", sub, err)
		return 1
	}
	defer d.Close()
	quien := dominio.Actor{Cuenta: "cli:" + usuarioSistema(), IP: "línea de comandos"}
	switch sub {
	case "crear":
		return tokCrear(ctx, d, quien, *nombre, *alcance, *vence, *seccional, stdout, stderr)
	case "revocar":
		if err := d.RevocarCuentaServicio(ctx, *nombre, quien); err != nil {
			fmt.Fprintf(stderr, "comite tokens revocar: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "Cuenta de servicio %s revocada: su token ya no sirve.\n", *nombre)
		return 0
	}
	lista, err := d.CuentasServicio(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "comite tokens listar:", err)
		return 1
	}
	if len(lista) == 0 {
		fmt.Fprintln(stdout, "No hay cuentas de servicio.")
		return 0
	}
	fmt.Fprintf(stdout, "%-20s %-28s %-10s %-10s %-20s %s\n", "NOMBRE", "ALCANCES", "SECCIONAL", "VENCE", "ÚLTIMO USO", "ESTADO")
	for _, c := range lista {
		estado := "vigente"
		switch {
		case c.RevocadaEn != "":
			estado = "revocada"
		case c.Vence.Antes(d.Hoy()):
			estado = "vencida"
		}
		sec := c.Seccional
		if sec == "" {
			sec = "todas"
		}
		fmt.Fprintf(stdout, "%-20s %-28s %-10s %-10s %-20s %s\n", c.Nombre, permisos.UnirAlcances(c.Alcances), sec, formato.Fecha(c.Vence), usoLegible(c.UltimoUso), estado)
	}
	return 0
}

func tokCrear(ctx context.Context, d *db.DB, quien dominio.Actor, nombre, alcance, vence, seccional string, stdout, stderr io.Writer) int {
	as, err := permisos.ParseAlcances(alcance)
	if err != nil {
		fmt.Fprintln(stderr, "comite tokens crear: --alcance:", err)
		return 2
	}
	n := dominio.NuevaCuentaServicio{Nombre: nombre, Alcances: as, Seccional: seccional}
	if vence != "" {
		if n.Vence, err = fecha.ParseISO(vence); err != nil {
			fmt.Fprintf(stderr, "comite tokens crear: --vence: %q no es una fecha AAAA-MM-DD\n", vence)
			return 2
		}
	}
	var c dominio.CuentaServicio
	var token string
	err = validar.CuentaServicio(&n, d.Hoy())
	if err == nil {
		c, token, err = d.CrearCuentaServicio(ctx, n, quien)
	}
	var ev *dominio.ErrValidacion
	if errors.As(err, &ev) {
		fmt.Fprintf(stderr, "comite tokens crear: --%s: %s\n", ev.Campo, ev.Mensaje)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "comite tokens crear:", err)
		return 1
	}
	fmt.Fprintf(stderr, "Cuenta de servicio %s creada (alcances %s, vence el %s). Guarde el token: no se vuelve a mostrar.\n",
		c.Nombre, permisos.UnirAlcances(c.Alcances), formato.Fecha(c.Vence))
	fmt.Fprintln(stdout, token)
	return 0
}

// usoLegible is the last use of a token for the listing.
func usoLegible(en string) string {
	if en == "" {
		return "nunca"
	}
	return formato.InstanteTexto(en)
}

// usuarioSistema is the operator's login name for the audit log.
func usuarioSistema() string {
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "sistema"
}

package main

import (
	"bufio"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

func init() {
	registrar("usuarios", "administra las cuentas de la aplicación (crear, restablecer-clave)", cmdUsuarios)
}

// cmdUsuarios: comite usuarios crear --usuario U --rol R [--nombre N]
// [--seccional S] --db F; the password is the first line of standard input.
// Exit 0 when created; 1 when the account cannot be created; 2 on bad usage.
func cmdUsuarios(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "restablecer-clave" {
		return cmdRestablecerClave(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "crear" {
		fmt.Fprintln(stderr, "uso: comite usuarios crear --usuario U --rol R [--nombre N] [--seccional S] --db ARCHIVO  (la clave se lee de la primera línea de la entrada estándar)")
		fmt.Fprintln(stderr, "     comite usuarios restablecer-clave --usuario U --db ARCHIVO  (escribe una clave temporal que se debe cambiar al ingresar)")
		return 2
	}
	fs := flag.NewFlagSet("comite usuarios crear", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usuario := fs.String("usuario", "", "nombre de usuario (sin espacios)")
	rol := fs.String("rol", "", "rol: seccional, secretaria, comite, auditor o admin")
	nombre := fs.String("nombre", "", "nombre completo")
	seccional := fs.String("seccional", "", "Dirección Seccional (obligatoria para el rol seccional)")
	ruta := fs.String("db", "comite.db", "archivo de la base de datos")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite usuarios crear: argumento de más %q\n", fs.Arg(0))
		return 2
	}
	if *usuario == "" || *rol == "" {
		fmt.Fprintln(stderr, "comite usuarios crear: --usuario y --rol son obligatorios")
		return 2
	}
	r, err := permisos.ParseRol(*rol)
	if err != nil {
		fmt.Fprintln(stderr, "comite usuarios crear: --rol:", err)
		return 2
	}
	linea, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		fmt.Fprintln(stderr, "comite usuarios crear: no se pudo leer la clave de la entrada estándar:", err)
		return 1
	}
	clave := strings.TrimRight(linea, "\r\n")
	if clave == "" {
		fmt.Fprintln(stderr, "comite usuarios crear: escriba la clave en la primera línea de la entrada estándar")
		return 2
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite usuarios crear:", err)
		return 1
	}
	defer d.Close()
	c, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: *usuario, Nombre: *nombre, Rol: r, DireccionSeccional: *seccional, Clave: clave},
		dominio.Actor{Cuenta: "sistema", IP: "línea de comandos"})
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev):
		campo := "--" + ev.Campo
		if ev.Campo == "clave" {
			campo = "clave (entrada estándar)"
		}
		fmt.Fprintf(stderr, "comite usuarios crear: %s: %s\n", campo, ev.Mensaje)
		return 1
	case err != nil:
		fmt.Fprintln(stderr, "comite usuarios crear:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Cuenta %s creada con rol %s (%s).\n", c.Usuario, c.Rol, c.Rol.Etiqueta())
	return 0
}

// cmdRestablecerClave: comite usuarios restablecer-clave --usuario U --db F.
// For the machine's operator when no administrator can sign in: it prints a
// temporary password, which must be changed at the next login; the account's
// sessions end and the audit log records it. Exit 0, 1 (no such account), 2.
func cmdRestablecerClave(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite usuarios restablecer-clave", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usuario := fs.String("usuario", "", "nombre de usuario de la cuenta")
	ruta := fs.String("db", "comite.db", "archivo de la base de datos")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *usuario == "" {
		fmt.Fprintln(stderr, "uso: comite usuarios restablecer-clave --usuario U --db ARCHIVO")
		return 2
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite usuarios restablecer-clave:", err)
		return 1
	}
	defer d.Close()
	cuentas, err := d.ListarCuentas(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "comite usuarios restablecer-clave:", err)
		return 1
	}
	for _, c := range cuentas {
		if strings.EqualFold(c.Usuario, strings.TrimSpace(*usuario)) {
			temporal, err := d.RestablecerClave(ctx, c.ID, dominio.Actor{Cuenta: "sistema", IP: "línea de comandos"})
			if err != nil {
				fmt.Fprintln(stderr, "comite usuarios restablecer-clave:", err)
				return 1
			}
			fmt.Fprintf(stdout, "Clave temporal de %s: %s\nEntréguela por un canal seguro; se deberá cambiar en el próximo ingreso.\n", c.Usuario, temporal)
			return 0
		}
	}
	fmt.Fprintf(stderr, "comite usuarios restablecer-clave: no existe la cuenta %q\n", *usuario)
	return 1
}

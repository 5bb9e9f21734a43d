package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"comite/internal/db"
	"comite/internal/demo"
)

func init() {
	registrar("demo", "llena una base vacía con datos de demostración deterministas", cmdDemo)
}

// cmdDemo: comite demo --db F [--usuarios N] [--anios K] [--semilla S]
// (docs/contrato-cli.md). Exit 0 printing what it wrote; 1 when the
// database is not empty or the load fails; 2 on bad flags.
func cmdDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite demo", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ruta := fs.String("db", "comite.db", "archivo de la base de datos (debe estar vacía)")
	usuarios := fs.Int("usuarios", demo.UsuariosPorDefecto, "número de usuarios aduaneros")
	anios := fs.Int("anios", demo.AniosPorDefecto, "años de actos y operaciones, hasta "+fmt.Sprint(demo.AnioFinalPorDefecto))
	semilla := fs.Int64("semilla", demo.SemillaPorDefecto, "semilla: la misma semilla da los mismos datos")
	uso := func() {
		fmt.Fprintf(stderr, `uso: comite demo --db ARCHIVO [--usuarios N] [--anios K] [--semilla S]
Llena una base vacía con datos sintéticos deterministas (la misma semilla da los mismos datos).
  --db ARCHIVO     base de datos, que debe estar vacía (por defecto comite.db)
  --usuarios N     usuarios aduaneros, de %d a %d (por defecto %d)
  --anios K        años de actos y operaciones que terminan en %d, de 2 a %d (por defecto %d)
  --semilla S      semilla distinta de 0 (por defecto %d)
`, demo.MinUsuarios, demo.MaxUsuarios, demo.UsuariosPorDefecto, demo.AnioFinalPorDefecto, demo.MaxAnios, demo.AniosPorDefecto, demo.SemillaPorDefecto)
	}
	fs.Usage = func() {}
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			uso()
			return 0
		}
		fmt.Fprintln(stderr, "comite demo:", demoTraducir(err))
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite demo: argumento de más %q (las opciones van con --nombre valor)\n", fs.Arg(0))
		uso()
		return 2
	}
	if *semilla == 0 {
		fmt.Fprintln(stderr, "comite demo: --semilla no puede ser 0 (0 significa «por defecto»); use otro número")
		return 2
	}
	o := demo.Opciones{Usuarios: *usuarios, Anios: *anios, Semilla: *semilla, AnioFinal: demo.AnioFinalPorDefecto}
	if err := o.Validar(); err != nil {
		fmt.Fprintln(stderr, "comite demo:", err)
		return 2
	}
	ctx := context.Background()
	// A demonstration database is made from nothing: like the server's
	// first start, it creates the audit key only when there is no audit row.
	if _, err := leerConfiguracion(*ruta); err != nil {
		fmt.Fprintln(stderr, "comite demo:", err)
		return 1
	}
	d, err := demo.Abrir(ctx, *ruta, o, db.CrearClaveSoloSinAuditoria())
	if err != nil {
		fmt.Fprintln(stderr, "comite demo:", err)
		return 1
	}
	defer d.Close()
	res, cert, clave, err := demo.GenerarFirmado(ctx, d, o)
	if err != nil {
		fmt.Fprintln(stderr, "comite demo:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Base de datos %s\n", *ruta)
	res.Escribir(stdout)
	escribirFirmaDemo(d.Ruta, cert, clave, stdout)
	if k, err := os.ReadFile(db.RutaClaveAuditoria(d.Ruta)); err == nil && string(k) == demo.ClaveAuditoriaDemo(o.Semilla) {
		fmt.Fprintf(stdout, "Clave de auditoría de DEMOSTRACIÓN, derivada de la semilla (sin valor de prueba: quien conozca la semilla puede rehacer la cadena de auditoría):\n  %s\n", db.RutaClaveAuditoria(d.Ruta))
	}
	return 0
}

// demoTraducir says in Spanish which option is wrong (parsearOpciones).
func demoTraducir(err error) string {
	var eo *errOpcion
	if !errors.As(err, &eo) {
		return "opciones inválidas: " + err.Error()
	}
	switch eo.Clase {
	case opcionDesconocida:
		return fmt.Sprintf("--%s: opción desconocida (use --db, --usuarios, --anios o --semilla)", eo.Nombre)
	case opcionSinValor:
		return fmt.Sprintf("--%s: falta el valor", eo.Nombre)
	case opcionValorInvalido:
		return fmt.Sprintf("--%s: %q no es un número entero", eo.Nombre, eo.Valor)
	}
	return eo.Error()
}

// escribirFirmaDemo says where the demonstration certificate that signed the
// actas of the demo's past sessions was written, and how to sign with it.
func escribirFirmaDemo(ruta, cert, clave string, stdout io.Writer) {
	fmt.Fprintf(stdout, "Actas de las sesiones pasadas firmadas con un certificado autofirmado de DEMOSTRACIÓN (sin valor legal):\n  %s\n  %s\n", cert, clave)
	fmt.Fprintf(stdout, "Para firmar también lo que se emita en la demostración: comite serve --db %s --firma-certificado %s --firma-clave %s\n", ruta, cert, clave)
}

package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/valores"
)

func init() {
	registrar("version", "versión del programa, del esquema de la base y conjuntos de reglas con su vigencia", cmdVersion)
}

// version is set when building a release:
//
//	go build -ldflags "-X main.version=1.2.0" ./cmd/comite
var version = ""

// versionPrograma is the -ldflags version, else the module version or the
// VCS revision recorded by the Go toolchain, else "desarrollo".
func versionPrograma() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return versionDe(version, bi)
}

// versionDe is versionPrograma for the -ldflags version v and the build
// information bi (nil when the binary has none).
func versionDe(v string, bi *debug.BuildInfo) string {
	if v != "" {
		return v
	}
	if bi == nil {
		return "desarrollo"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modificado string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modificado = " con cambios sin confirmar"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		return "desarrollo (commit " + rev + modificado + ")"
	}
	return "desarrollo"
}

// cmdVersion: comite version.
func cmdVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "comite version: argumento de más %q (el comando no recibe opciones)\n", args[0])
		return 2
	}
	fmt.Fprintf(stdout, "comite %s\n", versionPrograma())
	fmt.Fprintf(stdout, "esquema de la base: %s (%d migraciones embebidas)\n", db.VersionEsquema(), len(db.Migraciones()))
	fmt.Fprintln(stdout, "conjuntos de reglas:")
	for _, c := range valores.Integrada().Conjuntos {
		hasta := "sin fin conocido"
		if !c.VigenteHasta.IsZero() {
			hasta = formato.Fecha(c.VigenteHasta)
		}
		fmt.Fprintf(stdout, "  %s  vigente desde %s hasta %s — %s\n", c.ID, formato.Fecha(c.VigenteDesde), hasta, c.Nombre)
		if c.Vigencia != "" {
			fmt.Fprintf(stdout, "      %s\n", c.Vigencia)
		}
	}
	return 0
}

package db

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The configuration file of a database lives beside it (ARCHIVO.conf) and
// holds the operator's settings, one "nombre = valor" a line, '#' starting
// a comment. Every command that opens the database reads it the same way,
// so the commands an operator runs by hand and the service agree on where
// the audit key and the anchor are. For each setting the order is: the
// command-line option, then the environment variable, then this file, then
// the default beside the database.

// Nombres of the settings of the configuration file read by this package.
const (
	AjusteClaveAuditoria = "clave-auditoria"
	AjusteAnclaAuditoria = "ancla-auditoria"
)

// RutaConfiguracion is the configuration file of a database: beside it.
func RutaConfiguracion(rutaDB string) string { return rutaDB + ".conf" }

// LeerConfiguracion reads the configuration file of the database at rutaDB:
// an empty map when there is none. Relative paths in it are taken from the
// file's own directory.
func LeerConfiguracion(rutaDB string) (map[string]string, error) {
	ruta := RutaConfiguracion(rutaDB)
	f, err := os.Open(ruta)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("leer la configuración %s: %w", ruta, err)
	}
	defer f.Close()
	out := map[string]string{}
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		l := strings.TrimSpace(s.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		nombre, valor, ok := strings.Cut(l, "=")
		nombre, valor = strings.TrimSpace(nombre), strings.TrimSpace(valor)
		if !ok || nombre == "" {
			return nil, fmt.Errorf("la configuración %s, línea %d: escriba «nombre = valor» (por ejemplo «%s = /etc/comite/clave-auditoria»)", ruta, n, AjusteClaveAuditoria)
		}
		if _, repetido := out[nombre]; repetido {
			return nil, fmt.Errorf("la configuración %s, línea %d: «%s» ya se dio antes; deje una sola línea", ruta, n, nombre)
		}
		out[nombre] = valor
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("leer la configuración %s: %w", ruta, err)
	}
	return out, nil
}

// RutaConfigurada resolves a path given in the configuration file of rutaDB:
// relative to the file's directory.
func RutaConfigurada(rutaDB, valor string) string {
	if valor == "" || filepath.IsAbs(valor) {
		return valor
	}
	return filepath.Join(filepath.Dir(rutaDB), valor)
}

// EscribirConfiguracion creates the configuration file of rutaDB (mode
// 0600) with these settings; it refuses to replace one that exists.
func EscribirConfiguracion(rutaDB string, ajustes [][2]string) error {
	ruta := RutaConfiguracion(rutaDB)
	var b strings.Builder
	b.WriteString("# Configuración de comite para la base " + rutaDB + ".\n")
	b.WriteString("# La leen todos los comandos que abren esa base. Una opción de la línea de comandos o una\n")
	b.WriteString("# variable de entorno valen más que esta línea; sin ninguna, se usa el archivo junto a la base.\n")
	for _, a := range ajustes {
		b.WriteString(a[0] + " = " + a[1] + "\n")
	}
	if err := EscribirArchivoNuevo(ruta, b.String()); err != nil {
		return fmt.Errorf("crear la configuración %s: %w", ruta, err)
	}
	return nil
}

// EscribirArchivoNuevo creates ruta with mode 0600 (never over a file that
// exists), writes texto and syncs it to the disk.
func EscribirArchivoNuevo(ruta, texto string) error {
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(texto); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

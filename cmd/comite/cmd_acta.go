package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/firma"
)

func init() {
	registrar("acta", "escribe el PDF del acta de una sesión del Comité (los mismos datos dan los mismos bytes)", cmdActa)
}

const usoActa = `uso: comite acta --sesion ID --db ARCHIVO -o ARCHIVO.pdf
       [--firma-certificado ARCHIVO [--firma-clave ARCHIVO] [--firma-clave-pkcs12-env VARIABLE]]
Escribe el acta de una sesión del Comité de Fiscalización: orden del día, asistencia,
quórum y, para cada caso, la decisión con su motivación y sus correcciones. Sin firma
escribe el archivo de su última versión emitida tal como se registró o, si no hay una
al día, el acta construida desde los datos guardados de la sesión (nunca desde el reloj:
la misma sesión guardada da los mismos bytes).
  --sesion ID   número de la sesión (SC-2026-001) o su número interno
  --db ARCHIVO  base de datos (por defecto comite.db)
  -o ARCHIVO    archivo PDF a escribir
Firma (PAdES, firma electrónica avanzada; ver docs/firma.md):
  --firma-certificado ARCHIVO   certificado X.509 en PEM (con su cadena), o archivo PKCS #12 (.p12/.pfx)
  --firma-clave ARCHIVO         clave privada en PEM (PKCS #1, PKCS #8 o EC); se omite con PKCS #12
  --firma-clave-pkcs12-env VAR  nombre de la variable de entorno con la contraseña del PKCS #12
Con firma, firma el contenido del acta construido desde los datos guardados, escribe
el PDF firmado e imprime en la salida de error el SHA-256 del contenido sin firmar, el
del archivo firmado y el sujeto del certificado.
`

// cargarFirmante reads the signing certificate and key named by the flags
// (nil without --firma-certificado). codigo is the exit code on error.
func cargarFirmante(cmd, cert, clave, env string, stderr io.Writer) (f *firma.Firmante, codigo int) {
	if cert == "" {
		if clave != "" || env != "" {
			fmt.Fprintf(stderr, "%s: --firma-certificado: falta el certificado (--firma-clave y --firma-clave-pkcs12-env van con él)\n", cmd)
			return nil, 2
		}
		return nil, 0
	}
	contrasena := ""
	if env != "" {
		v, ok := os.LookupEnv(env)
		if !ok {
			fmt.Fprintf(stderr, "%s: --firma-clave-pkcs12-env: la variable de entorno %s no está definida\n", cmd, env)
			return nil, 2
		}
		contrasena = v
	}
	f, err := firma.Cargar(cert, clave, contrasena)
	if err != nil {
		fmt.Fprintf(stderr, "%s: firma: %v\n", cmd, err)
		return nil, 1
	}
	for _, a := range f.Advertencias() {
		fmt.Fprintf(stderr, "%s: advertencia: %s\n", cmd, a)
	}
	return f, 0
}

// cmdActa is `comite acta --sesion ID --db F -o X.pdf`: exit 0 writing the
// PDF; 2 on bad flags; 1 when the session does not exist or the file cannot
// be written.
func cmdActa(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite acta", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sesion := fs.String("sesion", "", "")
	ruta := fs.String("db", "comite.db", "")
	salida := fs.String("o", "", "")
	firmaCert := fs.String("firma-certificado", "", "")
	firmaClave := fs.String("firma-clave", "", "")
	firmaEnv := fs.String("firma-clave-pkcs12-env", "", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usoActa)
			return 0
		}
		fmt.Fprintln(stderr, "comite acta:", informeTraducir(err, "--sesion"))
		fmt.Fprint(stderr, usoActa)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "comite acta: argumento de más %q (las opciones van con --nombre valor)\n", fs.Arg(0))
		return 2
	case strings.TrimSpace(*sesion) == "":
		fmt.Fprintln(stderr, "comite acta: --sesion: falta el número de la sesión (por ejemplo SC-2026-001)")
		return 2
	case strings.TrimSpace(*salida) == "":
		fmt.Fprintln(stderr, "comite acta: -o: falta el archivo PDF a escribir")
		return 2
	}
	firmante, codigo := cargarFirmante("comite acta", *firmaCert, *firmaClave, *firmaEnv, stderr)
	if codigo != 0 {
		return codigo
	}
	if _, err := os.Stat(*ruta); err != nil {
		fmt.Fprintf(stderr, "comite acta: --db: no existe la base de datos %s\n", *ruta)
		return 1
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite acta:", err)
		return 1
	}
	defer d.Close()
	s, err := d.SesionPorReferencia(ctx, strings.TrimSpace(*sesion))
	if errors.Is(err, db.ErrSesionNoExiste) {
		fmt.Fprintf(stderr, "comite acta: --sesion: no existe la sesión %q en %s\n", *sesion, *ruta)
		return 1
	} else if err != nil {
		fmt.Fprintln(stderr, "comite acta:", err)
		return 1
	}
	contenido, err := expediente.Nuevo(d).PDFActa(ctx, s.ID)
	if err != nil {
		fmt.Fprintf(stderr, "comite acta: sesión %s: %v\n", s.Numero, err)
		return 1
	}
	pdf, origen := contenido, "construida desde los datos guardados de la sesión"
	if firmante == nil {
		// The latest issued version, as recorded, when it is up to date.
		if v, archivo, err := d.ActaPDF(ctx, s.ID, 0); err == nil && v.SHA256Contenido == fmt.Sprintf("%x", sha256.Sum256(contenido)) {
			pdf, origen = archivo, fmt.Sprintf("versión %d emitida, %s", v.Version, db.TextoFirma(v.FirmaSujeto))
		} else if err != nil && !errors.Is(err, db.ErrActaNoExiste) {
			fmt.Fprintln(stderr, "comite acta:", err)
			return 1
		}
	} else {
		firmado, err := firmante.Firmar(contenido, "Acta de la sesión "+s.Numero+" del Comité de Fiscalización", lugarFirma, time.Now())
		if err != nil {
			fmt.Fprintf(stderr, "comite acta: sesión %s: firma: %v\n", s.Numero, err)
			return 1
		}
		fmt.Fprintf(stderr, "SHA-256 del contenido sin firmar: %x\n", sha256.Sum256(contenido))
		fmt.Fprintf(stderr, "SHA-256 del archivo firmado: %x\n", sha256.Sum256(firmado))
		fmt.Fprintf(stderr, "Firmado por: %s\n", firmante.Sujeto())
		pdf, origen = firmado, origen+"; firmada"
	}
	if err := os.WriteFile(*salida, pdf, 0o644); err != nil {
		fmt.Fprintf(stderr, "comite acta: -o: no se pudo escribir %s: %v\n", *salida, err)
		return 1
	}
	fmt.Fprintf(stdout, "Acta de la sesión %s escrita en %s (%d bytes; %s)\n", s.Numero, *salida, len(pdf), origen)
	return 0
}

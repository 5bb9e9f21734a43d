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

// documentoCLI is what tells `comite informe` from `comite acta`: the
// document's object (a case, a session), how it is found and how its PDF is
// obtained. cmdDocumento is the one command both run.
type documentoCLI struct {
	// nombre and resumen register the command (registrar).
	nombre, resumen string
	opcion          string // the option naming the object: "caso", "sesion"
	uso             string
	// falta is said when the option is missing; noExiste, with the
	// reference and the database, when the object is not in it.
	falta, noExiste string
	// buscar finds the object by its reference: its id and number (err
	// wraps errNoExiste when there is none).
	buscar      func(ctx context.Context, d *db.DB, ref string) (id int64, numero string, err error)
	errNoExiste error
	// objeto names it before an error: "caso CF-2026-0001".
	objeto string
	// pdf is the document to write and where it comes from; conFirma says
	// it will be signed (the signed content is always the one built from
	// the stored data).
	pdf func(ctx context.Context, d *db.DB, id int64, numero string, conFirma bool) (pdf []byte, origen string, err error)
	// motivo is the reason written in the signature.
	motivo func(numero string) string
	// escrito is what the output line says was written ("Informe del caso
	// CF-2026-0001 escrito"), and firmado what it adds when signed.
	escrito func(numero string) string
	firmado string
}

func init() {
	for _, k := range []documentoCLI{docInforme, docActa} {
		registrar(k.nombre, k.resumen, k.cmdDocumento)
	}
}

// usoFirmaDocumento and usoOpcionesDocumento are the lines the usage of
// both commands shares: the signing options after the synopsis, and the
// options after the one naming the object.
const (
	usoFirmaDocumento = `       [--firma-certificado ARCHIVO [--firma-clave ARCHIVO] [--firma-clave-pkcs12-env VARIABLE]]
`
	usoOpcionesDocumento = `  --db ARCHIVO  base de datos (por defecto comite.db)
  -o ARCHIVO    archivo PDF a escribir
Firma (PAdES, firma electrónica avanzada; ver docs/firma.md):
  --firma-certificado ARCHIVO   certificado X.509 en PEM (con su cadena), o archivo PKCS #12 (.p12/.pfx)
  --firma-clave ARCHIVO         clave privada en PEM (PKCS #1, PKCS #8 o EC); se omite con PKCS #12
  --firma-clave-pkcs12-env VAR  nombre de la variable de entorno con la contraseña del PKCS #12
`
)

// cmdDocumento is `comite informe` and `comite acta` (docs/contrato-cli.md):
// exit 0 writing the PDF; 2 on bad flags; 1 when the object does not exist
// or the file cannot be written.
func (k documentoCLI) cmdDocumento(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	cmd := "comite " + k.nombre
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ref := fs.String(k.opcion, "", "")
	ruta := fs.String("db", "comite.db", "")
	salida := fs.String("o", "", "")
	firmaCert := fs.String("firma-certificado", "", "")
	firmaClave := fs.String("firma-clave", "", "")
	firmaEnv := fs.String("firma-clave-pkcs12-env", "", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, k.uso)
			return 0
		}
		fmt.Fprintln(stderr, cmd+":", informeTraducir(err, "--"+k.opcion))
		fmt.Fprint(stderr, k.uso)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "%s: argumento de más %q (las opciones van con --nombre valor)\n", cmd, fs.Arg(0))
		return 2
	case strings.TrimSpace(*ref) == "":
		fmt.Fprintf(stderr, "%s: --%s: %s\n", cmd, k.opcion, k.falta)
		return 2
	case strings.TrimSpace(*salida) == "":
		fmt.Fprintln(stderr, cmd+": -o: falta el archivo PDF a escribir")
		return 2
	}
	firmante, codigo := cargarFirmante(cmd, *firmaCert, *firmaClave, *firmaEnv, stderr)
	if codigo != 0 {
		return codigo
	}
	if _, err := os.Stat(*ruta); err != nil {
		fmt.Fprintf(stderr, "%s: --db: no existe la base de datos %s\n", cmd, *ruta)
		return 1
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, cmd+":", err)
		return 1
	}
	defer d.Close()
	id, numero, err := k.buscar(ctx, d, *ref)
	if errors.Is(err, k.errNoExiste) {
		fmt.Fprintf(stderr, "%s: --%s: %s\n", cmd, k.opcion, fmt.Sprintf(k.noExiste, *ref, *ruta))
		return 1
	} else if err != nil {
		fmt.Fprintln(stderr, cmd+":", err)
		return 1
	}
	pdf, origen, err := k.pdf(ctx, d, id, numero, firmante != nil)
	if err != nil {
		fmt.Fprintln(stderr, cmd+":", err)
		return 1
	}
	if firmante != nil {
		firmado, err := firmante.Firmar(pdf, k.motivo(numero), lugarFirma, time.Now())
		if err != nil {
			fmt.Fprintf(stderr, "%s: %s %s: firma: %v\n", cmd, k.objeto, numero, err)
			return 1
		}
		fmt.Fprintf(stderr, "SHA-256 del contenido sin firmar: %x\n", sha256.Sum256(pdf))
		fmt.Fprintf(stderr, "SHA-256 del archivo firmado: %x\n", sha256.Sum256(firmado))
		fmt.Fprintf(stderr, "Firmado por: %s\n", firmante.Sujeto())
		pdf, origen = firmado, origen+k.firmado
	}
	if err := os.WriteFile(*salida, pdf, 0o644); err != nil {
		fmt.Fprintf(stderr, "%s: -o: no se pudo escribir %s: %v\n", cmd, *salida, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s en %s (%d bytes; %s)\n", k.escrito(numero), *salida, len(pdf), origen)
	return 0
}

// lugarFirma is the place written in the signature: the Comité sits at the
// DIAN's central level, in Bogotá.
const lugarFirma = expediente.LugarFirma

// informeTraducir says in Spanish which option is wrong (parsearOpciones);
// primera is the option that names the document (--caso, --sesion).
func informeTraducir(err error, primera string) string {
	var eo *errOpcion
	if !errors.As(err, &eo) {
		return "opciones inválidas: " + err.Error()
	}
	switch eo.Clase {
	case opcionDesconocida:
		return fmt.Sprintf("--%s: opción desconocida (use %s, --db, -o y, para firmar, --firma-certificado, --firma-clave y --firma-clave-pkcs12-env)", eo.Nombre, primera)
	case opcionSinValor:
		return fmt.Sprintf("--%s: falta el valor", eo.Nombre)
	}
	return eo.Error()
}

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

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
	registrar("informe", "escribe el PDF del informe gerencial de un caso (los mismos datos dan los mismos bytes)", cmdInforme)
}

const usoInforme = `uso: comite informe --caso ID --db ARCHIVO -o ARCHIVO.pdf
       [--firma-certificado ARCHIVO [--firma-clave ARCHIVO] [--firma-clave-pkcs12-env VARIABLE]]
Escribe el informe gerencial de resultados de un caso: los bytes de su última versión
emitida o, si aún no se ha emitido, el PDF construido desde la evaluación guardada del
caso (nunca desde datos vivos ni del reloj: el mismo caso guardado da los mismos bytes).
  --caso ID     número del caso (CF-2026-0001) o su número interno
  --db ARCHIVO  base de datos (por defecto comite.db)
  -o ARCHIVO    archivo PDF a escribir
Firma (PAdES, firma electrónica avanzada; ver docs/firma.md):
  --firma-certificado ARCHIVO   certificado X.509 en PEM (con su cadena), o archivo PKCS #12 (.p12/.pfx)
  --firma-clave ARCHIVO         clave privada en PEM (PKCS #1, PKCS #8 o EC); se omite con PKCS #12
  --firma-clave-pkcs12-env VAR  nombre de la variable de entorno con la contraseña del PKCS #12
Con firma, escribe el PDF firmado (sus bytes cambian en cada firma: la firma lleva su
hora) e imprime en la salida de error el SHA-256 del contenido sin firmar, el del archivo
firmado y el sujeto del certificado.
`

// lugarFirma is the place written in the signature: the Comité sits at the
// DIAN's central level, in Bogotá.
const lugarFirma = expediente.LugarFirma

// cmdInforme is `comite informe --caso ID --db F -o ARCHIVO.pdf` (docs/contrato-cli.md):
// exit 0 writing the PDF; 2 on bad flags; 1 when the case does not exist or
// the file cannot be written.
func cmdInforme(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite informe", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	caso := fs.String("caso", "", "")
	ruta := fs.String("db", "comite.db", "")
	salida := fs.String("o", "", "")
	firmaCert := fs.String("firma-certificado", "", "")
	firmaClave := fs.String("firma-clave", "", "")
	firmaEnv := fs.String("firma-clave-pkcs12-env", "", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usoInforme)
			return 0
		}
		fmt.Fprintln(stderr, "comite informe:", informeTraducir(err, "--caso"))
		fmt.Fprint(stderr, usoInforme)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "comite informe: argumento de más %q (las opciones van con --nombre valor)\n", fs.Arg(0))
		return 2
	case strings.TrimSpace(*caso) == "":
		fmt.Fprintln(stderr, "comite informe: --caso: falta el número del caso (por ejemplo CF-2026-0001)")
		return 2
	case strings.TrimSpace(*salida) == "":
		fmt.Fprintln(stderr, "comite informe: -o: falta el archivo PDF a escribir")
		return 2
	case *firmaCert == "" && (*firmaClave != "" || *firmaEnv != ""):
		fmt.Fprintln(stderr, "comite informe: --firma-certificado: falta el certificado (--firma-clave y --firma-clave-pkcs12-env van con él)")
		return 2
	}
	var firmante *firma.Firmante
	if *firmaCert != "" {
		contrasena := ""
		if *firmaEnv != "" {
			v, ok := os.LookupEnv(*firmaEnv)
			if !ok {
				fmt.Fprintf(stderr, "comite informe: --firma-clave-pkcs12-env: la variable de entorno %s no está definida\n", *firmaEnv)
				return 2
			}
			contrasena = v
		}
		f, err := firma.Cargar(*firmaCert, *firmaClave, contrasena)
		if err != nil {
			fmt.Fprintln(stderr, "comite informe: firma:", err)
			return 1
		}
		for _, a := range f.Advertencias() {
			fmt.Fprintln(stderr, "comite informe: advertencia:", a)
		}
		firmante = f
	}
	if _, err := os.Stat(*ruta); err != nil {
		fmt.Fprintf(stderr, "comite informe: --db: no existe la base de datos %s\n", *ruta)
		return 1
	}
	ctx := context.Background()
	d, err := abrirBase(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite informe:", err)
		return 1
	}
	defer d.Close()
	c, err := d.CasoPorReferencia(ctx, *caso)
	if errors.Is(err, db.ErrCasoNoExiste) {
		fmt.Fprintf(stderr, "comite informe: --caso: no existe el caso %q en %s\n", *caso, *ruta)
		return 1
	} else if err != nil {
		fmt.Fprintln(stderr, "comite informe:", err)
		return 1
	}
	pdf, emitido, err := expediente.Nuevo(d).PDFInforme(ctx, c.ID)
	if err != nil {
		fmt.Fprintf(stderr, "comite informe: caso %s: %v\n", c.Numero, err)
		return 1
	}
	if firmante != nil {
		firmado, err := firmante.Firmar(pdf, "Informe gerencial de resultados del caso "+c.Numero, lugarFirma, time.Now())
		if err != nil {
			fmt.Fprintf(stderr, "comite informe: caso %s: firma: %v\n", c.Numero, err)
			return 1
		}
		fmt.Fprintf(stderr, "SHA-256 del contenido sin firmar: %x\n", sha256.Sum256(pdf))
		fmt.Fprintf(stderr, "SHA-256 del archivo firmado: %x\n", sha256.Sum256(firmado))
		fmt.Fprintf(stderr, "Firmado por: %s\n", firmante.Sujeto())
		pdf = firmado
	}
	if err := os.WriteFile(*salida, pdf, 0o644); err != nil {
		fmt.Fprintf(stderr, "comite informe: -o: no se pudo escribir %s: %v\n", *salida, err)
		return 1
	}
	origen := "construido desde la evaluación guardada (sin emitir)"
	if emitido {
		origen = "última versión emitida"
	}
	if firmante != nil {
		origen += "; firmado"
	}
	fmt.Fprintf(stdout, "Informe del caso %s escrito en %s (%d bytes; %s)\n", c.Numero, *salida, len(pdf), origen)
	return 0
}

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

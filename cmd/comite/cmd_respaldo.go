package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/respaldo"
)

func init() {
	registrar("respaldo", "copia consistente de la base en uso, verificada, con su SHA-256 (verificar: revisa un respaldo)", cmdRespaldo)
}

func respaldoUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite respaldo [--db ARCHIVO] [--clave-auditoria CLAVE] [--ancla ANCLA] -o RESPALDO
     comite respaldo verificar RESPALDO [--db ARCHIVO | --clave-auditoria CLAVE --ancla ANCLA] [--sin-manifiesto]
Escribe una copia consistente de la base (aunque el servidor esté en uso), la
verifica (PRAGMA integrity_check, la cadena de auditoría con la clave y el ancla
de la base, y el esquema contra el que crean las migraciones), escribe al lado
RESPALDO.manifiesto, firmado con la clave de auditoría (SHA-256 del archivo,
esquema y filas de cada tabla), y solo entonces le da su nombre; imprime su
SHA-256 en la primera línea (formato de sha256sum).
«verificar» revisa un respaldo ya hecho sin escribir en él, con la clave y el
ancla de la base de la que se tomó (--db), o con los archivos que se indiquen:
lo rechaza si sus bytes, su esquema o su manifiesto no coinciden, y dice qué.
El ancla puede ir por delante del respaldo (el servidor siguió escribiendo):
cada cabeza publicada hasta la última fila del respaldo debe ser la suya.
  --db ARCHIVO               base de datos de origen (por defecto comite.db); la
                             clave y el ancla se buscan como al abrirla: junto a
                             ella (ARCHIVO.clave-auditoria, ARCHIVO.ancla-auditoria)
                             o en las variables COMITE_CLAVE_AUDITORIA*
  --clave-auditoria CLAVE    archivo de claves de auditoría, si no está junto a la base
  --ancla ANCLA              ancla de la cadena, si no está junto a la base
  -o RESPALDO                archivo del respaldo, que no debe existir
  --sin-manifiesto           con verificar: aceptar un respaldo hecho antes de que
                             hubiera manifiestos (lo dice con un aviso)
Sale con 0 si el respaldo quedó escrito y verificado, 1 si no, 2 por uso incorrecto.
`)
}

// cmdRespaldo: comite respaldo --db F -o ARCHIVO | comite respaldo verificar ARCHIVO.
func cmdRespaldo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "verificar" {
		return respaldoVerificar(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("comite respaldo", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	ruta := fs.String("db", "comite.db", "")
	destino := fs.String("o", "", "")
	clave := fs.String("clave-auditoria", "", "")
	ancla := fs.String("ancla", "", "")
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			respaldoUso(stderr)
			return 0
		}
		fmt.Fprintln(stderr, "comite respaldo:", traducirOpcion(err, "--db, --clave-auditoria, --ancla y -o"))
		respaldoUso(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite respaldo: argumento de más %q (las opciones van con --nombre valor)\n", fs.Arg(0))
		respaldoUso(stderr)
		return 2
	}
	if *destino == "" {
		fmt.Fprintln(stderr, "comite respaldo: falta -o RESPALDO (el archivo donde escribir la copia)")
		respaldoUso(stderr)
		return 2
	}
	r, err := respaldo.Respaldar(context.Background(), *ruta, *destino, db.ConClaveAuditoria(*clave), db.ConAnclaAuditoria(*ancla))
	if err != nil {
		fmt.Fprintln(stderr, "comite respaldo:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s  %s\n", r.SHA256, r.Archivo)
	fmt.Fprintf(stdout, "Respaldo de %s escrito y verificado en %s.\n", *ruta, r.Archivo)
	fmt.Fprintf(stdout, "  tamaño        %s bytes\n", formato.Entero(r.Bytes))
	escribirVerificacion(stdout, r.Verificacion)
	return 0
}

func respaldoVerificar(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite respaldo verificar", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	base := fs.String("db", "", "")
	clave := fs.String("clave-auditoria", "", "")
	ancla := fs.String("ancla", "", "")
	sinManifiesto := fs.Bool("sin-manifiesto", false, "")
	// The file may come before or after the options.
	var pos []string
	for resto := args; ; {
		if err := parsearOpciones(fs, resto); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				respaldoUso(stderr)
				return 0
			}
			fmt.Fprintln(stderr, "comite respaldo verificar:", traducirOpcion(err, "--db, --clave-auditoria, --ancla y --sin-manifiesto"))
			respaldoUso(stderr)
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		resto = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "comite respaldo verificar: indique un solo archivo de respaldo")
		respaldoUso(stderr)
		return 2
	}
	archivo := pos[0]
	verificar := respaldo.Verificar
	if *sinManifiesto {
		verificar = respaldo.VerificarSinManifiesto
	}
	v, err := verificar(context.Background(), archivo, db.ComoBase(*base), db.ConClaveAuditoria(*clave), db.ConAnclaAuditoria(*ancla))
	if err != nil {
		fmt.Fprintln(stderr, "comite respaldo verificar:", err)
		if errors.Is(err, db.ErrSinClaveAuditoria) {
			fmt.Fprintln(stderr, "Indique la clave de la base de origen con --clave-auditoria CLAVE (o --db con la base de la que se tomó el respaldo).")
		}
		return 1
	}
	h, err := respaldo.SHA256(archivo)
	if err != nil {
		fmt.Fprintln(stderr, "comite respaldo verificar:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s  %s\n", h, archivo)
	fmt.Fprintf(stdout, "Respaldo %s verificado.\n", archivo)
	escribirVerificacion(stdout, v)
	return 0
}

// escribirVerificacion prints what a check found, for people.
func escribirVerificacion(w io.Writer, v respaldo.Verificacion) {
	fmt.Fprintf(w, "  integridad    %s (PRAGMA integrity_check)\n", v.Integridad)
	fmt.Fprintf(w, "  auditoría     %s filas, cadena íntegra\n", formato.Entero(v.FilasAuditoria))
	if v.ClaveOrigen != "" {
		fmt.Fprintf(w, "  clave         %s\n", v.ClaveOrigen)
	} else {
		fmt.Fprintln(w, "  clave         no se encontró (la copia no tiene filas firmadas con clave)")
	}
	switch {
	case v.RutaAncla == "":
	case v.SinAncla && v.ClaveOrigen == "":
		fmt.Fprintf(w, "  ancla         no se encontró %s (la copia no tiene filas firmadas con clave): no se comprobó que no falte la cola del registro\n", v.RutaAncla)
	case v.SinAncla:
		fmt.Fprintf(w, "  ancla         no se encontró %s: no se comprobó que no falte la cola del registro (indique --ancla)\n", v.RutaAncla)
	case v.AnclaPublicada == 0:
		fmt.Fprintf(w, "  ancla         %s (sin cabezas publicadas)\n", v.RutaAncla)
	case v.AnclaPublicada > v.FilasAuditoria:
		fmt.Fprintf(w, "  ancla         %s: coincide hasta la fila %s; publicó hasta la %s (la base siguió escribiendo después del respaldo)\n",
			v.RutaAncla, formato.Entero(v.FilasAuditoria), formato.Entero(v.AnclaPublicada))
	default:
		fmt.Fprintf(w, "  ancla         %s: coincide (publicó hasta la fila %s)\n", v.RutaAncla, formato.Entero(v.AnclaPublicada))
	}
	fmt.Fprintf(w, "  esquema       %s (tablas, índices y disparadores como los crean las migraciones)\n", v.Esquema())
	switch {
	case v.SinManifiesto:
		fmt.Fprintln(w, "  manifiesto    AVISO: no tiene; aceptado con --sin-manifiesto, sus bytes no se comprobaron")
	case v.ManifiestoClave > 0:
		fmt.Fprintf(w, "  manifiesto    firmado con la clave de auditoría %d: coinciden el SHA-256, el esquema y las filas de cada tabla\n", v.ManifiestoClave)
	}
	fmt.Fprintf(w, "  contenido     %s casos, %s conceptos, %s informes\n", formato.Entero(v.Casos), formato.Entero(v.Conceptos), formato.Entero(v.Informes))
	if v.UltimoCambio.IsZero() {
		fmt.Fprintln(w, "  datos hasta   (el registro de auditoría está vacío)")
	} else {
		fmt.Fprintf(w, "  datos hasta   %s, hora de Colombia (último cambio registrado en la auditoría)\n", formato.Instante(v.UltimoCambio))
	}
}

// traducirOpcion says in Spanish which option is wrong (parsearOpciones);
// validas lists the options the command takes.
func traducirOpcion(err error, validas string) string {
	var eo *errOpcion
	if !errors.As(err, &eo) {
		return "opciones inválidas: " + err.Error()
	}
	switch eo.Clase {
	case opcionDesconocida:
		return fmt.Sprintf("--%s: opción desconocida (use %s)", eo.Nombre, validas)
	case opcionSinValor:
		return fmt.Sprintf("--%s: falta el valor", eo.Nombre)
	case opcionValorInvalido:
		return fmt.Sprintf("--%s: valor inválido %q", eo.Nombre, eo.Valor)
	}
	return eo.Error()
}

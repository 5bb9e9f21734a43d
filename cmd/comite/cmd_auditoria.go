package main

import (
	"comite/internal/dominio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"comite/internal/db"
)

func init() {
	registrar("auditoria", "verifica la cadena del registro de auditoría, muestra su cabeza o rota su clave", cmdAuditoria)
}

func audUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite auditoria verificar|cabeza|rotar-clave [--db ARCHIVO] [--clave-auditoria ARCHIVO] [--ancla ARCHIVO]
  verificar     recorre el registro de auditoría: comprueba el hash de cada fila
                (HMAC-SHA256 con la clave de auditoría; SHA-256 en las filas
                anteriores a la clave), su encadenamiento con la anterior y que
                la cabeza publicada en el ancla siga en la base. Sale con 0 si
                la cadena está íntegra, o con 1 nombrando la primera fila que
                falla (o si no pudo verificarla: falta la clave o el ancla).
  cabeza        escribe la última fila de la cadena y su hash.
  rotar-clave   agrega una clave de auditoría nueva al archivo de claves; las
                filas nuevas se firman con ella (las antiguas se conservan).
  --db ARCHIVO               base de datos (por defecto comite.db)
  --clave-auditoria ARCHIVO  archivo de claves (por defecto ARCHIVO.clave-auditoria,
                             junto a la base; o la variable COMITE_CLAVE_AUDITORIA)
  --ancla ARCHIVO            ancla de la cadena (por defecto ARCHIVO.ancla-auditoria)
  --aceptar-ancla-nueva      con verificar: si el ancla no existe o termina antes de
                             la última cabeza que la base registró publicar, empezar
                             una nueva; queda en la auditoría con lo que se perdió
La configuración ARCHIVO.conf y las variables COMITE_CLAVE_AUDITORIA_ARCHIVO y
COMITE_ANCLA_AUDITORIA dicen dónde están la clave y el ancla cuando no se indican.
`)
}

// audArgs reads the action and the flags of `comite auditoria`.
func audArgs(args []string) (pos []string, ruta, clave, ancla string, ayuda, aceptarNueva bool, err error) {
	ruta = "comite.db"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		nombre, valor, conValor := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch nombre {
		case "db", "clave-auditoria", "ancla":
			if !conValor {
				if i+1 >= len(args) {
					return nil, "", "", "", false, false, fmt.Errorf("--%s: falta el archivo", nombre)
				}
				i++
				valor = args[i]
			}
			if valor == "" {
				return nil, "", "", "", false, false, fmt.Errorf("--%s: falta el archivo", nombre)
			}
			switch nombre {
			case "db":
				ruta = valor
			case "clave-auditoria":
				clave = valor
			default:
				ancla = valor
			}
		case "h", "help", "ayuda":
			ayuda = true
		case "aceptar-ancla-nueva":
			aceptarNueva = true
		default:
			return nil, "", "", "", false, false, fmt.Errorf("--%s: opción desconocida para auditoria (use --db, --clave-auditoria, --ancla o --aceptar-ancla-nueva)", nombre)
		}
	}
	return pos, ruta, clave, ancla, ayuda, aceptarNueva, nil
}

// cmdAuditoria: comite auditoria verificar --db F (the command-line
// contract): exit 0 with the rows checked; 1 naming the first row that does
// not match (or when the chain cannot be checked); 2 for usage errors.
func cmdAuditoria(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	pos, ruta, clave, ancla, ayuda, aceptarNueva, err := audArgs(args)
	if ayuda {
		audUso(stderr)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "comite auditoria:", err)
		audUso(stderr)
		return 2
	}
	acciones := map[string]bool{"verificar": true, "cabeza": true, "rotar-clave": true}
	if len(pos) != 1 || !acciones[pos[0]] {
		if len(pos) == 0 {
			fmt.Fprintln(stderr, "comite auditoria: falta la acción (verificar, cabeza o rotar-clave)")
		} else if !acciones[pos[0]] {
			fmt.Fprintf(stderr, "comite auditoria: acción desconocida %q (use verificar, cabeza o rotar-clave)\n", pos[0])
		} else {
			fmt.Fprintf(stderr, "comite auditoria: argumento de más %q\n", pos[1])
		}
		audUso(stderr)
		return 2
	}
	if _, err := os.Stat(ruta); err != nil {
		fmt.Fprintf(stderr, "comite auditoria: no se encontró la base de datos %s (indique otra con --db)\n", ruta)
		return 1
	}
	ctx := context.Background()
	// No action creates a key: a missing one is reported (rotar-clave adds
	// one to a key file that exists).
	abrir := abrirBase
	if pos[0] != "rotar-clave" && !aceptarNueva {
		abrir = abrirParaLeer // verificar and cabeza only read
	}
	d, err := abrir(ctx, ruta, db.ConClaveAuditoria(clave), db.ConAnclaAuditoria(ancla))
	if err != nil {
		fmt.Fprintln(stderr, "comite auditoria:", err)
		return 1
	}
	defer d.Close()
	switch pos[0] {
	case "cabeza":
		c, err := d.CabezaAuditoria(ctx)
		if err != nil {
			fmt.Fprintln(stderr, "comite auditoria:", err)
			return 1
		}
		fmt.Fprintf(stdout, "cabeza del registro de auditoría: %s\n", c.Texto())
		return 0
	case "rotar-clave":
		n, err := d.RotarClaveAuditoria(ctx, dominio.Actor{Cuenta: "sistema", IP: "línea de comandos"})
		if err != nil {
			fmt.Fprintln(stderr, "comite auditoria:", err)
			return 1
		}
		_, origen := d.ClavesAuditoria()
		fmt.Fprintf(stdout, "clave de auditoría %d agregada a %s; las filas nuevas se firman con ella. Guarde una copia del archivo: las claves antiguas verifican las filas que firmaron.\n", n, origen)
		return 0
	}
	if aceptarNueva {
		var perdida *db.ErrAnclaPerdida
		if err := d.ComprobarAncla(ctx); errors.As(err, &perdida) {
			if err := d.AceptarAnclaNueva(ctx, dominio.Actor{Cuenta: "sistema", IP: "línea de comandos"}); err != nil {
				fmt.Fprintln(stderr, "comite auditoria: no se pudo empezar el ancla nueva:", err)
				return 1
			}
			fmt.Fprintf(stdout, "ancla nueva aceptada en %s: la base había publicado hasta la fila %d en %s; queda registrado en la auditoría\n",
				d.RutaAncla(), perdida.Registrada.Fila, perdida.Registrada.Ruta)
		} else if err != nil {
			fmt.Fprintln(stderr, "comite auditoria:", err)
			return 1
		}
	}
	n, err := d.VerificarAuditoria(ctx)
	if err != nil {
		var rota *db.ErrCadenaRota
		if errors.As(err, &rota) {
			fmt.Fprintf(stderr, "%v\n%d filas anteriores verificadas; la cadena se rompe en la fila %d.\n", rota, n, rota.ID)
			return 1
		}
		fmt.Fprintln(stderr, "comite auditoria: no se pudo verificar la cadena:", err)
		return 1
	}
	fmt.Fprintf(stdout, "registro de auditoría íntegro: %d filas verificadas en %s\n", n, ruta)
	if rs, err := d.RestauracionesAncla(); err == nil {
		for _, r := range rs {
			fmt.Fprintf(stdout, "restauración registrada en el ancla %s el %s: la cabeza volvió a la fila %d (respaldo SHA-256 %s)", d.RutaAncla(), r.Instante, r.Fila, r.Respaldo)
			if r.Dejada > 0 {
				fmt.Fprintf(stdout, "; las cabezas publicadas antes hasta la fila %d eran de la base reemplazada", r.Dejada)
			}
			fmt.Fprintln(stdout)
		}
	}
	return 0
}

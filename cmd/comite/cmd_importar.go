package main

import (
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/importar/filas"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"comite/internal/db"
	"comite/internal/importar"
)

func init() {
	registrar("importar", "importa un archivo CSV o XLSX de sanciones, operaciones o usuarios (todo o nada)", cmdImportar)
}

// impUmbralProgreso: files with more rows than this report progress on stderr.
const impUmbralProgreso = 5000

func impUso(w io.Writer) {
	fmt.Fprint(w, `uso: comite importar sanciones|operaciones|usuarios ARCHIVO [--db ARCHIVO] [--simular]
Importa un archivo CSV (coma o punto y coma; UTF-8 o Latin-1) o XLSX (primera hoja),
todo o nada: si una fila tiene un problema, se informan todas y no se escribe nada.
  --db ARCHIVO   base de datos (por defecto comite.db)
  --simular      valida contra la base y cuenta lo que cambiaría, sin escribir nada
Las plantillas de cada archivo están en testdata/plantillas/.
`)
}

// impArgs separates the options (anywhere on the line) from the two arguments.
func impArgs(args []string) (pos []string, ruta string, simular, ayuda bool, err error) {
	ruta = "comite.db"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		nombre, valor, conValor := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch nombre {
		case "db":
			if !conValor {
				if i+1 >= len(args) {
					return nil, "", false, false, errors.New("--db: falta el archivo de la base de datos")
				}
				i++
				valor = args[i]
			}
			if valor == "" {
				return nil, "", false, false, errors.New("--db: falta el archivo de la base de datos")
			}
			ruta = valor
		case "simular":
			if conValor {
				return nil, "", false, false, errors.New("--simular no lleva valor")
			}
			simular = true
		case "h", "help", "ayuda":
			ayuda = true
		default:
			return nil, "", false, false, fmt.Errorf("--%s: opción desconocida (use --db o --simular)", nombre)
		}
	}
	return pos, ruta, simular, ayuda, nil
}

// cmdImportar: comite importar sanciones|operaciones|usuarios ARCHIVO --db F
// (docs/contrato-cli.md). Exit 0 printing the rows written; 1 with every
// bad row and field on stderr and nothing written; 2 for usage errors.
func cmdImportar(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	pos, ruta, simular, ayuda, err := impArgs(args)
	if ayuda {
		impUso(stderr)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "comite importar:", err)
		impUso(stderr)
		return 2
	}
	if len(pos) != 2 {
		if len(pos) < 2 {
			fmt.Fprintln(stderr, "comite importar: faltan la clase de archivo y el ARCHIVO")
		} else {
			fmt.Fprintf(stderr, "comite importar: argumento de más %q\n", pos[2])
		}
		impUso(stderr)
		return 2
	}
	clase, err := filas.ParseClase(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "comite importar:", err)
		return 2
	}
	archivo := pos[1]
	f, err := os.Open(archivo)
	if err != nil {
		fmt.Fprintf(stderr, "comite importar: no se pudo abrir %s: %v\n", archivo, impCausa(err))
		return 1
	}
	defer f.Close()

	ctx := context.Background()
	d, err := abrirBase(ctx, ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite importar:", err)
		return 1
	}
	defer d.Close()
	// The file is read and validated whole before the write transaction
	// (importar.Preparar, db.ImportarFuente): other writers go on meanwhile.
	op := db.OpcionesImportacion{Simular: simular}
	op.Lectura = func(filas int) {
		if filas >= impUmbralProgreso {
			fmt.Fprintf(stderr, "leyendo %s: %d filas…\n", filepath.Base(archivo), filas)
		}
	}
	op.Progreso = func(hechas, total int) {
		if total > impUmbralProgreso {
			fmt.Fprintf(stderr, "escribiendo: %d de %d filas (%d %%)\n", hechas, total, hechas*100/max(total, 1))
		}
	}
	usuario := os.Getenv("USER")
	if usuario == "" {
		usuario = "sistema"
	}
	fuente, err := importar.Preparar(ctx, clase, filepath.Base(archivo), f, op.Lectura)
	var r db.Resumen
	if err == nil {
		r, err = d.ImportarFuente(ctx, fuente, dominio.Actor{Cuenta: "cli:" + usuario}, op)
	}
	if err != nil {
		var ei *db.ErrImportacion
		if errors.As(err, &ei) {
			return impFallo(stderr, archivo, ei.Problemas)
		}
		fmt.Fprintln(stderr, "comite importar:", err)
		fmt.Fprintln(stderr, "no se escribió nada")
		return 1
	}
	verbo := "importadas"
	if r.Simulado {
		verbo = "simuladas (no se escribió nada)"
	}
	forma := ""
	if r.Clase == filas.Operaciones {
		forma = " por año"
		if r.PorDeclaracion {
			forma = " por declaración"
		}
	}
	fmt.Fprintf(stdout, "%s%s: %d filas %s de %s en %s\n", r.Clase, forma, r.Filas, verbo, archivo, ruta)
	fmt.Fprintf(stdout, "  insertadas:   %d\n  actualizadas: %d\n  sin cambios:  %d\n", r.Insertadas, r.Actualizadas, r.SinCambios)
	if r.Clase == filas.Usuarios {
		fmt.Fprintf(stdout, "  usuarios nuevos: %d, usuarios actualizados: %d\n", r.UsuariosNuevos, r.UsuariosActualizados)
	}
	if r.AuditoriaID > 0 {
		fmt.Fprintf(stdout, "  registro de auditoría: fila %d\n", r.AuditoriaID)
	}
	return 0
}

func impFallo(stderr io.Writer, archivo string, problemas []filas.Problema) int {
	for _, p := range problemas {
		// A message may quote the file's text: never raw to the terminal.
		fmt.Fprintln(stderr, entrada.ParaTerminal(p.String()))
	}
	n := len(problemas)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	fmt.Fprintf(stderr, "%s: %d problema%s; no se escribió nada. Corrija el archivo y vuelva a importarlo.\n", archivo, n, plural)
	return 1
}

// impCausa turns the usual file errors into Spanish.
func impCausa(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "el archivo no existe"
	case errors.Is(err, os.ErrPermission):
		return "no hay permiso para leerlo"
	}
	return err.Error()
}

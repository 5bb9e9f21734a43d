package main

import (
	"bufio"
	"comite/internal/importar/filas"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"comite/internal/entrada"
	"comite/internal/formato"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"
)

func init() {
	registrar("tamizaje", "test del Comité para todos los usuarios en un año (tabla, JSON, CSV o XLSX)", cmdTamizaje)
}

const usoTamizaje = `uso: comite tamizaje --anio AAAA [--db ARCHIVO] [--json] [--tipo TIPO] [--seccional NOMBRE]
                       [--csv ARCHIVO] [--xlsx ARCHIVO] [--limite N]
Aplica el test del Comité (Decreto Ley 920 de 2023, art. 25) a cada usuario aduanero como si
cometiera una nueva infracción grave el 1 de enero del año AAAA (año de referencia AAAA−1), con
el registro vigente en esa fecha, y los ordena por cercanía al umbral.
  --anio AAAA         año de la infracción supuesta (%d a %d)
  --db ARCHIVO        base de datos (por defecto comite.db)
  --json              un arreglo JSON con un objeto por usuario, en el orden del tamizaje
  --tipo TIPO         solo un tipo de usuario (%s)
  --seccional NOMBRE  solo una Dirección Seccional (nombre completo o la ciudad; sin importar tildes)
  --csv ARCHIVO       escribe el resultado en CSV para Excel en español (UTF-8 con BOM, «;»)
  --xlsx ARCHIVO      escribe el resultado en un libro de Excel
  --limite N          muestra solo las N primeras filas de la tabla (0: todas)
Con --csv o --xlsx, y sin --json, la salida estándar muestra solo el resumen.
`

// cmdTamizaje is `comite tamizaje --anio Y --db F [--json]` (docs/contrato-cli.md):
// exit 0 with the table or the JSON; 2 on bad flags (a Spanish message naming
// the flag); 1 when the database cannot be read or a file cannot be written.
func cmdTamizaje(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite tamizaje", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	anio := fs.Int("anio", 0, "")
	ruta := fs.String("db", "comite.db", "")
	comoJSON := fs.Bool("json", false, "")
	tipo := fs.String("tipo", "", "")
	seccional := fs.String("seccional", "", "")
	archivoCSV := fs.String("csv", "", "")
	archivoXLSX := fs.String("xlsx", "", "")
	limite := fs.Int("limite", 0, "")
	uso := func() {
		fmt.Fprintf(stderr, usoTamizaje, tamizaje.AnioMinimo, tamizaje.AnioMaximo, strings.Join(filas.TiposUsuario, ", "))
	}
	mal := func(formato string, a ...any) int {
		fmt.Fprintf(stderr, "comite tamizaje: "+formato+"\n", a...)
		return 2
	}
	if err := parsearOpciones(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			uso()
			return 0
		}
		var eo *errOpcion
		if !errors.As(err, &eo) {
			return mal("opciones inválidas: %s", err)
		}
		switch {
		case eo.Clase == opcionDesconocida:
			return mal("--%s: opción desconocida (use --anio, --db, --json, --tipo, --seccional, --csv, --xlsx o --limite)", eo.Nombre)
		case eo.Clase == opcionSinValor:
			return mal("--%s: falta el valor", eo.Nombre)
		case eo.Clase == opcionValorInvalido && eo.Booleana:
			return mal("--%s: no lleva valor (escriba solo --%s)", eo.Nombre, eo.Nombre)
		case eo.Clase == opcionValorInvalido:
			return mal("--%s: %q no es un número entero", eo.Nombre, eo.Valor)
		}
		return mal("%s", eo)
	}
	if fs.NArg() > 0 {
		uso()
		return mal("argumento de más %q (las opciones van con --nombre valor)", fs.Arg(0))
	}
	vistas := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { vistas[f.Name] = true })
	if !vistas["anio"] {
		uso()
		return mal("--anio: falta el año del tamizaje (por ejemplo --anio 2026)")
	}
	if *anio < tamizaje.AnioMinimo || *anio > tamizaje.AnioMaximo {
		return mal("--anio: el año %d está fuera del rango (%d a %d)", *anio, tamizaje.AnioMinimo, tamizaje.AnioMaximo)
	}
	var filtro tamizaje.Filtro
	if vistas["tipo"] {
		t, err := filas.ParseTipoUsuario(*tipo)
		if err != nil {
			return mal("--tipo: %v", err)
		}
		filtro.Tipo = t
	}
	if vistas["seccional"] {
		filtro.Seccional = strings.TrimSpace(*seccional)
		if filtro.Seccional == "" {
			return mal("--seccional: escriba el nombre de la Dirección Seccional o su ciudad")
		}
	}
	if *limite < 0 {
		return mal("--limite: debe ser 0 (todas las filas) o un número positivo; se recibió %d", *limite)
	}
	if vistas["csv"] && strings.TrimSpace(*archivoCSV) == "" {
		return mal("--csv: escriba la ruta del archivo")
	}
	if vistas["xlsx"] && strings.TrimSpace(*archivoXLSX) == "" {
		return mal("--xlsx: escriba la ruta del archivo")
	}
	if _, err := os.Stat(*ruta); err != nil {
		return mal("--db: no se encontró la base de datos %s (créela con comite demo o comite importar)", *ruta)
	}

	ctx := context.Background()
	d, err := abrirParaLeer(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite tamizaje:", err)
		return 1
	}
	defer d.Close()
	t, err := lectura.Nacional(ctx, d, *anio)
	if err != nil {
		fmt.Fprintln(stderr, "comite tamizaje:", err)
		return 1
	}
	t = t.Filtrar(filtro)
	out := bufio.NewWriterSize(stdout, 1<<16)
	defer out.Flush()
	if *comoJSON && *archivoCSV == "" && *archivoXLSX == "" {
		// Row by row: the screening stays compact, one Fila at a time.
		if err := t.EscribirJSON(out); err != nil {
			fmt.Fprintln(stderr, "comite tamizaje:", err)
			return 1
		}
		return 0
	}
	filas := t.Filas()
	cat, err := d.CatalogoSeccionales(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "comite tamizaje:", err)
		return 1
	}

	titulo := fmt.Sprintf("Tamizaje del Comité de Fiscalización, año %d (referencia %d)", *anio, *anio-1)
	if *archivoCSV != "" {
		if err := escribirArchivo(*archivoCSV, func(w io.Writer) error { return tamizaje.EscribirCSV(w, filas, cat.Nombre) }); err != nil {
			fmt.Fprintf(stderr, "comite tamizaje: --csv: no se pudo escribir %s: %v\n", *archivoCSV, err)
			return 1
		}
	}
	if *archivoXLSX != "" {
		if err := escribirArchivo(*archivoXLSX, func(w io.Writer) error { return tamizaje.EscribirXLSX(w, filas, titulo, cat.Nombre) }); err != nil {
			fmt.Fprintf(stderr, "comite tamizaje: --xlsx: no se pudo escribir %s: %v\n", *archivoXLSX, err)
			return 1
		}
	}

	if *comoJSON {
		if err := tamizaje.EscribirJSON(out, filas); err != nil {
			fmt.Fprintln(stderr, "comite tamizaje:", err)
			return 1
		}
		return 0
	}
	escribirResumenTamizaje(out, *anio, filtro, filas)
	if *archivoCSV != "" || *archivoXLSX != "" {
		for _, a := range []string{*archivoCSV, *archivoXLSX} {
			if a != "" {
				fmt.Fprintf(out, "Archivo escrito: %s\n", a)
			}
		}
		return 0
	}
	if *limite > 0 && *limite < len(filas) {
		escribirTablaTamizaje(out, filas[:*limite])
		fmt.Fprintf(out, "(%s filas más; quite --limite para verlas todas)\n", formato.Entero(int64(len(filas)-*limite)))
	} else {
		escribirTablaTamizaje(out, filas)
	}
	return 0
}

// escribirArchivo writes a file through a buffer and reports the first error,
// including the one of closing it.
func escribirArchivo(ruta string, f func(io.Writer) error) error {
	a, err := os.Create(ruta)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(a, 1<<16)
	if err := f(w); err != nil {
		a.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		a.Close()
		return err
	}
	return a.Close()
}

func escribirResumenTamizaje(w io.Writer, anio int, filtro tamizaje.Filtro, filas []tamizaje.Fila) {
	r := tamizaje.Resumir(filas)
	fmt.Fprintf(w, "Tamizaje del Comité de Fiscalización, año %d: año de referencia %d; nueva infracción grave supuesta el %s, con el registro vigente en esa fecha.\n",
		anio, anio-1, formato.Fecha(tamizaje.FechaComision(anio)))
	if filtro.Tipo != "" {
		fmt.Fprintf(w, "Tipo de usuario: %s.\n", entrada.ParaTerminal(filtro.Tipo))
	}
	if filtro.Seccional != "" {
		fmt.Fprintf(w, "Dirección Seccional: %s.\n", entrada.ParaTerminal(filtro.Seccional))
	}
	fmt.Fprintf(w, "%s usuarios; procede el Comité: %s; cumplen el umbral de 0,5 %%: %s; con tres actos o más: %s; alertas tempranas: dos actos %s, 80 %% del umbral %s; sin operaciones: %s; datos incompletos (operaciones de %d sin cargar): %s.\n",
		formato.Entero(int64(r.Usuarios)), formato.Entero(int64(r.ProcedeComite)), formato.Entero(int64(r.CumpleUmbral)), formato.Entero(int64(r.MinimoTresActos)),
		formato.Entero(int64(r.DosActos)), formato.Entero(int64(r.OchentaPorCiento)), formato.Entero(int64(r.SinOperaciones)), anio-1, formato.Entero(int64(r.DatosIncompletos)))
}

func recortar(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// escribirTablaTamizaje writes a fixed-width table: text columns aligned
// left, figures right (widths counted in characters, not bytes).
func escribirTablaTamizaje(w io.Writer, filas []tamizaje.Fila) {
	type col struct {
		titulo string
		ancho  int
		izq    bool
	}
	cols := []col{{"Pos.", 6, false}, {"NIT", 12, true}, {"Razón social", 34, true}, {"Tipo", 19, true}, {"Actos", 5, false},
		{"Sanciones", 17, false}, {"Operaciones", 22, false}, {"Partic.", 10, false}, {"% umbral", 10, false},
		{"Vigente", 7, true}, {"Procede", 7, true}, {"Δ actos", 7, false}, {"Δ partic.", 9, false}, {"Alertas", 0, true}}
	linea := func(vals []string) {
		var b strings.Builder
		for i, c := range cols {
			// Stored text goes to a terminal: control characters never
			// reach it raw (data stored before they were refused).
			v := recortar(entrada.ParaTerminal(vals[i]), max(c.ancho, 1<<20*boolInt(c.ancho == 0)))
			relleno := strings.Repeat(" ", max(0, c.ancho-len([]rune(v))))
			if i > 0 {
				b.WriteString("  ")
			}
			if c.izq {
				b.WriteString(v)
				if i < len(cols)-1 {
					b.WriteString(relleno)
				}
			} else {
				b.WriteString(relleno + v)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	tit := make([]string, len(cols))
	for i, c := range cols {
		tit[i] = c.titulo
	}
	linea(tit)
	for i := range filas {
		f := &filas[i]
		part, pu, dp, ops := "—", "—", "—", "sin cargar"
		if f.TotalOperaciones != nil {
			ops = formato.Pesos(*f.TotalOperaciones)
		}
		if f.Participacion != nil {
			part = formato.Porcentaje(*f.Participacion, 4)
		}
		if f.PorcentajeUmbral != nil {
			pu = formato.Porcentaje(*f.PorcentajeUmbral, 2)
		}
		if f.VariacionParticipacion != nil {
			dp = formato.Numero(*f.VariacionParticipacion, 4)
		}
		linea([]string{fmt.Sprint(f.Posicion), f.Usuario.NIT, f.Usuario.RazonSocial, f.Usuario.Tipo, fmt.Sprint(f.NumeroActos),
			formato.Pesos(f.Suma), ops, part, pu,
			siNoTexto(f.RegistroVigente, "sí", "no"), procedeTexto(f.ProcedeComite), fmt.Sprintf("%+d", f.VariacionActos), dp, tamizaje.TextoAlertas(*f)})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// procedeTexto: an unknown result reads "incompl." (datos incompletos), never "no".
func procedeTexto(t reincidencia.Tri) string {
	switch t {
	case reincidencia.Si:
		return "SÍ"
	case reincidencia.No:
		return "no"
	}
	return "incompl."
}

func siNoTexto(b bool, si, no string) string {
	if b {
		return si
	}
	return no
}

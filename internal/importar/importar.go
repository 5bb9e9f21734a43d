// Package importar reads the files officials deliver (CSV or XLSX, as
// exported by Excel in Spanish) into validated rows, with every bad row and
// field reported in Spanish (docs/contrato-cli.md "Import files"; docs/reglas.md §6).
// It does not touch the database: internal/db writes a Lote in one
// transaction, so the web can show a preview before anything is written.
package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"comite/internal/entrada"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// columna of a file kind.
type columna struct {
	nombre    string
	requerida bool
}

var (
	colsSanciones = []columna{{"nit", true}, {"numero_acto", true}, {"fecha_expedicion", false}, {"fecha_firmeza", true},
		{"infraccion", false}, {"gravedad", true}, {"sancion", true}, {"valor", true}, {"allanamiento", true}}
	colsOperacionesAnio = []columna{{"nit", true}, {"anio", true}, {"valor", true}, {"numero_operaciones", true}}
	colsOperacionesDecl = []columna{{"nit", true}, {"fecha", true}, {"numero_declaracion", true}, {"valor", true}}
	colsUsuarios        = []columna{{"nit", true}, {"razon_social", true}, {"tipo", true}, {"direccion_seccional", false},
		{"registro_vigente_desde", true}, {"registro_vigente_hasta", false}}
)

// alias maps a normalised header (no case, accents, spaces or underscores)
// to its canonical column, beyond the canonical names themselves.
var alias = map[string]string{
	"numerodeacto": "numero_acto", "numerodelacto": "numero_acto", "acto": "numero_acto",
	"fechadeexpedicion": "fecha_expedicion", "fechadefirmeza": "fecha_firmeza",
	"valorcop": "valor", "ano": "anio", "año": "anio",
	"numerodeoperaciones": "numero_operaciones", "numerodedeclaracion": "numero_declaracion",
	"direccionseccionalcop": "direccion_seccional", "seccional": "direccion_seccional",
	"tipodeusuario": "tipo", "tipousuario": "tipo",
}

// claveColumna normalises a header: no BOM, case, accents, spaces or underscores.
func claveColumna(s string) string {
	s = sancion.Normalizar(strings.TrimPrefix(s, "\ufeff"))
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '_', '\t', '\u00a0':
			return -1
		}
		return r
	}, s)
}

func canonica(h string, conocidas []columna) string {
	k := claveColumna(h)
	for _, c := range conocidas {
		if strings.ReplaceAll(c.nombre, "_", "") == k {
			return c.nombre
		}
	}
	if a, ok := alias[k]; ok {
		for _, c := range conocidas {
			if c.nombre == a {
				return a
			}
		}
	}
	return ""
}

func nombres(cols []columna) string {
	var req, opt []string
	for _, c := range cols {
		if c.requerida {
			req = append(req, c.nombre)
		} else {
			opt = append(opt, c.nombre)
		}
	}
	s := strings.Join(req, ", ")
	if len(opt) > 0 {
		s += " (opcionales: " + strings.Join(opt, ", ") + ")"
	}
	return s
}

// Leer reads and validates a whole file. The Lote is nil when there is any
// problem; the problems list every bad row and field, in file order.
func Leer(clase filas.Clase, nombre string, r io.Reader) (*filas.Lote, []filas.Problema) {
	return LeerConProgreso(clase, nombre, r, nil)
}

// LeerContexto is LeerConProgreso stopping when ctx ends (the request was
// abandoned): then the only problem says so.
func LeerContexto(ctx context.Context, clase filas.Clase, nombre string, r io.Reader, progreso func(filas int)) (*filas.Lote, []filas.Problema) {
	return leer(ctx, clase, nombre, r, progreso, nil)
}

// LeerConProgreso is Leer reporting every 10.000 rows read.
func LeerConProgreso(clase filas.Clase, nombre string, r io.Reader, progreso func(filas int)) (*filas.Lote, []filas.Problema) {
	return leer(context.Background(), clase, nombre, r, progreso, nil)
}

// maxVaciasSeguidas is how many empty rows in a row an XLSX sheet may have.
const maxVaciasSeguidas = 10000

// LeerEnPartes is LeerConProgreso handing the valid rows over while it reads,
// in parts of FilasPorParte rows (sanciones and operaciones; a usuarios file,
// whose rows of one NIT are compared with each other, comes in one part at
// the end), so that a writer can work on one part while the next is read.
// Each part is a Lote with the file's data (Clase, Archivo, SHA256, Formato,
// PorDeclaracion, Columnas, FilasEstimadas) and the next rows, in file order.
//
// Only valid rows are handed over; when there are problems the writer must
// not keep what it wrote (the result lists them, as Leer does), and the rows
// it got let it report the problems it finds too (a NIT not registered).
// parte returns false to stop the reading (the writer failed). The result is
// the file's data without rows (nil when the file could not be read at all,
// or parte stopped it) and the problems, as Leer.
func LeerEnPartes(clase filas.Clase, nombre string, r io.Reader, progreso func(filas int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
	return leer(context.Background(), clase, nombre, r, progreso, parte)
}

// LeerEnPartesContexto is LeerEnPartes stopping when ctx ends.
func LeerEnPartesContexto(ctx context.Context, clase filas.Clase, nombre string, r io.Reader, progreso func(filas int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
	return leer(ctx, clase, nombre, r, progreso, parte)
}

func leer(ctx context.Context, clase filas.Clase, nombre string, r io.Reader, progreso func(filas int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
	datos, err := leerTodo(r)
	if err != nil {
		return nil, []filas.Problema{{Mensaje: fmt.Sprintf("no se pudo leer %s: %v", nombre, err)}}
	}
	// The file's SHA-256 (for the audit log) is computed while the rows are
	// read; the Lote and its parts carry it (esperarSHA).
	var suma [sha256.Size]byte
	calculada := make(chan struct{})
	go func() {
		suma = sha256.Sum256(datos)
		close(calculada)
	}()
	t, err := abrirTabla(ctx, nombre, datos)
	if err != nil {
		return nil, []filas.Problema{{Mensaje: mensajeLectura(err)}}
	}
	l := &filas.Lote{Clase: clase, Archivo: nombre, Formato: filas.CSV, Columnas: map[string]bool{}}
	esperarSHA := func() {
		if l.SHA256 == "" {
			<-calculada
			l.SHA256 = hex.EncodeToString(suma[:])
		}
	}
	defer esperarSHA()
	if t.xlsx {
		l.Formato = filas.XLSX
	}
	// Size the rows and the key map once (a CSV has about one row per line).
	estimadas := 0
	if !t.xlsx {
		estimadas = bytes.Count(datos, []byte{'\n'})
		if len(datos) > 0 && datos[len(datos)-1] != '\n' {
			estimadas++
		}
	}
	porPartes := parte != nil && clase != filas.Usuarios
	if parte != nil {
		l.FilasEstimadas = max(estimadas-1, 0) // below the header
		if t.xlsx {
			l.FilasEstimadas = max(t.filasXLSX-1, 0)
		}
	}
	if !t.xlsx && !porPartes {
		switch clase {
		case filas.Sanciones:
			l.Sanciones = make([]filas.FilaSancion, 0, estimadas)
		case filas.Operaciones:
			l.Operaciones = make([]filas.FilaOperacion, 0, estimadas)
		case filas.Usuarios:
			l.Usuarios = make([]filas.FilaUsuario, 0, estimadas)
		}
	}
	if porPartes {
		l.Sanciones, l.Operaciones = nil, nil
		switch clase {
		case filas.Sanciones:
			l.Sanciones = make([]filas.FilaSancion, 0, filas.FilasPorParte)
		case filas.Operaciones:
			l.Operaciones = make([]filas.FilaOperacion, 0, filas.FilasPorParte)
		}
	}
	lec := &lector{lote: l, esperarSHA: esperarSHA, xlsx: t.xlsx, fecha1904: t.fecha1904, numerica: t.numerica, nits: map[string]nitLeido{}, claves: make(map[claveFila]int, min(estimadas, 1<<16)), primeraDeNIT: map[string]int{},
		fechas: map[string]resultado[fecha.Fecha]{}, gravedades: map[string]resultado[sancion.Gravedad]{},
		tiposSancion: map[string]resultado[sancion.Tipo]{}, siNo: map[string]resultado[bool]{}}
	switch clase {
	case filas.Sanciones, filas.Operaciones, filas.Usuarios:
	default:
		return nil, []filas.Problema{{Mensaje: fmt.Sprintf("clase de archivo desconocida %q", clase)}}
	}
	encabezado := false
	// buscando: the first row is not the header; the next rows, up to
	// filasTitulo, are tried as the header (title rows above it).
	var buscando []filas.Problema
	var errCtx, errVacias error
	vacias := 0
	errTabla := t.recorrer(func(fila int, celdas []string) bool {
		if fila&1023 == 0 {
			if errCtx = ctx.Err(); errCtx != nil {
				return false
			}
		}
		if buscando != nil {
			if fila > filasTitulo {
				lec.problemas = problemasAcotados{lista: buscando}
				return false
			}
			if vacia(celdas) {
				return true
			}
			lec.problemas = problemasAcotados{}
			lec.encabezado(fila, celdas)
			if lec.problemas.total() == 0 {
				lec.problemas = problemasAcotados{lista: []filas.Problema{{Fila: fila, Mensaje: fmt.Sprintf("el encabezado está en la fila %d: borre las filas de título (de la 1 a la %d) y guarde de nuevo el archivo", fila, fila-1)}}}
				buscando = nil
				return false
			}
			return true
		}
		if !encabezado {
			if vacia(celdas) {
				return true // blank rows above the header
			}
			encabezado = true
			lec.encabezado(fila, celdas)
			if lec.problemas.total() > 0 && fila < filasTitulo {
				buscando = append([]filas.Problema(nil), lec.problemas.lista...)
				return true
			}
			return lec.problemas.total() == 0
		}
		if vacia(celdas) {
			// A sheet of millions of empty rows (a "sheet bomb") would keep
			// the reader busy for nothing: stop after maxVaciasSeguidas.
			if vacias++; t.xlsx && vacias > maxVaciasSeguidas {
				errVacias = fmt.Errorf("%w: la hoja tiene más de %s filas vacías seguidas (desde la fila %d); borre las filas vacías y guarde de nuevo", ErrLimiteXLSX, formato.Entero(maxVaciasSeguidas), fila-vacias+1)
				return false
			}
			return true
		}
		vacias = 0
		lec.fila(fila, celdas)
		if progreso != nil && lec.filas%10000 == 0 {
			progreso(lec.filas)
		}
		if porPartes && l.Filas() >= filas.FilasPorParte {
			return lec.entregar(parte)
		}
		return true
	})
	if buscando != nil { // the file ended before filasTitulo rows
		lec.problemas = problemasAcotados{lista: buscando}
	}
	if sinEncabezado := encabezado && len(lec.problemas.lista) > 0 && lec.problemas.lista[0].Fila == lec.fila0 && lec.problemas.lista[0].Campo == "" && lec.filas == 0; sinEncabezado && t.xlsx {
		// Name the sheet read, and another sheet that has the header.
		probar := func(celdas []string) bool {
			p := &lector{lote: &filas.Lote{Clase: clase, Columnas: map[string]bool{}}}
			p.encabezado(1, celdas)
			return p.problemas.total() == 0
		}
		if otra := t.otraHoja(probar); otra != "" {
			lec.problemas = problemasAcotados{lista: []filas.Problema{{Mensaje: fmt.Sprintf("se leyó la hoja «%s», que no tiene el encabezado; el encabezado esperado está en la hoja «%s»: en Excel mueva esa hoja al primer lugar o borre las demás y guarde de nuevo", t.hoja, otra)}}}
		} else {
			lec.problemas.lista[0].Mensaje = fmt.Sprintf("hoja «%s»: %s", t.hoja, lec.problemas.lista[0].Mensaje)
		}
	}
	if errTabla != nil {
		lec.problemas.agregar(0, "", "", "", errTabla.Error)
	}
	if errCtx != nil {
		return nil, []filas.Problema{{Mensaje: mensajeLectura(errCtx)}}
	}
	if errVacias != nil {
		return nil, []filas.Problema{{Mensaje: errVacias.Error()}}
	}
	if !encabezado && lec.problemas.total() == 0 {
		lec.problemas.agregar(0, "", "", "", func() string {
			return "el archivo está vacío: la primera fila debe nombrar las columnas (" + nombres(lec.columnasEsperadas()) + ")"
		})
	}
	if lec.detenida {
		return nil, nil
	}
	if parte != nil && lec.problemas.total() == 0 && l.Filas()+lec.entregadas == 0 {
		return nil, []filas.Problema{{Mensaje: "el archivo no tiene filas de datos debajo del encabezado"}}
	}
	if parte != nil && l.Filas() > 0 && !lec.entregar(parte) {
		return nil, nil
	}
	if lec.problemas.total() > 0 {
		if parte != nil && encabezado {
			return lec.sinFilas(), lec.problemas.problemas()
		}
		return nil, lec.problemas.problemas()
	}
	if l.Filas() == 0 && parte == nil {
		return nil, []filas.Problema{{Mensaje: "el archivo no tiene filas de datos debajo del encabezado"}}
	}
	if parte != nil {
		return lec.sinFilas(), nil
	}
	return l, nil
}

// filasTitulo: a header further down than this row is not looked for.
const filasTitulo = 10

// mensajeLectura is the Spanish message of an error that stops the reading.
func mensajeLectura(err error) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "la lectura del archivo se canceló (la solicitud terminó antes): no se leyó nada"
	case errors.Is(err, context.DeadlineExceeded):
		return "la lectura del archivo superó el tiempo permitido: no se leyó nada"
	}
	return err.Error()
}

// entregar hands the rows read so far to parte and starts a new part.
func (l *lector) entregar(parte func(*filas.Lote) bool) bool {
	l.esperarSHA()
	p := *l.lote
	l.entregadas += p.Filas()
	switch {
	case p.Sanciones != nil:
		l.lote.Sanciones = make([]filas.FilaSancion, 0, filas.FilasPorParte)
	case p.Operaciones != nil:
		l.lote.Operaciones = make([]filas.FilaOperacion, 0, filas.FilasPorParte)
	default:
		l.lote.Usuarios = nil
	}
	if !parte(&p) {
		l.detenida = true
		return false
	}
	return true
}

// sinFilas is the file's data without its rows.
func (l *lector) sinFilas() *filas.Lote {
	l.esperarSHA()
	m := *l.lote
	m.Sanciones, m.Operaciones, m.Usuarios = nil, nil, nil
	return &m
}

// leerTodo is io.ReadAll reading a file (or an in-memory reader) of known
// size into one buffer of that size, not doubling and copying it.
func leerTodo(r io.Reader) ([]byte, error) {
	n := int64(-1)
	switch v := r.(type) {
	case interface{ Stat() (os.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			n = fi.Size()
		}
	case interface{ Len() int }:
		n = int64(v.Len())
	}
	if n < 0 || n > 1<<34 {
		return io.ReadAll(r)
	}
	b := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

func vacia(celdas []string) bool {
	for _, c := range celdas {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

type nitLeido struct {
	canon string
	err   string
}

// lector holds the state of one read.
type lector struct {
	lote       *filas.Lote
	esperarSHA func() // sets lote.SHA256 once computed
	xlsx       bool
	fecha1904  bool // the XLSX counts dates in Excel's 1904 system
	numerica   func(fila, col int) bool
	cols       []columna
	indice     []string // canonical column of each cell position ("" = none)
	pos        map[string]int
	cabeceras  map[string]string // canonical column → its header in the file
	problemas  problemasAcotados // the first MaxProblemas, then counted
	filas      int
	// LeerEnPartes: rows already handed over, and whether parte stopped the reading.
	entregadas int
	detenida   bool
	nits       map[string]nitLeido // cache: the same NIT repeats on many rows
	claves     map[claveFila]int   // key of the row → first row that had it
	fila0      int
	errFila    bool
	// usuarios: index in Lote.Usuarios of the first row of each NIT
	primeraDeNIT map[string]int
	// caches of parsed values: files repeat the same dates and words on
	// many rows (a million rows carry a few thousand distinct dates).
	fechas       map[string]resultado[fecha.Fecha]
	gravedades   map[string]resultado[sancion.Gravedad]
	tiposSancion map[string]resultado[sancion.Tipo]
	siNo         map[string]resultado[bool]
}

type resultado[T any] struct {
	v   T
	err error
}

// memo parses s once per distinct value.
func memo[T any](m map[string]resultado[T], s string, parse func(string) (T, error)) (T, error) {
	if r, ok := m[s]; ok {
		return r.v, r.err
	}
	v, err := parse(s)
	if len(m) < 100000 {
		m[s] = resultado[T]{v, err}
	}
	return v, err
}

func (l *lector) columnasEsperadas() []columna {
	switch l.lote.Clase {
	case filas.Sanciones:
		return colsSanciones
	case filas.Usuarios:
		return colsUsuarios
	}
	return append(append([]columna{}, colsOperacionesAnio...), colsOperacionesDecl[1:3]...)
}

func (l *lector) mal(fila int, campo, formato string, args ...any) {
	l.problemas.agregar(fila, campo, l.cabeceras[campo], formato, func() string { return fmt.Sprintf(formato, args...) })
	l.errFila = true
}

// encabezado matches the header row against the columns of the kind.
func (l *lector) encabezado(fila int, celdas []string) {
	l.fila0 = fila
	cols := l.columnasEsperadas()
	if l.lote.Clase == filas.Operaciones {
		// Two layouts: by year, or one row per declaration.
		anio, decl := false, false
		for _, c := range celdas {
			switch canonica(c, cols) {
			case "anio", "numero_operaciones":
				anio = true
			case "fecha", "numero_declaracion":
				decl = true
			}
		}
		switch {
		case anio && decl:
			l.mal(fila, "", "el archivo mezcla columnas por año (anio, numero_operaciones) y por declaración (fecha, numero_declaracion): use un archivo para cada forma")
			return
		case decl:
			cols = colsOperacionesDecl
			l.lote.PorDeclaracion = true
		default:
			cols = colsOperacionesAnio
		}
	}
	l.cols = cols
	l.indice = make([]string, len(celdas))
	l.pos = map[string]int{}
	l.cabeceras = map[string]string{}
	l.lote.Cabeceras = l.cabeceras
	var extra []string
	for i, c := range celdas {
		if strings.TrimSpace(c) == "" {
			continue // an empty header cell: its column must stay empty (checked per row)
		}
		n := canonica(c, cols)
		if n == "" {
			extra = append(extra, fmt.Sprintf("%q", strings.TrimSpace(c)))
			continue
		}
		if j, dup := l.pos[n]; dup {
			l.mal(fila, "", "la columna %s aparece dos veces (columnas %d y %d)", n, j+1, i+1)
			continue
		}
		l.pos[n] = i
		l.cabeceras[n] = strings.TrimSpace(c)
		l.indice[i] = n
		l.lote.Columnas[n] = true
	}
	if len(extra) > 0 {
		l.mal(fila, "", "columnas desconocidas: %s (las columnas de %s son: %s)", strings.Join(extra, ", "), l.lote.Clase, nombres(cols))
	}
	var faltan []string
	for _, c := range cols {
		if _, ok := l.pos[c.nombre]; c.requerida && !ok {
			faltan = append(faltan, c.nombre)
		}
	}
	if len(faltan) > 0 {
		l.mal(fila, "", "faltan las columnas %s (las columnas de %s son: %s)", strings.Join(faltan, ", "), l.lote.Clase, nombres(cols))
	}
}

// celda returns the trimmed cell of a column ("" when absent).
func (l *lector) celda(celdas []string, col string) string {
	i, ok := l.pos[col]
	if !ok || i >= len(celdas) {
		return ""
	}
	return strings.TrimSpace(celdas[i])
}

func (l *lector) fila(fila int, celdas []string) {
	l.filas++
	l.errFila = false
	for i := len(l.indice); i < len(celdas); i++ {
		if strings.TrimSpace(celdas[i]) != "" {
			l.mal(fila, "", "tiene datos en la columna %d, que no tiene nombre en el encabezado", i+1)
			break
		}
	}
	for i, n := range l.indice {
		if n == "" && i < len(celdas) && strings.TrimSpace(celdas[i]) != "" {
			l.mal(fila, "", "tiene datos en la columna %d, que no tiene nombre en el encabezado", i+1)
			break
		}
	}
	// Control characters are refused before any field is read (texto.go):
	// each bad cell is named, and the row's other fields wait for the fix.
	control := false
	for i, n := range l.indice {
		if n != "" && i < len(celdas) && !entrada.TextoLimpio(celdas[i]) {
			l.mal(fila, n, "%v", entrada.ValidarTexto(celdas[i], false))
			control = true
		}
	}
	if control {
		return
	}
	switch {
	case l.lote.Clase == filas.Sanciones:
		l.filaSancion(fila, celdas)
	case l.lote.Clase == filas.Usuarios:
		l.filaUsuario(fila, celdas)
	case l.lote.PorDeclaracion:
		l.filaDeclaracion(fila, celdas)
	default:
		l.filaOperacionAnual(fila, celdas)
	}
}

func (l *lector) nit(fila int, celdas []string) string {
	raw := l.celda(celdas, "nit")
	if v, ok := l.nits[raw]; ok {
		if v.err != "" {
			l.mal(fila, "nit", "%s", v.err)
		}
		return v.canon
	}
	canon, err := entrada.ParseNIT(raw)
	v := nitLeido{canon: canon}
	if err != nil {
		v.err = err.Error()
		l.mal(fila, "nit", "%s", v.err)
	}
	l.nits[raw] = v
	return canon
}

func (l *lector) texto(fila int, celdas []string, col string, requerido bool, max int) string {
	v := l.celda(celdas, col)
	if requerido && v == "" {
		l.mal(fila, col, "está vacío y es obligatorio")
	}
	if len(v) > max {
		l.mal(fila, col, "texto demasiado largo (%d caracteres; a lo sumo %d)", len([]rune(v)), max)
	}
	return v
}

// clave reads a required key column (ParseClave: one spelling per key).
func (l *lector) clave(fila int, celdas []string, col string, max int) string {
	v := l.texto(fila, celdas, col, true, max)
	if v == "" {
		return ""
	}
	k, err := ParseClave(v, l.xlsx)
	if err != nil {
		l.mal(fila, col, "%v", err)
	}
	return k
}

func (l *lector) monto(fila int, celdas []string, col string) decimal.Decimal {
	v := l.celda(celdas, col)
	if l.xlsx {
		v = entrada.NormalizarNumeroXLSX(v)
	}
	c, err := entrada.ParseCentavos(v)
	if err != nil {
		// A number cell is a number: what can be wrong is only its decimals
		// (a text cell "100.125" stays ambiguous).
		if n := entrada.DecimalesNumero(v); n > 2 && l.numerica != nil && l.numerica(fila, l.pos[col]) {
			l.mal(fila, col, "el número %s tiene %d decimales; los montos admiten 2: redondee la celda a centavos (=REDONDEAR(celda;2)) o corrija el valor", v, n)
			return decimal.Decimal{}
		}
		l.mal(fila, col, "%v", err)
		return decimal.Decimal{}
	}
	return decimal.New(c, -2)
}

func (l *lector) fecha(fila int, celdas []string, col string, requerida bool) fecha.Fecha {
	v := l.celda(celdas, col)
	if v == "" {
		if requerida {
			l.mal(fila, col, "fecha vacía y es obligatoria (use AAAA-MM-DD o DD/MM/AAAA)")
		}
		return fecha.Fecha{}
	}
	f, err := memo(l.fechas, v, l.leerFecha)
	if err != nil {
		l.mal(fila, col, "%v", err)
	}
	return f
}

// leerFecha reads a date cell as the file's kind and date system dictate.
func (l *lector) leerFecha(s string) (fecha.Fecha, error) {
	if l.xlsx {
		return entrada.ParseFechaXLSX(s, l.fecha1904)
	}
	return entrada.ParseFecha(s, false)
}

// unica records the key of a row and reports a repeated one.
// claveFila is the key of a row: the NIT and what identifies the row within
// it (two strings, not one joined: no string built per row).
type claveFila struct{ nit, resto string }

func (l *lector) unica(fila int, clave claveFila, campo string, que func() string) {
	if l.errFila {
		return
	}
	if prev, dup := l.claves[clave]; dup {
		l.mal(fila, campo, "%s ya aparece en la fila %d: va una sola vez por archivo", que(), prev)
		return
	}
	l.claves[clave] = fila
}

func (l *lector) filaSancion(fila int, c []string) {
	s := filas.FilaSancion{Fila: fila}
	s.NIT = l.nit(fila, c)
	s.NumeroActo = l.clave(fila, c, "numero_acto", 100)
	s.FechaExpedicion = l.fecha(fila, c, "fecha_expedicion", false)
	s.FechaFirmeza = l.fecha(fila, c, "fecha_firmeza", false)
	s.Infraccion = l.texto(fila, c, "infraccion", false, 200)
	var err error
	if s.Gravedad, err = memo(l.gravedades, l.celda(c, "gravedad"), entrada.ParseGravedad); err != nil {
		l.mal(fila, "gravedad", "%v", err)
	}
	if s.Sancion, err = memo(l.tiposSancion, l.celda(c, "sancion"), entrada.ParseSancion); err != nil {
		l.mal(fila, "sancion", "%v", err)
	}
	s.Valor = l.monto(fila, c, "valor")
	if s.Allanamiento, err = memo(l.siNo, l.celda(c, "allanamiento"), entrada.ParseSiNo); err != nil {
		l.mal(fila, "allanamiento", "%v", err)
	}
	if !s.FechaExpedicion.IsZero() && !s.FechaFirmeza.IsZero() && s.FechaFirmeza.Antes(s.FechaExpedicion) {
		l.mal(fila, "fecha_firmeza", "la firmeza (%s) es anterior a la expedición (%s)", s.FechaFirmeza.DMA(), s.FechaExpedicion.DMA())
	}
	l.unica(fila, claveFila{s.NIT, s.NumeroActo}, "numero_acto", func() string { return "el acto " + s.NumeroActo + " del NIT " + s.NIT })
	if !l.errFila {
		l.lote.Sanciones = append(l.lote.Sanciones, s)
	}
}

func (l *lector) filaOperacionAnual(fila int, c []string) {
	o := filas.FilaOperacion{Fila: fila}
	o.NIT = l.nit(fila, c)
	var err error
	if o.Anio, err = entrada.ParseAnio(l.celda(c, "anio")); err != nil {
		l.mal(fila, "anio", "%v", err)
	}
	o.Valor = l.monto(fila, c, "valor")
	if o.Numero, err = entrada.ParseEntero(l.celda(c, "numero_operaciones")); err != nil {
		l.mal(fila, "numero_operaciones", "%v", err)
	}
	l.unica(fila, claveFila{o.NIT, strconv.Itoa(o.Anio)}, "anio", func() string { return fmt.Sprintf("el año %d del NIT %s", o.Anio, o.NIT) })
	if !l.errFila {
		l.lote.Operaciones = append(l.lote.Operaciones, o)
	}
}

func (l *lector) filaDeclaracion(fila int, c []string) {
	o := filas.FilaOperacion{Fila: fila, Numero: 1}
	o.NIT = l.nit(fila, c)
	o.Fecha = l.fecha(fila, c, "fecha", true)
	o.Anio = o.Fecha.Anio()
	o.Declaracion = l.clave(fila, c, "numero_declaracion", 100)
	o.Valor = l.monto(fila, c, "valor")
	l.unica(fila, claveFila{o.NIT, o.Declaracion}, "numero_declaracion", func() string { return "la declaración " + o.Declaracion + " del NIT " + o.NIT })
	if !l.errFila {
		l.lote.Operaciones = append(l.lote.Operaciones, o)
	}
}

func (l *lector) filaUsuario(fila int, c []string) {
	u := filas.FilaUsuario{Fila: fila}
	u.NIT = l.nit(fila, c)
	u.RazonSocial = l.texto(fila, c, "razon_social", true, 300)
	var err error
	if u.Tipo, err = filas.ParseTipoUsuario(l.celda(c, "tipo")); err != nil {
		l.mal(fila, "tipo", "%v", err)
	}
	u.DireccionSeccional = l.texto(fila, c, "direccion_seccional", false, 200)
	u.VigenteDesde = l.fecha(fila, c, "registro_vigente_desde", true)
	u.VigenteHasta = l.fecha(fila, c, "registro_vigente_hasta", false)
	if !u.VigenteDesde.IsZero() && !u.VigenteHasta.IsZero() && u.VigenteHasta.Antes(u.VigenteDesde) {
		l.mal(fila, "registro_vigente_hasta", "el registro termina (%s) antes de empezar (%s)", u.VigenteHasta.DMA(), u.VigenteDesde.DMA())
	}
	l.unica(fila, claveFila{u.NIT, u.VigenteDesde.String()}, "registro_vigente_desde", func() string { return "el registro del NIT " + u.NIT + " vigente desde " + u.VigenteDesde.DMA() })
	// The same NIT on several rows (several periods of its registro) must
	// carry the same data.
	if !l.errFila {
		if i, ok := l.primeraDeNIT[u.NIT]; ok {
			p := l.lote.Usuarios[i]
			if p.RazonSocial != u.RazonSocial || p.Tipo != u.Tipo || p.DireccionSeccional != u.DireccionSeccional {
				l.mal(fila, "razon_social", "el NIT %s aparece en la fila %d con otra razón social, tipo o dirección seccional: deben coincidir", u.NIT, p.Fila)
			}
		} else {
			l.primeraDeNIT[u.NIT] = len(l.lote.Usuarios)
		}
	}
	if !l.errFila {
		l.lote.Usuarios = append(l.lote.Usuarios, u)
	}
}

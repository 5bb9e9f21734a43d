// Package demo writes deterministic, realistic synthetic data into an empty
// comite database: customs users with Colombian-looking
// names and valid NITs, their registros, sanction acts and foreign-trade
// operations, with a few highlighted users placed on purpose over, just over,
// just under the committee threshold of the reference year (docs/reglas.md §2).
//
// Determinism: every step draws from its own PCG stream seeded from
// Opciones.Semilla and the step's name, nothing iterates a map, and every
// stored instant is derived from Opciones.AnioFinal: during the load the
// store's clock is the story's, never the wall clock's. A file opened with
// Abrir has that clock from its first write (the migrations, the UVT seed)
// and an audit key derived from the seed, so the same options give the same
// file byte for byte, signed actas included (GenerarFirmado signs at the
// story's instant, with RFC 6979 nonces, with a certificate derived from
// the seed). A step added at the end of pasos does not change the rows of
// the steps before it.
//
// Two kinds of writes, kept apart:
//   - the data an import would write with no workflow (usuarios aduaneros,
//     registros, actos, operaciones, declaraciones) go in with prepared
//     INSERTs in one transaction, for speed at national scale (pasos.go), and
//     one audit row summarises them;
//   - everything the workflow produces (cases, evaluations, the case's
//     history, informes, sessions, conceptos, REA proposals, actas, the
//     quorum) is written only through the application's operations by the
//     demo accounts, with the story's clock (casos.go, aplicacion.go).
package demo

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
)

// Opciones of a load. The zero value of a field means its default.
type Opciones struct {
	Usuarios  int   // customs users; default 300
	Anios     int   // years of operations and acts, ending in AnioFinal; default 5
	Semilla   int64 // default 1
	AnioFinal int   // last year covered; default 2026
	// ClaveCuentas, when set, creates the demo accounts (Cuentas) with this
	// password at the start of the story; empty: no accounts.
	ClaveCuentas string
}

// Defaults.
const (
	UsuariosPorDefecto  = 300
	AniosPorDefecto     = 5
	SemillaPorDefecto   = 1
	AnioFinalPorDefecto = 2026
	MaxUsuarios         = 1_000_000
	MaxAnios            = 30
)

// MinUsuarios is the smallest load: the highlighted users alone.
var MinUsuarios = len(especiales)

// ConDefectos fills the zero fields with their defaults.
func (o Opciones) ConDefectos() Opciones {
	if o.Usuarios == 0 {
		o.Usuarios = UsuariosPorDefecto
	}
	if o.Anios == 0 {
		o.Anios = AniosPorDefecto
	}
	if o.Semilla == 0 {
		o.Semilla = SemillaPorDefecto
	}
	if o.AnioFinal == 0 {
		o.AnioFinal = AnioFinalPorDefecto
	}
	return o
}

// Validar checks the options (after ConDefectos) and says in Spanish what to change.
func (o Opciones) Validar() error {
	if o.Usuarios < MinUsuarios || o.Usuarios > MaxUsuarios {
		return fmt.Errorf("--usuarios debe estar entre %d (los usuarios destacados de la demostración) y %d; se recibió %d", MinUsuarios, MaxUsuarios, o.Usuarios)
	}
	if o.Anios < 2 || o.Anios > MaxAnios {
		return fmt.Errorf("--anios debe estar entre 2 (el año de referencia es el penúltimo) y %d; se recibió %d", MaxAnios, o.Anios)
	}
	if o.AnioFinal < 2000 || o.AnioFinal > 2100 {
		return fmt.Errorf("el año final debe estar entre 2000 y 2100; se recibió %d", o.AnioFinal)
	}
	return nil
}

// Destacado is a user placed on purpose around the threshold.
type Destacado struct {
	NIT         string `json:"nit"`
	RazonSocial string `json:"razon_social"`
}

// Resumen says what a load wrote.
type Resumen struct {
	Semilla        int64 `json:"semilla"`
	AnioInicial    int   `json:"anio_inicial"`
	AnioFinal      int   `json:"anio_final"`
	AnioReferencia int   `json:"anio_referencia"` // AnioFinal − 1: the highlighted users are placed for it

	Usuarios           int64 `json:"usuarios_aduaneros"`
	Registros          int64 `json:"registros"`
	Actos              int64 `json:"actos"`
	OperacionesAnuales int64 `json:"operaciones_anuales"`
	Declaraciones      int64 `json:"declaraciones"`

	// Users whose committee test for a new grave infraction committed in
	// AnioReferencia+1 comes out as the field says (art. 25).
	MuyPorEncima     []Destacado `json:"muy_por_encima"`    // ≥ 3 acts that count and S/O ≥ 1 %
	JustoEncima      []Destacado `json:"justo_encima"`      // ≥ 3 acts, 0,50 % ≤ S/O < 0,52 % (the first exactly 0,5 %)
	JustoDebajo      []Destacado `json:"justo_debajo"`      // ≥ 3 acts, 0,48 % ≤ S/O < 0,50 %
	DosActos         []Destacado `json:"dos_actos"`         // exactly 2 acts that count, S/O well over 0,5 %
	SinOperaciones   []Destacado `json:"sin_operaciones"`   // 3 acts, O = 0 in the reference year
	ConDeclaraciones []Destacado `json:"con_declaraciones"` // operations given as declaraciones for a year with no yearly row
	RegistroVencido  []Destacado `json:"registro_vencido"`  // over the threshold, but no registro vigente
	// 3 acts that count and no operations loaded for the reference year:
	// the result is unknown ("Datos incompletos").
	OperacionesSinCargar []Destacado `json:"operaciones_sin_cargar"`
}

// Escribir prints the summary for people (Spanish, es-CO numbers).
func (r Resumen) Escribir(w io.Writer) {
	fmt.Fprintf(w, "Datos de demostración (semilla %d, años %d a %d; año de referencia %d):\n", r.Semilla, r.AnioInicial, r.AnioFinal, r.AnioReferencia)
	fmt.Fprintf(w, "  usuarios aduaneros    %12s\n", miles(r.Usuarios))
	fmt.Fprintf(w, "  registros             %12s\n", miles(r.Registros))
	fmt.Fprintf(w, "  actos sancionatorios  %12s\n", miles(r.Actos))
	fmt.Fprintf(w, "  operaciones anuales   %12s\n", miles(r.OperacionesAnuales))
	fmt.Fprintf(w, "  declaraciones         %12s\n", miles(r.Declaraciones))
	grupos := []struct {
		titulo string
		us     []Destacado
	}{
		{"Muy por encima del umbral (procede el Comité)", r.MuyPorEncima},
		{"Justo encima del umbral (0,50 % a 0,52 %; el primero exactamente 0,5 %)", r.JustoEncima},
		{"Justo debajo del umbral (0,48 % a 0,4999 %)", r.JustoDebajo},
		{"Exactamente 2 actos que cuentan", r.DosActos},
		{"Sin operaciones en el año de referencia (alerta sin_operaciones)", r.SinOperaciones},
		{"Operaciones por declaración en un año sin total anual", r.ConDeclaraciones},
		{"Por encima del umbral pero sin registro vigente", r.RegistroVencido},
		{"Sin operaciones cargadas del año de referencia (datos incompletos)", r.OperacionesSinCargar},
	}
	for _, g := range grupos {
		fmt.Fprintf(w, "%s:\n", g.titulo)
		for _, u := range g.us {
			fmt.Fprintf(w, "  %-13s %s\n", u.NIT, u.RazonSocial)
		}
	}
}

// miles writes n with es-CO thousands separators: 1.234.567.
func miles(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// ErrBaseNoVacia is returned when the database already holds data.
type ErrBaseNoVacia struct {
	Ruta    string
	Conteos string // "300 usuarios aduaneros, 6.000 actos"
}

func (e *ErrBaseNoVacia) Error() string {
	return fmt.Sprintf("la base de datos %s ya tiene datos (%s): los datos de demostración solo se cargan en una base vacía; indique otro archivo con --db", e.Ruta, e.Conteos)
}

// tablasDeDatos are checked to be empty before a load (accounts and the audit
// log may already exist: serve --demo creates accounts).
var tablasDeDatos = []struct{ tabla, nombre string }{
	{"usuarios_aduaneros", "usuarios aduaneros"},
	{"registros", "registros"},
	{"actos", "actos"},
	{"operaciones_anuales", "operaciones anuales"},
	{"declaraciones", "declaraciones"},
	{"casos", "casos"},
	{"sesiones_comite", "sesiones del Comité"},
}

// paso is one step of the data load. Each draws from its own random stream,
// so a step appended to pasos leaves the rows of the earlier steps as they were.
type paso struct {
	nombre string
	f      func(g *generador, ctx context.Context, tx *sql.Tx, r *rand.Rand) error
}

var pasos = []paso{
	{"usuarios", (*generador).escribirUsuarios},
	{"registros", (*generador).escribirRegistros},
	{"actos", (*generador).escribirActos},
	{"operaciones", (*generador).escribirOperaciones},
	{"declaraciones", (*generador).escribirDeclaraciones},
}

// flujo is the random stream of a step: PCG seeded with the seed and a hash of the step's name.
func flujo(semilla int64, nombre string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(nombre))
	return rand.New(rand.NewPCG(uint64(semilla), h.Sum64()))
}

// Generar fills an empty database with the demo data of o (zero fields take
// their defaults): the data in one transaction, recorded in the audit log,
// then the story of the cases and sessions through the application, one
// transaction per step as a person takes them. Nothing is signed
// (GenerarFirmado signs the actas). The store's clock is the story's during
// the load and is given back afterwards.
//
// If a step of the story fails, the database keeps the data and the steps
// already taken (each a state the application can produce) and the error
// names the step; the load is meant for a new file, so start again with
// another one.
func Generar(ctx context.Context, d *db.DB, o Opciones) (Resumen, error) {
	return generarCon(ctx, d, o, nil)
}

// generarCon is Generar with the actas signed by firmaActas (nil: unsigned).
func generarCon(ctx context.Context, d *db.DB, o Opciones, firmaActas expediente.Firmador) (Resumen, error) {
	o = o.ConDefectos()
	if err := o.Validar(); err != nil {
		return Resumen{}, err
	}
	g := nuevoGenerador(o)
	a, restaurar := nuevaAplicacion(ctx, d, g.inicioHistoria())
	defer restaurar()
	a.firmaActas = firmaActas
	err := d.EnEscritura(ctx, func(w *db.Escritura) error {
		tx := w.Tx()
		if err := comprobarVacia(ctx, tx, d.Ruta); err != nil {
			return err
		}
		for _, p := range pasos {
			if err := p.f(g, ctx, tx, flujo(o.Semilla, p.nombre)); err != nil {
				return fmt.Errorf("datos de demostración, paso %s: %w", p.nombre, err)
			}
		}
		return w.Auditar(db.Evento{
			Accion:  "demo.generar",
			Objeto:  "demo",
			Detalle: g.res,
		})
	})
	if err != nil {
		return Resumen{}, err
	}
	if err := g.historia(a); err != nil {
		return Resumen{}, fmt.Errorf("datos de demostración, historia de los casos: %w (la base %s quedó con los datos y los pasos anteriores; genere la demostración en un archivo nuevo)", err, d.Ruta)
	}
	// The log of changed users names every user written (one row per row
	// written): no screening of this new database is held anywhere yet, so
	// none of it is needed.
	v, err := d.LeerVersionDatos(ctx)
	if err == nil {
		err = d.PodarCambiosUsuarios(ctx, v.Aduaneros)
	}
	if err != nil {
		return Resumen{}, fmt.Errorf("datos de demostración: %w", err)
	}
	return *g.res, nil
}

func comprobarVacia(ctx context.Context, tx interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, ruta string) error {
	var conteos []string
	for _, t := range tablasDeDatos {
		var n int64
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM "+t.tabla).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			conteos = append(conteos, miles(n)+" "+t.nombre)
		}
	}
	if len(conteos) > 0 {
		return &ErrBaseNoVacia{Ruta: ruta, Conteos: strings.Join(conteos, ", ")}
	}
	return nil
}

// generador holds what the steps share.
type generador struct {
	o           Opciones
	anioInicial int
	anioFinal   int
	anioRef     int       // reference year of the highlighted users
	corte       time.Time // last day anything happened: 31 October of AnioFinal
	marca       string    // the instant stored in creado_en/actualizado_en
	usuarios    []usuario
	res         *Resumen
}

func nuevoGenerador(o Opciones) *generador {
	g := &generador{
		o:           o,
		anioInicial: o.AnioFinal - o.Anios + 1,
		anioFinal:   o.AnioFinal,
		anioRef:     o.AnioFinal - 1,
		corte:       dia(o.AnioFinal, 10, 31),
		marca:       fmt.Sprintf("%04d-11-01T12:00:00Z", o.AnioFinal),
	}
	g.res = &Resumen{Semilla: o.Semilla, AnioInicial: g.anioInicial, AnioFinal: g.anioFinal, AnioReferencia: g.anioRef}
	return g
}

// dia is a civil date as a UTC midnight (normalised: dia(2025, 2, 29) is 1 March).
func dia(anio, mes, d int) time.Time {
	return time.Date(anio, time.Month(mes), d, 0, 0, 0, 0, time.UTC)
}

const formatoFecha = "2006-01-02"

// fechaSQL is the stored date, or NULL for the zero time.
func fechaSQL(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Format(formatoFecha)
}

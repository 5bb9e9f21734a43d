package db

import (
	"bufio"
	"comite/internal/dominio"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The audit chain is tamper-evident against someone who holds the database
// file but not the audit key: each row's hash is an HMAC-SHA256 with a key
// kept outside the database (a file with mode 0600 next to the database, or
// the environment variable VariableClaveAuditoria). The head of the chain is
// also published outside the database, in an append-only anchor file and in
// the log, so a missing tail or a chain recomputed with the key is caught by
// VerificarAuditoria. Rows written before keys existed (clave_id 0) keep
// their plain SHA-256 and still verify; versions never go down along the chain.

// VariableClaveAuditoria is the environment variable that may hold the audit
// keys instead of the key file (same text format as the file).
const VariableClaveAuditoria = "COMITE_CLAVE_AUDITORIA"

// VariableArchivoClave and VariableArchivoAncla name, for every command at
// once, the key file and the anchor file when they are not next to the database.
const (
	VariableArchivoClave = "COMITE_CLAVE_AUDITORIA_ARCHIVO"
	VariableArchivoAncla = "COMITE_ANCLA_AUDITORIA"
)

// RutaClaveAuditoria is the default key file of a database: next to it.
func RutaClaveAuditoria(rutaDB string) string { return rutaDB + ".clave-auditoria" }

// RutaAnclaAuditoria is the default anchor file of a database: next to it.
func RutaAnclaAuditoria(rutaDB string) string { return rutaDB + ".ancla-auditoria" }

// OpcionAuditoria changes where Open finds the audit key and the anchor.
type OpcionAuditoria func(*configAuditoria)

type configAuditoria struct {
	rutaClave, rutaAncla string
	// base is the database whose key and anchor are meant, when the file
	// opened is a copy of it (a backup being checked or restored).
	base     string
	sinCrear bool
	// soloSinAuditoria: create a missing key only when the database has
	// no audit rows at all (the web server's first start).
	soloSinAuditoria bool
	soloLectura      bool // SoloLectura
	registro         *slog.Logger
	espera           time.Duration    // busy_timeout of every connection
	reloj            func() time.Time // DB.Now from the start (ConReloj); nil: time.Now
	argon2           ParametrosArgon2 // ConArgon2; zero: the production costs
}

// ConClaveAuditoria reads the audit key from this file instead of the default.
func ConClaveAuditoria(ruta string) OpcionAuditoria {
	return func(c *configAuditoria) {
		if ruta != "" {
			c.rutaClave = ruta
		}
	}
}

// ConAnclaAuditoria appends the chain head to this file instead of the default.
func ConAnclaAuditoria(ruta string) OpcionAuditoria {
	return func(c *configAuditoria) {
		if ruta != "" {
			c.rutaAncla = ruta
		}
	}
}

// ComoBase resolves the default key and anchor files as for the database at
// ruta (next to it, unless the environment or another option says
// otherwise): a backup is checked with the key and anchor of the database it
// was taken from, or of the one it is restored onto.
func ComoBase(ruta string) OpcionAuditoria {
	return func(c *configAuditoria) {
		if ruta != "" {
			c.base = ruta
		}
	}
}

// SinCrearClaveAuditoria opens without creating a missing key (to verify a
// copy): rows then cannot be audited, and keyed rows cannot be verified.
func SinCrearClaveAuditoria() OpcionAuditoria { return func(c *configAuditoria) { c.sinCrear = true } }

// CrearClaveSoloSinAuditoria creates a missing key only on a database that
// has no audit rows at all; otherwise the key is looked for and not made.
func CrearClaveSoloSinAuditoria() OpcionAuditoria {
	return func(c *configAuditoria) { c.soloSinAuditoria = true }
}

// ErrClaveNoEncontrada: the database has rows signed with an audit key and
// the key file is not where the command looked for it.
type ErrClaveNoEncontrada struct {
	Base, Ruta string
	Firmadas   int64
}

func (e *ErrClaveNoEncontrada) Error() string {
	return fmt.Sprintf("no hay clave de auditoría: la base %s tiene %d filas de auditoría firmadas con clave y la clave no está en %s: indique dónde está con --clave-auditoria, con la variable %s o con la línea «%s = RUTA» en %s. No cree otra clave: las filas firmadas solo se verifican con la suya",
		e.Base, e.Firmadas, e.Ruta, VariableArchivoClave, AjusteClaveAuditoria, RutaConfiguracion(e.Base))
}

func (e *ErrClaveNoEncontrada) Unwrap() error { return ErrSinClaveAuditoria }

// filasAuditoria counts the audit rows and those signed with a key (0, 0
// when the table does not exist yet).
func (d *DB) filasAuditoria(ctx context.Context) (filas, firmadas int64, err error) {
	var tablas int64
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'auditoria'`).Scan(&tablas); err != nil || tablas == 0 {
		return 0, 0, err
	}
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM auditoria`).Scan(&filas); err != nil {
		return 0, 0, err
	}
	if d.columnaClave(ctx) == "clave_id" {
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM auditoria WHERE clave_id > 0`).Scan(&firmadas); err != nil {
			return 0, 0, err
		}
	}
	return filas, firmadas, nil
}

// ClaveCreada tells whether opening this database created its audit key.
func (d *DB) ClaveCreada() bool { return d.aud != nil && d.aud.creada }

// RutaClave is the key file this database's audit keys were looked for in
// ("" when they come from the environment).
func (d *DB) RutaClave() string {
	if d.aud == nil {
		return ""
	}
	return d.aud.rutaClave
}

// ConRegistroAuditoria writes each published head to this log too.
func ConRegistroAuditoria(l *slog.Logger) OpcionAuditoria {
	return func(c *configAuditoria) { c.registro = l }
}

// auditoriaExterna is what the audit chain keeps outside the database.
type auditoriaExterna struct {
	claves map[int64][]byte
	actual int64 // key used for new rows (0: none loaded)
	// sellado is the last row written without a key when the key was
	// created: every later row must be keyed (-1: not known).
	sellado   int64
	creada    bool   // the key file was created by this open
	origen    string // where the keys came from, for messages
	rutaClave string // "" when the keys came from the environment
	rutaAncla string
	registro  *slog.Logger

	escritas atomic.Int64 // audit rows written by this process (committed or not)
	// aceptarNueva lets PublicarCabeza start an anchor that lost heads
	// (AceptarAnclaNueva, while it runs).
	aceptarNueva atomic.Bool
	publicar     sync.Mutex
	publicada    int64    // highest row id in the anchor
	ancla        *os.File // the anchor, open for appending (nil until the first publication)
}

// ErrSinClaveAuditoria is returned when an audit row must be written or a
// keyed row verified and no audit key is loaded.
var ErrSinClaveAuditoria = errors.New("no hay clave de auditoría")

func (d *DB) prepararAuditoria(ctx context.Context, opciones []OpcionAuditoria) error {
	// An option names a file; otherwise the environment; otherwise next to the database.
	var cfg configAuditoria
	for _, o := range opciones {
		o(&cfg)
	}
	base := d.Ruta
	if cfg.base != "" {
		base = cfg.base
	}
	// Then the configuration file beside the database, then the default.
	conf, err := LeerConfiguracion(base)
	if err != nil {
		return err
	}
	if cfg.rutaClave == "" {
		if cfg.rutaClave = os.Getenv(VariableArchivoClave); cfg.rutaClave == "" {
			if cfg.rutaClave = RutaConfigurada(base, conf[AjusteClaveAuditoria]); cfg.rutaClave == "" {
				cfg.rutaClave = RutaClaveAuditoria(base)
			}
		}
	}
	if cfg.rutaAncla == "" {
		if cfg.rutaAncla = os.Getenv(VariableArchivoAncla); cfg.rutaAncla == "" {
			if cfg.rutaAncla = RutaConfigurada(base, conf[AjusteAnclaAuditoria]); cfg.rutaAncla == "" {
				cfg.rutaAncla = RutaAnclaAuditoria(base)
			}
		}
	}
	filas, firmadas, err := d.filasAuditoria(ctx)
	if err != nil {
		return err
	}
	a := &auditoriaExterna{claves: map[int64][]byte{}, sellado: -1, rutaAncla: cfg.rutaAncla, registro: cfg.registro}
	if v := os.Getenv(VariableClaveAuditoria); strings.TrimSpace(v) != "" {
		a.origen = "la variable de entorno " + VariableClaveAuditoria
		if err := a.leerClaves(v); err != nil {
			return fmt.Errorf("%s: %w", a.origen, err)
		}
	} else {
		a.rutaClave, a.origen = cfg.rutaClave, "el archivo "+cfg.rutaClave
		texto, err := leerArchivoPrivado(cfg.rutaClave)
		switch {
		case errors.Is(err, fs.ErrNotExist) && firmadas > 0:
			// Rows signed with a key that is not where this command looked:
			// a new key would sign the next rows with another "number 1" and
			// the chain would never verify again. Stop before writing.
			return &ErrClaveNoEncontrada{Base: base, Ruta: cfg.rutaClave, Firmadas: firmadas}
		case errors.Is(err, fs.ErrNotExist) && (cfg.sinCrear || (cfg.soloSinAuditoria && filas > 0)):
			texto = ""
		case errors.Is(err, fs.ErrNotExist):
			// First start with keys: the rows already there (hashed without a
			// key) are sealed; every later row must be keyed.
			// A new database has no audit table yet (the migrations run
			// after the key is loaded): nothing to seal.
			var sellado int64
			if filas > 0 {
				if err := d.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM auditoria`).Scan(&sellado); err != nil {
					return err
				}
			}
			if texto, err = crearClaveAuditoria(cfg.rutaClave, sellado); err != nil {
				return err
			}
			a.creada = true
		case err != nil:
			return err
		}
		if err := a.leerClaves(texto); err != nil {
			return fmt.Errorf("%s: %w", a.origen, err)
		}
	}
	id, _, err := ultimaLineaAncla(a.rutaAncla)
	if err != nil {
		return err
	}
	a.publicada = id
	d.aud = a
	return nil
}

// leerArchivoPrivado reads a key file, refusing one other users may read.
func leerArchivoPrivado(ruta string) (string, error) {
	st, err := os.Stat(ruta)
	if err != nil {
		return "", err
	}
	if st.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("la clave de auditoría %s tiene permisos %04o: otros usuarios podrían leerla; deje solo al dueño (chmod 600 %s)",
			ruta, st.Mode().Perm(), ruta)
	}
	b, err := os.ReadFile(ruta)
	return string(b), err
}

// crearClaveAuditoria writes a new key file (key number 1) with mode 0600,
// with the seal: the last row of the chain written without a key.
func crearClaveAuditoria(ruta string, sellado int64) (string, error) {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return "", err
	}
	texto := "# Claves de auditoría de comite: HMAC-SHA256 de cada fila del registro de auditoría.\n" +
		"# Guárdelas fuera de la base de datos, con permisos 0600, y con copia de respaldo: sin ellas\n" +
		"# la cadena no se puede verificar. Una línea por clave: número y 32 bytes en hexadecimal;\n" +
		"# la de número mayor firma las filas nuevas. Nunca borre una clave antigua.\n" +
		"# «sellado N»: las filas 1 a N se escribieron sin clave (antes de esta); toda fila posterior lleva clave.\n" +
		"sellado " + strconv.FormatInt(sellado, 10) + "\n" +
		"1 " + hex.EncodeToString(k) + "\n"
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it first: use that one.
		time.Sleep(50 * time.Millisecond)
		return leerArchivoPrivado(ruta)
	}
	if err != nil {
		return "", fmt.Errorf("crear la clave de auditoría %s: %w", ruta, err)
	}
	if _, err := f.WriteString(texto); err != nil {
		f.Close()
		return "", fmt.Errorf("crear la clave de auditoría %s: %w", ruta, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return "", err
	}
	return texto, f.Close()
}

// leerClaves parses "n hex" entries and the "sellado N" line, one a line
// (or separated by ';').
func (a *auditoriaExterna) leerClaves(texto string) error {
	var entradas []string
	for _, l := range strings.Split(texto, "\n") {
		if l = strings.TrimSpace(l); !strings.HasPrefix(l, "#") {
			entradas = append(entradas, strings.Split(l, ";")...)
		}
	}
	for _, linea := range entradas {
		linea = strings.TrimSpace(linea)
		if linea == "" {
			continue
		}
		campos := strings.Fields(strings.Replace(linea, ":", " ", 1))
		if len(campos) == 2 && campos[0] == "sellado" {
			n, err := strconv.ParseInt(campos[1], 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("sellado inválido %q", campos[1])
			}
			a.sellado = n
			continue
		}
		if len(campos) != 2 {
			return errors.New("cada clave va en una línea: número y 32 bytes en hexadecimal")
		}
		id, err := strconv.ParseInt(campos[0], 10, 64)
		if err != nil || id <= 0 {
			return fmt.Errorf("número de clave inválido %q", campos[0])
		}
		k, err := hex.DecodeString(campos[1])
		if err != nil || len(k) < 32 {
			return fmt.Errorf("la clave %d debe tener al menos 32 bytes en hexadecimal", id)
		}
		if _, repetida := a.claves[id]; repetida {
			return fmt.Errorf("la clave %d está repetida", id)
		}
		a.claves[id] = k
		a.actual = max(a.actual, id)
	}
	return nil
}

// hashFilaConClave is the hash of a row with key number claveID: the HMAC
// of the row's SHA-256 (hashFila), bound to the key number.
func hashFilaConClave(clave []byte, claveID int64, id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) string {
	m := hmac.New(sha256.New, clave)
	m.Write([]byte("comite-auditoria-hmac\n" + strconv.FormatInt(claveID, 10) + "\n"))
	m.Write([]byte(hashFila(id, en, cuenta, ip, accion, objeto, detalle, anterior)))
	return hex.EncodeToString(m.Sum(nil))
}

// Cabeza is the last row of the audit chain: its number and its hash.
type Cabeza struct {
	ID      int64
	Hash    string
	ClaveID int64
}

// Texto is the head as printed on informes and in the anchor: "fila N, hash H".
func (c Cabeza) Texto() string {
	if c.ID == 0 {
		return "registro de auditoría vacío"
	}
	return fmt.Sprintf("fila %d, hash %s", c.ID, c.Hash)
}

// CabezaAuditoria returns the current head of the audit chain.
func (d *DB) CabezaAuditoria(ctx context.Context) (Cabeza, error) {
	var c Cabeza
	err := d.QueryRowContext(ctx, `SELECT id, hash, `+d.columnaClave(ctx)+` FROM auditoria ORDER BY id DESC LIMIT 1`).Scan(&c.ID, &c.Hash, &c.ClaveID)
	if errors.Is(err, sql.ErrNoRows) {
		return Cabeza{}, nil
	}
	return c, err
}

// publicarSiAudito publishes the head after a commit, when this process has
// written audit rows since the last publication.
func (d *DB) publicarSiAudito() {
	if d.aud == nil || d.aud.escritas.Load() == 0 {
		return
	}
	if err := d.PublicarCabeza(context.Background()); err != nil && d.aud.registro != nil {
		d.aud.registro.Warn("no se pudo publicar la cabeza del registro de auditoría", "error", err.Error())
	}
}

// PublicarCabeza appends the current head of the chain to the anchor file
// (and writes it to the log) when it moved past the last one published.
// Lines are "id<TAB>hash<TAB>instante"; the file is only ever appended to.
func (d *DB) PublicarCabeza(ctx context.Context) error {
	a := d.aud
	if a == nil || a.rutaAncla == "" {
		return nil
	}
	a.publicar.Lock()
	defer a.publicar.Unlock()
	c, err := d.CabezaAuditoria(ctx)
	if err != nil || c.ID <= a.publicada {
		return err
	}
	if a.ancla == nil {
		// An anchor that lost heads the database recorded publishing is not
		// started again in silence (AceptarAnclaNueva does it, audited).
		if !a.aceptarNueva.Load() {
			if r, ok, err := d.AnclaRegistrada(ctx); err != nil {
				return err
			} else if ok && r.Fila > 0 {
				if err := comprobarAnclaContra(r, a.rutaAncla); err != nil {
					return err
				}
			}
		}
		if a.ancla, err = os.OpenFile(a.rutaAncla, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600); err != nil {
			return fmt.Errorf("ancla de auditoría: %w", err)
		}
	}
	instante := d.Now().UTC().Format(time.RFC3339)
	// One write of the whole line: with O_APPEND, lines of several processes never interleave.
	if _, err := a.ancla.WriteString(fmt.Sprintf("%d\t%s\t%s\n", c.ID, c.Hash, instante)); err != nil {
		a.ancla.Close()
		a.ancla = nil
		return fmt.Errorf("ancla de auditoría: %w", err)
	}
	a.publicada = c.ID
	if a.registro != nil {
		a.registro.Info("cabeza del registro de auditoría", "fila", c.ID, "hash", c.Hash, "ancla", a.rutaAncla)
	}
	if err := d.registrarAncla(ctx, a.rutaAncla, c.ID, c.Hash, false); err != nil {
		return fmt.Errorf("registrar en la base la cabeza publicada en el ancla %s: %w", a.rutaAncla, err)
	}
	return nil
}

// Close publishes the head of what this process audited, then closes the
// anchor and the database.
func (d *DB) Close() error {
	if a := d.aud; a != nil {
		if a.escritas.Load() > 0 {
			d.PublicarCabeza(context.Background())
		}
		a.publicar.Lock()
		if a.ancla != nil {
			a.ancla.Close()
			a.ancla = nil
		}
		a.publicar.Unlock()
	}
	return d.DB.Close()
}

// lineaAncla is one published head.
type lineaAncla struct {
	id       int64
	hash     string
	instante string
}

// restauracionAncla is a line the restore of a backup appends to the anchor:
// from that line on, the chain ends at the head (id, hash) of the restored
// copy, and the heads published before it past that row belong to the
// database that was replaced. The line is signed with the audit key, so
// someone without the key cannot append one to hide a missing tail.
//
//	restauracion<TAB>id<TAB>hash<TAB>instante<TAB>clave<TAB>hmac<TAB>sha256 del respaldo<TAB>fila más alta que se deja
type restauracionAncla struct {
	lineaAncla
	claveID  int64
	firma    string
	respaldo string // SHA-256 of the backup restored
	dejada   int64  // highest row published before it that the restored copy does not have
}

const prefijoRestauracion = "restauracion\t"

func (r restauracionAncla) mensaje() string {
	return "comite-ancla-restauracion\n" + strconv.FormatInt(r.id, 10) + "\n" + r.hash + "\n" + r.instante + "\n" +
		strconv.FormatInt(r.claveID, 10) + "\n" + r.respaldo + "\n" + strconv.FormatInt(r.dejada, 10)
}

func firmarRestauracion(clave []byte, r restauracionAncla) string {
	m := hmac.New(sha256.New, clave)
	m.Write([]byte(r.mensaje()))
	return hex.EncodeToString(m.Sum(nil))
}

func (r restauracionAncla) linea() string {
	return fmt.Sprintf("restauracion\t%d\t%s\t%s\t%d\t%s\t%s\t%d\n", r.id, r.hash, r.instante, r.claveID, r.firma, r.respaldo, r.dejada)
}

func leerRestauracion(s string) (restauracionAncla, bool) {
	c := strings.Split(strings.TrimSpace(s), "\t")
	if len(c) != 8 || c[0] != "restauracion" {
		return restauracionAncla{}, false
	}
	id, err1 := strconv.ParseInt(c[1], 10, 64)
	clave, err2 := strconv.ParseInt(c[4], 10, 64)
	dejada, err3 := strconv.ParseInt(c[7], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || id < 0 {
		return restauracionAncla{}, false
	}
	return restauracionAncla{lineaAncla: lineaAncla{id: id, hash: c[2], instante: c[3]}, claveID: clave, firma: c[5], respaldo: c[6], dejada: dejada}, true
}

func leerLineaAncla(s string) (lineaAncla, bool) {
	c := strings.Split(strings.TrimSpace(s), "\t")
	if len(c) < 2 {
		return lineaAncla{}, false
	}
	id, err := strconv.ParseInt(c[0], 10, 64)
	if err != nil || id <= 0 {
		return lineaAncla{}, false
	}
	l := lineaAncla{id: id, hash: c[1]}
	if len(c) > 2 {
		l.instante = c[2]
	}
	return l, true
}

// estadoAncla is what the anchor says, its lines read in order: the heads
// in force (a restore line drops the earlier ones past the restored head)
// and the restores recorded.
type estadoAncla struct {
	cabezas        map[int64]lineaAncla
	restauraciones []restauracionAncla
}

func nuevoEstadoAncla() *estadoAncla { return &estadoAncla{cabezas: map[int64]lineaAncla{}} }

func (e *estadoAncla) agregar(s string) {
	if strings.HasPrefix(s, prefijoRestauracion) {
		r, ok := leerRestauracion(s)
		if !ok {
			// A damaged restore line must not pass for nothing: it is kept
			// with a signature no key produces.
			r = restauracionAncla{firma: "ilegible"}
		}
		for id := range e.cabezas {
			if id > r.id {
				delete(e.cabezas, id)
			}
		}
		if r.id > 0 {
			e.cabezas[r.id] = r.lineaAncla
		}
		e.restauraciones = append(e.restauraciones, r)
		return
	}
	if l, ok := leerLineaAncla(s); ok {
		e.cabezas[l.id] = l
	}
}

func (e *estadoAncla) mayor() lineaAncla {
	var m lineaAncla
	for _, l := range e.cabezas {
		if l.id > m.id {
			m = l
		}
	}
	return m
}

// ultimaLineaAncla reads only the end of the anchor: the highest published
// id in force (a restore line in that window resets it to the restored head).
func ultimaLineaAncla(ruta string) (int64, string, error) {
	f, err := os.Open(ruta)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("ancla de auditoría: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, "", err
	}
	desde := max(0, st.Size()-8192)
	b := make([]byte, st.Size()-desde)
	if _, err := f.ReadAt(b, desde); err != nil && err != io.EOF {
		return 0, "", err
	}
	e := nuevoEstadoAncla()
	for i, s := range strings.Split(string(b), "\n") {
		if i == 0 && desde > 0 {
			continue // the window may start mid-line
		}
		e.agregar(s)
	}
	m := e.mayor()
	return m.id, m.hash, nil
}

// leerAncla reads the whole anchor in order; ok is false when the file does not exist.
func leerAncla(ruta string) (*estadoAncla, bool, error) {
	f, err := os.Open(ruta)
	if errors.Is(err, fs.ErrNotExist) {
		return nuevoEstadoAncla(), false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("ancla de auditoría: %w", err)
	}
	defer f.Close()
	e := nuevoEstadoAncla()
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 64<<10), 1<<20)
	for s.Scan() {
		e.agregar(s.Text())
	}
	return e, true, s.Err()
}

// verificarRestauraciones checks the signature of each restore line of the anchor.
func (d *DB) verificarRestauraciones(e *estadoAncla) error {
	for _, r := range e.restauraciones {
		var k []byte
		if d.aud != nil {
			k = d.aud.claves[r.claveID]
		}
		if k == nil || !hmac.Equal([]byte(strings.ToLower(r.firma)), []byte(firmarRestauracion(k, r))) {
			return &ErrCadenaRota{r.id + 1, fmt.Sprintf("el ancla %s tiene una línea de restauración (a la fila %d, el %s) que no está firmada con la clave de auditoría: no la escribió «comite restaurar»",
				d.aud.rutaAncla, r.id, r.instante)}
		}
	}
	return nil
}

// Restauracion describes a restore recorded in the anchor, for messages.
type RestauracionAnclada struct {
	Fila     int64  // head of the restored copy
	Dejada   int64  // highest row published before that the copy does not have (0: none)
	Instante string // UTC, RFC 3339
	Respaldo string // SHA-256 of the backup file
}

// RestauracionesAncla lists the restores recorded in the anchor, oldest first.
func (d *DB) RestauracionesAncla() ([]RestauracionAnclada, error) {
	if d.aud == nil || d.aud.rutaAncla == "" {
		return nil, nil
	}
	e, _, err := leerAncla(d.aud.rutaAncla)
	if err != nil {
		return nil, err
	}
	var rs []RestauracionAnclada
	for _, r := range e.restauraciones {
		rs = append(rs, RestauracionAnclada{Fila: r.id, Dejada: r.dejada, Instante: r.instante, Respaldo: r.respaldo})
	}
	return rs, nil
}

// AnclarRestauracion records in the anchor that this database was just
// restored from a backup whose SHA-256 is respaldo: a line signed with the
// audit key that sets the published head to the restored one. Heads
// published before past it stay in the file (they belong to the database
// replaced) and are named in the line. It returns what it recorded.
func (d *DB) AnclarRestauracion(ctx context.Context, respaldo string) (RestauracionAnclada, error) {
	a := d.aud
	if a == nil || a.rutaAncla == "" {
		return RestauracionAnclada{}, errors.New("no hay ancla de auditoría donde registrar la restauración")
	}
	if a.actual == 0 {
		return RestauracionAnclada{}, fmt.Errorf("registrar la restauración en el ancla %s: %w", a.rutaAncla, ErrSinClaveAuditoria)
	}
	a.publicar.Lock()
	defer a.publicar.Unlock()
	c, err := d.CabezaAuditoria(ctx)
	if err != nil {
		return RestauracionAnclada{}, err
	}
	e, _, err := leerAncla(a.rutaAncla)
	if err != nil {
		return RestauracionAnclada{}, err
	}
	r := restauracionAncla{lineaAncla: lineaAncla{id: c.ID, hash: c.Hash, instante: d.Now().UTC().Format(time.RFC3339)}, claveID: a.actual, respaldo: respaldo}
	if c.ID == 0 {
		r.hash = hashGenesis
	}
	if m := e.mayor(); m.id > c.ID {
		r.dejada = m.id
	}
	r.firma = firmarRestauracion(a.claves[a.actual], r)
	f, err := os.OpenFile(a.rutaAncla, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return RestauracionAnclada{}, fmt.Errorf("ancla de auditoría: %w", err)
	}
	if _, err := f.WriteString(r.linea()); err != nil {
		f.Close()
		return RestauracionAnclada{}, fmt.Errorf("ancla de auditoría: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return RestauracionAnclada{}, err
	}
	if err := f.Close(); err != nil {
		return RestauracionAnclada{}, err
	}
	a.publicada = c.ID
	if err := d.registrarAncla(ctx, a.rutaAncla, r.id, r.hash, true); err != nil {
		return RestauracionAnclada{}, fmt.Errorf("registrar en la base restaurada su ancla %s: %w", a.rutaAncla, err)
	}
	if a.registro != nil {
		a.registro.Info("restauración registrada en el ancla de auditoría", "fila", c.ID, "dejada", r.dejada, "respaldo", respaldo, "ancla", a.rutaAncla)
	}
	return RestauracionAnclada{Fila: r.id, Dejada: r.dejada, Instante: r.instante, Respaldo: respaldo}, nil
}

// CargarAuditoria loads the audit key and anchor into a database opened as
// it is, without Open (a backup being checked): it never creates a key.
func (d *DB) CargarAuditoria(ctx context.Context, opciones ...OpcionAuditoria) error {
	return d.prepararAuditoria(ctx, append(append([]OpcionAuditoria(nil), opciones...), SinCrearClaveAuditoria()))
}

// RotarClaveAuditoria adds a new audit key (number one above the current)
// to the key file; new rows are signed with it from the row that records the
// rotation on. Old keys stay in the file: they verify the rows they signed.
func (d *DB) RotarClaveAuditoria(ctx context.Context, quien dominio.Actor) (int64, error) {
	a := d.aud
	if a == nil || a.actual == 0 {
		return 0, ErrSinClaveAuditoria
	}
	if a.rutaClave == "" {
		return 0, fmt.Errorf("las claves vienen de %s: agregue allí una línea \"%d <64 dígitos hexadecimales>\" y reinicie", a.origen, a.actual+1)
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return 0, err
	}
	nueva := a.actual + 1
	f, err := os.OpenFile(a.rutaClave, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return 0, fmt.Errorf("rotar la clave de auditoría: %w", err)
	}
	if _, err := fmt.Fprintf(f, "%d %s\n", nueva, hex.EncodeToString(k)); err != nil {
		f.Close()
		return 0, fmt.Errorf("rotar la clave de auditoría: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return 0, err
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	anterior := a.actual
	a.claves[nueva], a.actual = k, nueva
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "auditoria.rotar_clave", Objeto: "clave_auditoria:" + strconv.FormatInt(nueva, 10),
			Detalle: map[string]any{"clave_anterior": anterior, "clave_nueva": nueva}})
	})
	return nueva, err
}

// ClavesAuditoria describes the loaded keys, for messages: their numbers and origin.
func (d *DB) ClavesAuditoria() (numeros []int64, origen string) {
	if d.aud == nil {
		return nil, ""
	}
	for id := range d.aud.claves {
		numeros = append(numeros, id)
	}
	sort.Slice(numeros, func(i, j int) bool { return numeros[i] < numeros[j] })
	return numeros, d.aud.origen
}

// RutaAncla is the anchor file this database publishes to.
func (d *DB) RutaAncla() string {
	if d.aud == nil {
		return ""
	}
	return d.aud.rutaAncla
}

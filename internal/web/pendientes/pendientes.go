// Package pendientes keeps the uploads that wait between their preview and
// their confirmation.
//
// An uploaded file is read and validated once, when it arrives; what waits
// on the server between the preview and the confirmation is the result: the
// validated rows (encoding/gob, one value per part of filas.FilasPorParte
// rows, written as they are read and read back the same way), the problems
// found and the simulated counts,
// under a random token bound to the session and the account that uploaded
// it. The preview shows what was kept (it does not read the file again) and
// the confirmation writes exactly the rows that were previewed. The raw file
// is not kept.
//
// Where: a directory of the server's own, mode 0700, next to the database
// by default (<base>.importaciones/), never the shared temporary directory,
// whose names other local users could guess or take first. Files are 0600,
// created exclusively (O_EXCL). Their name is not the token: it is the
// account's fingerprint and a hash of the token with the session
// (Dueno.nombre), so a token of another session or account names a file
// that does not exist, and is 404 before anything is opened or decoded; the
// fingerprint lets each account keep at most MaxPorCuenta uploads
// (the oldest expires), and the validated rows at most LimiteLote.
//
// Why not send the rows back to the browser in a hidden field: the
// confirmed rows could then differ from the previewed ones, and the page
// would carry the whole file. Another session cannot use the token (404), and
// a preview not confirmed is deleted after Vigencia.

package pendientes

import (
	"bufio"
	"comite/internal/importar/filas"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"comite/internal/db"
)

// Vigencia is how long an uploaded file waits for its confirmation.
const Vigencia = 2 * time.Hour

const (
	// MaxPorCuenta is how many uploads an account keeps waiting
	// (previewed, not yet confirmed or discarded); a new one expires the oldest.
	MaxPorCuenta = 3
	// LimiteLote caps the validated rows kept on disk for one upload.
	LimiteLote = 64 << 20
)

// Pendiente is what the server keeps about an uploaded file
// (<token>.json); its validated rows go in <token>.lote while they wait.
type Pendiente struct {
	Clase   string    `json:"clase"`
	Archivo string    `json:"archivo"`
	SHA256  string    `json:"sha256"`
	Tamano  int64     `json:"tamano"`
	Formato string    `json:"formato"`
	Sesion  string    `json:"sesion"` // SHA-256 of the session token
	Cuenta  string    `json:"cuenta"`
	Creada  time.Time `json:"creada"`
	// Problemas of the file or of the database (simulated import); when
	// there are any, no rows are kept.
	Problemas []filas.Problema `json:"problemas,omitempty"`
	// Simulacion: what the import would write, counted at upload, with the
	// header and first rows the preview shows.
	Simulacion *db.Resumen `json:"simulacion,omitempty"`
	Columnas   []string    `json:"columnas,omitempty"`
	Muestra    [][]string  `json:"muestra,omitempty"`
	Resultado  *db.Resumen `json:"resultado,omitempty"`
}

// Directorio is the private directory of the pending uploads, prepared
// once, when first used.
type Directorio struct {
	una      sync.Once
	nombrado string
	ruta     string
	err      error
}

// Nuevo is the directory d ("" when none was configured and the database
// has no file next to which to put it).
func Nuevo(d string) *Directorio { return &Directorio{nombrado: d} }

// Ruta is the private directory of the pending uploads. It is created 0700;
// an existing one must be a directory (not a symbolic link) of this
// process's user, and is set back to 0700.
func (dp *Directorio) Ruta() (string, error) {
	dp.una.Do(func() {
		if dp.nombrado == "" {
			dp.err = errors.New("no hay directorio para las importaciones pendientes: configure DirImportaciones")
			return
		}
		dp.ruta, dp.err = PrepararDir(dp.nombrado)
	})
	return dp.ruta, dp.err
}

// PrepararDir creates (or checks) a directory only this user can
// enter.
func PrepararDir(d string) (string, error) {
	if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("crear el directorio de importaciones %s: %w", d, err)
	}
	info, err := os.Lstat(d)
	if err != nil {
		return "", err
	}
	if !info.IsDir() {
		return "", fmt.Errorf("el directorio de importaciones %s no es un directorio (¿un enlace simbólico?)", d)
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return "", fmt.Errorf("el directorio de importaciones %s es de otro usuario (uid %d)", d, st.Uid)
	}
	if info.Mode().Perm() != 0o700 {
		if err := os.Chmod(d, 0o700); err != nil {
			return "", err
		}
	}
	return d, nil
}

// TokenValido accepts only the tokens aleatorio(24) makes (32 base64url
// characters), so a token can never name another path.
func TokenValido(t string) bool {
	if len(t) != 32 {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// Dueno is who uploads: the token of the session and the account.
type Dueno struct{ Sesion, Cuenta string }

func (q Dueno) huellaSesion() string {
	s := sha256.Sum256([]byte("importacion:" + q.Sesion))
	return hex.EncodeToString(s[:])
}

func aleatorio(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// escribirPrivado creates a new file 0600 (it must not exist: a name taken
// by someone else is never followed or reused).
func escribirPrivado(ruta string, datos []byte) error {
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(datos); err != nil {
		f.Close()
		os.Remove(ruta)
		return err
	}
	return f.Close()
}

// prefijoCuenta is the start of the names of an account's pending uploads.
func (q Dueno) prefijoCuenta() string {
	s := sha256.Sum256([]byte("importacion-cuenta:" + q.Cuenta))
	return hex.EncodeToString(s[:8]) + "-"
}

// nombrePendiente is the base name of the files of the upload token of
// this session and account.
func (q Dueno) nombre(token string) string {
	s := sha256.Sum256([]byte("importacion-archivo:" + q.huellaSesion() + ":" + token))
	return q.prefijoCuenta() + hex.EncodeToString(s[:16])
}

// ErrLoteGrande: the validated rows would not fit in LimiteLote.
var ErrLoteGrande = errors.New("lote pendiente demasiado grande")

// Guardar keeps what is known about an upload of q, and moves its
// validated rows (filas, the file an EscritorLote wrote; "" when it had
// problems) next to it; it returns the token.
func (dp *Directorio) Guardar(q Dueno, m Pendiente, filas string) (string, error) {
	dir, err := dp.Ruta()
	if err != nil {
		return "", err
	}
	limpiar(dir)
	expirarPendientesCuenta(dir, q.prefijoCuenta(), MaxPorCuenta-1)
	token := aleatorio(24)
	base := q.nombre(token)
	m.Sesion, m.Cuenta, m.Creada = q.huellaSesion(), q.Cuenta, time.Now()
	if filas != "" {
		if err := os.Rename(filas, filepath.Join(dir, base+".lote")); err != nil {
			return "", err
		}
	}
	if err := escribirMeta(dir, base, m); err != nil {
		os.Remove(filepath.Join(dir, base+".lote"))
		return "", err
	}
	return token, nil
}

// EscritorLote writes the validated rows of an upload as they are read:
// one gob value per part, in a new private file of at most
// LimiteLote bytes (ErrLoteGrande past it).
type EscritorLote struct {
	ruta string
	f    *os.File
	w    *bufio.Writer
	enc  *gob.Encoder
}

// NuevoEscritorLote starts the rows of a new upload in the directory.
func (dp *Directorio) NuevoEscritorLote() (*EscritorLote, error) {
	dir, err := dp.Ruta()
	if err != nil {
		return nil, err
	}
	ruta := filepath.Join(dir, aleatorio(24)+".subida.lote")
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	return &EscritorLote{ruta: ruta, f: f, w: w, enc: gob.NewEncoder(&topeEscritura{w: w, resta: LimiteLote})}, nil
}

// Escribir adds one part of the rows.
func (e *EscritorLote) Escribir(p *filas.Lote) error { return e.enc.Encode(p) }

// Cerrar finishes the file and returns its path.
func (e *EscritorLote) Cerrar() (string, error) {
	err := e.w.Flush()
	if cerr := e.f.Close(); err == nil {
		err = cerr
	}
	e.f = nil
	if err != nil {
		os.Remove(e.ruta)
		return "", err
	}
	return e.ruta, nil
}

// Descartar removes the file unless Cerrar kept it (and it was moved).
func (e *EscritorLote) Descartar() {
	if e.f != nil {
		e.f.Close()
		os.Remove(e.ruta)
	}
}

// topeEscritura fails once more than resta bytes are written.
type topeEscritura struct {
	w     io.Writer
	resta int
}

func (t *topeEscritura) Write(p []byte) (int, error) {
	if len(p) > t.resta {
		return 0, ErrLoteGrande
	}
	t.resta -= len(p)
	return t.w.Write(p)
}

// expirarPendientesCuenta deletes the oldest uploads of the account whose
// names start with prefijo until quedan are left.
func expirarPendientesCuenta(dir, prefijo string, quedan int) {
	entradas, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type pendiente struct {
		base string
		t    time.Time
	}
	var ps []pendiente
	for _, e := range entradas {
		n := e.Name()
		if !strings.HasPrefix(n, prefijo) || !strings.HasSuffix(n, ".json") {
			continue
		}
		if info, err := e.Info(); err == nil {
			ps = append(ps, pendiente{strings.TrimSuffix(n, ".json"), info.ModTime()})
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].t.Before(ps[j].t) })
	for len(ps) > quedan {
		os.Remove(filepath.Join(dir, ps[0].base+".lote"))
		os.Remove(filepath.Join(dir, ps[0].base+".json"))
		ps = ps[1:]
	}
}

// Actualizar writes again what is known about the upload token of q.
func (dp *Directorio) Actualizar(q Dueno, token string, m Pendiente) error {
	dir, err := dp.Ruta()
	if err != nil {
		return err
	}
	return escribirMeta(dir, q.nombre(token), m)
}

func escribirMeta(dir, base string, m Pendiente) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, base+".json."+aleatorio(6)+".tmp")
	if err := escribirPrivado(tmp, b); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, base+".json"))
}

// ErrNoExiste: no pending upload of that token for that session and account.
var ErrNoExiste = errors.New("no hay tal importación pendiente")

// Cargar reads what is known about the pending upload token of q. A bad
// token, one of another session or account, or an expired one is
// ErrNoExiste; the name of the file comes from the token, the session and
// the account, so another's token is ErrNoExiste before anything is read.
func (dp *Directorio) Cargar(q Dueno, token string) (m Pendiente, err error) {
	if !TokenValido(token) {
		return m, ErrNoExiste
	}
	dir, err := dp.Ruta()
	if err != nil {
		return m, err
	}
	b, err := os.ReadFile(filepath.Join(dir, q.nombre(token)+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return m, ErrNoExiste
	} else if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, err
	}
	if m.Sesion != q.huellaSesion() || m.Cuenta != q.Cuenta || time.Since(m.Creada) > Vigencia {
		return m, ErrNoExiste
	}
	return m, nil
}

// Fuente opens the validated rows of a pending upload and hands them
// over in their parts (filas.Fuente), one part in memory at a time; nil when
// they were imported or discarded, or the file had problems. sha is the
// file's SHA-256 as its first part records it; cerrar closes the file.
func (dp *Directorio) Fuente(q Dueno, token string) (f *filas.Fuente, sha string, cerrar func(), err error) {
	dir, err := dp.Ruta()
	if err != nil {
		return nil, "", nil, err
	}
	a, err := os.Open(filepath.Join(dir, q.nombre(token)+".lote"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil, nil
	} else if err != nil {
		return nil, "", nil, err
	}
	dec := gob.NewDecoder(bufio.NewReaderSize(a, 256<<10))
	var primera filas.Lote
	if err := dec.Decode(&primera); err != nil {
		a.Close()
		return nil, "", nil, fmt.Errorf("leer las filas de la importación pendiente: %w", err)
	}
	fuente := filas.Fuente{Clase: primera.Clase, Entregar: func(_ func(int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
		p := &primera
		for {
			if !parte(p) {
				return nil, nil
			}
			var sig filas.Lote
			if err := dec.Decode(&sig); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, []filas.Problema{{Mensaje: "no se pudieron leer las filas en espera: " + err.Error()}}
			}
			p = &sig
		}
		meta := *p
		meta.Sanciones, meta.Operaciones, meta.Usuarios = nil, nil, nil
		return &meta, nil
	}}
	return &fuente, primera.SHA256, func() { a.Close() }, nil
}

// Borrar removes the rows (and, when todo, what is known about them).
func (dp *Directorio) Borrar(q Dueno, token string, todo bool) {
	dir, err := dp.Ruta()
	if err != nil || !TokenValido(token) {
		return
	}
	base := q.nombre(token)
	os.Remove(filepath.Join(dir, base+".lote"))
	if todo {
		os.Remove(filepath.Join(dir, base+".json"))
	}
}

// limpiar deletes what is older than Vigencia.
func limpiar(dir string) {
	entradas, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entradas {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > Vigencia &&
			(strings.HasSuffix(e.Name(), ".lote") || strings.HasSuffix(e.Name(), ".datos") || strings.Contains(e.Name(), ".json")) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

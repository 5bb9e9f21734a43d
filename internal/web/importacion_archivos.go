package web

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
// (nombrePendiente), so a token of another session or account names a file
// that does not exist, and is 404 before anything is opened or decoded; the
// fingerprint lets each account keep at most maxPendientesCuenta uploads
// (the oldest expires), and the validated rows at most limiteLotePendiente.
//
// Why not send the rows back to the browser in a hidden field: the
// confirmed rows could then differ from the previewed ones, and the page
// would carry the whole file. Another session cannot use the token (404), and
// a preview not confirmed is deleted after vigenciaImportacion.

import (
	"bufio"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"comite/internal/db"
	"comite/internal/importar"

	"github.com/labstack/echo/v4"
)

// vigenciaImportacion is how long an uploaded file waits for its confirmation.
const vigenciaImportacion = 2 * time.Hour

const (
	// maxPendientesCuenta is how many uploads an account keeps waiting
	// (previewed, not yet confirmed or discarded); a new one expires the oldest.
	maxPendientesCuenta = 3
	// limiteLotePendiente caps the validated rows kept on disk for one upload.
	limiteLotePendiente = 64 << 20
	// partesEntreRecolecciones is how many parts of an upload pass between
	// two collections of the heap (see the upload handler).
	partesEntreRecolecciones = 4
)

// importacionPendiente is what the server keeps about an uploaded file
// (<token>.json); its validated rows go in <token>.lote while they wait.
type importacionPendiente struct {
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
	Problemas []importar.Problema `json:"problemas,omitempty"`
	// Simulacion: what the import would write, counted at upload, with the
	// header and first rows the preview shows.
	Simulacion *db.Resumen `json:"simulacion,omitempty"`
	Columnas   []string    `json:"columnas,omitempty"`
	Muestra    [][]string  `json:"muestra,omitempty"`
	Resultado  *db.Resumen `json:"resultado,omitempty"`
}

// dirPendientes is the private directory, prepared once.
type dirPendientes struct {
	una  sync.Once
	ruta string
	err  error
}

// muImportacion serialises confirmations, so a double click imports once.
var muImportacion sync.Mutex

// dirImportaciones is the private directory of the pending uploads: the
// configured one, or <base>.importaciones next to the database. It is
// created 0700; an existing one must be a directory (not a symbolic link)
// of this process's user, and is set back to 0700.
func (h *handler) dirImportaciones() (string, error) {
	h.pendientes.una.Do(func() {
		d := h.cfg.DirImportaciones
		if d == "" {
			if h.d == nil || h.d.Ruta == "" {
				h.pendientes.err = errors.New("no hay directorio para las importaciones pendientes: configure DirImportaciones")
				return
			}
			d = h.d.Ruta + ".importaciones"
		}
		h.pendientes.ruta, h.pendientes.err = prepararDirPrivado(d)
	})
	return h.pendientes.ruta, h.pendientes.err
}

// prepararDirPrivado creates (or checks) a directory only this user can
// enter.
func prepararDirPrivado(d string) (string, error) {
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

// tokenValido accepts only the tokens aleatorio(24) makes (32 base64url
// characters), so a token can never name another path.
func tokenValido(t string) bool {
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

func huellaSesion(c echo.Context) string {
	t, _ := c.Get(claveToken).(string)
	s := sha256.Sum256([]byte("importacion:" + t))
	return hex.EncodeToString(s[:])
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
func prefijoCuenta(c echo.Context) string {
	s := sha256.Sum256([]byte("importacion-cuenta:" + cuentaDe(c).Usuario))
	return hex.EncodeToString(s[:8]) + "-"
}

// nombrePendiente is the base name of the files of the upload token of
// this session and account.
func nombrePendiente(c echo.Context, token string) string {
	s := sha256.Sum256([]byte("importacion-archivo:" + huellaSesion(c) + ":" + token))
	return prefijoCuenta(c) + hex.EncodeToString(s[:16])
}

// errLoteGrande: the validated rows would not fit in limiteLotePendiente.
var errLoteGrande = errors.New("lote pendiente demasiado grande")

// guardarImportacion keeps what is known about an upload, and moves its
// validated rows (filas, the file nuevoEscritorLote wrote; "" when it had
// problems) next to it; it returns the token.
func (h *handler) guardarImportacion(c echo.Context, m importacionPendiente, filas string) (string, error) {
	dir, err := h.dirImportaciones()
	if err != nil {
		return "", err
	}
	limpiarImportaciones(dir)
	expirarPendientesCuenta(dir, prefijoCuenta(c), maxPendientesCuenta-1)
	token := aleatorio(24)
	base := nombrePendiente(c, token)
	m.Sesion, m.Cuenta, m.Creada = huellaSesion(c), cuentaDe(c).Usuario, time.Now()
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

// escritorLote writes the validated rows of an upload as they are read:
// one gob value per part, in a new private file of at most
// limiteLotePendiente bytes (errLoteGrande past it).
type escritorLote struct {
	ruta string
	f    *os.File
	w    *bufio.Writer
	enc  *gob.Encoder
}

func nuevoEscritorLote(ruta string) (*escritorLote, error) {
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 256<<10)
	return &escritorLote{ruta: ruta, f: f, w: w, enc: gob.NewEncoder(&topeEscritura{w: w, resta: limiteLotePendiente})}, nil
}

func (e *escritorLote) escribir(p *importar.Lote) error { return e.enc.Encode(p) }

// cerrar finishes the file and returns its path.
func (e *escritorLote) cerrar() (string, error) {
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

// descartar removes the file unless cerrar kept it (and it was moved).
func (e *escritorLote) descartar() {
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
		return 0, errLoteGrande
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

func escribirMeta(dir, base string, m importacionPendiente) error {
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

// cargarImportacion reads what is known about the pending upload of the
// route's :token. A bad token, one of another session or account, or an
// expired one is 404; the name of the file comes from the token, the
// session and the account, so another's token is 404 before anything is read.
func (h *handler) cargarImportacion(c echo.Context) (token string, m importacionPendiente, err error) {
	token = c.Param("token")
	if !tokenValido(token) {
		return token, m, echo.NewHTTPError(http.StatusNotFound)
	}
	dir, err := h.dirImportaciones()
	if err != nil {
		return token, m, err
	}
	b, err := os.ReadFile(filepath.Join(dir, nombrePendiente(c, token)+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return token, m, echo.NewHTTPError(http.StatusNotFound)
	} else if err != nil {
		return token, m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return token, m, err
	}
	if m.Sesion != huellaSesion(c) || m.Cuenta != cuentaDe(c).Usuario || time.Since(m.Creada) > vigenciaImportacion {
		return token, m, echo.NewHTTPError(http.StatusNotFound)
	}
	return token, m, nil
}

// fuenteLote opens the validated rows of a pending upload and hands them
// over in their parts (filas.Fuente), one part in memory at a time; nil when
// they were imported or discarded, or the file had problems. sha is the
// file's SHA-256 as its first part records it; cerrar closes the file.
func (h *handler) fuenteLote(c echo.Context, token string) (f *importar.Fuente, sha string, cerrar func(), err error) {
	dir, err := h.dirImportaciones()
	if err != nil {
		return nil, "", nil, err
	}
	a, err := os.Open(filepath.Join(dir, nombrePendiente(c, token)+".lote"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil, nil
	} else if err != nil {
		return nil, "", nil, err
	}
	dec := gob.NewDecoder(bufio.NewReaderSize(a, 256<<10))
	var primera importar.Lote
	if err := dec.Decode(&primera); err != nil {
		a.Close()
		return nil, "", nil, fmt.Errorf("leer las filas de la importación pendiente: %w", err)
	}
	fuente := importar.Fuente{Clase: primera.Clase, Entregar: func(_ func(int), parte func(*importar.Lote) bool) (*importar.Lote, []importar.Problema) {
		p := &primera
		for {
			if !parte(p) {
				return nil, nil
			}
			var sig importar.Lote
			if err := dec.Decode(&sig); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, []importar.Problema{{Mensaje: "no se pudieron leer las filas en espera: " + err.Error()}}
			}
			p = &sig
		}
		meta := *p
		meta.Sanciones, meta.Operaciones, meta.Usuarios = nil, nil, nil
		return &meta, nil
	}}
	return &fuente, primera.SHA256, func() { a.Close() }, nil
}

// borrarImportacion removes the rows (and, when todo, what is known about them).
func (h *handler) borrarImportacion(c echo.Context, token string, todo bool) {
	dir, err := h.dirImportaciones()
	if err != nil || !tokenValido(token) {
		return
	}
	base := nombrePendiente(c, token)
	os.Remove(filepath.Join(dir, base+".lote"))
	if todo {
		os.Remove(filepath.Join(dir, base+".json"))
	}
}

// limpiarImportaciones deletes what is older than vigenciaImportacion.
func limpiarImportaciones(dir string) {
	entradas, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entradas {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > vigenciaImportacion &&
			(strings.HasSuffix(e.Name(), ".lote") || strings.HasSuffix(e.Name(), ".datos") || strings.Contains(e.Name(), ".json")) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

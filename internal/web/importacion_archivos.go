package web

// An uploaded file waits on the server between the preview and the
// confirmation, in a private temporary directory, under a random token that
// is bound to the session and the account that uploaded it.
//
// Why not send the file back to the browser in a hidden field (base64) and
// have it posted again on confirm: the confirmed bytes could then differ
// from the previewed ones (a modified page, or another file), base64 grows
// the body by a third (a 20 MB file would no longer fit the upload limit),
// and the page would carry the whole file. Kept on the server, what is
// confirmed is exactly what was previewed (its SHA-256 is checked again),
// another session cannot use the token (404), and a preview not confirmed is
// deleted after vigenciaImportacion.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"comite/internal/db"

	"github.com/labstack/echo/v4"
)

// vigenciaImportacion is how long an uploaded file waits for its confirmation.
const vigenciaImportacion = 2 * time.Hour

// importacionPendiente is what the server keeps about an uploaded file.
type importacionPendiente struct {
	Clase     string      `json:"clase"`
	Archivo   string      `json:"archivo"`
	SHA256    string      `json:"sha256"`
	Tamano    int64       `json:"tamano"`
	Sesion    string      `json:"sesion"` // SHA-256 of the session token
	Cuenta    string      `json:"cuenta"`
	Creada    time.Time   `json:"creada"`
	Resultado *db.Resumen `json:"resultado,omitempty"`
}

var (
	dirImportacionesUna sync.Once
	dirImportacionesRes string
	dirImportacionesErr error
	// muImportacion serialises confirmations, so a double click imports once.
	muImportacion sync.Mutex
)

// dirImportaciones is the private directory of the pending uploads.
func dirImportaciones() (string, error) {
	dirImportacionesUna.Do(func() {
		d := filepath.Join(os.TempDir(), "comite-importaciones")
		if err := os.MkdirAll(d, 0o700); err != nil {
			dirImportacionesErr = err
			return
		}
		dirImportacionesErr = os.Chmod(d, 0o700)
		dirImportacionesRes = d
	})
	return dirImportacionesRes, dirImportacionesErr
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

// guardarImportacion keeps an uploaded file and returns its token.
func guardarImportacion(c echo.Context, m importacionPendiente, datos []byte) (string, error) {
	dir, err := dirImportaciones()
	if err != nil {
		return "", err
	}
	limpiarImportaciones(dir)
	token := aleatorio(24)
	m.Sesion, m.Cuenta, m.Creada = huellaSesion(c), cuentaDe(c).Usuario, time.Now()
	if err := os.WriteFile(filepath.Join(dir, token+".datos"), datos, 0o600); err != nil {
		return "", err
	}
	if err := escribirMeta(dir, token, m); err != nil {
		os.Remove(filepath.Join(dir, token+".datos"))
		return "", err
	}
	return token, nil
}

func escribirMeta(dir, token string, m importacionPendiente) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, token+".json.tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, token+".json"))
}

// cargarImportacion reads the pending upload of the route's :token. A bad
// token, one of another session or account, or an expired one is 404.
// datos is nil once the file was imported or discarded.
func cargarImportacion(c echo.Context) (token string, m importacionPendiente, datos []byte, err error) {
	token = c.Param("token")
	if !tokenValido(token) {
		return token, m, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	dir, err := dirImportaciones()
	if err != nil {
		return token, m, nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, token+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return token, m, nil, echo.NewHTTPError(http.StatusNotFound)
	} else if err != nil {
		return token, m, nil, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return token, m, nil, err
	}
	if m.Sesion != huellaSesion(c) || m.Cuenta != cuentaDe(c).Usuario || time.Since(m.Creada) > vigenciaImportacion {
		return token, m, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	datos, err = os.ReadFile(filepath.Join(dir, token+".datos"))
	if errors.Is(err, fs.ErrNotExist) {
		return token, m, nil, nil
	}
	return token, m, datos, err
}

// borrarImportacion removes the file (and, when todo, what is known about it).
func borrarImportacion(token string, todo bool) {
	dir, err := dirImportaciones()
	if err != nil || !tokenValido(token) {
		return
	}
	os.Remove(filepath.Join(dir, token+".datos"))
	if todo {
		os.Remove(filepath.Join(dir, token+".json"))
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
			(strings.HasSuffix(e.Name(), ".datos") || strings.Contains(e.Name(), ".json")) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

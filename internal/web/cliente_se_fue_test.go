package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A client that closes the connection before its page is built is not an
// error of the server: the log says so at INFO/WARN, never ERROR nor 500.
func TestClienteSeFue_noEsError(t *testing.T) {
	e := nuevoEntorno(t)
	var registro bytes.Buffer
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(&registro, nil))})
	s := e.ingresar("admin")
	ctx, cancelar := context.WithCancel(context.Background())
	cancelar()
	req := httptest.NewRequest(http.MethodGet, "/auditoria", nil).WithContext(ctx)
	req.RemoteAddr = "127.0.0.1:5555"
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	e.app.ServeHTTP(httptest.NewRecorder(), req)
	l := registro.String()
	if !strings.Contains(l, "el cliente cerró la conexión") || strings.Contains(l, "level=ERROR") || strings.Contains(l, "estado=500") {
		t.Fatalf("registro:\n%s", l)
	}
}

package web

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"comite/internal/db"

	"github.com/labstack/echo/v4"
)

// EspacioMinimoPredeterminado is the free space under which /healthz says
// degradado (Config.EspacioMinimo).
const EspacioMinimoPredeterminado = 256 << 20

// saludMostrar answers 200 "ok" when the application can read its database
// and write beside it with room to spare; 503 "degradado: CAUSA" when it
// reads but cannot write (a write probe failed) or free space is under the
// threshold; 503 "sin base de datos" when it cannot read it.
func (h *handler) saludMostrar(c echo.Context) error {
	if err := h.d.PingContext(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "sin base de datos\n")
	}
	if causa := h.degradado(); causa != "" {
		h.log.WarnContext(c.Request().Context(), "servidor degradado", "causa", causa)
		return c.String(http.StatusServiceUnavailable, "degradado: "+causa+"\n")
	}
	return c.String(http.StatusOK, "ok\n")
}

// degradado is why the database cannot keep writes ("" when it can): too
// little free space in its directory, or a small file written and synced
// there (the cheap write probe) failed.
func (h *handler) degradado() string {
	dir := filepath.Dir(h.d.Ruta)
	minimo := h.cfg.EspacioMinimo
	if minimo == 0 {
		minimo = EspacioMinimoPredeterminado
	}
	if libre, ok := espacioLibre(dir); ok && minimo > 0 && libre < minimo {
		return fmt.Sprintf("quedan %d MB libres en %s, menos que el mínimo de %d MB", libre>>20, dir, minimo>>20)
	}
	if err := sondaEscritura(h.d.Ruta + ".sonda-salud"); err != nil {
		causa := "error de entrada/salida del disco"
		if db.FaltaEspacio(err) {
			causa = "disco lleno"
		}
		return fmt.Sprintf("no se puede escribir en %s (%s): %v", dir, causa, err)
	}
	return ""
}

// sondaEscritura writes 4 KB to ruta, syncs it and removes it.
func sondaEscritura(ruta string) error {
	f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	defer os.Remove(ruta)
	_, err = f.Write(make([]byte, 4096))
	if err == nil {
		err = f.Sync()
	}
	if e := f.Close(); err == nil {
		err = e
	}
	return err
}

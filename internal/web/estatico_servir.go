package web

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"comite/web/static"

	"github.com/labstack/echo/v4"
)

// estaticoServir serves the embedded assets. A request that carries the
// file's current content hash (?v=…, as static.URL writes it) may be cached
// for a year; any other must be revalidated.
func (h *handler) estaticoServir(c echo.Context) error {
	nombre := c.Param("*")
	if nombre == "" || !fs.ValidPath(nombre) || strings.HasSuffix(nombre, ".go") {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	b, err := static.FS.ReadFile(nombre)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	hash := static.Hash(nombre)
	hd := c.Response().Header()
	// The gzip form is another representation: its own ETag, so a cache
	// never serves one for the other (RFC 9110 §8.8.3).
	gz := len(b) > 1024 && strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip")
	etiqueta := `"` + hash + `"`
	if gz {
		etiqueta = `"` + hash + `-gzip"`
	}
	hd.Set("ETag", etiqueta)
	if c.QueryParam("v") == hash {
		hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hd.Set("Cache-Control", "no-cache")
	}
	if c.Request().Header.Get("If-None-Match") == etiqueta {
		return c.NoContent(http.StatusNotModified)
	}
	tipo := mime.TypeByExtension(path.Ext(nombre))
	if tipo == "" {
		tipo = "text/plain; charset=utf-8"
	}
	hd.Add("Vary", "Accept-Encoding")
	if gz {
		hd.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, tipo, comprimido(nombre, b))
	}
	return c.Blob(http.StatusOK, tipo, b)
}

// comprimidos caches the gzip form of each embedded file (ECharts: 1 MB → ≈ 330 kB).
var comprimidos sync.Map

func comprimido(nombre string, b []byte) []byte {
	if v, ok := comprimidos.Load(nombre); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	comprimidos.Store(nombre, buf.Bytes())
	return buf.Bytes()
}

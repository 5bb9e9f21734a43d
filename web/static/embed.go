// Package static holds the files the browser downloads (CSS, the one JS file,
// the vendored ECharts), embedded in the binary so the application works with
// no internet access. URL gives each file a content-hash URL, so a file can be
// cached for a year and a new build is fetched at once.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sync"
)

//go:embed app.css app.js favicon.svg vendor
var FS embed.FS

var (
	hashesUna sync.Once
	hashes    map[string]string
)

func calcular() {
	hashes = map[string]string{}
	fs.WalkDir(FS, ".", func(ruta string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := FS.ReadFile(ruta)
		if err != nil {
			return err
		}
		h := sha256.Sum256(b)
		hashes[ruta] = hex.EncodeToString(h[:])[:16]
		return nil
	})
}

// Hash is the content hash (16 hex digits) of an embedded file, or "" when
// the file does not exist.
func Hash(nombre string) string {
	hashesUna.Do(calcular)
	return hashes[nombre]
}

// URL is the address of an embedded file with its content hash:
// URL("app.css") = "/static/app.css?v=3f2a9c1b0d4e5f60". It panics for a file
// that is not embedded, so a typo fails the first test that renders the page.
func URL(nombre string) string {
	h := Hash(nombre)
	if h == "" {
		panic("static: no existe el archivo " + nombre)
	}
	return "/static/" + nombre + "?v=" + h
}

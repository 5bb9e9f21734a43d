package pruebas

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// A plantilla is a costly fixture (a demonstration database, say) built once
// per test binary and copied into each test that uses it, so that tests can
// run in parallel without each generating the same files again.
type plantilla struct {
	una sync.Once
	dir string
	err error
}

var (
	plantillasMu sync.Mutex
	plantillas   = map[string]*plantilla{}
	plantillasEn string // the folder that holds them; BorrarPlantillas removes it
)

// CopiaDePlantilla copies into dir the files that construir writes into a
// folder of its own. construir runs once per nombre and process, the first
// time a test asks for it; its files stay until BorrarPlantillas (see
// ConPlantillas). A failure of construir fails every test that
// asks for that plantilla.
func CopiaDePlantilla(t testing.TB, nombre, dir string, construir func(dir string) error) {
	t.Helper()
	plantillasMu.Lock()
	p, ok := plantillas[nombre]
	if !ok {
		p = &plantilla{}
		plantillas[nombre] = p
	}
	if plantillasEn == "" {
		en, err := os.MkdirTemp("", "comite-plantillas-")
		if err != nil {
			plantillasMu.Unlock()
			t.Fatal(err)
		}
		plantillasEn = en
	}
	raiz := plantillasEn
	plantillasMu.Unlock()
	p.una.Do(func() {
		p.dir, p.err = os.MkdirTemp(raiz, "plantilla-")
		if p.err == nil {
			if err := construir(p.dir); err != nil {
				p.err = fmt.Errorf("construir la plantilla %q: %w", nombre, err)
			}
		}
	})
	if p.err != nil {
		t.Fatal(p.err)
	}
	archivos, err := os.ReadDir(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range archivos {
		if err := copiar(filepath.Join(p.dir, a.Name()), filepath.Join(dir, a.Name())); err != nil {
			t.Fatal(err)
		}
	}
}

// ConPlantillas runs the tests of a package that uses plantillas and then
// removes them: its TestMain is os.Exit(pruebas.ConPlantillas(m)).
func ConPlantillas(m *testing.M) int {
	c := m.Run()
	BorrarPlantillas()
	return c
}

// BorrarPlantillas removes every plantilla built by this process.
func BorrarPlantillas() {
	plantillasMu.Lock()
	defer plantillasMu.Unlock()
	if plantillasEn != "" {
		os.RemoveAll(plantillasEn)
		plantillasEn = ""
	}
}

// copiar copies one regular file, keeping its permission bits.
func copiar(de, a string) error {
	origen, err := os.Open(de)
	if err != nil {
		return err
	}
	defer origen.Close()
	st, err := origen.Stat()
	if err != nil {
		return err
	}
	destino, err := os.OpenFile(a, os.O_WRONLY|os.O_CREATE|os.O_EXCL, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(destino, origen); err != nil {
		destino.Close()
		return err
	}
	return destino.Close()
}

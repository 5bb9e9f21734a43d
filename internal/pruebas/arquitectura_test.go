package pruebas

// The map of packages in docs/arquitectura.md is checked against the code:
// every package of the module has its row, the row says exactly which
// packages of the project and which outside libraries the package imports,
// and no package under internal/ other than the web reaches echo or templ.
// The imports are read from the sources (go/build, the files that build on
// this platform, tests apart), so the check needs no toolchain besides the
// test's own.

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const modulo = "comite"

// raiz is the module's root, two levels above this package.
var raiz = filepath.Join("..", "..")

// paqueteFuente is one package of the module as its sources say.
type paqueteFuente struct {
	ruta    string   // "internal/db", "web/templates", "cmd/comite"
	imports []string // of the files that are not tests
}

// paquetesDelModulo reads every package under internal/, web/, cmd/ and scripts/.
func paquetesDelModulo(t *testing.T) map[string]paqueteFuente {
	t.Helper()
	ps := map[string]paqueteFuente{}
	for _, arriba := range []string{"internal", "web", "cmd", "scripts"} {
		err := filepath.WalkDir(filepath.Join(raiz, arriba), func(dir string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() {
				return nil
			}
			if n := e.Name(); n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
				return filepath.SkipDir
			}
			p, err := build.Default.ImportDir(dir, 0)
			var sinGo *build.NoGoError
			if errors.As(err, &sinGo) {
				return nil
			}
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(raiz, dir)
			if err != nil {
				return err
			}
			ruta := filepath.ToSlash(rel)
			ps[ruta] = paqueteFuente{ruta: ruta, imports: p.Imports}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(ps) < 10 {
		t.Fatalf("solo se encontraron %d paquetes bajo %s: ¿la raíz del módulo es otra?", len(ps), raiz)
	}
	return ps
}

// modulosRequeridos are the module paths go.mod requires.
func modulosRequeridos(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(raiz, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var ms []string
	dentro := false
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "require (":
			dentro = true
		case l == ")":
			dentro = false
		case dentro && l != "":
			ms = append(ms, strings.Fields(l)[0])
		case strings.HasPrefix(l, "require "):
			ms = append(ms, strings.Fields(l)[1])
		}
	}
	// The longest first, so that a module nested in another is matched first.
	sort.Slice(ms, func(i, j int) bool { return len(ms[i]) > len(ms[j]) })
	return ms
}

// nombreEnMapa is how the map names a package of the module it imports:
// relative to internal/, or with the module's name when outside internal/.
func nombreEnMapa(imp string) string {
	r := strings.TrimPrefix(imp, modulo+"/")
	if s, ok := strings.CutPrefix(r, "internal/"); ok {
		return s
	}
	return imp
}

// importsDe splits what a package imports into packages of the project (as
// the map names them) and outside modules.
func importsDe(p paqueteFuente, modulos []string) (propios, externos []string) {
	vistos := map[string]bool{}
	for _, imp := range p.imports {
		switch {
		case strings.HasPrefix(imp, modulo+"/"):
			propios = append(propios, nombreEnMapa(imp))
		case strings.Contains(strings.SplitN(imp, "/", 2)[0], "."):
			m := imp
			for _, c := range modulos {
				if imp == c || strings.HasPrefix(imp, c+"/") {
					m = c
					break
				}
			}
			if !vistos[m] {
				vistos[m] = true
				externos = append(externos, m)
			}
		}
	}
	sort.Strings(propios)
	sort.Strings(externos)
	return propios, externos
}

// filaMapa is one row of the map: | `paquete` | qué hace | importa del proyecto | bibliotecas externas |.
type filaMapa struct {
	linea             int
	propios, externos []string
}

var reFilaPaquete = regexp.MustCompile("^\\|\\s*`([a-z0-9_/]+)`\\s*\\|")

func leerMapa(t *testing.T) (map[string]filaMapa, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(raiz, "docs", "arquitectura.md"))
	if err != nil {
		t.Fatal(err)
	}
	filas := map[string]filaMapa{}
	for i, l := range strings.Split(string(b), "\n") {
		m := reFilaPaquete.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		celdas := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
		if len(celdas) != 4 {
			t.Errorf("docs/arquitectura.md:%d: la fila de `%s` tiene %d columnas; son 4 (paquete, qué hace, importa del proyecto, bibliotecas externas)", i+1, m[1], len(celdas))
			continue
		}
		if _, ok := filas[m[1]]; ok {
			t.Errorf("docs/arquitectura.md:%d: `%s` tiene dos filas en el mapa", i+1, m[1])
		}
		filas[m[1]] = filaMapa{linea: i + 1, propios: lista(celdas[2]), externos: lista(celdas[3])}
	}
	return filas, string(b)
}

// lista reads "`a`, `b`" or "—" as a sorted list.
func lista(celda string) []string {
	celda = strings.TrimSpace(celda)
	if celda == "—" || celda == "" {
		return nil
	}
	var xs []string
	for _, x := range strings.Split(celda, ",") {
		xs = append(xs, strings.Trim(strings.TrimSpace(x), "`"))
	}
	sort.Strings(xs)
	return xs
}

func TestMapaDePaquetesEsElCodigo(t *testing.T) {
	ps := paquetesDelModulo(t)
	modulos := modulosRequeridos(t)
	filas, _ := leerMapa(t)
	var rutas []string
	for r := range ps {
		rutas = append(rutas, r)
	}
	sort.Strings(rutas)
	for _, r := range rutas {
		f, ok := filas[r]
		if !ok {
			if strings.HasPrefix(r, "internal/") || strings.HasPrefix(r, "web/") || strings.HasPrefix(r, "cmd/") {
				t.Errorf("docs/arquitectura.md no tiene la fila del paquete `%s` en el mapa de paquetes", r)
			}
			continue
		}
		propios, externos := importsDe(ps[r], modulos)
		if !slices.Equal(propios, f.propios) {
			t.Errorf("docs/arquitectura.md:%d: `%s` importa del proyecto %s; el mapa dice %s", f.linea, r, texto(propios), texto(f.propios))
		}
		if !slices.Equal(externos, f.externos) {
			t.Errorf("docs/arquitectura.md:%d: `%s` importa las bibliotecas externas %s; el mapa dice %s", f.linea, r, texto(externos), texto(f.externos))
		}
	}
	for r, f := range filas {
		if _, ok := ps[r]; !ok {
			t.Errorf("docs/arquitectura.md:%d: el mapa nombra `%s`, que no es un paquete del módulo", f.linea, r)
		}
	}
}

func texto(xs []string) string {
	if len(xs) == 0 {
		return "«—»"
	}
	return "«" + strings.Join(xs, ", ") + "»"
}

// esWeb says whether a path is the web application or one of its subpackages.
func esWeb(ruta string) bool {
	return ruta == "internal/web" || strings.HasPrefix(ruta, "internal/web/")
}

func deLaWeb(imp string) bool {
	return imp == "github.com/labstack/echo/v4" || strings.HasPrefix(imp, "github.com/labstack/echo/") ||
		imp == "github.com/a-h/templ" || strings.HasPrefix(imp, "github.com/a-h/templ/")
}

// Only internal/web (and its subpackages) speak HTTP through echo and
// render with templ, and internal/api speaks it through echo without
// templ: the code of no other package under internal/ imports them,
// directly or through another package of the module. (Tests may: the
// backup's tests serve the real web application, the charts' tests render
// their option inside a templ component.)
func TestSoloLaWebImportaEchoYTempl(t *testing.T) {
	ps := paquetesDelModulo(t)
	// alcanza: the first package of the module, on the way from r, that imports echo or templ.
	memo := map[string]string{}
	var alcanza func(r string, camino map[string]bool) string
	alcanza = func(r string, camino map[string]bool) string {
		if v, ok := memo[r]; ok {
			return v
		}
		if camino[r] {
			return ""
		}
		camino[r] = true
		defer delete(camino, r)
		for _, imp := range ps[r].imports {
			if deLaWeb(imp) {
				memo[r] = r + " → " + imp
				return memo[r]
			}
		}
		for _, imp := range ps[r].imports {
			if s, ok := strings.CutPrefix(imp, modulo+"/"); ok {
				if v := alcanza(s, camino); v != "" {
					memo[r] = r + " → " + v
					return memo[r]
				}
			}
		}
		memo[r] = ""
		return ""
	}
	revisados := 0
	for r := range ps {
		if !strings.HasPrefix(r, "internal/") || esWeb(r) {
			continue
		}
		if r == "internal/api" {
			// The API for other systems speaks HTTP through echo too, but
			// renders no page: neither templ nor the web's templates.
			for _, imp := range ps[r].imports {
				if strings.HasPrefix(imp, "github.com/a-h/templ") || imp == modulo+"/web/templates" || imp == modulo+"/internal/web" {
					t.Errorf("internal/api importa %s; solo habla JSON", imp)
				}
			}
			continue
		}
		revisados++
		if v := alcanza(r, map[string]bool{}); v != "" {
			t.Errorf("%s llega a echo o templ: %s; solo internal/web los usa", r, v)
		}
	}
	if revisados < 20 {
		t.Fatalf("solo se revisaron %d paquetes bajo internal/", revisados)
	}
}

package importar

import (
	"comite/internal/importar/filas"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// sancionesCSV is a sanciones file of n rows; mala(fila) gives the text of a
// bad row (fila as Excel numbers it), or "" for a good one.
func sancionesCSV(n int, mala func(fila int) string) string {
	var b strings.Builder
	b.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n")
	for i := 0; i < n; i++ {
		if m := mala(i + 2); m != "" {
			b.WriteString(m + "\n")
			continue
		}
		fmt.Fprintf(&b, "800191045-1;RS-%d;%02d/03/2025;grave;multa;%d;no\n", i, 1+i%28, 1000+i)
	}
	return b.String()
}

func sinMalas(int) string { return "" }

// LeerEnPartes hands over the same rows as Leer, in order, in parts of
// FilasPorParte, each with the file's data.
func TestLeerEnPartes_mismasFilasQueLeerEnPartesOrdenadas(t *testing.T) {
	for _, n := range []int{1, filas.FilasPorParte - 1, filas.FilasPorParte, filas.FilasPorParte + 1, 2*filas.FilasPorParte + 37} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			texto := sancionesCSV(n, sinMalas)
			entero, ps := Leer(filas.Sanciones, "s.csv", strings.NewReader(texto))
			if len(ps) > 0 {
				t.Fatal(ps)
			}
			if suma := sha256.Sum256([]byte(texto)); entero.SHA256 != hex.EncodeToString(suma[:]) {
				t.Fatalf("SHA256 = %s", entero.SHA256)
			}
			var leidas []filas.FilaSancion
			var tamaños []int
			meta, ps := LeerEnPartes(filas.Sanciones, "s.csv", strings.NewReader(texto), nil, func(p *filas.Lote) bool {
				if p.Archivo != "s.csv" || p.SHA256 != entero.SHA256 || p.Clase != filas.Sanciones || !p.Tiene("fecha_firmeza") || p.Tiene("infraccion") || p.FilasEstimadas != n {
					t.Fatalf("datos de la parte: %+v", p)
				}
				tamaños = append(tamaños, len(p.Sanciones))
				leidas = append(leidas, p.Sanciones...)
				return true
			})
			if len(ps) > 0 || meta == nil || meta.Filas() != 0 || meta.SHA256 != entero.SHA256 {
				t.Fatalf("meta %+v, %v", meta, ps)
			}
			if !reflect.DeepEqual(leidas, entero.Sanciones) {
				t.Fatal("las partes no suman las filas de Leer")
			}
			for i, k := range tamaños {
				if k > filas.FilasPorParte || (i < len(tamaños)-1 && k != filas.FilasPorParte) {
					t.Fatalf("tamaños de las partes %v", tamaños)
				}
			}
		})
	}
}

// With bad rows, the good ones are still handed over (so the writer can
// report its own problems) and the problems are those of Leer.
func TestLeerEnPartes_conFilasMalasEntregaLasBuenasYLasMismasProblemas(t *testing.T) {
	n := filas.FilasPorParte + 50
	malas := map[int]string{3: "800191045-1;RS-x;31/02/2025;grave;multa;1;no", filas.FilasPorParte + 20: "800191045-2;RS-y;01/03/2025;grave;multa;1;no"}
	texto := sancionesCSV(n, func(f int) string { return malas[f] })
	_, quiere := Leer(filas.Sanciones, "s.csv", strings.NewReader(texto))
	if len(quiere) != 2 {
		t.Fatalf("Leer: %v", quiere)
	}
	contadas := 0
	meta, ps := LeerEnPartes(filas.Sanciones, "s.csv", strings.NewReader(texto), nil, func(p *filas.Lote) bool {
		for _, s := range p.Sanciones {
			if malas[s.Fila] != "" {
				t.Fatalf("entregó la fila mala %d", s.Fila)
			}
		}
		contadas += len(p.Sanciones)
		return true
	})
	if meta == nil || !reflect.DeepEqual(ps, quiere) || contadas != n-2 {
		t.Fatalf("meta %v, problemas %v, filas %d", meta, ps, contadas)
	}
}

// parte returning false stops the reading: no data, no problems.
func TestLeerEnPartes_parteDetieneLaLectura(t *testing.T) {
	texto := sancionesCSV(3*filas.FilasPorParte, sinMalas)
	partes := 0
	meta, ps := LeerEnPartes(filas.Sanciones, "s.csv", strings.NewReader(texto), nil, func(*filas.Lote) bool { partes++; return false })
	if meta != nil || ps != nil || partes != 1 {
		t.Fatalf("meta %v, problemas %v, partes %d", meta, ps, partes)
	}
}

// A usuarios file (rows of one NIT compared with each other) comes in one part.
func TestLeerEnPartes_usuariosEnUnaParte(t *testing.T) {
	var b strings.Builder
	b.WriteString("nit;razon_social;tipo;registro_vigente_desde\n")
	for i := 0; i < filas.FilasPorParte+10; i++ {
		fmt.Fprintf(&b, "800191045-1;Agencia;agencia_de_aduanas;%d-01-01\n", 1900+i%300)
	}
	partes := 0
	LeerEnPartes(filas.Usuarios, "u.csv", strings.NewReader(b.String()), nil, func(p *filas.Lote) bool { partes++; return true })
	if partes != 1 {
		t.Fatalf("%d partes", partes)
	}
}

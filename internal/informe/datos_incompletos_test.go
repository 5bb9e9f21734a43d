package informe

import (
	"comite/internal/contrato"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Art. 25 inc. 1 with the operations of the reference year never loaded:
// the informe (page and PDF) says "Datos incompletos: cargue las operaciones
// de 2025" where the core returned null, never "Procede el Comité" nor a
// zero for O; the charts leave the year as a gap.
func TestInforme_art25_datosIncompletos(t *testing.T) {
	d := datosEjemplo(t)
	entrada, err := os.ReadFile(filepath.Join("..", "..", "testdata", "evaluar", "faltan_operaciones.json"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := contrato.LeerEvaluacion(entrada)
	if err != nil {
		t.Fatal(err)
	}
	d.Evaluacion, d.Serie = desdeEntrada(t, e)
	d.Concepto = nil

	const quiere = "Datos incompletos: cargue las operaciones de 2025"
	secs, err := Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	var todo strings.Builder
	for _, s := range secs {
		for _, b := range s.Bloques {
			todo.WriteString(b.Texto + "\n")
			for _, p := range b.Pares {
				todo.WriteString(p.Etiqueta + ": " + p.Valor + "\n")
			}
			if b.Tabla != nil {
				for _, f := range b.Tabla.Filas {
					todo.WriteString(strings.Join(f, " | ") + "\n")
				}
			}
		}
	}
	texto := todo.String()
	for _, x := range []string{"Resultado: " + quiere, "O — operaciones de comercio exterior de 2025: " + quiere, "Umbral del 0,5 %: " + quiere} {
		if !strings.Contains(texto, x) {
			t.Errorf("falta %q en:\n%s", x, texto)
		}
	}
	if strings.Contains(texto, "Procede el Comité") || strings.Contains(texto, "$ 0\n") {
		t.Errorf("el informe dice «procede» o un cero:\n%s", texto)
	}

	// The chart of the 0,5 % line: 2025 has no point (gap), the bars of S stay.
	for _, g := range Graficos(d) {
		if g.Clave != GraficoUmbral {
			continue
		}
		linea := g.Series[1].Valores
		if linea[len(linea)-1] != nil || g.Series[0].Valores[len(linea)-1] == nil {
			t.Errorf("2025 debe ser un hueco en la línea: %v", linea)
		}
		if _, err := g.PNG(); err != nil {
			t.Fatal(err)
		}
	}

	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	archivo := filepath.Join(t.TempDir(), "incompleto.pdf")
	if err := os.WriteFile(archivo, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	txt := correr(t, herramienta(t, "pdftotext"), archivo, "-")
	plano := strings.Join(strings.Fields(txt), " ")
	if !strings.Contains(plano, "Resultado de la evaluación: "+quiere) || strings.Contains(plano, "Procede el Comité") {
		t.Errorf("el PDF no dice «%s» en la primera página:\n%s", quiere, plano[:min(len(plano), 1500)])
	}
}

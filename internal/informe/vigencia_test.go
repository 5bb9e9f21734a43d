package informe

import (
	"strings"
	"testing"
)

// C-072 de 2025 deferred the end of DL920-2023 to 20/06/2026: an evaluation
// computed for a later commission carries norma_sin_vigencia_confirmada, and
// the informe says so before anything else, on page 1 of the PDF.
func TestInforme_C072_avisoDeVigenciaEnLaPrimeraPagina(t *testing.T) {
	d := datosEjemplo(t)
	secs, err := Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	if b := secs[0].Bloques[0]; b.Tipo == BloqueAviso && strings.Contains(b.Texto, "confirme la norma aplicable") {
		t.Fatalf("aviso de vigencia en un caso con la norma vigente: %q", b.Texto)
	}

	hasta := "2026-06-20"
	d.Evaluacion.Alertas = append(d.Evaluacion.Alertas, "norma_sin_vigencia_confirmada")
	if d.Evaluacion.ConjuntoVigencia != nil {
		c := *d.Evaluacion.ConjuntoVigencia
		c.Estado, c.Hasta = "posterior_a_vigencias", &hasta
		d.Evaluacion.ConjuntoVigencia = &c
	}
	secs, err = Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	if b := secs[0].Bloques[0]; b.Tipo != BloqueAviso || !strings.HasPrefix(b.Texto, "Norma sin vigencia confirmada: confirme la norma aplicable") {
		t.Fatalf("primer bloque del informe = %+v", b)
	}
	archivo := escribirTemp(t, generar(t, d))
	primera := correr(t, herramienta(t, "pdftotext"), "-f", "1", "-l", "1", archivo, "-")
	if !strings.Contains(primera, "Norma sin vigencia confirmada: confirme la norma aplicable") {
		t.Fatalf("la página 1 del PDF no tiene el aviso:\n%s", primera)
	}
}

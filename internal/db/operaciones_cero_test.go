package db

import (
	"comite/internal/importar/filas"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/importar"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// Art. 25 inc. 1: the store tells a year never loaded from a year loaded with
// 0. The example files import a user with three acts of 2025 and no
// operations: its test is unknown; an import (or the form) that declares 0
// for 2025 stores a row, and the test is then known (met, with the
// Secretaría's criterion and its alert).
func TestOperaciones_art25_anioNoCargadoFrenteACeroDeclarado(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	importarEjemplo(t, d, filas.Usuarios, "usuarios_sin_operaciones.csv")
	importarEjemplo(t, d, filas.Sanciones, "sanciones_sin_operaciones.csv")
	nueva := reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), Gravedad: sancion.Grave}
	const nitSin = "901234567-7"

	e, r, err := evaluarUsuario(fondo, d, nitSin, nueva, sancion.AnclajeComision)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Operaciones) != 0 || r.NumeroActos != 3 || r.ProcedeComite != reincidencia.Desconocido || r.TotalOperaciones != nil ||
		!r.TieneAlerta(reincidencia.FaltanOperaciones) {
		t.Fatalf("sin operaciones cargadas: ops %v actos %d procede %v O %v alertas %v", e.Operaciones, r.NumeroActos, r.ProcedeComite, r.TotalOperaciones, r.Alertas)
	}

	csv := "nit;anio;valor;numero_operaciones\n901.234.567-7;2025;0;0\n"
	lote, problemas := importar.Leer(filas.Operaciones, "ceros.csv", strings.NewReader(csv))
	if len(problemas) > 0 {
		t.Fatal(problemas)
	}
	if _, err := d.Importar(fondo, lote, actorPrueba, OpcionesImportacion{}); err != nil {
		t.Fatal(err)
	}
	e, r, err = evaluarUsuario(fondo, d, nitSin, nueva, sancion.AnclajeComision)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Operaciones) != 1 || e.Operaciones[0].Anio != 2025 || !e.Operaciones[0].Valor.IsZero() {
		t.Fatalf("la fila en cero no quedó guardada: %+v", e.Operaciones)
	}
	if r.ProcedeComite != reincidencia.Si || r.TotalOperaciones == nil || !r.TotalOperaciones.IsZero() || !r.TieneAlerta(reincidencia.SinOperaciones) {
		t.Fatalf("cero declarado: procede %v O %v alertas %v", r.ProcedeComite, r.TotalOperaciones, r.Alertas)
	}
}

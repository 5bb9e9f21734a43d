package db

import (
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"fmt"
	"testing"

	"comite/internal/fallo"
	"comite/internal/flujo"
)

// Every error of the store says its kind by code (the web maps the code to
// a status once), keeping its name and fields for the callers that read them.
func TestFallos_codigoDeCadaErrorDelAlmacen(t *testing.T) {
	t.Parallel()
	casos := []struct {
		nombre string
		err    error
		codigo fallo.Codigo
	}{
		{"caso inexistente", ErrCasoNoExiste, fallo.NoEncontrado},
		{"acto inexistente", ErrActoNoExiste, fallo.NoEncontrado},
		{"informe inexistente", ErrInformeNoExiste, fallo.NoEncontrado},
		{"acta inexistente", ErrActaNoExiste, fallo.NoEncontrado},
		{"sesión del Comité inexistente", ErrSesionNoExiste, fallo.NoEncontrado},
		{"cuenta inexistente", ErrCuentaNoExiste, fallo.NoEncontrado},
		{"usuario aduanero no registrado", ErrUsuarioNoRegistrado, fallo.NoEncontrado},
		{"token de calendario revocado", ErrTokenCalendario, fallo.NoEncontrado},
		{"día inhábil inexistente", ErrDiaInhabilNoExiste, fallo.NoEncontrado},
		{"día inhábil repetido", ErrDiaInhabilExiste, fallo.Conflicto},
		{"cuenta repetida", ErrCuentaExiste, fallo.Conflicto},
		{"UVT usada", ErrUVTUsada, fallo.Conflicto},
		{"caso duplicado", &ErrCasoDuplicado{ID: 1, Numero: "CF-2026-0001", Estado: flujo.Reportado}, fallo.Conflicto},
		{"año cargado de la otra forma", &ErrFormaOperaciones{NIT: "800191045-1", Anio: 2025, Existente: "anual"}, fallo.Conflicto},
		{"paso rechazado", &flujo.ErrPaso{Mensaje: "no"}, fallo.Conflicto},
		{"sin sesión", ErrSinSesion, fallo.NoAutenticado},
		{"servidor ocupado con claves", ErrOcupado, fallo.Ocupado},
		{"formulario", &ErrFormulario{Campos: map[string]string{"nit": "falta"}}, fallo.Invalido},
		{"concepto", &ErrConcepto{Campos: map[string]string{"decision": "falta"}}, fallo.Invalido},
		{"validación de un campo", ErrClaveActual, fallo.Invalido},
		{"importación", &ErrImportacion{Problemas: []filas.Problema{{Fila: 3, Campo: "nit", Mensaje: "no registrado"}}}, fallo.Invalido},
		{"cualquier otro", fmt.Errorf("disco lleno"), fallo.Interno},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if g := fallo.CodigoDe(fmt.Errorf("envuelto: %w", c.err)); g != c.codigo {
				t.Fatalf("código %v, quería %v", g, c.codigo)
			}
		})
	}
}

func TestFallos_camposPorFila(t *testing.T) {
	t.Parallel()
	e := fallo.De(&ErrImportacion{Problemas: []filas.Problema{
		{Fila: 3, Campo: "nit", Mensaje: "no registrado"},
		{Fila: 3, Campo: "nit", Mensaje: "repetido"},
		{Fila: 9, Mensaje: "fila vacía"},
		{Mensaje: "falta la columna nit"},
	}})
	want := map[string]string{"fila 3, nit": "no registrado; repetido", "fila 9": "fila vacía", "archivo": "falta la columna nit"}
	if fmt.Sprint(e.Campos) != fmt.Sprint(want) {
		t.Fatalf("campos %v, quería %v", e.Campos, want)
	}
	v := fallo.De(&dominio.ErrValidacion{Campo: "rol", Mensaje: "elija uno"})
	if v.Campos["rol"] != "elija uno" {
		t.Fatalf("campos %v", v.Campos)
	}
}

func TestUnaFila(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	otro := fallo.Nuevo(fallo.NoEncontrado, "no")
	if _, err := d.Exec(`INSERT INTO dias_inhabiles(fecha, motivo, creado_por, creado_en) VALUES ('2026-04-06', 'x', 'x', 'x')`); err != nil {
		t.Fatal(err)
	}
	rs, err := d.Exec(`UPDATE dias_inhabiles SET motivo = 'y' WHERE fecha = '2026-04-06'`)
	if err := unaFila(rs, err, otro); err != nil {
		t.Fatalf("una fila: %v", err)
	}
	rs, err = d.Exec(`UPDATE dias_inhabiles SET motivo = 'y' WHERE fecha = '2026-04-07'`)
	if err := unaFila(rs, err, otro); err != otro {
		t.Fatalf("ninguna fila: %v", err)
	}
}

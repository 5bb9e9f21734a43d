package fallo_test

import (
	"errors"
	"fmt"
	"testing"

	"comite/internal/fallo"
)

// propio is an error type of another package that describes itself as a
// fallo.Error (as the store's and the cores' types do).
type propio struct{ campo string }

func (e *propio) Error() string { return "propio" }
func (e *propio) As(target any) bool {
	return fallo.Como(target, fallo.Campo(e.campo, "no sirve"))
}

func TestCodigoDe(t *testing.T) {
	noExiste := fallo.Nuevo(fallo.NoEncontrado, "el caso no existe")
	casos := []struct {
		nombre string
		err    error
		codigo fallo.Codigo
	}{
		{"nil es interno", nil, fallo.Interno},
		{"error sin clasificar es interno", errors.New("disco lleno"), fallo.Interno},
		{"centinela", noExiste, fallo.NoEncontrado},
		{"centinela envuelto con %w", fmt.Errorf("leer el caso 7: %w", noExiste), fallo.NoEncontrado},
		{"tipo ajeno con As", &propio{"nit"}, fallo.Invalido},
		{"tipo ajeno envuelto", fmt.Errorf("fila 3: %w", &propio{"nit"}), fallo.Invalido},
		{"envolver conserva la causa y pone el código", fallo.Envolver(fallo.Conflicto, "cambió", errors.New("x")), fallo.Conflicto},
		{"ocupado", fallo.Nuevo(fallo.Ocupado, "espere"), fallo.Ocupado},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if g := fallo.CodigoDe(c.err); g != c.codigo {
				t.Fatalf("CodigoDe = %v, quería %v", g, c.codigo)
			}
			if c.err != nil && !fallo.Es(c.err, c.codigo) {
				t.Fatalf("Es(%v) = false", c.codigo)
			}
		})
	}
}

func TestDe_camposDeUnTipoAjeno(t *testing.T) {
	e := fallo.De(fmt.Errorf("guardar: %w", &propio{"razon_social"}))
	if e == nil || e.Campos["razon_social"] != "no sirve" {
		t.Fatalf("De = %#v", e)
	}
}

func TestError_identidadDeCentinelas(t *testing.T) {
	a := fallo.Nuevo(fallo.NoEncontrado, "el caso no existe")
	b := fallo.Nuevo(fallo.NoEncontrado, "el caso no existe")
	if errors.Is(fmt.Errorf("x: %w", a), b) {
		t.Fatal("dos centinelas distintos con el mismo texto no deben ser el mismo error")
	}
	if !errors.Is(fmt.Errorf("x: %w", a), a) {
		t.Fatal("errors.Is debe reconocer el centinela envuelto")
	}
}

func TestError_texto(t *testing.T) {
	casos := []struct {
		nombre string
		err    *fallo.Error
		texto  string
	}{
		{"mensaje", fallo.Nuevo(fallo.Conflicto, "ya existe"), "ya existe"},
		{"un campo", fallo.Campo("nit", "dígito de verificación errado"), "nit: dígito de verificación errado"},
		{"campos en orden de nombre", fallo.DeCampos(map[string]string{"b": "dos", "a": "uno"}), "a: uno; b: dos"},
		{"mensaje y campos", &fallo.Error{Codigo: fallo.Invalido, Mensaje: "Revise", Campos: map[string]string{"b": "dos", "a": "uno"}}, "Revise (a: uno; b: dos)"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if g := c.err.Error(); g != c.texto {
				t.Fatalf("Error() = %q, quería %q", g, c.texto)
			}
		})
	}
}

func TestCodigo_String(t *testing.T) {
	for c, n := range map[fallo.Codigo]string{fallo.Interno: "interno", fallo.Invalido: "invalido", fallo.NoEncontrado: "no_encontrado",
		fallo.Conflicto: "conflicto", fallo.NoAutenticado: "no_autenticado", fallo.Prohibido: "prohibido", fallo.Ocupado: "ocupado", fallo.Codigo(200): "interno"} {
		if c.String() != n {
			t.Errorf("%d.String() = %q, quería %q", c, c.String(), n)
		}
	}
}

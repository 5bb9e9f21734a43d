package db

// The store's error types keep their names (callers test them with errors.As
// and read their fields), and each describes itself as one fallo.Error, so the
// web layer classifies every one of them by code (fallo.De), never by text.

import (
	"database/sql"
	"fmt"

	"comite/internal/fallo"
	"comite/internal/importar/filas"
	"strconv"
)

// As makes a form error a fallo.Invalido with its field messages.
func (e *ErrFormulario) As(target any) bool {
	return fallo.Como(target, fallo.DeCampos(e.Campos))
}

// As makes a concepto's field problems a fallo.Invalido.
func (e *ErrConcepto) As(target any) bool {
	return fallo.Como(target, fallo.DeCampos(e.Campos))
}

// As makes a duplicate report a fallo.Conflicto (the page links the first case).
func (e *ErrCasoDuplicado) As(target any) bool {
	return fallo.Como(target, fallo.Nuevo(fallo.Conflicto, e.Error()))
}

// As makes a year loaded in the other form a fallo.Conflicto.
func (e *ErrFormaOperaciones) As(target any) bool {
	return fallo.Como(target, fallo.Nuevo(fallo.Conflicto, e.Error()))
}

// As makes the rows an import refuses a fallo.Invalido, one field per row
// and column ("fila 3, nit").
func (e *ErrImportacion) As(target any) bool {
	campos := make(map[string]string, len(e.Problemas))
	for _, p := range e.Problemas {
		k := campoProblema(p)
		if m, ok := campos[k]; ok {
			campos[k] = m + "; " + p.Mensaje
		} else {
			campos[k] = p.Mensaje
		}
	}
	return fallo.Como(target, &fallo.Error{Codigo: fallo.Invalido, Mensaje: e.Error(), Campos: campos})
}

// campoProblema names where an import problem is: "archivo", "fila 7" or
// "fila 7, valor".
func campoProblema(p filas.Problema) string {
	switch {
	case p.Fila <= 0:
		return "archivo"
	case p.Campo == "":
		return "fila " + strconv.Itoa(p.Fila)
	}
	return "fila " + strconv.Itoa(p.Fila) + ", " + p.Campo
}

// ErrEstadoCambiado is a step on a case whose state changed since it was
// read: another person moved it meanwhile. Nothing was written.
var ErrEstadoCambiado = fallo.Nuevo(fallo.Conflicto, "El caso cambió de estado mientras tanto (otra persona lo movió): no se guardó ningún cambio. Vuelva a abrir el caso y revise su estado actual.")

// unaFila checks that a write changed exactly one row: a change of state
// (UPDATE … WHERE id = ? AND estado = ?) that matched none is siNinguna, never
// a silent success.
func unaFila(res sql.Result, err error, siNinguna error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	switch n {
	case 1:
		return nil
	case 0:
		return siNinguna
	}
	return fmt.Errorf("la escritura cambió %d filas donde debía cambiar una", n)
}

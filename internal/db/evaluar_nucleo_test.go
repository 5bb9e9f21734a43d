package db

import (
	"context"
	"fmt"

	"comite/internal/reincidencia"
)

// evaluarUsuario runs the committee test for one user from what the store
// reads (EntradaEvaluacion) with the application's reference, through the
// core (reincidencia.Evaluar): the store holds no rule of its own.
func evaluarUsuario(ctx context.Context, d *DB, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje reincidencia.Anclaje) (reincidencia.Entrada, reincidencia.Resultado, error) {
	e, err := d.EntradaEvaluacion(ctx, nitUsuario, nueva, anclaje)
	if err != nil {
		return e, reincidencia.Resultado{}, err
	}
	r, err := reincidencia.Evaluar(e, d.Referencia())
	if err != nil {
		return e, r, fmt.Errorf("evaluar %s: %w", e.Usuario.NIT, err)
	}
	return e, r, nil
}

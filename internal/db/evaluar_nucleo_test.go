package db

import (
	"context"
	"fmt"

	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// entradaEvaluacion is the committee test's input from what the store reads
// (LeerEvaluacion), mapped the way the application does (expediente.Entrada,
// which this package's tests cannot import).
func entradaEvaluacion(ctx context.Context, d *DB, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje sancion.Anclaje) (reincidencia.Entrada, error) {
	l, err := d.LeerEvaluacion(ctx, nitUsuario)
	if err != nil {
		return reincidencia.Entrada{}, err
	}
	u := l.Perfil.Usuario
	e := reincidencia.Entrada{
		Usuario: reincidencia.Usuario{NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: u.Tipo, RegistroVigente: u.RegistroVigente(nueva.FechaComision)},
		Nueva:   nueva, Anclaje: anclaje, DiasInhabiles: l.DiasInhabiles,
	}
	e.Actos = make([]reincidencia.Acto, len(l.Perfil.Actos))
	for i, a := range l.Perfil.Actos {
		e.Actos[i] = reincidencia.Acto{Numero: a.NumeroActo, FechaFirmeza: a.FechaFirmeza, Gravedad: a.Gravedad, Sancion: a.Sancion, Valor: a.Valor, Allanamiento: a.Allanamiento}
	}
	for _, o := range l.Perfil.Operaciones {
		e.Operaciones = append(e.Operaciones, reincidencia.Operaciones{Anio: o.Anio, Valor: o.Valor, Numero: o.Numero})
	}
	return e, nil
}

// evaluarUsuario runs the committee test for one user from what the store
// reads with the application's reference, through the core
// (reincidencia.Evaluar): the store holds no rule of its own.
func evaluarUsuario(ctx context.Context, d *DB, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje sancion.Anclaje) (reincidencia.Entrada, reincidencia.Resultado, error) {
	e, err := entradaEvaluacion(ctx, d, nitUsuario, nueva, anclaje)
	if err != nil {
		return e, reincidencia.Resultado{}, err
	}
	r, err := reincidencia.Evaluar(e, d.Referencia())
	if err != nil {
		return e, r, fmt.Errorf("evaluar %s: %w", e.Usuario.NIT, err)
	}
	return e, r, nil
}

package contrato

import (
	"comite/internal/dominio"
	"comite/internal/reincidencia"
	"comite/internal/valores"
)

// ResultadoDe reads the stored output of an evaluation back.
//
// A snapshot stored by the first version of the rules is re-read by the core
// when the rules of today disagree with it on the same stored input
// (ReleerVersion1): every screen, step and informe reads it here.
func ResultadoDe(e dominio.Evaluacion, ref valores.Referencia) (EvaluacionJSON, error) {
	r, err := LeerResultado([]byte(e.ResultadoJSON))
	if err != nil {
		return r, err
	}
	return ReleerVersion1(r, []byte(e.EntradaJSON), ref), nil
}

// EntradaDe reads the stored input of an evaluation back.
func EntradaDe(e dominio.Evaluacion) (reincidencia.Entrada, error) {
	return LeerEntradaGuardada([]byte(e.EntradaJSON))
}

// IncrementoDe is the increment of a read output as the domain keeps it (nil: none).
func IncrementoDe(r EvaluacionJSON) *dominio.Incremento {
	if r.SancionIncrementada == nil {
		return nil
	}
	i := dominio.Incremento(*r.SancionIncrementada)
	return &i
}

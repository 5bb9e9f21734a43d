package expediente

// The applicable norm as a recorded decision: when the facts of a case fall
// outside the validity of every rule set the application knows (the rule
// sets' validity comes from the law and the Corte Constitucional; which norm
// applies then is not something the application can decide), the
// Secretaría Técnica records which norm applies and why. Who, when and what
// stay in the case's history, the audit and the informe; until it is
// recorded the case is not presented to the Comité (flujo.Validar).

import (
	"comite/internal/contrato"
	"comite/internal/dominio"
	"context"
	"strings"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/permisos"
)

// MaxLargoNorma limits the text of the decision.
const MaxLargoNorma = 4000

// RegistrarNormaAplicable records the Secretaría's decision on the norm that
// applies to a case whose evaluation warns it is outside every validity. A
// later decision replaces it in force; the earlier stays in the history.
func (x *Expediente) RegistrarNormaAplicable(ctx context.Context, casoID int64, texto string, quien dominio.ActorCaso) error {
	if !permisos.Puede(quien.Rol, permisos.EvaluarCaso) {
		return &flujo.ErrPaso{Mensaje: "La norma aplicable la registra la Secretaría Técnica."}
	}
	texto = strings.TrimSpace(texto)
	switch {
	case len([]rune(texto)) < 10:
		return &db.ErrFormulario{Campos: map[string]string{"norma": "Escriba qué norma aplica y por qué (por ejemplo: «Se aplica el Decreto Ley 920 de 2023 porque…»)."}}
	case len([]rune(texto)) > MaxLargoNorma:
		return &db.ErrFormulario{Campos: map[string]string{"norma": "El texto admite hasta 4.000 caracteres."}}
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		c, err := casoPara(w, casoID, quien)
		if err != nil {
			return err
		}
		if c.Estado == flujo.Cerrado || c.Estado == flujo.NoProcede {
			return &flujo.ErrPaso{Mensaje: "El caso está cerrado: su norma aplicable ya no se registra."}
		}
		ev, err := w.UltimaEvaluacion(casoID)
		if err != nil {
			return err
		}
		ref, err := w.Referencia()
		if err != nil {
			return err
		}
		r, err := contrato.ResultadoDe(ev, ref)
		if err != nil {
			return err
		}
		if r.AvisoVigencia() == "" {
			return &flujo.ErrPaso{Mensaje: "Los hechos del caso caen dentro de la vigencia del conjunto de reglas " + ev.ConjuntoReglas + ": no hay norma aplicable que decidir."}
		}
		if err := w.InsertarNormaAplicable(casoID, texto, quien.Cuenta); err != nil {
			return err
		}
		if err := w.InsertarEvento(casoID, c.Estado, c.Estado, "norma_aplicable", "Norma aplicable: "+texto, ev.ID, quien); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.norma_aplicable", Objeto: "caso:" + c.Numero,
			Detalle: map[string]any{"norma": texto, "conjunto_reglas": ev.ConjuntoReglas}})
	})
}

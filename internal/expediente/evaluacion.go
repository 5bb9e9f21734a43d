package expediente

// The committee test of a case, computed by the application inside the
// operation's one write transaction: the store reads the user's profile,
// the declared non-business days and the reference values (db.Escritura),
// the core computes (reincidencia.Evaluar, pure) and the snapshot is
// encoded here with internal/contrato; the store writes the bytes it is
// given. Likewise flujo's decision context is assembled here from the facts
// the store reads (db.HechosCaso).

import (
	"context"
	"encoding/json"
	"fmt"

	"comite/internal/contrato"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
)

// evaluar computes the committee test of one user's new infraction with
// the facts read in w, and returns the snapshot to insert (its input,
// output and values used; the caller sets the case, version, reason and
// author) and the result.
func evaluar(w *db.Escritura, perfil db.LecturaPerfil, nueva reincidencia.NuevaInfraccion, anclaje sancion.Anclaje) (dominio.Evaluacion, reincidencia.Resultado, error) {
	dias, err := w.DiasInhabiles()
	if err != nil {
		return dominio.Evaluacion{}, reincidencia.Resultado{}, fmt.Errorf("evaluar %s: %w", perfil.Usuario.NIT, err)
	}
	ref, err := w.Referencia()
	if err != nil {
		return dominio.Evaluacion{}, reincidencia.Resultado{}, err
	}
	e := Entrada(perfil, nueva, anclaje, dias)
	r, err := reincidencia.Evaluar(e, ref)
	if err != nil {
		return dominio.Evaluacion{}, r, fmt.Errorf("evaluar el caso: %w", err)
	}
	ent, res, val, err := instantanea(ref, e, r)
	if err != nil {
		return dominio.Evaluacion{}, r, err
	}
	return dominio.Evaluacion{ConjuntoReglas: r.ConjuntoReglas, EntradaJSON: string(ent), ResultadoJSON: string(res), ValoresJSON: string(val)}, r, nil
}

// instantanea writes the three JSON documents of a stored evaluation (input,
// output, values used) for a computed result — the format every snapshot is
// stored in.
func instantanea(ref valores.Referencia, e reincidencia.Entrada, r reincidencia.Resultado) (ent, res, val []byte, err error) {
	if ent, err = contrato.EscribirEntrada(e); err != nil {
		return
	}
	if res, err = contrato.EscribirEvaluacion(r); err != nil {
		return
	}
	val, err = json.Marshal(valoresUsados(ref, r, e))
	return
}

// valoresUsados records the rule set the evaluation used (chosen by the
// commission date) and the UVT of the increment's year, from ref.
func valoresUsados(ref valores.Referencia, r reincidencia.Resultado, e reincidencia.Entrada) db.ValoresUsados {
	p, err := ref.Conjunto(r.ConjuntoReglas)
	if err != nil {
		p, _ = ref.ConjuntoPara(e.Nueva.FechaComision)
	}
	v := db.ValoresUsados{
		ConjuntoReglas: p.ID, Nombre: p.Nombre, VigenteDesde: p.VigenteDesde.String(), Fuente: p.Fuente,
		MinimoActos: p.MinimoActos, UmbralPorMil: p.UmbralPorMil.String(), DiasReporte: p.DiasReporte,
		IncrementoComiteUVT: p.IncrementoComiteUVT.String(), DiasInhabiles: []string{},
	}
	anio := e.Nueva.FechaVerificacion.Anio() // art. 25 inc. 1: the REA's year, else the verification's
	if !e.Nueva.FechaRequerimiento.IsZero() {
		anio = e.Nueva.FechaRequerimiento.Anio()
	}
	if u, err := ref.UVTDe(anio); err == nil {
		v.UVT = &struct {
			Anio       int    `json:"anio"`
			ValorCOP   string `json:"valor_cop"`
			Resolucion string `json:"resolucion"`
		}{u.Anio, u.Valor.String(), u.Resolucion}
	}
	for _, f := range e.DiasInhabiles {
		v.DiasInhabiles = append(v.DiasInhabiles, f.String())
	}
	return v
}

// ContextoCon is what flujo needs to know about a case, given its latest
// stored evaluation (whether it procede — yes, no or unknown —, by which
// route) and whether an informe was issued on it and the applicable norm
// recorded (the one assembly of flujo.Contexto).
func ContextoCon(c dominio.Caso, r contrato.EvaluacionJSON, informeEmitido, normaRegistrada bool) flujo.Contexto {
	segunda := r.EsSegundaRuta()
	procede := r.Procede()
	return flujo.Contexto{
		NormaPendiente: r.AvisoVigencia() != "" && !normaRegistrada,
		Estado:         c.Estado, ProcedeComite: procede.EsSi(), DatosIncompletos: !procede.Conocido(), SegundaRuta: segunda,
		CriteriosCompletos: flujo.CriteriosCompletos(c.Criterios, segunda), CriteriosFaltan: flujo.CriteriosFaltantes(c.Criterios, segunda), InformeEmitido: informeEmitido,
	}
}

// contextoDe assembles flujo's context of c from the facts the store read.
func contextoDe(c dominio.Caso, h db.HechosCaso) (flujo.Contexto, error) {
	r, err := contrato.ResultadoDe(h.Evaluacion, h.Referencia)
	if err != nil {
		return flujo.Contexto{}, err
	}
	return ContextoCon(c, r, h.InformeEmitido, h.NormaRegistrada), nil
}

// contextoEn is the case's flujo context and latest snapshot, read in w.
func contextoEn(w *db.Escritura, c dominio.Caso) (flujo.Contexto, dominio.Evaluacion, error) {
	h, err := w.Hechos(c)
	if err != nil {
		return flujo.Contexto{}, h.Evaluacion, err
	}
	cx, err := contextoDe(c, h)
	return cx, h.Evaluacion, err
}

// Contexto is the case's flujo.Contexto now (for the screens: flujo.Siguientes).
func (x *Expediente) Contexto(ctx context.Context, c dominio.Caso) (flujo.Contexto, error) {
	h, err := x.d.HechosCaso(ctx, c)
	if err != nil {
		return flujo.Contexto{}, err
	}
	return contextoDe(c, h)
}

// Entrada is the committee test's input for a user as the store read it
// (db.LecturaPerfil) and a new infraction: the registro in force on the date
// of commission, every act, the operations of every year, and the
// non-business days given.
func Entrada(l db.LecturaPerfil, nueva reincidencia.NuevaInfraccion, anclaje sancion.Anclaje, dias []fecha.Fecha) reincidencia.Entrada {
	u := l.Usuario
	e := reincidencia.Entrada{
		Usuario:       reincidencia.Usuario{NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: u.Tipo, RegistroVigente: u.RegistroVigente(nueva.FechaComision)},
		Nueva:         nueva,
		Anclaje:       anclaje,
		DiasInhabiles: dias,
	}
	e.Actos = make([]reincidencia.Acto, len(l.Actos))
	for i, a := range l.Actos {
		e.Actos[i] = reincidencia.Acto{Numero: a.NumeroActo, FechaFirmeza: a.FechaFirmeza, Gravedad: a.Gravedad, Sancion: a.Sancion, Valor: a.Valor, Allanamiento: a.Allanamiento}
	}
	for _, o := range l.Operaciones {
		e.Operaciones = append(e.Operaciones, reincidencia.Operaciones{Anio: o.Anio, Valor: o.Valor, Numero: o.Numero})
	}
	return e
}

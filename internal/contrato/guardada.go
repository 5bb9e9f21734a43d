package contrato

import (
	"bytes"
	"slices"

	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// LeerEntradaGuardada reads back the input a case was evaluated with, as
// stored (EscribirEntrada's output), and gives exactly what LeerEvaluacion
// gives for the same bytes.
//
// LeerEvaluacion is made to explain every problem of a document written by
// someone else, naming each field, and it reads each value several times to
// do so; a stored snapshot is read every time a case page is shown. So a
// snapshot is first read in one typed pass over the writer's own structure,
// its values checked with the same parsers and the core's Validar, and the
// result is accepted only if writing it again gives back the same bytes: then
// the document is one EscribirEntrada wrote, and what it means is what
// LeerEvaluacion reads from it (the round trip is tested). Anything else (an
// older form, a missing or unknown field, a value that does not parse) is
// read by LeerEvaluacion, with its messages.
func LeerEntradaGuardada(data []byte) (reincidencia.Entrada, error) {
	if ent, ok := leerEntradaCanonica(data); ok {
		return ent, nil
	}
	return LeerEvaluacion(data)
}

// leerEntradaCanonica is the one typed pass; ok=false sends the document to
// LeerEvaluacion.
func leerEntradaCanonica(data []byte) (ent reincidencia.Entrada, ok bool) {
	var j entradaJSON
	if err := leerGuardado(data, &j); err != nil {
		return ent, false
	}
	n, err := nit.Parse(j.Usuario.NIT)
	if err != nil {
		return ent, false
	}
	ent.Usuario = reincidencia.Usuario{NIT: n.String(), RazonSocial: j.Usuario.RazonSocial, Tipo: j.Usuario.Tipo, RegistroVigente: j.Usuario.RegistroVigente}

	ni := &ent.Nueva
	var fechas [2]bool
	ni.FechaComision, fechas[0] = fechaCanonica(&j.Nueva.FechaComision)
	ni.FechaVerificacion, fechas[1] = fechaCanonica(&j.Nueva.FechaVerificacion)
	var bien bool
	if ni.FechaExpediente, bien = fechaCanonica(j.Nueva.FechaExpediente); !bien && j.Nueva.FechaExpediente != nil {
		return ent, false
	}
	if ni.FechaRequerimiento, bien = fechaCanonica(j.Nueva.FechaRequerimiento); !bien && j.Nueva.FechaRequerimiento != nil {
		return ent, false
	}
	if !fechas[0] || !fechas[1] || !slices.Contains(gravedades, j.Nueva.Gravedad) || !slices.Contains(tiposSancion, j.Nueva.Sancion) {
		return ent, false
	}
	ni.Gravedad, ni.Sancion = sancion.Gravedad(j.Nueva.Gravedad), sancion.Tipo(j.Nueva.Sancion)
	if ni.SancionPrevista, err = ParseMonto(j.Nueva.SancionPrevistaCOP); err != nil {
		return ent, false
	}
	ni.PermiteCancelacion = j.Nueva.PermiteCancelacion

	switch a := sancion.Anclaje(j.Anclaje); a {
	case sancion.AnclajeComision, sancion.AnclajeVerificacion:
		ent.Anclaje = a
	default:
		return ent, false
	}
	for _, s := range j.Sanciones {
		a := reincidencia.Acto{Numero: s.Acto, Allanamiento: s.Allanamiento}
		if a.FechaFirmeza, bien = fechaCanonica(s.FechaFirmeza); !bien && s.FechaFirmeza != nil {
			return ent, false
		}
		if !slices.Contains(gravedades, s.Gravedad) || !slices.Contains(tiposSancion, s.Sancion) {
			return ent, false
		}
		a.Gravedad, a.Sancion = sancion.Gravedad(s.Gravedad), sancion.Tipo(s.Sancion)
		if a.Valor, err = ParseMonto(s.ValorCOP); err != nil {
			return ent, false
		}
		ent.Actos = append(ent.Actos, a)
	}
	for _, o := range j.Operaciones {
		if o.Anio < 1 || o.Anio > 9999 || o.Numero < 0 {
			return ent, false
		}
		op := reincidencia.Operaciones{Anio: o.Anio, Numero: o.Numero}
		if op.Valor, err = ParseMonto(o.ValorCOP); err != nil {
			return ent, false
		}
		ent.Operaciones = append(ent.Operaciones, op)
	}
	for _, s := range j.DiasInhabiles {
		d, err := fecha.ParseISO(s)
		if err != nil {
			return ent, false
		}
		ent.DiasInhabiles = append(ent.DiasInhabiles, d)
	}
	if len(reincidencia.Validar(ent)) > 0 {
		return reincidencia.Entrada{}, false
	}
	if otra, err := EscribirEntrada(ent); err != nil || !bytes.Equal(otra, data) {
		return reincidencia.Entrada{}, false
	}
	return ent, true
}

// fechaCanonica parses a stored date; nil is the zero date, not an error.
func fechaCanonica(s *string) (fecha.Fecha, bool) {
	if s == nil {
		return fecha.Fecha{}, false
	}
	f, err := fecha.ParseISO(*s)
	return f, err == nil
}

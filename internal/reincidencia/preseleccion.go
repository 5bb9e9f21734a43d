package reincidencia

import (
	"comite/internal/fecha"
	"comite/internal/sancion"
)

// Preseleccion is what ExclusionActo says about an act's stored facts, as
// plain values a store can put in a query to leave out, before reading them,
// acts that can never count in the periods asked. It only removes work: the
// caller still judges every act that is read with ExclusionActo, so an act
// let through that does not count is excluded there; the property test of
// the national screening checks that no act that counts is left out.
type Preseleccion struct {
	// Desde and Hasta bound the firmeza dates (inclusive) of the acts that
	// can count in some period (art. 25 inc. 1); an act with no firmeza date
	// never counts (not yet firm).
	Desde, Hasta fecha.Fecha
	// Gravedades are the gravedades of the acts that can count (inc. 1:
	// grave or gravísima). Empty: no act can count.
	Gravedades []sancion.Gravedad
	// ConAllanamiento says whether an act with accepted allanamiento can
	// count (inc. 2: it cannot).
	ConAllanamiento bool
}

// gravedadesActo is the vocabulary of gravedad an act can carry.
var gravedadesActo = sancion.Gravedades()

// PreseleccionActos is the Preseleccion of the periods given, derived from
// ExclusionActo itself rather than stated again: every gravedad, with and
// without allanamiento, is asked of the rule on the first and the last day
// of each period, and kept when the rule lets it count on one of them. The
// firmeza window is from the first day of the earliest period to the last
// day of the latest. With no period nothing can count.
func PreseleccionActos(periodos ...Periodo) Preseleccion {
	var p Preseleccion
	for i, per := range periodos {
		if i == 0 || per.Desde.Antes(p.Desde) {
			p.Desde = per.Desde
		}
		if i == 0 || per.Hasta.Despues(p.Hasta) {
			p.Hasta = per.Hasta
		}
	}
	for _, g := range gravedadesActo {
		cuenta := false
		for _, per := range periodos {
			for _, dia := range []fecha.Fecha{per.Desde, per.Hasta} {
				if ExclusionActo(dia, g, false, per) == "" {
					cuenta = true
				}
				if ExclusionActo(dia, g, true, per) == "" {
					cuenta = true
					p.ConAllanamiento = true
				}
			}
		}
		if cuenta {
			p.Gravedades = append(p.Gravedades, g)
		}
	}
	return p
}

// Admite says whether an act with these facts passes the preselection: the
// filter a store applies, stated for tests and for a caller that filters in
// memory.
func (p Preseleccion) Admite(firmeza fecha.Fecha, g sancion.Gravedad, allanamiento bool) bool {
	if firmeza.IsZero() || firmeza.Antes(p.Desde) || firmeza.Despues(p.Hasta) {
		return false
	}
	if allanamiento && !p.ConAllanamiento {
		return false
	}
	for _, x := range p.Gravedades {
		if x == g {
			return true
		}
	}
	return false
}

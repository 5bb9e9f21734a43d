package web

import (
	"context"
	"maps"

	"comite/internal/db"
)

// claveGravedades is the count of acts by gravedad of every Dirección
// Seccional, brought up to date from the previous one.
type claveGravedades struct{}

func (claveGravedades) DesdeAnterior() {}

// gravedades is the count of acts by gravedad (leve, grave, gravísima) by
// Dirección Seccional, kept per user so that a change is counted again from
// the users it touched alone. Nobody changes one once made.
type gravedades struct {
	porSeccional map[string][3]int
	porUsuario   map[int64]gravedadUsuario
}

// gravedadUsuario is what one user adds to the count.
type gravedadUsuario struct {
	seccional string
	n         [3]int
}

// de is the count of the Dirección Seccional given, or of all ("").
func (g *gravedades) de(seccional string) [3]int {
	if seccional != "" {
		return g.porSeccional[seccional]
	}
	var t [3]int
	for _, n := range g.porSeccional {
		for i := range n {
			t[i] += n[i]
		}
	}
	return t
}

// aplicar adds (signo 1) or takes away (−1) one user's acts; a Seccional
// that comes back to nothing leaves the map, so a count brought up to date
// equals one made afresh.
func (g *gravedades) aplicar(u gravedadUsuario, signo int) {
	n := g.porSeccional[u.seccional]
	for i := range n {
		n[i] += signo * u.n[i]
	}
	if n == ([3]int{}) {
		delete(g.porSeccional, u.seccional)
	} else {
		g.porSeccional[u.seccional] = n
	}
}

// leer adds the users ids (nil: all) as the store counts them now.
func (g *gravedades) leer(ctx context.Context, d *db.DB, ids []int64) error {
	nombres := map[string]string{} // one string per Seccional
	return d.ActosPorGravedadDeUsuarios(ctx, ids, func(id int64, sec string, n [3]int) error {
		if s, ok := nombres[sec]; ok {
			sec = s
		} else {
			nombres[sec] = sec
		}
		u := gravedadUsuario{seccional: sec, n: n}
		g.porUsuario[id] = u
		g.aplicar(u, 1)
		return nil
	})
}

// contarGravedades is the count for the current data: from anterior (the
// count at data version version, when there is one) counting again only
// the users changed since, when the log of changes names them and they are
// few; otherwise counted whole (a scan of every act). Both give the same.
func contarGravedades(ctx context.Context, d *db.DB, anterior any, version int64) (*gravedades, error) {
	if a, ok := anterior.(*gravedades); ok {
		ids, completo, err := d.CambiosUsuariosDesde(ctx, version, maxCambiosIncremental)
		if err != nil {
			return nil, err
		}
		if completo {
			if len(ids) == 0 {
				return a, nil
			}
			g := &gravedades{porSeccional: maps.Clone(a.porSeccional), porUsuario: maps.Clone(a.porUsuario)}
			for _, id := range ids {
				if u, ok := g.porUsuario[id]; ok {
					g.aplicar(u, -1)
					delete(g.porUsuario, id)
				}
			}
			return g, g.leer(ctx, d, ids)
		}
	}
	g := &gravedades{porSeccional: map[string][3]int{}, porUsuario: map[int64]gravedadUsuario{}}
	return g, g.leer(ctx, d, nil)
}

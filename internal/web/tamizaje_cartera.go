package web

import (
	"context"
	"strconv"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"
	"comite/internal/web/urls"
	"comite/web/templates"
)

// aniosCartera is how many years the portfolio shows.
const aniosCartera = tamizaje.AniosCartera

// claveCartera is the portfolio ending in year hasta.
type claveCartera struct{ hasta int }

// DesdeAnterior: the portfolio is brought up to date from the previous one.
func (claveCartera) DesdeAnterior() {}

// calcularCartera is the portfolio ending in year hasta for the current data
// (lectura.CarteraNacional, with the screening of hasta kept in memoria):
// from anterior (the portfolio at data version version, when there is one)
// counting again only the users changed since, when the log of changes names
// them and they are few; otherwise counted whole. Both give the same
// portfolio. One computation serves every account (a seccional adds its own
// only).
func (h *handler) calcularCartera(ctx context.Context, hasta int, anterior any, version int64) (*tamizaje.Cartera, error) {
	if a, ok := anterior.(*tamizaje.Cartera); ok && a.Hasta == hasta {
		ids, completo, err := h.d.CambiosUsuariosDesde(ctx, version, maxCambiosIncremental)
		if err != nil {
			return nil, err
		}
		if completo {
			return lectura.ActualizarCartera(ctx, h.d, a, ids)
		}
	}
	t, err := h.tamizajeDe(ctx, hasta)
	if err != nil {
		return nil, err
	}
	return lectura.CarteraNacional(ctx, h.d, hasta, t.tamizado)
}

// carteraInicio is the portfolio panel for this account. It never waits for
// the computation: when the data changed since the last one, the panel says
// it is being computed (in the background) and Inicio stays fast.
func (h *handler) carteraInicio(ctx context.Context, cu *dominio.Cuenta) templates.CarteraVista {
	v := templates.CarteraVista{Ver: cu != nil && permisos.Puede(cu.Rol, permisos.VerTamizaje)}
	if !v.Ver {
		return v
	}
	hasta := h.d.Hoy().Anio()
	v.Ruta = urls.Tamizaje + "?anio=" + strconv.Itoa(hasta)
	if cu.Rol == permisos.RolSeccional {
		v.Seccional = h.nombreSeccional(ctx, cu.DireccionSeccional)
	}
	valor, listo, err := h.memo.ConsultarDesde(ctx, claveCartera{hasta}, func(ctx context.Context, anterior any, version int64) (any, error) {
		return h.calcularCartera(ctx, hasta, anterior, version)
	})
	switch {
	case err != nil:
		h.log.WarnContext(ctx, "cartera de Inicio", "error", err.Error())
		v.Error = "No se pudo calcular la cartera con los datos actuales. Recargue la página; si el problema sigue, avise al administrador."
		return v
	case !listo:
		v.Calculando = true
		return v
	}
	k := valor.(*tamizaje.Cartera)
	// The panel (its table and chart) is built once per data version and
	// Dirección Seccional, from the computed portfolio.
	kv := claveCarteraVista{hasta: hasta, seccional: FiltroSeccional(cu)}
	x, err := h.memo.Obtener(ctx, kv, func(context.Context) (any, error) {
		return h.vistaCartera(k, kv.seccional, v), nil
	})
	if err != nil {
		h.log.WarnContext(ctx, "cartera de Inicio", "error", err.Error())
		v.Error = "No se pudo calcular la cartera con los datos actuales. Recargue la página; si el problema sigue, avise al administrador."
		return v
	}
	vc := x.(templates.CarteraVista)
	vc.VerCobertura = permisos.Puede(cu.Rol, permisos.VerCobertura)
	return vc
}

// claveCarteraVista is the portfolio panel for one Dirección Seccional ("" = all).
type claveCarteraVista struct {
	hasta     int
	seccional string
}

// vistaCartera sums the Direcciones Seccionales the filter sees (as
// VeSeccional does for a seccional account); templates.CarteraDe builds the
// table and chart from the sums.
func (h *handler) vistaCartera(k *tamizaje.Cartera, filtro string, v templates.CarteraVista) templates.CarteraVista {
	ve := func(s string) bool { return true }
	if filtro != "" {
		cu := &dominio.Cuenta{Rol: permisos.RolSeccional, DireccionSeccional: filtro}
		ve = func(s string) bool { return VeSeccional(cu, s) }
	}
	porTipo := map[string][aniosCartera]int{}
	for s, m := range k.Conteo {
		if !ve(s) {
			continue
		}
		for tipo, c := range m {
			t := porTipo[tipo]
			for i := range c {
				t[i] += c[i]
			}
			porTipo[tipo] = t
		}
	}
	por := map[string][]int{}
	for tipo, c := range porTipo {
		por[tipo] = c[:]
	}
	var inc [aniosCartera]int
	for s, c := range k.Incompletos {
		if ve(s) {
			for i := range c {
				inc[i] += c[i]
			}
		}
	}
	v, err := templates.CarteraDe(v, k.Anios, por, inc[:])
	if err != nil {
		h.log.Warn("gráfico de la cartera", "error", err.Error())
	}
	return v
}

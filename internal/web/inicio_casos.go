package web

import (
	"context"
	"strconv"

	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// inicioCasos is the case part of Inicio for roles that see cases: cases by
// state, limited to the account's Dirección Seccional for a seccional. The
// due dates are the account's own queue («Mis pendientes», shown above it):
// a report deadline is met once the case is reported, so listing passed
// report deadlines told nobody what to do.
//
// The panel is kept in memoria per Dirección Seccional and day until the
// general data version moves (any write of cases, their history, sessions,
// non-business days…: db.VersionDatos), so visits to Inicio do not read every
// case's stored evaluation again.
func (h *handler) inicioCasos(c echo.Context) (templates.InicioCasos, error) {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	if !permisos.Puede(cu.Rol, permisos.VerCasos) {
		return templates.InicioCasos{}, nil
	}
	k := claveInicioCasos{seccional: FiltroSeccional(cu), hoy: h.d.Hoy().String()}
	x, err := h.memo.Obtener(ctx, k, func(ctx context.Context) (any, error) {
		return h.calcularInicioCasos(ctx, k.seccional)
	})
	if err != nil {
		return templates.InicioCasos{}, err
	}
	return x.(templates.InicioCasos), nil
}

// claveInicioCasos is the case panel of Inicio for one Dirección Seccional
// ("" = all) on one day.
type claveInicioCasos struct{ seccional, hoy string }

func (claveInicioCasos) DeTodo() {}

func (h *handler) calcularInicioCasos(ctx context.Context, filtro string) (templates.InicioCasos, error) {
	v := templates.InicioCasos{Ver: true}
	conteo, err := h.d.ContarCasosPorEstado(ctx, filtro)
	if err != nil {
		return v, err
	}
	for _, e := range flujo.Estados {
		v.PorEstado = append(v.PorEstado, templates.ConteoEstado{Clave: string(e), Estado: e.Etiqueta(), Cifra: strconv.Itoa(conteo[string(e)]), Ruta: urls.Casos + "?estado=" + string(e)})
	}
	return v, nil
}

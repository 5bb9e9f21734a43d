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
func (h *handler) inicioCasos(c echo.Context) (templates.InicioCasos, error) {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	if !permisos.Puede(cu.Rol, permisos.VerCasos) {
		return templates.InicioCasos{}, nil
	}
	conteo, err := h.casosPorEstado(ctx, FiltroSeccional(cu))
	if err != nil {
		return templates.InicioCasos{}, err
	}
	v := templates.InicioCasos{Ver: true}
	for _, e := range flujo.Estados {
		v.PorEstado = append(v.PorEstado, templates.ConteoEstado{Clave: string(e), Estado: e.Etiqueta(), Cifra: strconv.Itoa(conteo[string(e)]), Ruta: urls.Casos + "?estado=" + string(e)})
	}
	return v, nil
}

// claveConteoCasos is the count of cases by state of one Dirección
// Seccional ("" = all). It follows the general data version (DeTodo): every
// write of a case moves it, so the count shown is never the one before.
type claveConteoCasos struct{ seccional string }

func (claveConteoCasos) DeTodo() {}

// casosPorEstado counts the cases by state (db.ContarCasosPorEstado) once
// per general data version and Dirección Seccional, for Inicio's cards and
// its panel alike. Nobody changes the map returned.
func (h *handler) casosPorEstado(ctx context.Context, seccional string) (map[string]int, error) {
	x, err := h.memo.ObtenerEnTurno(ctx, claveConteoCasos{seccional}, func(ctx context.Context) (any, error) {
		return h.d.ContarCasosPorEstado(ctx, seccional)
	})
	if err != nil {
		return nil, err
	}
	return x.(map[string]int), nil
}

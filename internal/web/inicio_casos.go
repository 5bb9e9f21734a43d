package web

import (
	"context"
	"strconv"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// inicioCasos is the case part of Inicio for roles that see cases: cases by
// state and the report deadlines overdue or due within 5 business days
// (traffic light), limited to the account's Dirección Seccional for a seccional.
//
// The panel is kept in memoria per Dirección Seccional and day until the next
// audited change of any kind (cases are audited in their transactions, and
// non-business days too), so visits to Inicio do not read every case's
// stored evaluation again.
func (h *handler) inicioCasos(c echo.Context) (templates.InicioCasos, error) {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	if !Puede(cu.Rol, VerCasos) {
		return templates.InicioCasos{}, nil
	}
	k := claveInicioCasos{seccional: FiltroSeccional(cu), hoy: h.d.Hoy().String()}
	x, err := h.memo.obtener(ctx, k, func(ctx context.Context) (any, error) {
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

func (claveInicioCasos) deTodo() {}

func (h *handler) calcularInicioCasos(ctx context.Context, filtro string) (templates.InicioCasos, error) {
	v := templates.InicioCasos{Ver: true}
	conteo, err := h.d.ContarCasosPorEstado(ctx, filtro)
	if err != nil {
		return v, err
	}
	for _, e := range flujo.Estados {
		v.PorEstado = append(v.PorEstado, templates.ConteoEstado{Clave: string(e), Estado: e.Etiqueta(), Cifra: strconv.Itoa(conteo[string(e)]), Ruta: "/casos?estado=" + string(e)})
	}
	casos, err := h.d.ListarCasos(ctx, db.FiltroCasos{Seccional: filtro})
	if err != nil {
		return v, err
	}
	plazos, err := h.d.PlazosReporte(ctx, idsDe(casos))
	if err != nil {
		return v, err
	}
	cal, err := h.calendarioCasos(ctx)
	if err != nil {
		return v, err
	}
	hoy := h.d.Hoy()
	var rojos, amarillos []templates.PlazoInicio
	for _, k := range casos {
		if k.Estado.Final() {
			continue
		}
		vence := plazos[k.ID]
		s := plazoCaso(cal, hoy, k.FechaReporte, vence)
		fila := templates.PlazoInicio{Numero: k.Numero, Ruta: "/casos/" + strconv.FormatInt(k.ID, 10), Usuario: k.RazonSocial,
			Estado: k.Estado.Etiqueta(), Vence: formato.Fecha(vence), Semaforo: s}
		switch s.Color {
		case "rojo":
			rojos = append(rojos, fila)
		case "amarillo":
			amarillos = append(amarillos, fila)
		}
	}
	v.Plazos = append(rojos, amarillos...)
	v.SinPlazos = "Ningún plazo de reporte vencido ni por vencer en los próximos 5 días hábiles."
	return v, nil
}

package web

import (
	"net/http"
	"strconv"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// casosListar lists the cases, filtered by state; a seccional account sees
// only its own Dirección Seccional's.
func (h *handler) casosListar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	estado := flujo.Estado(c.QueryParam("estado"))
	valido := estado == ""
	v := templates.CasosLista{Estados: []templates.Opcion{{Valor: "", Texto: "Todos", Seleccionada: estado == ""}}, Estado: string(estado),
		PuedeReportar: Puede(cu.Rol, ReportarCaso)}
	for _, e := range flujo.Estados {
		v.Estados = append(v.Estados, templates.Opcion{Valor: string(e), Texto: e.Etiqueta(), Seleccionada: e == estado})
		valido = valido || e == estado
	}
	if !valido {
		estado = ""
	}
	if cu.Rol == db.RolSeccional {
		v.Seccional = h.nombreSeccional(ctx, cu.DireccionSeccional)
	}
	casos, err := h.d.ListarCasos(ctx, db.FiltroCasos{Seccional: FiltroSeccional(cu), Estado: estado})
	if err != nil {
		return err
	}
	cal, err := h.calendarioCasos(ctx)
	if err != nil {
		return err
	}
	hoy := h.d.Hoy()
	plazos, err := h.d.PlazosReporte(ctx, idsDe(casos))
	if err != nil {
		return err
	}
	for _, k := range casos {
		vence := plazos[k.ID]
		v.Filas = append(v.Filas, templates.CasoFila{
			ID: k.ID, Numero: k.Numero, Usuario: k.RazonSocial, NIT: k.NIT, Seccional: k.NombreSeccional,
			Estado: k.Estado.Etiqueta(), EstadoClave: string(k.Estado), FechaReporte: formato.Fecha(k.FechaReporte),
			Plazo: formato.Fecha(vence), Semaforo: plazoCaso(cal, hoy, k.FechaReporte, vence), Ruta: "/casos/" + strconv.FormatInt(k.ID, 10),
		})
	}
	return h.render(c, http.StatusOK, templates.CasosPagina(h.pagina(c, "Casos", "casos"), v))
}

func idsDe(cs []db.Caso) []int64 {
	out := make([]int64, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

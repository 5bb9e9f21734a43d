package web

import (
	"net/http"

	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

var diasSemana = [...]string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"}

// diasInhabilesListar lists the declared non-business days and, for the
// roles that may, the form to add one.
func (h *handler) diasInhabilesListar(c echo.Context) error {
	v, err := h.vistaDias(c, "", "", templates.Errores{})
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.DiasInhabilesPagina(h.pagina(c, "Días inhábiles", "dias"), v))
}

func (h *handler) vistaDias(c echo.Context, fecha, motivo string, errs templates.Errores) (templates.DiasInhabiles, error) {
	dias, err := h.d.ListarDiasInhabiles(c.Request().Context())
	if err != nil {
		return templates.DiasInhabiles{}, err
	}
	v := templates.DiasInhabiles{PuedeGestionar: permisos.Puede(cuentaDe(c).Rol, permisos.GestionarDiasInhabiles), Fecha: fecha, Motivo: motivo, Errores: errs}
	for _, d := range dias {
		v.Filas = append(v.Filas, templates.DiaFila{Fecha: formato.Fecha(d.Fecha), FechaISO: d.Fecha.String(),
			Dia: diasSemana[d.Fecha.DiaSemana()], Motivo: d.Motivo, CreadoPor: d.CreadoPor})
	}
	return v, nil
}

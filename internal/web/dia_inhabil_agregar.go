package web

import (
	"errors"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/validar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// diaInhabilAgregar records a non-business day (DD/MM/AAAA or AAAA-MM-DD).
func (h *handler) diaInhabilAgregar(c echo.Context) error {
	texto, motivo := strings.TrimSpace(c.FormValue("fecha")), c.FormValue("motivo")
	errs := templates.Errores{}
	f, err := fecha.Parse(texto)
	if err != nil {
		if texto == "" {
			errs["fecha"] = "Escriba la fecha (DD/MM/AAAA)."
		} else {
			errs["fecha"] = "La fecha «" + texto + "» no es válida; use DD/MM/AAAA, por ejemplo 06/04/2026."
		}
	} else {
		if motivo, err = validar.DiaInhabil(f, motivo); err == nil {
			err = h.d.AgregarDiaInhabil(c.Request().Context(), f, motivo, actor(c))
		}
		switch {
		case errorDeCampo(errs, err, nil):
		case errors.Is(err, db.ErrDiaInhabilExiste):
			errs["fecha"] = "Esa fecha ya está registrada como día inhábil."
		case err != nil:
			return err
		default:
			return redirigir(c, urls.DiasInhabiles+"?aviso=dia_agregado")
		}
	}
	v, err := h.vistaDias(c, texto, motivo, errs)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.DiasInhabilesPagina(h.pagina(c, "Días inhábiles", "dias"), v))
}

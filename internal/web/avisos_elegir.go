package web

import (
	"net/http"

	"comite/internal/correo"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// campoAviso is the form field of a kind of notice.
func campoAviso(c correo.Clase) string { return "aviso_" + string(c) }

// ayudaAviso says when a kind of notice is sent.
func ayudaAviso(c correo.Clase) string {
	switch c {
	case correo.CasoReportado:
		return "Llega a quien inicia la evaluación de un caso recién reportado."
	case correo.EnOrdenDelDia:
		return "Llega a quien registra el concepto de los casos de la sesión."
	case correo.ConceptoRegistrado:
		return "Llega a quien registra después la propuesta del requerimiento especial aduanero."
	case correo.ActaExpedida:
		return "Con el SHA-256 del PDF; el acta no va adjunta."
	case correo.PlazoPorVencer, correo.PlazoVencido:
		return "Del término interno de la etapa en que actúa su rol."
	}
	return ""
}

// avisosMostrar is the «Mis avisos» page: the account's address and one
// check box per kind of notice.
func (h *handler) avisosMostrar(c echo.Context) error {
	cu := cuentaDe(c)
	ctx := c.Request().Context()
	dir, err := h.d.CorreoDeCuenta(ctx, cu.ID)
	if err != nil {
		return err
	}
	apagadas, err := h.d.AvisosApagados(ctx, cu.ID)
	if err != nil {
		return err
	}
	off := map[string]bool{}
	for _, a := range apagadas {
		off[a] = true
	}
	v := templates.AvisosVista{ServidorConfigurado: h.cfg.Correo != nil, Direccion: dir}
	for _, k := range correo.Clases {
		ayuda := ayudaAviso(k)
		if !correo.Recibe(k, cu.Rol) {
			ayuda = "Su rol no recibe este aviso: no actúa en ese paso."
		}
		v.Casillas = append(v.Casillas, templates.AvisoCasilla{Nombre: campoAviso(k), Etiqueta: k.Etiqueta(), Ayuda: ayuda, Marcada: !off[string(k)]})
	}
	return h.render(c, http.StatusOK, templates.AvisosPagina(h.pagina(c, "Avisos por correo", "avisos"), v))
}

// avisosGuardar records the kinds the person left unchecked as turned off
// (audited).
func (h *handler) avisosGuardar(c echo.Context) error {
	var apagadas []string
	for _, k := range correo.Clases {
		switch c.FormValue(campoAviso(k)) {
		case "si":
		case "":
			apagadas = append(apagadas, string(k))
		default:
			return echo.NewHTTPError(http.StatusBadRequest, "valor inválido en "+campoAviso(k))
		}
	}
	if err := h.d.FijarAvisosApagados(c.Request().Context(), cuentaDe(c).ID, apagadas, actor(c)); err != nil {
		return err
	}
	return redirigir(c, rutaAvisos+"?aviso=avisos_guardados")
}

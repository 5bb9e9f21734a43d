package web

import (
	"errors"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/formato"
	"comite/internal/sancion"
	"comite/internal/validar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// actoGuardar registers a new act or (corregir=si) corrects the stored act
// with that number. A new act with a number the user already has is refused
// beside the field, so a typo never overwrites another act silently.
func (h *handler) actoGuardar(c echo.Context) error {
	ctx := c.Request().Context()
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	f := formActoVacio(u)
	f.Corrigiendo = c.FormValue("corregir") == "si"
	f.Numero, f.Infraccion = strings.TrimSpace(c.FormValue("numero_acto")), strings.TrimSpace(c.FormValue("infraccion"))
	f.Expedicion, f.Firmeza, f.Valor = strings.TrimSpace(c.FormValue("fecha_expedicion")), strings.TrimSpace(c.FormValue("fecha_firmeza")), strings.TrimSpace(c.FormValue("valor"))
	grav, tipo := c.FormValue("gravedad"), c.FormValue("sancion")
	f.Allanamiento = c.FormValue("allanamiento") == "si"

	a := dominio.ActoSancion{NIT: u.NIT, NumeroActo: f.Numero, Infraccion: f.Infraccion, Allanamiento: f.Allanamiento}
	if f.Numero == "" {
		f.Errores["numero_acto"] = "Escriba el número del acto."
	}
	a.FechaExpedicion = leerFechaCampo(f.Errores, "fecha_expedicion", f.Expedicion, false)
	a.FechaFirmeza = leerFechaCampo(f.Errores, "fecha_firmeza", f.Firmeza, false)
	if grav == "" {
		f.Errores["gravedad"] = "Elija la gravedad: leve, grave o gravísima."
	} else if g, err := entrada.ParseGravedad(grav); err != nil {
		f.Errores["gravedad"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		a.Gravedad, grav = g, string(g)
	}
	if tipo == "" {
		f.Errores["sancion"] = "Elija la sanción: multa, amonestación, suspensión o cancelación."
	} else if t, err := entrada.ParseSancion(tipo); err != nil {
		f.Errores["sancion"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		a.Sancion, tipo = t, string(t)
	}
	a.Valor = leerMontoCampo(f.Errores, "valor", f.Valor)
	if a.Sancion == sancion.Multa && f.Errores["valor"] == "" && !a.Valor.IsPositive() {
		f.Errores["valor"] = "Una multa tiene un valor mayor que cero: escríbalo como figura en el acto."
	}

	if f.Errores["numero_acto"] == "" {
		_, err := h.d.ActoPorNumero(ctx, u.NIT, f.Numero)
		existe := err == nil
		switch {
		case err != nil && !errors.Is(err, db.ErrActoNoExiste):
			return err
		case existe && !f.Corrigiendo:
			f.Errores["numero_acto"] = "El usuario ya tiene el acto " + f.Numero + ": para cambiarlo use «Corregir» en su perfil."
		case !existe && f.Corrigiendo:
			f.Errores["general"] = "No se encontró el acto " + f.Numero + " para corregir; vuelva al perfil e intente de nuevo."
		}
	}
	if len(f.Errores) == 0 {
		cambio, err := db.SinCambios, validar.Acto(&a, h.d.Hoy())
		if err == nil {
			cambio, err = h.d.GuardarActo(ctx, a, actor(c))
		}
		if !errorDeCampo(f.Errores, err, nil) {
			if err != nil {
				return err
			}
			aviso := "acto_creado"
			if f.Corrigiendo {
				aviso = "acto_corregido"
				if cambio == db.SinCambios {
					aviso = "usuario_sin_cambios"
				}
			}
			return redirigir(c, rutaUsuario(u.NIT)+"?aviso="+aviso)
		}
	}
	f.Gravedades, f.Sanciones = opcionesGravedad(grav), opcionesSancion(tipo)
	titulo := "Registrar acto sancionatorio"
	if f.Corrigiendo {
		titulo = "Corregir acto sancionatorio"
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.ActoFormPagina(h.pagina(c, titulo, "usuarios"), f))
}

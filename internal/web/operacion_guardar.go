package web

import (
	"errors"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/formato"
	"comite/internal/validar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// operacionesDelAnio returns the stored operations of one year, if any.
func (h *handler) operacionesDelAnio(c echo.Context, nitUsuario string, anio int) (*db.OperacionesAnio, error) {
	ops, err := h.d.OperacionesDeUsuario(c.Request().Context(), nitUsuario)
	if err != nil {
		return nil, err
	}
	for _, o := range ops {
		if o.Anio == anio {
			return &o, nil
		}
	}
	return nil, nil
}

// operacionGuardar registers a year of operations or (corregir=si) corrects
// it. A new year that is already loaded is refused beside the field.
func (h *handler) operacionGuardar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	f := formOperacionVacio(u)
	f.Corrigiendo = c.FormValue("corregir") == "si"
	f.Anio, f.Valor, f.Numero = strings.TrimSpace(c.FormValue("anio")), strings.TrimSpace(c.FormValue("valor")), strings.TrimSpace(c.FormValue("numero_operaciones"))
	o := dominio.OperacionAnual{NIT: u.NIT}
	if f.Anio == "" {
		f.Errores["anio"] = "Escriba el año, por ejemplo 2025."
	} else if a, err := entrada.ParseAnio(f.Anio); err != nil {
		f.Errores["anio"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		o.Anio = a
	}
	o.Valor = leerMontoCampo(f.Errores, "valor", f.Valor)
	if f.Numero == "" {
		f.Errores["numero_operaciones"] = "Escriba el número de operaciones del año, por ejemplo 1.600."
	} else if n, err := entrada.ParseEntero(f.Numero); err != nil {
		f.Errores["numero_operaciones"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		o.Numero = n
	}
	if f.Errores["anio"] == "" {
		ya, err := h.operacionesDelAnio(c, u.NIT, o.Anio)
		if err != nil {
			return err
		}
		switch {
		case ya != nil && ya.Origen != "anual":
			f.Errores["anio"] = "El año " + f.Anio + " ya está cargado por declaraciones: corríjalo importando de nuevo el archivo de declaraciones."
		case ya != nil && !f.Corrigiendo:
			f.Errores["anio"] = "El año " + f.Anio + " ya está registrado: para cambiarlo use «Corregir» en el perfil."
		case ya == nil && f.Corrigiendo:
			f.Errores["general"] = "No se encontraron operaciones de " + f.Anio + " para corregir; vuelva al perfil e intente de nuevo."
		}
	}
	if len(f.Errores) == 0 {
		cambio, err := db.SinCambios, validar.OperacionAnual(&o, h.d.Hoy())
		if err == nil {
			cambio, err = h.d.GuardarOperacionAnual(c.Request().Context(), o, actor(c))
		}
		var ef *db.ErrFormaOperaciones
		switch {
		case errors.As(err, &ef):
			f.Errores["anio"] = formato.MayusculaInicial(ef.Error()) + "."
		case errorDeCampo(f.Errores, err, nil):
		case err != nil:
			return err
		default:
			aviso := "operaciones_guardadas"
			if f.Corrigiendo {
				aviso = "operaciones_corregidas"
				if cambio == db.SinCambios {
					aviso = "usuario_sin_cambios"
				}
			}
			return redirigir(c, rutaUsuario(u.NIT)+"?aviso="+aviso)
		}
	}
	titulo := "Registrar operaciones"
	if f.Corrigiendo {
		titulo = "Corregir operaciones"
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.OperacionFormPagina(h.pagina(c, titulo, "usuarios"), f))
}

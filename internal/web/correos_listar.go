package web

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/notificar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

const rutaAvisos = urls.CuentaAvisos

// horaBogota shows an instant in Colombia, to the minute.
func horaBogota(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(fecha.Bogota).Format("02/01/2006 15:04")
}

var estadosCorreo = map[string]string{db.CorreoPendiente: "Pendiente", db.CorreoEnviado: "Enviado", db.CorreoFallido: "Fallido"}

// correosListar shows the administrator the e-mail queue: the
// configuration in force (never the password), the counts by state and
// the newest messages with their last error.
func (h *handler) correosListar(c echo.Context) error {
	ctx := c.Request().Context()
	n, err := h.d.ContarCorreos(ctx)
	if err != nil {
		return err
	}
	estado := c.QueryParam("estado")
	if _, ok := estadosCorreo[estado]; !ok {
		estado = ""
	}
	cs, err := h.d.ListarCorreos(ctx, estado, 200)
	if err != nil {
		return err
	}
	v := templates.CorreosVista{Enviados: n[db.CorreoEnviado], Pendientes: n[db.CorreoPendiente], Fallidos: n[db.CorreoFallido]}
	for _, e := range []string{"", db.CorreoPendiente, db.CorreoFallido, db.CorreoEnviado} {
		nombre := "Todos"
		if e != "" {
			nombre = estadosCorreo[e] + "s"
		}
		v.Filtros = append(v.Filtros, templates.FiltroCorreo{Nombre: nombre, Ruta: urls.AdminCorreosEstado(e), Actual: e == estado, Clave: e})
	}
	if k := h.cfg.Correo; k != nil {
		v.Configurado, v.Servidor, v.Remitente, v.Usuario, v.DiasAviso = true, k.Servidor, k.Remitente, k.Usuario, k.DiasAviso
		v.Cifrado = "STARTTLS obligatorio; el certificado del servidor se verifica"
		if k.Inseguro {
			v.Cifrado = "se permite SMTP sin TLS (--smtp-inseguro): los avisos pueden viajar en claro"
		}
		if v.Usuario == "" {
			v.Usuario = "sin autenticación"
		}
	}
	for _, x := range cs {
		f := templates.CorreoFila{ID: x.ID, Clase: correo.Clase(x.Clase).Etiqueta(), Para: x.Para, Cuenta: x.Usuario, Estado: estadosCorreo[x.Estado],
			EstadoClave: x.Estado, Intentos: x.Intentos, UltimoError: x.UltimoError, Creado: horaBogota(x.CreadoEn), Reintentable: x.Estado == db.CorreoFallido}
		if m, err := notificar.Mensaje("", x); err == nil {
			f.Asunto = m.Asunto
		}
		switch x.Estado {
		case db.CorreoEnviado:
			f.Cuando = horaBogota(x.EnviadoEn)
		case db.CorreoPendiente:
			f.Cuando = "próximo intento " + horaBogota(x.ProximoIntento)
		}
		v.Filas = append(v.Filas, f)
	}
	return h.render(c, http.StatusOK, templates.CorreosPagina(h.pagina(c, "Avisos por correo", "correos"), v))
}

// correoReintentar puts a failed message back in the queue (audited).
func (h *handler) correoReintentar(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	err = h.d.ReintentarCorreo(c.Request().Context(), id, actor(c))
	if errors.Is(err, db.ErrCorreoNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	} else if err != nil {
		return err
	}
	return redirigir(c, urls.AdminCorreos+"?aviso=correo_reintentado")
}

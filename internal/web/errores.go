package web

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"comite/internal/db"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// ReintentarTrasOcupada is the Retry-After (seconds) of a 503 for a busy
// database.
const ReintentarTrasOcupada = 5

// EsperaOcupadaWeb is how long a web request waits for the write lock held
// by another connection before it is answered 503 (the command line waits
// db.EsperaPredeterminada).
const EsperaOcupadaWeb = 5 * time.Second

// paginasError says, for each status, what happened and what to do next.
var paginasError = map[int]templates.PaginaError{
	http.StatusBadRequest:            {Titulo: "La solicitud no es válida", Mensaje: "Algún dato enviado no se pudo leer. Vuelva a la página anterior, revise los datos e intente de nuevo."},
	http.StatusUnauthorized:          {Titulo: "Debe ingresar", Mensaje: "Su sesión terminó o no ha ingresado. Ingrese de nuevo con su usuario y clave."},
	http.StatusForbidden:             {Titulo: "No tiene permiso para esta acción", Mensaje: "No tiene permiso para ver esta página o hacer esta acción con su rol. Si la necesita para su trabajo, pida al administrador que revise su rol."},
	http.StatusNotFound:              {Titulo: "No encontramos esta página", Mensaje: "La dirección no existe o lo que busca ya no está disponible. Revise la dirección o vuelva al inicio."},
	http.StatusMethodNotAllowed:      {Titulo: "Acción no disponible", Mensaje: "Esta dirección no admite esa acción. Vuelva al inicio y use los botones de la aplicación."},
	http.StatusRequestEntityTooLarge: {Titulo: "El envío es demasiado grande", Mensaje: "El archivo o formulario supera el tamaño permitido. Divida el archivo o reduzca su tamaño e intente de nuevo."},
	http.StatusTooManyRequests:       {Titulo: "Demasiados intentos", Mensaje: "Espere unos minutos e intente de nuevo."},
	http.StatusServiceUnavailable:    {Titulo: "La base de datos está ocupada", Mensaje: "En este momento se está escribiendo una importación grande u otra operación larga y su solicitud no pudo esperar más. No se guardó ningún cambio de esta solicitud. Espere unos segundos e intente de nuevo."},
	http.StatusInternalServerError:   {Titulo: "Ocurrió un error en el servidor", Mensaje: "No pudimos completar la solicitud. Intente de nuevo en unos minutos; si el problema sigue, avise al administrador con la hora y el código de la solicitud."},
}

var paginaCSRF = templates.PaginaError{
	Codigo:  http.StatusForbidden,
	Titulo:  "El formulario caducó",
	Mensaje: "El formulario caducó o no se pudo comprobar que lo envió desde esta aplicación; recargue la página e intente de nuevo. No se guardó ningún cambio.",
}

// manejarError turns any error into a Spanish page that says what to do next.
// Details go to the log (with the request id), never to the page.
func (h *handler) manejarError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	codigo := http.StatusInternalServerError
	var he *echo.HTTPError
	var mbe *http.MaxBytesError
	var etf *errTextoFormulario
	pe := templates.PaginaError{}
	switch {
	case errors.As(err, &etf):
		codigo, pe = http.StatusUnprocessableEntity, paginaTextoFormulario(etf)
	case errors.Is(err, errCSRF):
		codigo, pe = http.StatusForbidden, paginaCSRF
	case errors.As(err, &mbe):
		codigo = http.StatusRequestEntityTooLarge
	case db.EsOcupada(err):
		// Another connection holds the write lock (a long import): a
		// temporary condition, not a fault. The write was rolled back.
		codigo = http.StatusServiceUnavailable
		c.Response().Header().Set("Retry-After", strconv.Itoa(ReintentarTrasOcupada))
		h.log.WarnContext(c.Request().Context(), "base de datos ocupada", "id", idSolicitud(c), "error", err.Error())
	case errors.As(err, &he):
		codigo = he.Code
	}
	if pe.Titulo == "" {
		var ok bool
		if pe, ok = paginasError[codigo]; !ok {
			pe = paginasError[http.StatusInternalServerError]
			if codigo < 500 {
				pe = paginasError[http.StatusBadRequest]
			}
		}
	}
	pe.Codigo = codigo
	if codigo >= 500 && codigo != http.StatusServiceUnavailable {
		h.log.ErrorContext(c.Request().Context(), "error", "id", idSolicitud(c), "error", err.Error())
		pe.Mensaje += " Código de la solicitud: " + idSolicitud(c) + "."
	}
	if c.Request().Method == http.MethodHead {
		c.NoContent(codigo)
		return
	}
	p := h.pagina(c, pe.Titulo, "")
	if err == errCSRF {
		pe.Enlaces = []templates.Enlace{{Ruta: volverA(c), Texto: "Volver a la página"}, {Ruta: "/", Texto: "Ir al inicio"}}
	} else if cuentaDe(c) != nil {
		pe.Enlaces = []templates.Enlace{{Ruta: "/", Texto: "Ir al inicio"}}
	} else {
		pe.Enlaces = []templates.Enlace{{Ruta: "/login", Texto: "Ingresar"}}
	}
	if rerr := h.render(c, codigo, templates.Error(p, pe)); rerr != nil {
		h.log.ErrorContext(c.Request().Context(), "no se pudo mostrar la página de error", "id", idSolicitud(c), "error", rerr.Error())
		c.String(codigo, pe.Titulo)
	}
}

// volverA is where the CSRF page sends the person back: the page the form
// came from when it is ours, else the start.
func volverA(c echo.Context) string {
	if c.Path() == "/login" {
		return "/login"
	}
	return "/"
}

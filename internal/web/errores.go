package web

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"comite/internal/db"
	"comite/internal/fallo"
	"comite/internal/formato"
	"comite/internal/web/middleware"
	"comite/internal/web/urls"

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
	http.StatusConflict:              {Titulo: "No se pudo hacer el cambio", Mensaje: "Lo que pidió no concuerda con lo registrado (otra persona pudo cambiarlo mientras tanto). No se guardó ningún cambio. Vuelva a la página, revise su estado actual e intente de nuevo."},
	http.StatusUnprocessableEntity:   {Titulo: "Revise los datos", Mensaje: "Algún dato enviado no es válido. No se guardó ningún cambio. Vuelva a la página anterior, corríjalo e intente de nuevo."},
	http.StatusMethodNotAllowed:      {Titulo: "Acción no disponible", Mensaje: "Esta dirección no admite esa acción. Vuelva al inicio y use los botones de la aplicación."},
	http.StatusRequestEntityTooLarge: {Titulo: "El envío es demasiado grande", Mensaje: "El archivo o formulario supera el tamaño permitido. Divida el archivo o reduzca su tamaño e intente de nuevo."},
	http.StatusTooManyRequests:       {Titulo: "Demasiados intentos", Mensaje: "Espere unos minutos e intente de nuevo."},
	http.StatusServiceUnavailable:    {Titulo: "La base de datos está ocupada", Mensaje: "En este momento se está escribiendo una importación grande u otra operación larga y su solicitud no pudo esperar más. No se guardó ningún cambio de esta solicitud. Espere unos segundos e intente de nuevo."},
	http.StatusInternalServerError:   {Titulo: "Ocurrió un error en el servidor", Mensaje: "No pudimos completar la solicitud. Intente de nuevo en unos minutos; si el problema sigue, avise al administrador con la hora y el código de la solicitud."},
}

// paginaSinEspacio is the 507 (disk full) or 503 (the disk failed) of a
// write the database could not keep.
var paginaSinEspacio = templates.PaginaError{Titulo: "No se pudo guardar", Mensaje: "El servidor no tiene espacio para guardar: avise al administrador. No se guardó ningún cambio de esta solicitud."}

// paginaSinTurno is the 503 of a page that waited too long for its turn to
// be built (package turnos).
var paginaSinTurno = templates.PaginaError{Titulo: "El servidor está ocupado", Mensaje: "El servidor está atendiendo muchas solicitudes a la vez y su página no alcanzó a prepararse. Espere unos segundos e intente de nuevo."}

// errSinTurno: no turn came within the turns' wait (turnos.Turnos.Espera).
// Its message is the one its page shows (paginaSinTurno).
var errSinTurno = fallo.Nuevo(fallo.Ocupado, paginaSinTurno.Mensaje)

var paginaCSRF = templates.PaginaError{
	Codigo:  http.StatusForbidden,
	Titulo:  "El formulario caducó",
	Mensaje: "El formulario caducó o no se pudo comprobar que lo envió desde esta aplicación; recargue la página e intente de nuevo. No se guardó ningún cambio.",
}

// estadoDeFallo is the one table from the code of a failure (fallo.Codigo)
// to its HTTP status. Every handler returns the store's and the cores' errors
// as they come; manejarError answers them with this status and the page of
// paginasError, and the form handlers re-render the form with the field
// messages of an invalid input (camposDeFallo).
var estadoDeFallo = map[fallo.Codigo]int{
	fallo.Interno:       http.StatusInternalServerError,
	fallo.Invalido:      http.StatusUnprocessableEntity,
	fallo.NoEncontrado:  http.StatusNotFound,
	fallo.Conflicto:     http.StatusConflict,
	fallo.NoAutenticado: http.StatusUnauthorized,
	fallo.Prohibido:     http.StatusForbidden,
	fallo.Ocupado:       http.StatusServiceUnavailable,
}

// codigoDe classifies err: its fallo code, and Ocupado for SQLite's busy
// error (the driver's own type, recognised by the store).
func codigoDe(err error) fallo.Codigo {
	if db.EsOcupada(err) {
		return fallo.Ocupado
	}
	return fallo.CodigoDe(err)
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
	var ed *db.ErrDemasiadas
	pe := templates.PaginaError{}
	switch {
	case c.Request().Context().Err() != nil:
		// The client went away (closed the tab, the proxy gave up): not a
		// fault of the server; nobody reads the answer.
		h.log.InfoContext(c.Request().Context(), "el cliente cerró la conexión", "id", middleware.ID(c), "ruta", c.Request().URL.Path)
		c.Response().Status = estadoClienteSeFue
		return
	case db.EsErrorDeDisco(err):
		// The disk is full or failing: the write was rolled back. The log
		// says it at ERROR with its cause; /healthz says degradado.
		codigo, pe = http.StatusServiceUnavailable, paginaSinEspacio
		if db.FaltaEspacio(err) {
			codigo = http.StatusInsufficientStorage
		}
		h.log.ErrorContext(c.Request().Context(), "no se pudo escribir en la base de datos", "id", middleware.ID(c), "causa", causaDeDisco(err), "error", err.Error())
	case errors.Is(err, errHostAjeno):
		codigo, pe = http.StatusMisdirectedRequest, paginaHostAjeno
	case errors.As(err, &ed):
		// A per-account limit: say which one and when to try again.
		codigo = http.StatusTooManyRequests
		pe = templates.PaginaError{Titulo: "Demasiadas solicitudes seguidas",
			Mensaje: formato.MayusculaInicial(ed.Que) + ". Espere " + textoEspera(ed.Espera) + " e intente de nuevo. No se guardó ningún cambio."}
		c.Response().Header().Set("Retry-After", segundosRetry(ed.Espera))
	case errors.As(err, &etf):
		codigo, pe = http.StatusUnprocessableEntity, paginaTextoFormulario(etf)
	case errors.Is(err, errCSRF):
		codigo, pe = http.StatusForbidden, paginaCSRF
	case errors.As(err, &mbe):
		codigo = http.StatusRequestEntityTooLarge
	case errors.As(err, &he):
		codigo = he.Code
	case errors.Is(err, errSinTurno):
		// Every turn to build a page stayed taken for the turns' wait: the
		// server is saturated, not the database (package turnos).
		codigo, pe = http.StatusServiceUnavailable, paginaSinTurno
		c.Response().Header().Set("Retry-After", strconv.Itoa(ReintentarTrasOcupada))
		h.log.WarnContext(c.Request().Context(), "sin turno para construir la página", "id", middleware.ID(c), "ruta", c.Request().URL.Path)
	default:
		fc := codigoDe(err)
		codigo = estadoDeFallo[fc]
		switch fc {
		case fallo.Ocupado:
			// Another connection holds the write lock (a long import), or
			// too many password checks run at once: a temporary condition,
			// not a fault. The write was rolled back.
			c.Response().Header().Set("Retry-After", strconv.Itoa(ReintentarTrasOcupada))
			h.log.WarnContext(c.Request().Context(), "base de datos ocupada", "id", middleware.ID(c), "error", err.Error())
		case fallo.Conflicto, fallo.Invalido:
			// The message is written for people (what does not concord,
			// which field): the page says it.
			pe = paginasError[codigo]
			if m := fallo.De(err).Error(); m != "" {
				pe.Mensaje = m + " No se guardó ningún cambio."
			}
		}
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
	if codigo >= 500 && codigo != http.StatusServiceUnavailable && codigo != http.StatusInsufficientStorage {
		h.log.ErrorContext(c.Request().Context(), "error", "id", middleware.ID(c), "error", err.Error())
		pe.Mensaje += " Código de la solicitud: " + middleware.ID(c) + "."
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
		pe.Enlaces = []templates.Enlace{{Ruta: urls.Login, Texto: "Ingresar"}}
	}
	if rerr := h.render(c, codigo, templates.Error(p, pe)); rerr != nil {
		h.log.ErrorContext(c.Request().Context(), "no se pudo mostrar la página de error", "id", middleware.ID(c), "error", rerr.Error())
		c.String(codigo, pe.Titulo)
	}
}

// estadoClienteSeFue is recorded for a request whose client closed the
// connection before the answer (the code proxies use; never sent).
const estadoClienteSeFue = 499

// causaDeDisco names a disk failure for the log.
func causaDeDisco(err error) string {
	if db.FaltaEspacio(err) {
		return "disco lleno"
	}
	return "error de entrada/salida del disco"
}

// volverA is where the CSRF page sends the person back: the page the form
// came from when it is ours, else the start.
func volverA(c echo.Context) string {
	if c.Path() == urls.Login {
		return urls.Login
	}
	return "/"
}

// camposDeFallo is what a form shows for the error of its store call: for
// invalid input, a general message and the message of each field; for a
// conflict (a refused step, a duplicate, a state changed meanwhile), its
// message. Anything else (not found, busy, internal) comes back in otro, for
// manejarError to answer with its status.
func camposDeFallo(err error) (mensaje string, campos map[string]string, otro error) {
	if err == nil {
		return "", nil, nil
	}
	fe := fallo.De(err)
	if fe == nil || db.EsOcupada(err) {
		return "", nil, err
	}
	switch fe.Codigo {
	case fallo.Invalido:
		if len(fe.Campos) == 0 {
			return fe.Mensaje, nil, nil
		}
		return "Revise los campos marcados.", fe.Campos, nil
	case fallo.Conflicto:
		return fe.Mensaje, nil, nil
	}
	return "", nil, err
}

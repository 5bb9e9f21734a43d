package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"comite/internal/adjunto"
	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/static"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// The sandboxed viewer of an attachment. A PDF without marks and an image
// are shown, never as a page of the application's origin: the viewer page
// has its own policy (sandboxed: no script runs, no form is sent; nothing
// but the application's style sheet and the file itself is loaded) and the
// file it frames is served sandboxed too. An image is shown re-encoded
// without its metadata (adjunto.ParaMostrar); the download is the original.

// politicaVisor is the Content-Security-Policy of the viewer page. The
// sandbox keeps the page's origin (allow-same-origin) so the framed file is
// fetched with the session; without allow-scripts nothing runs in it.
const politicaVisor = "default-src 'none'; img-src 'self'; frame-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox allow-same-origin"

// politicaContenido is the policy of the file shown in the viewer: like a
// download's, but it may be framed by the viewer.
const politicaContenido = "default-src 'none'; img-src 'self'; sandbox; frame-ancestors 'self'"

// leerAdjunto reads attachment :n of case :id through the case's access
// rule: a case the account cannot reach answers 404 like a missing file.
func (h *handler) leerAdjunto(c echo.Context) (int64, db.Adjunto, []byte, error) {
	id, err1 := strconv.ParseInt(c.Param("id"), 10, 64)
	numero, err2 := strconv.Atoi(c.Param("n"))
	if err1 != nil || err2 != nil || id < 1 || numero < 1 {
		return 0, db.Adjunto{}, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	a, datos, err := h.x.Adjunto(c.Request().Context(), id, numero, actorCaso(c))
	if errors.Is(err, db.ErrAdjuntoNoExiste) {
		return 0, db.Adjunto{}, nil, echo.NewHTTPError(http.StatusNotFound)
	}
	return id, a, datos, err
}

// adjuntoVer is the viewer page of an attachment.
func (h *handler) adjuntoVer(c echo.Context) error {
	id, a, datos, err := h.leerAdjunto(c)
	if err != nil {
		return err
	}
	f := adjunto.Formato(a.Formato)
	v := templates.VisorAdjunto{Titulo: etiquetas.TipoAdjunto(a.Tipo) + ": " + a.Descripcion, Nombre: a.Nombre, SHA256: a.SHA256,
		Tamano: adjunto.Tamano(a.Tamano), Descarga: urls.CasoAdjunto(id, a.Numero), Caso: urls.Caso(id), Hoja: static.URL("app.css"), Icono: static.URL("favicon.svg")}
	if a.Retiro != nil {
		v.Retiro = a.Retiro.Motivo
	}
	switch {
	case !adjunto.Visible(f, a.Marcas):
		v.Motivo = "El visor no muestra este archivo (" + formato.MayusculaInicial(etiquetasMarcas(a.Marcas, f)) + "): descárguelo para abrirlo."
	case f == adjunto.PDF:
		v.PDF = urls.AdjuntoContenido(id, a.Numero)
	default:
		if err := adjunto.RevisarImagen(f, datos); err != nil {
			v.Motivo = mensajeRechazo(err) + "."
		} else {
			v.Imagen = urls.AdjuntoContenido(id, a.Numero)
		}
	}
	hd := c.Response().Header()
	hd.Set("Content-Security-Policy", politicaVisor)
	hd.Set("X-Frame-Options", "DENY")
	return h.render(c, http.StatusOK, templates.VisorAdjuntoPagina(v))
}

// adjuntoContenido is the file the viewer shows: a PDF without marks as
// stored, an image re-encoded without its metadata; inline, sandboxed,
// framed only by the application's own viewer.
func (h *handler) adjuntoContenido(c echo.Context) error {
	_, a, datos, err := h.leerAdjunto(c)
	if err != nil {
		return err
	}
	f := adjunto.Formato(a.Formato)
	if !adjunto.Visible(f, a.Marcas) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	mostrar, err := adjunto.ParaMostrar(f, datos)
	if errors.Is(err, adjunto.ErrRechazado) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, mensajeRechazo(err))
	}
	if err != nil {
		return err
	}
	nombre := adjunto.NombreSeguro(a.Nombre, f)
	hd := c.Response().Header()
	hd.Set("Content-Disposition", `inline; filename="`+nombreASCII(nombre)+`"; filename*=UTF-8''`+url.PathEscape(nombre))
	hd.Set("Content-Security-Policy", politicaContenido)
	hd.Set("X-Frame-Options", "SAMEORIGIN")
	hd.Set("X-Content-Type-Options", "nosniff")
	return c.Blob(http.StatusOK, f.MIME(), mostrar)
}

// mensajeRechazo is a refusal of adjunto without its prefix.
func mensajeRechazo(err error) string {
	return formato.MayusculaInicial(strings.TrimPrefix(err.Error(), adjunto.ErrRechazado.Error()+": "))
}

// etiquetasMarcas says why a file is not shown: its marks, or its format.
func etiquetasMarcas(marcas []string, f adjunto.Formato) string {
	if len(marcas) == 0 {
		return "formato " + strings.ToUpper(string(f))
	}
	var s []string
	for _, m := range marcas {
		s = append(s, etiquetas.MarcaAdjunto(m))
	}
	return strings.Join(s, "; ")
}

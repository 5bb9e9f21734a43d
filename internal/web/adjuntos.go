package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"comite/internal/adjunto"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/expediente"
	"comite/internal/fallo"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// politicaAdjunto is the Content-Security-Policy of a downloaded file: no
// script, no style, no frame, sandboxed; the file is never a page of the
// application's origin.
const politicaAdjunto = "default-src 'none'; sandbox; frame-ancestors 'none'"

// adjuntoAgregar attaches a file to a case (multipart: tipo, descripcion,
// fecha_documento, archivo). The checks (kind, size of the file and of the
// case, content against its name) are the application's; a refused file
// shows the case page again with the reason beside its field.
func (h *handler) adjuntoAgregar(c echo.Context) error {
	aviso := "adjunto_agregado"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		n := expediente.NuevoAdjunto{CasoID: id, Tipo: c.FormValue("tipo"), Descripcion: c.FormValue("descripcion")}
		campos := map[string]string{}
		if f, msg := leerFechaFormulario(c.FormValue("fecha_documento")); msg != "" {
			campos["fecha_documento"] = msg
		} else if !f.IsZero() {
			n.FechaDocumento = &f
		}
		fh, err := c.FormFile("archivo")
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return echo.NewHTTPError(http.StatusRequestEntityTooLarge).SetInternal(err)
			}
			campos["archivo"] = "Elija el archivo que quiere adjuntar."
		} else {
			n.Nombre = nombreArchivo(fh.Filename)
			f, err := fh.Open()
			if err != nil {
				return err
			}
			defer f.Close()
			var b bytes.Buffer
			if _, err := b.ReadFrom(io.LimitReader(f, limiteCuerpoAdjunto)); err != nil {
				return err
			}
			n.Datos = b.Bytes()
		}
		if len(campos) > 0 {
			return fallo.DeCampos(campos)
		}
		_, err = h.x.Adjuntar(c.Request().Context(), n, actorCaso(c))
		return err
	})
}

// adjuntoRetirar withdraws an attachment with the reason written.
func (h *handler) adjuntoRetirar(c echo.Context) error {
	aviso := "adjunto_retirado"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		numero, err := strconv.Atoi(c.Param("n"))
		if err != nil || numero < 1 {
			return db.ErrAdjuntoNoExiste
		}
		return h.x.RetirarAdjunto(c.Request().Context(), id, numero, c.FormValue("motivo"), actorCaso(c))
	})
}

// adjuntoDescargar sends an attached file exactly as stored, always as a
// download with a safe name, its own policy and nosniff; a case the account
// cannot reach answers 404 like a missing file.
func (h *handler) adjuntoDescargar(c echo.Context) error {
	_, a, datos, err := h.leerAdjunto(c)
	if err != nil {
		return err
	}
	nombre := adjunto.NombreSeguro(a.Nombre, adjunto.Formato(a.Formato))
	hd := c.Response().Header()
	hd.Set("Content-Disposition", `attachment; filename="`+nombreASCII(nombre)+`"; filename*=UTF-8''`+url.PathEscape(nombre))
	hd.Set("Content-Security-Policy", politicaAdjunto)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("X-Content-SHA256", a.SHA256)
	return c.Blob(http.StatusOK, adjunto.Formato(a.Formato).MIME(), datos)
}

// nombreASCII is the plain filename= of a Content-Disposition: letters
// outside ASCII become "_".
func nombreASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 126 || r < 32 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

// vistaAdjunto is one file of a case as every list of them shows it; who
// attached it and its withdrawal are worded by each list.
func vistaAdjunto(casoID int64, a db.Adjunto) templates.AdjuntoVista {
	v := templates.AdjuntoVista{
		Numero: a.Numero, Tipo: etiquetas.TipoAdjunto(a.Tipo), Descripcion: a.Descripcion, Fecha: etiquetas.Guion, Nombre: a.Nombre,
		Formato: strings.ToUpper(a.Formato), Tamano: adjunto.Tamano(a.Tamano), SHA256: a.SHA256,
		Ruta: urls.CasoAdjunto(casoID, a.Numero), RutaRetiro: urls.AdjuntoRetiro(casoID, a.Numero),
	}
	if adjunto.Visible(adjunto.Formato(a.Formato), a.Marcas) {
		v.RutaVisor = urls.AdjuntoVisor(casoID, a.Numero)
	}
	if a.FechaDocumento != nil {
		v.Fecha = formato.Fecha(*a.FechaDocumento)
	}
	for _, m := range a.Marcas {
		v.Marcas = append(v.Marcas, etiquetas.MarcaAdjunto(m))
	}
	return v
}

// vistaAdjuntos groups a case's attachments by kind, in the order of
// adjunto.Tipos, for the case page.
func vistaAdjuntos(casoID int64, lista []db.Adjunto, persona func(string) string) []templates.GrupoAdjuntos {
	var out []templates.GrupoAdjuntos
	for _, t := range adjunto.Tipos {
		g := templates.GrupoAdjuntos{Tipo: etiquetas.TipoAdjunto(string(t))}
		for _, a := range lista {
			if a.Tipo != string(t) {
				continue
			}
			v := vistaAdjunto(casoID, a)
			v.Por, v.En = persona(a.AdjuntadoPor), formato.InstanteTexto(a.AdjuntadoEn)
			if a.Retiro != nil {
				v.Retiro = "Retirado por " + persona(a.Retiro.RetiradoPor) + " el " + formato.InstanteTexto(a.Retiro.RetiradoEn) + ": " + a.Retiro.Motivo
			}
			g.Adjuntos = append(g.Adjuntos, v)
		}
		if len(g.Adjuntos) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// opcionesTipoAdjunto are the kinds of attachment for the form.
func opcionesTipoAdjunto(elegido string) []templates.Opcion {
	var out []templates.Opcion
	for _, t := range adjunto.Tipos {
		out = append(out, templates.Opcion{Valor: string(t), Texto: etiquetas.TipoAdjunto(string(t)), Seleccionada: string(t) == elegido})
	}
	return out
}

// adjuntosDeVista fills the case page's attachments and, when rol may
// attach now, the form (the case was already read through its access rule).
func (h *handler) adjuntosDeVista(ctx context.Context, v *templates.CasoDetalle, caso dominio.Caso, rol permisos.Rol) error {
	lista, err := h.d.Adjuntos(ctx, caso.ID)
	if err != nil {
		return err
	}
	var errPersona error
	persona := func(login string) string {
		p, err := h.persona(ctx, login)
		if err != nil && errPersona == nil {
			errPersona = err
		}
		return p
	}
	v.Adjuntos = vistaAdjuntos(caso.ID, lista, persona)
	if errPersona != nil {
		return errPersona
	}
	v.PuedeAdjuntar = permisos.Puede(rol, permisos.AdjuntarCaso) && adjunto.PuedeAdjuntar(rol, caso.Estado)
	v.TiposAdjunto = opcionesTipoAdjunto("")
	v.LimitesAdjunto = "PDF, PNG, JPEG, XLSX, CSV o DOCX, reconocidos por su contenido; hasta " + adjunto.Tamano(adjunto.MaxArchivo) +
		" por archivo y " + adjunto.Tamano(adjunto.MaxCaso) + " por caso (los retirados cuentan)."
	return nil
}

// adjuntosDecididos are the files of a case decided in a session, as the
// acta lists them (kind, description, date, SHA-256), for quien: a case
// quien cannot reach lists none.
func (h *handler) adjuntosDecididos(ctx context.Context, casoID int64, quien dominio.ActorCaso) ([]templates.AdjuntoVista, error) {
	lista, err := h.x.Adjuntos(ctx, casoID, quien)
	if errors.Is(err, db.ErrCasoNoExiste) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []templates.AdjuntoVista
	for _, a := range lista {
		v := vistaAdjunto(casoID, a)
		if a.Retiro != nil {
			v.Retiro = a.Retiro.Motivo
		}
		out = append(out, v)
	}
	return out, nil
}

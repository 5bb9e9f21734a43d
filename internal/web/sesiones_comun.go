package web

// Sessions of the Comité: the Comité and the Secretaría Técnica convene
// them, record the attendance, build the orden del día and issue the acta
// (both prepare and document the sessions; the Secretaría acts as their
// secretary); only the Comité records conceptos, inside a session; the
// auditor reads them; the administrator sets the quorum (a table parameter,
// audited) and does not see cases. Every rule is checked again in the store.

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// sesionDeRuta reads the session named by :sesion (nil when the route has none).
func (h *handler) sesionDeRuta(c echo.Context) (*dominio.SesionComite, error) {
	p := c.Param("sesion")
	if p == "" {
		return nil, nil
	}
	id, err := strconv.ParseInt(p, 10, 64)
	if err != nil || id <= 0 {
		return nil, echo.NewHTTPError(http.StatusNotFound)
	}
	s, err := h.d.SesionComite(c.Request().Context(), id)
	if errors.Is(err, db.ErrSesionNoExiste) {
		return nil, echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// leerMiembros reads "Nombre; cargo" lines.
func leerMiembros(texto string) []flujo.MiembroSesion {
	var ms []flujo.MiembroSesion
	for _, l := range strings.Split(texto, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		nombre, cargo, _ := strings.Cut(l, ";")
		ms = append(ms, flujo.MiembroSesion{Nombre: strings.TrimSpace(nombre), Cargo: strings.TrimSpace(cargo)})
	}
	return ms
}

func (h *handler) textoQuorum(c echo.Context) (string, error) {
	n, ok, err := h.d.ParametroQuorum(c.Request().Context())
	if err != nil {
		return "", err
	}
	return templates.TextoQuorum(n, ok), nil
}

func (h *handler) sesionesPagina(c echo.Context, status int, f templates.FormSesion, msg string) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	v := templates.SesionesVista{Gestiona: permisos.Puede(cu.Rol, permisos.GestionarSesiones), Configura: permisos.Puede(cu.Rol, permisos.ConfigurarQuorum), Form: f, MensajeErr: msg}
	if v.Form.Errores == nil {
		v.Form.Errores = templates.Errores{}
	}
	v.Form.Modalidades = templates.OpcionesModalidad(f.Modalidad)
	var err error
	if v.Quorum, err = h.textoQuorum(c); err != nil {
		return err
	}
	if permisos.Puede(cu.Rol, permisos.VerSesiones) {
		ss, err := h.d.SesionesComite(ctx)
		if err != nil {
			return err
		}
		hoy := h.d.Hoy()
		for _, s := range ss {
			v.Sesiones = append(v.Sesiones, templates.SesionResumenDe(s, hoy))
		}
	}
	return h.render(c, status, templates.SesionesPagina(h.pagina(c, "Sesiones del Comité", "sesiones"), v))
}

// mostrarSesion shows session s (templates.SesionVistaDe) with what the
// store adds: the attachments of its decided cases, the cases en_comite
// that may join its orden del día, who postponed it and its issued actas.
func (h *handler) mostrarSesion(c echo.Context, s dominio.SesionComite, status int, msg string, errs map[string]string, formMiembros string) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	hoy := h.d.Hoy()
	puede := templates.PuedeEnSesion{Gestionar: permisos.Puede(cu.Rol, permisos.GestionarSesiones), RegistrarConcepto: permisos.Puede(cu.Rol, permisos.RegistrarConcepto)}
	v := templates.SesionVistaDe(s, hoy, puede, msg, errs, formMiembros)
	if h.x.Firma != nil {
		v.FirmaConfigurada = h.x.Firma.Sujeto()
	}
	enOrden := map[int64]bool{}
	for i, p := range s.Orden {
		enOrden[p.CasoID] = true
		if p.Concepto != nil {
			adjs, err := h.adjuntosDecididos(ctx, p.CasoID, actorCaso(c))
			if err != nil {
				return err
			}
			v.Orden[i].Adjuntos = adjs
		}
	}
	if v.Gestiona {
		cs, err := h.d.ListarCasos(ctx, db.FiltroCasos{Estado: flujo.EnComite, Seccional: FiltroSeccional(cu)})
		if err != nil {
			return err
		}
		for _, x := range cs {
			if !enOrden[x.ID] {
				v.Candidatos = append(v.Candidatos, templates.Opcion{Valor: strconv.FormatInt(x.ID, 10), Texto: x.Numero + " · " + x.RazonSocial})
			}
		}
	}
	for _, a := range s.Aplazamientos {
		por, err := h.persona(ctx, a.Por)
		if err != nil {
			return err
		}
		v.Aplazamientos = append(v.Aplazamientos, templates.AplazamientoTexto(a, por))
	}
	as, err := h.d.Actas(ctx, s.ID)
	if err != nil {
		return err
	}
	for _, a := range as {
		por, err := h.persona(ctx, a.EmitidoPor)
		if err != nil {
			return err
		}
		v.Actas = append(v.Actas, templates.ActaVista{Version: a.Version, Emitida: formato.Instante(a.Instante()), Por: por,
			SHA256: a.SHA256, Contenido: a.SHA256Contenido, Firma: db.TextoFirma(a.FirmaSujeto)})
	}
	return h.render(c, status, templates.SesionPagina(h.pagina(c, "Sesión "+s.Numero, "sesiones"), v))
}

// pasoSesion runs a change on a session and shows the session again.
func (h *handler) pasoSesion(c echo.Context, f func(s *dominio.SesionComite) error, formMiembros, aviso string) error {
	s, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	if err := f(s); err != nil {
		status, msg, campos, otro := errorDePaso(err)
		if otro != nil {
			return otro
		}
		actual, err := h.d.SesionComite(c.Request().Context(), s.ID)
		if err != nil {
			return err
		}
		return h.mostrarSesion(c, actual, status, msg, campos, formMiembros)
	}
	return redirigir(c, urls.Sesion(s.ID)+"?aviso="+aviso)
}

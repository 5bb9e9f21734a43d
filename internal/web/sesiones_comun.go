package web

// Sessions of the Comité: the Comité and the Secretaría Técnica convene
// them, record the attendance, build the orden del día and issue the acta
// (both prepare and document the sessions; the Secretaría acts as their
// secretary); only the Comité records conceptos, inside a session; the
// auditor reads them; the administrator sets the quorum (a table parameter,
// audited) and does not see cases. Every rule is checked again in the store.

import (
	"errors"
	"fmt"
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

// enSesion fills the concepto form of a case recorded inside a session.
func enSesion(f *templates.FormConcepto, s *dominio.SesionComite) {
	if s == nil {
		return
	}
	base := urls.Sesion(s.ID)
	f.EnSesion = "Sesión " + s.Numero + " del " + s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora
	f.MiembrosSesion = nil
	for _, m := range s.Sesion.Miembros {
		f.MiembrosSesion = append(f.MiembrosSesion, m.Texto())
	}
	f.Accion = urls.Concepto(s.ID, f.CasoID)
	f.Volver = base
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

func textoMiembros(ms []flujo.MiembroSesion) string {
	var l []string
	for _, m := range ms {
		l = append(l, m.Nombre+"; "+m.Cargo)
	}
	return strings.Join(l, "\n")
}

func (h *handler) textoQuorum(c echo.Context) (string, error) {
	n, ok, err := h.d.ParametroQuorum(c.Request().Context())
	if err != nil {
		return "", err
	}
	if !ok {
		return "no configurado (ninguna sesión puede registrar conceptos hasta que el administrador lo configure)", nil
	}
	return fmt.Sprintf("%d miembros", n), nil
}

func (h *handler) sesionesPagina(c echo.Context, status int, f templates.FormSesion, msg string) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	v := templates.SesionesVista{Gestiona: permisos.Puede(cu.Rol, permisos.GestionarSesiones), Configura: permisos.Puede(cu.Rol, permisos.ConfigurarQuorum), Form: f, MensajeErr: msg}
	if v.Form.Errores == nil {
		v.Form.Errores = templates.Errores{}
	}
	for _, m := range flujo.Modalidades {
		v.Form.Modalidades = append(v.Form.Modalidades, templates.Opcion{Valor: m.Clave, Texto: m.Etiqueta, Seleccionada: m.Clave == f.Modalidad})
	}
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
			v.Sesiones = append(v.Sesiones, templates.SesionResumen{ID: s.ID, Numero: s.Numero, Fecha: s.Sesion.Fecha.DMA() + " " + s.Sesion.Hora,
				Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad), Lugar: s.Sesion.Lugar, Casos: len(s.Orden), Conceptos: s.Conceptos,
				Proxima: !s.Sesion.Fecha.Antes(hoy)})
		}
	}
	return h.render(c, status, templates.SesionesPagina(h.pagina(c, "Sesiones del Comité", "sesiones"), v))
}

func (h *handler) mostrarSesion(c echo.Context, s dominio.SesionComite, status int, msg string, errs map[string]string, formMiembros string) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	v := templates.SesionVista{ID: s.ID, Numero: s.Numero, Fecha: s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora + " (hora de Colombia)",
		Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad), Lugar: s.Sesion.Lugar, Preside: s.Sesion.Preside, Secretario: s.Sesion.Secretario,
		Quorum: s.TextoQuoro, HayQuorum: s.HayQuorum, Gestiona: permisos.Puede(cu.Rol, permisos.GestionarSesiones), AsistenciaFija: s.Conceptos > 0,
		MiembrosTexto: textoMiembros(s.Sesion.Miembros), PresideForm: s.Sesion.Preside, SecretarioForm: s.Sesion.Secretario,
		Errores: templates.Errores{}, Mensaje: msg}
	if formMiembros != "" {
		v.MiembrosTexto = formMiembros
	}
	for k, m := range errs {
		v.Errores[k] = m
	}
	if h.x.Firma != nil {
		v.FirmaConfigurada = h.x.Firma.Sujeto()
	}
	for _, m := range s.Sesion.Miembros {
		v.Miembros = append(v.Miembros, templates.Par{Etiqueta: m.Nombre, Valor: m.Cargo})
	}
	hoy := h.d.Hoy()
	enOrden := map[int64]bool{}
	for _, p := range s.Orden {
		enOrden[p.CasoID] = true
		pv := templates.PuntoVista{Posicion: p.Posicion, CasoID: p.CasoID, Numero: p.Numero, Usuario: p.RazonSocial + " · NIT " + p.NIT, Estado: p.Estado.Etiqueta()}
		switch {
		case p.Concepto != nil:
			pv.Decision, pv.Correccion = p.Vigente.Concepto.Decision.Etiqueta(), len(p.Correccion)
			adjs, err := h.adjuntosDecididos(ctx, p.CasoID, actorCaso(c))
			if err != nil {
				return err
			}
			pv.Adjuntos = adjs
		case p.Aplazado != "":
			pv.Aplazado = p.Aplazado
		default:
			pv.Registrar = permisos.Puede(cu.Rol, permisos.RegistrarConcepto) && p.Estado == flujo.EnComite && s.HayQuorum && flujo.Celebrada(s.Sesion.Fecha, hoy)
			pv.Aplazar = v.Gestiona && p.Estado == flujo.EnComite
		}
		v.Orden = append(v.Orden, pv)
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
	v.ProblemaActa = flujo.ProblemaActa(s.Sesion.Fecha, hoy, s.HayQuorum, s.TextoQuoro, s.PuntosPendientes())
	v.Aplazable = v.Gestiona && s.Conceptos == 0
	for _, a := range s.Aplazamientos {
		por, err := h.persona(ctx, a.Por)
		if err != nil {
			return err
		}
		v.Aplazamientos = append(v.Aplazamientos, "Del "+a.FechaAnterior.DMA()+", "+a.HoraAnterior+" al "+a.Fecha.DMA()+", "+a.Hora+": "+a.Motivo+" (registró "+por+")")
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

package web

import (
	"comite/internal/dominio"
	"context"
	"errors"
	"net/http"
	"strconv"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/nit"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// perfilMostrar is the profile of one customs user: identification, its
// autorizaciones with their validity today, the committee test for a
// hypothetical grave infraction committed today, the charts of the last five
// reference years, its sanction acts and its operations by year. Every figure
// of the test comes from the core (reincidencia.Cifras and Serie): this
// handler does no arithmetic of its own.
//
// The page's view is built once per data version (memoria, clavePerfil: the
// user, today's date and whether the role may edit) from one read snapshot
// (db.LeerPerfil); a data change builds it again.
func (h *handler) perfilMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	n, err := nit.Parse(c.Param("nit"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	hoy := h.d.Hoy()
	pagina, _ := strconv.Atoi(c.QueryParam("actos"))
	k := clavePerfil{nit: n.String(), hoy: hoy.String(), editar: permisos.Puede(cuentaDe(c).Rol, permisos.EditarDatos), paginaActos: max(pagina, 1)}
	x, err := h.memo.Obtener(ctx, k, func(ctx context.Context) (any, error) {
		return h.perfilVista(ctx, k.nit, hoy, k.editar, k.paginaActos)
	})
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev), errors.Is(err, db.ErrUsuarioNoRegistrado):
		return echo.NewHTTPError(http.StatusNotFound)
	case err != nil:
		return err
	}
	pv := x.(*perfilCalculado)
	// A seccional account: another Dirección Seccional's user is a 404, as in usuarioDeRuta.
	if err := exigirSeccional(c, pv.seccional); err != nil {
		return err
	}
	p := h.pagina(c, pv.vista.RazonSocial, "usuarios")
	p.Graficos = true
	return h.render(c, http.StatusOK, templates.PerfilPagina(p, pv.vista))
}

// clavePerfil is the profile view of one user on one day for a role that
// may, or may not, edit data, with one page of its acts.
type clavePerfil struct {
	nit, hoy    string
	editar      bool
	paginaActos int
}

func (clavePerfil) PorObjeto() {}

// perfilCalculado is a profile view as memoria keeps it (read only).
type perfilCalculado struct {
	vista     templates.PerfilUsuario
	seccional string
}

// perfilVista builds the profile view from one read of the store, with page
// pagina of the acts (the last one when pagina is beyond it).
func (h *handler) perfilVista(ctx context.Context, nitCanon string, hoy fecha.Fecha, puedeEditar bool, pagina int) (*perfilCalculado, error) {
	l, err := h.d.LeerPerfil(ctx, nitCanon)
	if err != nil {
		return nil, err
	}
	u := l.Usuario
	seccional := u.DireccionSeccional
	if cat, err := h.memo.Catalogo(ctx); err == nil {
		seccional = db.NombreSeccional(cat, u.DireccionSeccional)
	}
	nueva := reincidencia.NuevaInfraccion{FechaComision: hoy, FechaVerificacion: hoy, Gravedad: sancion.Grave}
	ev, serie := h.evaluacionRapida(ctx, expediente.Entrada(l, nueva, sancion.AnclajeComision, nil), hoy)
	v, err := templates.PerfilUsuarioDe(templates.DatosPerfil{
		Usuario: u, Seccional: seccional, Hoy: hoy, PuedeEditar: puedeEditar,
		Actos: l.Actos, PaginaActos: pagina, Evaluacion: ev, Serie: serie,
	})
	if err != nil {
		return nil, err
	}
	for _, o := range l.Operaciones {
		f := templates.OperacionFila{Anio: strconv.Itoa(o.Anio), Valor: formato.Pesos(o.Valor), Numero: formato.Entero(o.Numero), Origen: "Total anual"}
		if o.Origen == "declaraciones" {
			f.Origen = "Por declaraciones"
		} else {
			f.RutaCorregir = urls.OperacionEditar(u.NIT, o.Anio)
		}
		v.Operaciones = append(v.Operaciones, f)
	}
	return &perfilCalculado{vista: v, seccional: u.DireccionSeccional}, nil
}

// evaluacionRapida runs the committee test for a grave infraction committed
// on hoy (reference year hoy − 1) and the same test for the five reference
// years up to it, both through the core with the application's reference
// (Cifras: the page shows the figures and requisites, not the texts of the
// fundamentos); templates.EvaluacionRapidaDe shows them. A test that cannot
// be computed is logged and shown as such.
func (h *handler) evaluacionRapida(ctx context.Context, entrada reincidencia.Entrada, hoy fecha.Fecha) (templates.EvaluacionRapida, []reincidencia.PuntoAnual) {
	ref := h.d.Referencia()
	p, _ := ref.ConjuntoPara(hoy)
	nitUsuario := entrada.Usuario.NIT
	r, err := reincidencia.Cifras(entrada, ref)
	if err != nil {
		h.log.WarnContext(ctx, "evaluación rápida", "nit", nitUsuario, "error", err.Error())
		return templates.EvaluacionRapidaDe(hoy, p, nil, nil), nil
	}
	y := r.Periodo.Anio
	serie, err := reincidencia.Serie(entrada, ref, y-4, y)
	if err != nil {
		h.log.WarnContext(ctx, "serie de la evaluación", "nit", nitUsuario, "error", err.Error())
		return templates.EvaluacionRapidaDe(hoy, p, &r, nil), nil
	}
	return templates.EvaluacionRapidaDe(hoy, p, &r, serie), serie
}

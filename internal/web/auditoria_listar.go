package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

const filasPorPagina = 50

// auditoriaListar shows the audit log, newest first, with filters by
// account, action, object and date range, 50 rows a page.
func (h *handler) auditoriaListar(c echo.Context) error {
	v, err := h.vistaAuditoria(c)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if len(v.Errores) > 0 {
		status = http.StatusUnprocessableEntity
	}
	return h.render(c, status, templates.AuditoriaPagina(h.pagina(c, "Auditoría", "auditoria"), v))
}

func (h *handler) vistaAuditoria(c echo.Context) (templates.Auditoria, error) {
	ctx := c.Request().Context()
	q := c.QueryParams()
	f, v := filtroAuditoria(q)
	f.Pagina, _ = strconv.Atoi(q.Get("pagina"))
	if f.Pagina < 1 {
		f.Pagina = 1
	}
	acciones, err := h.d.AccionesAuditoria(ctx)
	if err != nil {
		return v, err
	}
	v.Acciones = []templates.Opcion{{Valor: "", Texto: "Todas", Seleccionada: v.Accion == ""}}
	for _, a := range acciones {
		v.Acciones = append(v.Acciones, templates.Opcion{Valor: a, Texto: etiquetas.AccionAuditoria(a), Seleccionada: a == v.Accion})
	}
	if len(v.Errores) > 0 {
		v.Total = "0"
		return v, nil
	}
	filas, total, err := h.d.ListarAuditoria(ctx, f)
	if err != nil {
		return v, err
	}
	v.Total = formato.Entero(int64(total))
	v.Pagina, v.Paginas = f.Pagina, (total+filasPorPagina-1)/filasPorPagina
	filtros := url.Values{}
	for _, k := range []string{"cuenta", "accion", "objeto", "desde", "hasta"} {
		if s := q.Get(k); s != "" {
			filtros.Set(k, s)
		}
	}
	v.ExportarCSV = urls.AuditoriaCSV + "?" + filtros.Encode()
	v.ExportarXLSX = urls.AuditoriaXLSX + "?" + filtros.Encode()
	lineas, err := h.lineasAuditoria(ctx, filas)
	if err != nil {
		return v, err
	}
	v.Filas = lineas
	pagina := func(n int) string {
		u := copiarValores(filtros)
		u.Set("pagina", strconv.Itoa(n))
		return urls.Auditoria + "?" + u.Encode()
	}
	if f.Pagina > 1 {
		v.Anterior = pagina(f.Pagina - 1)
	}
	if f.Pagina < v.Paginas {
		v.Siguiente = pagina(f.Pagina + 1)
	}
	return v, nil
}

// filtroAuditoria reads the filters of the audit log (the screen and its
// exports): account, action, object and a date range; a bad date, or a
// range given backwards, is an error beside its field.
func filtroAuditoria(q url.Values) (db.FiltroAuditoria, templates.Auditoria) {
	v := templates.Auditoria{
		Cuenta: strings.TrimSpace(q.Get("cuenta")), Accion: strings.TrimSpace(q.Get("accion")), Objeto: strings.TrimSpace(q.Get("objeto")),
		Desde: strings.TrimSpace(q.Get("desde")), Hasta: strings.TrimSpace(q.Get("hasta")), Errores: templates.Errores{},
	}
	f := db.FiltroAuditoria{Cuenta: v.Cuenta, Accion: v.Accion, Objeto: v.Objeto, PorPagina: filasPorPagina}
	leerFecha := func(campo, texto string) fecha.Fecha {
		if texto == "" {
			return fecha.Fecha{}
		}
		d, err := fecha.Parse(texto)
		if err != nil {
			v.Errores[campo] = "Fecha no válida; use DD/MM/AAAA."
		}
		return d
	}
	f.Desde, f.Hasta = leerFecha("desde", v.Desde), leerFecha("hasta", v.Hasta)
	if !f.Desde.IsZero() && !f.Hasta.IsZero() && f.Hasta.Antes(f.Desde) {
		v.Errores["hasta"] = "La fecha final es anterior a la inicial."
	}
	return f, v
}

// lineasAuditoria are the rows of the log in words: people by name, cargo
// and role, never by login (the filter still takes the login).
func (h *handler) lineasAuditoria(ctx context.Context, filas []db.FilaAuditoria) ([]templates.FilaAuditoria, error) {
	persona, err := h.personas(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]templates.FilaAuditoria, 0, len(filas))
	for _, r := range filas {
		fila := templates.FilaAuditoria{ID: r.ID, En: formato.InstanteTexto(r.En), Cuenta: persona(r.Cuenta), IP: r.IP,
			Accion: etiquetas.AccionAuditoria(r.Accion), Objeto: etiquetas.ObjetoAuditoria(r.Objeto)}
		if login, ok := strings.CutPrefix(r.Objeto, "cuenta:"); ok {
			fila.Objeto = "Cuenta de " + persona(login)
		}
		for _, p := range etiquetas.DetalleAuditoria(r.Detalle) {
			fila.Detalle = append(fila.Detalle, templates.Par{Etiqueta: p.Etiqueta, Valor: persona(p.Valor)})
		}
		out = append(out, fila)
	}
	return out, nil
}

package web

import (
	"net/http"
	"strconv"
	"strings"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// coberturaMostrar is the coverage report of the operations: for a reference
// year Y (?anio=, default the year before today), the customs users with acts
// that count in Y (Decreto Ley 920 de 2023, art. 25: grave or gravísima, firm
// in Y, without allanamiento) and no operations loaded for Y, so their
// committee test is unknown ("Datos incompletos"). The rows come from the
// screening of Y+1, computed by the core (no rule is repeated here); each
// links to the form that loads the year (for the roles that may load data)
// and to the import screen. A seccional sees its own Dirección Seccional only.
func (h *handler) coberturaMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	anio := h.d.Hoy().Anio() - 1
	v := templates.CoberturaVista{}
	if s := strings.TrimSpace(c.QueryParam("anio")); s != "" {
		a, err := strconv.Atoi(s)
		switch {
		case err != nil:
			v.ErrorAnio = "«" + s + "» no es un año. Se muestra " + strconv.Itoa(anio) + "."
		case a+1 < tamizaje.AnioMinimo || a+1 > tamizaje.AnioMaximo:
			v.ErrorAnio = "El año debe estar entre " + strconv.Itoa(tamizaje.AnioMinimo-1) + " y " + strconv.Itoa(tamizaje.AnioMaximo-1) + ". Se muestra " + strconv.Itoa(anio) + "."
		default:
			anio = a
		}
	}
	t, err := h.tamizajeDe(ctx, anio+1)
	if err != nil {
		return err
	}
	cargar := permisos.Puede(cu.Rol, permisos.EditarDatos)
	v.Anio = strconv.Itoa(anio)
	v.PuedeCargar = cargar
	if permisos.Puede(cu.Rol, permisos.ImportarDatos) {
		v.RutaImportar = urls.Importar
	}
	hoy := h.d.Hoy().Anio()
	for a := hoy; a >= hoy-6; a-- {
		v.Anios = append(v.Anios, templates.Opcion{Valor: strconv.Itoa(a), Texto: strconv.Itoa(a), Seleccionada: a == anio})
	}
	if anio > hoy || anio < hoy-6 {
		v.Anios = append(v.Anios, templates.Opcion{Valor: strconv.Itoa(anio), Texto: strconv.Itoa(anio), Seleccionada: true})
	}
	// From the compact rows: a row is made only for the users listed.
	tz := t.tamizado
	for i := range tz.Len() {
		if tz.OperacionesCargadas(i) || tz.Actos(i) == 0 || !VeSeccional(cu, tz.Usuario(i).DireccionSeccional) {
			continue
		}
		fila := tz.Fila(i)
		f := &fila
		x := templates.FilaCobertura{
			NIT: f.Usuario.NIT, RazonSocial: f.Usuario.RazonSocial, Tipo: etiquetas.TipoUsuario(f.Usuario.Tipo),
			Seccional: f.Usuario.DireccionSeccional, Actos: strconv.Itoa(f.NumeroActos), S: formato.Pesos(f.Suma),
			Motivo: reincidencia.TextoDatosIncompletos(anio),
		}
		if permisos.Puede(cu.Rol, permisos.VerUsuarios) {
			x.RutaPerfil = rutaUsuario(f.Usuario.NIT)
		}
		if cargar {
			x.RutaCargar = urls.OperacionNueva(f.Usuario.NIT) + "?anio=" + strconv.Itoa(anio)
		}
		v.Filas = append(v.Filas, x)
	}
	v.Total = formato.Entero(int64(len(v.Filas)))
	v.TotalNombre = formato.Concordar(len(v.Filas), "usuario con datos incompletos", "usuarios con datos incompletos")
	return h.render(c, http.StatusOK, templates.CoberturaPagina(h.pagina(c, "Cobertura de operaciones "+v.Anio, "tamizaje"), v))
}

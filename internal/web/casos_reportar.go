package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"

	"comite/internal/adjunto"
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/permisos"
	"comite/internal/web/urls"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

func opcionesCaso(f *templates.FormCaso) {
	f.Gravedades = []templates.Opcion{{Valor: "", Texto: "Elija…"}}
	for _, g := range sancion.Gravedades() {
		f.Gravedades = append(f.Gravedades, templates.Opcion{Valor: string(g), Texto: etiquetas.Gravedad(string(g)), Seleccionada: f.Gravedad == string(g)})
	}
	f.Sanciones = nil
	for _, s := range sancion.Tipos() {
		f.Sanciones = append(f.Sanciones, templates.Opcion{Valor: string(s), Texto: etiquetas.Sancion(string(s)), Seleccionada: f.Sancion == string(s)})
	}
	f.Anclajes = []templates.Opcion{
		{Valor: "comision", Texto: etiquetas.Anclaje("comision") + " (lectura por defecto)", Seleccionada: f.Anclaje != "verificacion"},
		{Valor: "verificacion", Texto: etiquetas.Anclaje("verificacion"), Seleccionada: f.Anclaje == "verificacion"},
	}
}

func (h *handler) formCaso(c echo.Context, f templates.FormCaso) templates.FormCaso {
	cu := cuentaDe(c)
	f.EligeSeccional = cu.Rol != permisos.RolSeccional
	f.SeccionalPropia = h.nombreSeccional(c.Request().Context(), cu.DireccionSeccional)
	if f.Errores == nil {
		f.Errores = templates.Errores{}
	}
	opcionesCaso(&f)
	f.LimiteInforme = adjunto.Tamano(adjunto.MaxArchivo)
	return f
}

// casosNuevo shows the form to report a case.
func (h *handler) casosNuevo(c echo.Context) error {
	f := h.formCaso(c, templates.FormCaso{NIT: c.QueryParam("nit"), Sancion: "multa"})
	return h.render(c, http.StatusOK, templates.CasoNuevoPagina(h.pagina(c, "Reportar un caso", "casos"), f))
}

// casosCrear reports a case: form → validation → one store call (which
// computes and stores the evaluation) → redirect to the case.
func (h *handler) casosCrear(c echo.Context) error {
	f := templates.FormCaso{
		NIT: strings.TrimSpace(c.FormValue("nit")), Seccional: strings.TrimSpace(c.FormValue("direccion_seccional")),
		FechaComision: c.FormValue("fecha_comision"), FechaVerificacion: c.FormValue("fecha_verificacion"),
		FechaExpediente: c.FormValue("fecha_expediente"), FechaRequerimiento: c.FormValue("fecha_requerimiento"),
		Gravedad: c.FormValue("gravedad"), Sancion: c.FormValue("sancion"), SancionPrevista: strings.TrimSpace(c.FormValue("sancion_prevista")),
		Anclaje: c.FormValue("anclaje"), Descripcion: c.FormValue("descripcion"), PermiteCancelacion: c.FormValue("permite_cancelacion") != "",
		InformeDescripcion: c.FormValue("informe_descripcion"), InformeFecha: c.FormValue("informe_fecha_documento"),
		MotivoSinInforme: c.FormValue("motivo_sin_informe"),
		Errores:          templates.Errores{},
	}
	n := dominio.NuevoCaso{NIT: f.NIT, DireccionSeccional: f.Seccional, Gravedad: sancion.Gravedad(f.Gravedad), Sancion: sancion.Tipo(f.Sancion),
		PermiteCancelacion: f.PermiteCancelacion, Anclaje: sancion.Anclaje(f.Anclaje), Descripcion: f.Descripcion,
		ConfirmarDuplicado: c.FormValue("confirmar_duplicado") != ""}
	leerFecha := func(campo, s string, destino *fecha.Fecha) {
		d, msg := leerFechaFormulario(s)
		if msg != "" {
			f.Errores[campo] = msg
			return
		}
		*destino = d
	}
	leerFecha("fecha_comision", f.FechaComision, &n.FechaComision)
	leerFecha("fecha_verificacion", f.FechaVerificacion, &n.FechaVerificacion)
	leerFecha("fecha_expediente", f.FechaExpediente, &n.FechaExpediente)
	leerFecha("fecha_requerimiento", f.FechaRequerimiento, &n.FechaRequerimiento)
	inf, err := leerInformeAlReportar(c, &f)
	if err != nil {
		return err
	}
	if f.SancionPrevista == "" {
		n.SancionPrevista = decimal.Zero
		if n.Sancion == sancion.Multa {
			// An empty field is a value not given, not a multa of $ 0.
			f.Errores["sancion_prevista"] = "Indique la multa prevista para la infracción, en pesos (por ejemplo 10.475.000); si es cero, escriba 0."
		}
	} else if m, err := entrada.ParseMontoExacto(f.SancionPrevista); err != nil {
		f.Errores["sancion_prevista"] = "Valor inválido «" + f.SancionPrevista + "»: escriba pesos como 10.475.000."
	} else {
		n.SancionPrevista = m
	}
	if len(f.Errores) > 0 {
		// The form already has errors of its own: add what the case would be
		// refused for, so every error shows in one answer.
		for k, m := range expediente.RevisarNuevoCaso(n, h.d.Hoy()) {
			if _, ya := f.Errores[k]; !ya {
				f.Errores[k] = m
			}
		}
		if len(inf.Datos) == 0 && strings.TrimSpace(inf.MotivoSinInforme) == "" && f.Errores["informe_archivo"] == "" {
			f.Errores["informe_archivo"] = "Adjunte el informe de la Dirección Seccional o escriba por qué no lo adjunta."
		}
	}
	var caso dominio.Caso
	if len(f.Errores) == 0 && n.Gravedad == sancion.Leve && c.FormValue("confirmar_leve") != "si" {
		// Said before saving: the Comité acts only on grave and gravísima infractions.
		f.AvisoLeve, f.Error = true, "La infracción es leve: el Comité solo actúa sobre infracciones graves y gravísimas. Corrija la gravedad o confirme que quiere registrarlo así."
		f = h.formCaso(c, f)
		return h.render(c, http.StatusConflict, templates.CasoNuevoPagina(h.pagina(c, "Reportar un caso", "casos"), f))
	}
	if len(f.Errores) == 0 {
		caso, err = h.x.Reportar(c.Request().Context(), n, inf, actorCaso(c))
		if err == nil {
			return redirigir(c, urls.Caso(caso.ID)+"?aviso=caso_reportado")
		}
		var dup *db.ErrCasoDuplicado
		if errors.As(err, &dup) {
			// The warning with its link and its check box says it once.
			f.Duplicado = &templates.CasoDuplicado{ID: dup.ID, Numero: dup.Numero, Estado: dup.Estado.Etiqueta(), Cerrado: dup.Cerrado()}
			f = h.formCaso(c, f)
			return h.render(c, http.StatusConflict, templates.CasoNuevoPagina(h.pagina(c, "Reportar un caso", "casos"), f))
		}
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		f.Error = msg
		for k, m := range campos {
			f.Errores[k] = m
		}
	} else {
		f.Error = "Revise los campos marcados."
	}
	f = h.formCaso(c, f)
	return h.render(c, http.StatusUnprocessableEntity, templates.CasoNuevoPagina(h.pagina(c, "Reportar un caso", "casos"), f))
}

// leerInformeAlReportar reads the Dirección Seccional's informe sent with a
// report: the file (informe_archivo, optional description and date) or the
// reason it is not attached. A file chosen on a form shown again with
// errors is not kept by the browser: f says so beside the field.
func leerInformeAlReportar(c echo.Context, f *templates.FormCaso) (expediente.InformeAlReportar, error) {
	inf := expediente.InformeAlReportar{Descripcion: f.InformeDescripcion, MotivoSinInforme: f.MotivoSinInforme}
	if d, msg := leerFechaFormulario(f.InformeFecha); msg != "" {
		f.Errores["informe_fecha_documento"] = msg
	} else if !d.IsZero() {
		inf.FechaDocumento = &d
	}
	fh, err := c.FormFile("informe_archivo")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return inf, echo.NewHTTPError(http.StatusRequestEntityTooLarge).SetInternal(err)
		}
		return inf, nil // no file: the reason is asked for
	}
	if fh.Filename == "" && fh.Size == 0 {
		return inf, nil
	}
	inf.Nombre = nombreArchivo(fh.Filename)
	a, err := fh.Open()
	if err != nil {
		return inf, err
	}
	defer a.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(io.LimitReader(a, limiteCuerpoAdjunto)); err != nil {
		return inf, err
	}
	inf.Datos = b.Bytes()
	f.InformeElegido = inf.Nombre
	return inf, nil
}

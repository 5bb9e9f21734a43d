package web

import (
	"context"
	"net/http"
	"strconv"

	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// inicioMostrar shows what needs attention for the role. The case workflow
// fills the case cards; until then they count the stored cases
// honestly (no case: "Sin casos pendientes").
func (h *handler) inicioMostrar(c echo.Context) error {
	// Several figures below come from memoria: read the data version once.
	ctx, err := h.memo.FijarVersiones(c.Request().Context())
	if err != nil {
		return err
	}
	c.SetRequest(c.Request().WithContext(ctx))
	cu := cuentaDe(c)
	v := templates.Inicio{Saludo: "Inicio"}
	if cu.Nombre != "" {
		v.Saludo = "Hola, " + cu.Nombre
	}
	casos, err := h.casosPorEstado(ctx, FiltroSeccional(cu))
	if err != nil {
		return err
	}
	// tarjetaCasos counts the cases in some states; the count is a link to
	// the list (filtered when it is one state) and agrees in number with its
	// sentence: «1 caso espera…», «3 casos esperan…».
	tarjetaCasos := func(clave, titulo string, estados []string, hay [2]string, vacio string) templates.Tarjeta {
		n := 0
		for _, e := range estados {
			n += casos[e]
		}
		t := templates.Tarjeta{Clave: clave, Titulo: titulo, Cifra: strconv.Itoa(n), Texto: hay[1], Ruta: urls.Casos}
		if n == 1 {
			t.Texto = hay[0]
		}
		if len(estados) == 1 {
			t.Ruta = urls.Casos + "?estado=" + estados[0]
		}
		if n == 0 {
			t.Cifra, t.Texto, t.Ruta = "", vacio, ""
		}
		return t
	}
	switch cu.Rol {
	case permisos.RolSecretaria:
		v.Tarjetas = append(v.Tarjetas,
			tarjetaCasos("por-evaluar", "Casos por evaluar", []string{"reportado", "en_evaluacion"}, [2]string{"caso reportado por una Dirección Seccional espera evaluación.", "casos reportados por las Direcciones Seccionales esperan evaluación."}, "Sin casos pendientes de evaluación."),
			tarjetaCasos("en-comite", "Casos presentados al Comité", []string{"en_comite"}, [2]string{"caso espera el concepto del Comité.", "casos esperan el concepto del Comité."}, "Sin casos en el Comité."),
			tarjetaCasos("por-cerrar", "Conceptos por cerrar", []string{"concepto_emitido"}, [2]string{"caso con concepto espera el registro de la propuesta del requerimiento especial aduanero.", "casos con concepto esperan el registro de la propuesta del requerimiento especial aduanero."}, "Sin conceptos pendientes de cierre."),
			templates.Tarjeta{Clave: "dias", Titulo: "Días inhábiles", Texto: "Registre los días que la entidad declaró inhábiles: cuentan en los plazos.", Enlaces: []templates.Enlace{{Ruta: urls.DiasInhabiles, Texto: "Ver días inhábiles"}}},
		)
	case permisos.RolComite:
		v.Tarjetas = append(v.Tarjetas,
			tarjetaCasos("en-comite", "Casos para el Comité", []string{"en_comite"}, [2]string{"caso espera su concepto.", "casos esperan su concepto."}, "Sin casos pendientes de concepto."))
	case permisos.RolSeccional:
		v.Tarjetas = append(v.Tarjetas,
			tarjetaCasos("seccional", "Casos de su Dirección Seccional", []string{"reportado", "en_evaluacion", "en_comite", "concepto_emitido"}, [2]string{"caso abierto de " + h.nombreSeccional(ctx, cu.DireccionSeccional) + ".", "casos abiertos de " + h.nombreSeccional(ctx, cu.DireccionSeccional) + "."}, "Sin casos abiertos de "+h.nombreSeccional(ctx, cu.DireccionSeccional)+"."))
	case permisos.RolAuditor:
		v.Tarjetas = append(v.Tarjetas,
			templates.Tarjeta{Clave: "auditoria", Titulo: "Registro de auditoría", Texto: "Consulte quién cambió qué y cuándo, y verifique que la cadena del registro está íntegra.",
				Enlaces: []templates.Enlace{{Ruta: urls.Auditoria, Texto: "Ver el registro"}, {Ruta: urls.AuditoriaVerificar, Texto: "Verificar cadena"}}},
			tarjetaCasos("casos", "Casos abiertos", []string{"reportado", "en_evaluacion", "en_comite", "concepto_emitido"}, [2]string{"caso abierto en todas las Seccionales.", "casos abiertos en todas las Seccionales."}, "Sin casos abiertos."))
	case permisos.RolAdmin:
		cuentas, err := h.d.ContarCuentas(ctx)
		if err != nil {
			return err
		}
		dias, err := h.d.ListarDiasInhabiles(ctx)
		if err != nil {
			return err
		}
		v.Tarjetas = append(v.Tarjetas,
			templates.Tarjeta{Clave: "cuentas", Titulo: "Cuentas", Cifra: strconv.Itoa(cuentas), Texto: formato.Concordar(cuentas, "cuenta registrada.", "cuentas registradas."), Ruta: urls.Cuentas,
				Enlaces: []templates.Enlace{{Ruta: urls.Cuentas, Texto: "Ver cuentas"}, {Ruta: urls.CuentaNueva, Texto: "Crear cuenta"}}},
			templates.Tarjeta{Clave: "dias", Titulo: "Días inhábiles", Cifra: strconv.Itoa(len(dias)), Texto: formato.Concordar(len(dias), "día inhábil declarado.", "días inhábiles declarados."), Ruta: urls.DiasInhabiles,
				Enlaces: []templates.Enlace{{Ruta: urls.DiasInhabiles, Texto: "Ver días inhábiles"}}},
			templates.Tarjeta{Clave: "auditoria", Titulo: "Registro de auditoría", Texto: "Revise los cambios y los ingresos.",
				Enlaces: []templates.Enlace{{Ruta: urls.Auditoria, Texto: "Ver el registro"}}},
		)
	}
	// Acts by gravedad, for the roles that read data.
	if permisos.Puede(cu.Rol, permisos.VerUsuarios) {
		leve, grave, gravisima, err := h.actosPorGravedad(ctx, FiltroSeccional(cu))
		if err != nil {
			return err
		}
		if leve+grave+gravisima == 0 {
			v.SinActos = true
		} else {
			g, err := graficos.ActosPorGravedad(leve, grave, gravisima)
			if err != nil {
				return err
			}
			v.Grafico = &g
		}
	}
	vc, err := h.inicioCasos(c)
	if err != nil {
		return err
	}
	pend, err := h.vistaPendientes(ctx, cu)
	if err != nil {
		return err
	}
	cartera := h.carteraInicio(ctx, cu)
	p := h.pagina(c, "Inicio", "inicio")
	p.Graficos = v.Grafico != nil || cartera.Grafico != nil
	return h.render(c, http.StatusOK, templates.InicioPagina(p, v, pend, vc, cartera))
}

// actosPorGravedad counts the acts by gravedad of one Dirección Seccional
// ("" = all) through memoria: the count of every Seccional is made once per
// data version, brought up to date from the previous one with the users a
// change touched (contarGravedades), not once per visit to Inicio.
func (h *handler) actosPorGravedad(ctx context.Context, seccional string) (leve, grave, gravisima int, err error) {
	v, err := h.memo.ObtenerDesde(ctx, claveGravedades{}, func(ctx context.Context, anterior any, version int64) (any, error) {
		return contarGravedades(ctx, h.d, anterior, version)
	})
	if err != nil {
		return 0, 0, 0, err
	}
	n := v.(*gravedades).de(seccional)
	return n[0], n[1], n[2], nil
}

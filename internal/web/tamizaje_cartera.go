package web

import (
	"comite/internal/importar/filas"
	"context"
	"strconv"
	"strings"

	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"
	"comite/internal/web/urls"
	"comite/web/templates"
)

// aniosCartera is how many years the portfolio shows.
const aniosCartera = 5

// claveCartera is the portfolio ending in year hasta.
type claveCartera struct{ hasta int }

// cartera counts, for each screening year Y of hasta−4 … hasta, the users for
// whom the Comité would proceed (tamizaje.Punto.ProcedeComite: registro
// vigente, at least three acts, threshold met, with an assumed grave
// infraction on 1 January of Y), by Dirección Seccional and user type, so
// one computation serves every account (a seccional adds its own only).
type cartera struct {
	anios  []int                                   // Y, oldest first
	conteo map[string]map[string][aniosCartera]int // seccional → tipo → count per year
	// incompletos counts, by seccional, the users whose result is unknown
	// (operations of the reference year never loaded): never among those
	// that proceed, shown apart.
	incompletos map[string][aniosCartera]int
}

// calcularCartera runs the screening of hasta, hasta−2 and hasta−4: each one
// also evaluates the year before (tamizaje.Fila.Anterior is the test of Y−1,
// with the registro in force on 1 January of Y−1, exactly the screening of
// Y−1), so three screenings give the five years. The screening of hasta is
// the screen's default year and is kept in memoria; the other two are counted
// and dropped. Only the verdicts are counted (tamizaje.Tamizado.Procede): no
// row is made, so the portfolio of a million users holds no rows in memory.
func (h *handler) calcularCartera(ctx context.Context, hasta int) (*cartera, error) {
	k := &cartera{conteo: map[string]map[string][aniosCartera]int{}, incompletos: map[string][aniosCartera]int{}}
	primero := hasta - aniosCartera + 1
	for a := primero; a <= hasta; a++ {
		k.anios = append(k.anios, a)
	}
	sumar := func(u tamizaje.Usuario, anio int, procede reincidencia.Tri) {
		i := anio - primero
		if i >= 0 && i < aniosCartera && tamizaje.DatosIncompletos(procede) {
			c := k.incompletos[u.DireccionSeccional]
			c[i]++
			k.incompletos[u.DireccionSeccional] = c
		}
		if i < 0 || i >= aniosCartera || !procede.EsSi() {
			return
		}
		porTipo := k.conteo[u.DireccionSeccional]
		if porTipo == nil {
			porTipo = map[string][aniosCartera]int{}
			k.conteo[u.DireccionSeccional] = porTipo
		}
		c := porTipo[u.Tipo]
		c[i]++
		porTipo[u.Tipo] = c
	}
	for y := hasta; y >= primero; y -= 2 {
		var tz *tamizaje.Tamizado
		if y == hasta {
			t, err := h.tamizajeDe(ctx, y)
			if err != nil {
				return nil, err
			}
			tz = t.tamizado
		} else {
			var err error
			if tz, err = tamizaje.Nacional(ctx, h.d, y); err != nil {
				return nil, err
			}
		}
		for i := range tz.Len() {
			u := tz.Usuario(i)
			referencia, anterior := tz.Procede(i)
			sumar(u, y, referencia)
			sumar(u, y-1, anterior)
		}
	}
	return k, nil
}

// carteraInicio is the portfolio panel for this account. It never waits for
// the computation: when the data changed since the last one, the panel says
// it is being computed (in the background) and Inicio stays fast.
func (h *handler) carteraInicio(ctx context.Context, cu *dominio.Cuenta) templates.CarteraVista {
	v := templates.CarteraVista{Ver: cu != nil && permisos.Puede(cu.Rol, permisos.VerTamizaje)}
	if !v.Ver {
		return v
	}
	hasta := h.d.Hoy().Anio()
	v.Ruta = urls.Tamizaje + "?anio=" + strconv.Itoa(hasta)
	if cu.Rol == permisos.RolSeccional {
		v.Seccional = h.nombreSeccional(ctx, cu.DireccionSeccional)
	}
	valor, listo, err := h.memo.Consultar(ctx, claveCartera{hasta}, func(ctx context.Context) (any, error) {
		return h.calcularCartera(ctx, hasta)
	})
	switch {
	case err != nil:
		h.log.WarnContext(ctx, "cartera de Inicio", "error", err.Error())
		v.Error = "No se pudo calcular la cartera con los datos actuales. Recargue la página; si el problema sigue, avise al administrador."
		return v
	case !listo:
		v.Calculando = true
		return v
	}
	k := valor.(*cartera)
	// The panel (its table and chart) is built once per data version and
	// Dirección Seccional, from the computed portfolio.
	kv := claveCarteraVista{hasta: hasta, seccional: FiltroSeccional(cu)}
	x, err := h.memo.Obtener(ctx, kv, func(context.Context) (any, error) {
		return h.vistaCartera(k, kv.seccional, v), nil
	})
	if err != nil {
		h.log.WarnContext(ctx, "cartera de Inicio", "error", err.Error())
		v.Error = "No se pudo calcular la cartera con los datos actuales. Recargue la página; si el problema sigue, avise al administrador."
		return v
	}
	vc := x.(templates.CarteraVista)
	vc.VerCobertura = permisos.Puede(cu.Rol, permisos.VerCobertura)
	return vc
}

// claveCarteraVista is the portfolio panel for one Dirección Seccional ("" = all).
type claveCarteraVista struct {
	hasta     int
	seccional string
}

// vistaCartera sums the Direcciones Seccionales the filter sees (as
// VeSeccional does for a seccional account) and builds the table and chart.
func (h *handler) vistaCartera(k *cartera, filtro string, v templates.CarteraVista) templates.CarteraVista {
	ve := func(s string) bool { return true }
	if filtro != "" {
		cu := &dominio.Cuenta{Rol: permisos.RolSeccional, DireccionSeccional: filtro}
		ve = func(s string) bool { return VeSeccional(cu, s) }
	}
	porTipo := map[string][aniosCartera]int{}
	for s, m := range k.conteo {
		if !ve(s) {
			continue
		}
		for tipo, c := range m {
			t := porTipo[tipo]
			for i := range c {
				t[i] += c[i]
			}
			porTipo[tipo] = t
		}
	}
	for _, a := range k.anios {
		v.Anios = append(v.Anios, strconv.Itoa(a))
	}
	var total [aniosCartera]int
	var series []graficos.SerieCartera
	for _, tipo := range filas.TiposUsuario {
		c := porTipo[tipo]
		fila := templates.FilaCartera{Clave: tipo, Tipo: etiquetas.TipoUsuario(tipo)}
		for i := range c {
			fila.Cifras = append(fila.Cifras, formato.Entero(int64(c[i])))
			total[i] += c[i]
		}
		v.Filas = append(v.Filas, fila)
		series = append(series, graficos.SerieCartera{Nombre: etiquetas.TipoUsuario(tipo), Cifras: c[:]})
	}
	v.Total = templates.FilaCartera{Clave: "total", Tipo: "Total"}
	for i := range total {
		v.Total.Cifras = append(v.Total.Cifras, formato.Entero(int64(total[i])))
	}
	var inc [aniosCartera]int
	for s, c := range k.incompletos {
		if ve(s) {
			for i := range c {
				inc[i] += c[i]
			}
		}
	}
	v.Incompletos = templates.FilaCartera{Clave: "datos-incompletos", Tipo: "Datos incompletos (no se cuentan arriba)"}
	for i := range inc {
		v.Incompletos.Cifras = append(v.Incompletos.Cifras, formato.Entero(int64(inc[i])))
	}
	if n := inc[len(inc)-1]; n > 0 {
		ref := k.anios[len(k.anios)-1] - 1
		v.AvisoIncompletos = formato.Plural(n, "usuario", "usuarios") + " con " + strings.ToLower(reincidencia.TextoDatosIncompletos(ref)[:1]) + reincidencia.TextoDatosIncompletos(ref)[1:] + "."
		v.RutaCobertura = urls.Cobertura + "?anio=" + strconv.Itoa(ref)
	}
	g, err := graficos.Cartera(k.anios, series)
	if err != nil {
		h.log.Warn("gráfico de la cartera", "error", err.Error())
	} else {
		v.Grafico = &g
	}
	return v
}

package templates

// Builders of the screening screen's and the portfolio panel's view models
// from values the core already computed: the ranked rows (tamizaje.Fila,
// from the pure tamizaje package), the filters and the portfolio. The
// handler reads the screening (tamizaje/lectura) and cuts the page; this
// package reaches neither the store nor HTTP.

import (
	"net/url"
	"strconv"
	"strings"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/importar/filas"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"
	"comite/internal/web/urls"

	"github.com/shopspring/decimal"
)

// SeccionalCorta is the city of a Dirección Seccional, for a narrow column
// (the full name goes in the title).
func SeccionalCorta(s string) string {
	for _, p := range []string{"Dirección Seccional de Aduanas de ", "Dirección Seccional de Impuestos y Aduanas de ", "Dirección Seccional de "} {
		if strings.HasPrefix(s, p) {
			return strings.TrimPrefix(s, p)
		}
	}
	return s
}

// ConSigno shows a change with its sign: "+1", "−0,1203", "0".
func ConSigno(d decimal.Decimal, dec int32) string {
	switch d.Sign() {
	case 1:
		return "+" + formato.Numero(d, dec)
	case -1:
		return "−" + formato.Numero(d.Neg(), dec)
	}
	return formato.Numero(d, dec)
}

// OpcionesTipoTamizaje are the user types for the filter, "all" first.
func OpcionesTipoTamizaje(sel string) []Opcion {
	out := []Opcion{{Valor: "", Texto: "Todos", Seleccionada: sel == ""}}
	for _, t := range filas.TiposUsuario {
		out = append(out, Opcion{Valor: t, Texto: etiquetas.TipoUsuario(t), Seleccionada: t == sel})
	}
	return out
}

// AniosTamizaje are the years of the selector: from next year back to six
// years before hoy, each with its reference year, and anio (the year shown)
// at the end when it is outside that range.
func AniosTamizaje(hoy, anio int) []Opcion {
	opcion := func(a int) Opcion {
		return Opcion{Valor: strconv.Itoa(a), Texto: strconv.Itoa(a) + " (ref. " + strconv.Itoa(a-1) + ")", Seleccionada: a == anio}
	}
	var out []Opcion
	for a := hoy + 1; a >= hoy-6; a-- {
		out = append(out, opcion(a))
	}
	if anio > hoy+1 || anio < hoy-6 {
		out = append(out, opcion(anio))
	}
	return out
}

// CarteraDe fills the portfolio panel v with the users per type and year
// (porTipo, keyed by canonical type, one count per year of anios) and the
// users whose result is unknown per year (incompletos), as the core counted
// them for the Direcciones Seccionales the account sees. A chart that cannot
// be built leaves the panel without it and is returned as the error; the
// table is complete either way.
func CarteraDe(v CarteraVista, anios []int, porTipo map[string][]int, incompletos []int) (CarteraVista, error) {
	for _, a := range anios {
		v.Anios = append(v.Anios, strconv.Itoa(a))
	}
	cifras := func(c []int) []string {
		out := make([]string, 0, len(anios))
		for i := range anios {
			n := 0
			if i < len(c) {
				n = c[i]
			}
			out = append(out, formato.Entero(int64(n)))
		}
		return out
	}
	total := make([]int, len(anios))
	var series []graficos.SerieCartera
	for _, tipo := range filas.TiposUsuario {
		c := make([]int, len(anios))
		copy(c, porTipo[tipo])
		for i := range c {
			total[i] += c[i]
		}
		v.Filas = append(v.Filas, FilaCartera{Clave: tipo, Tipo: etiquetas.TipoUsuario(tipo), Cifras: cifras(c)})
		series = append(series, graficos.SerieCartera{Nombre: etiquetas.TipoUsuario(tipo), Cifras: c})
	}
	v.Total = FilaCartera{Clave: "total", Tipo: "Total", Cifras: cifras(total)}
	v.Incompletos = FilaCartera{Clave: "datos-incompletos", Tipo: "Datos incompletos (no se cuentan arriba)", Cifras: cifras(incompletos)}
	if len(anios) > 0 && len(incompletos) >= len(anios) {
		if n := incompletos[len(anios)-1]; n > 0 {
			ref := anios[len(anios)-1] - 1
			t := reincidencia.TextoDatosIncompletos(ref)
			v.AvisoIncompletos = formato.Plural(n, "usuario", "usuarios") + " con " + strings.ToLower(t[:1]) + t[1:] + "."
			v.RutaCobertura = urls.Cobertura + "?anio=" + strconv.Itoa(ref)
		}
	}
	g, err := graficos.Cartera(anios, series)
	if err != nil {
		return v, err
	}
	v.Grafico = &g
	return v, nil
}

// FilaTamizajeDe formats one ranked row of the screening; every figure was
// computed by the core. seccional is the name of the user's Dirección
// Seccional as the catalogue gives it. A row whose result is unknown
// (datos incompletos) shows no rank number, no distance and its operations
// as «Sin cargar», never as zero. verUsuario and reportar link the row to
// the user's profile and to a new case for that NIT.
func FilaTamizajeDe(f *tamizaje.Fila, seccional string, verUsuario, reportar bool) FilaTamizaje {
	x := FilaTamizaje{
		Posicion: formato.Entero(int64(f.Posicion)), NIT: f.Usuario.NIT, RazonSocial: f.Usuario.RazonSocial,
		Tipo: etiquetas.TipoUsuario(f.Usuario.Tipo), Seccional: seccional, SeccionalCorta: SeccionalCorta(seccional),
		RegistroVigente: f.RegistroVigente, Actos: strconv.Itoa(f.NumeroActos), CumpleMinimo: f.MinimoTresActos,
		S: formato.Pesos(f.Suma), O: "Sin cargar", N: "—", Linea: "—",
		CumpleUmbral: f.CumpleUmbral.EsSi(), Procede: f.ProcedeComite.EsSi(),
		Participacion: "Desconocida", CambioPart: "—", Distancia: "—",
	}
	if f.TotalOperaciones != nil {
		x.O, x.N, x.Participacion = formato.Pesos(*f.TotalOperaciones), formato.Entero(*f.NumeroOperaciones), "Sin operaciones"
	}
	if f.Linea != nil {
		x.Linea = formato.Pesos(*f.Linea)
	}
	if f.DatosIncompletos() {
		// The unknown results are a group apart, after the ranked ones.
		x.Posicion = "—"
		x.DatosIncompletos = reincidencia.TextoDatosIncompletos(f.AnioReferencia)
	} else {
		x.Distancia = formato.Numero(f.Distancia4, 4)
	}
	if verUsuario {
		x.RutaPerfil = urls.Usuario(f.Usuario.NIT)
	}
	if reportar {
		x.RutaCaso = urls.CasoNuevo + "?" + url.Values{"nit": {f.Usuario.NIT}}.Encode()
	}
	if f.Participacion != nil {
		x.Participacion = f.ParticipacionTexto
	}
	if f.PorcentajeUmbral != nil {
		x.PorcentajeUmbral = formato.Porcentaje(*f.PorcentajeUmbral, 2)
	}
	for _, a := range f.Tempranas {
		x.Alertas = append(x.Alertas, etiquetaTamizaje(string(a)))
	}
	for _, a := range f.Alertas {
		// The screening shows the operations' alerts; the others need a
		// case (anchors, UVT of the increment, validity of the rules).
		if a == reincidencia.SinOperaciones || a == reincidencia.FaltanOperaciones {
			x.Alertas = append(x.Alertas, etiquetaTamizaje(string(a)))
		}
	}
	x.CambioActos = ConSigno(decimal.NewFromInt(int64(f.VariacionActos)), 0) + " (" + strconv.Itoa(f.Anterior.NumeroActos) + " → " + strconv.Itoa(f.NumeroActos) + ")"
	if f.VariacionParticipacion != nil {
		x.CambioPart = ConSigno(*f.VariacionParticipacion, 4) + " p. p."
	}
	x.CambioPart = "Participación " + x.CambioPart
	return x
}

// etiquetaTamizaje is the label of an alert of a row, by its code.
func etiquetaTamizaje(clave string) EtiquetaTamizaje {
	e := etiquetas.AlertaDe(clave)
	return EtiquetaTamizaje{Clave: clave, Texto: e.Texto, Ayuda: e.Ayuda}
}

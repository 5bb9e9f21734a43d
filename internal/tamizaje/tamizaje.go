// Package tamizaje is the screening of every customs user for the committee
// test: for each user, the test of Decreto Ley 920 de 2023, art. 25
// by position (citas normas.AnioReferencia, normas.ActosEnFirme,
// normas.UmbralCeroCinco, normas.MinimoTresActos, normas.RegistroVigente), as
// if a new GRAVE infraction were committed on 1 January of year Y, so the
// reference year is Y−1. Every decision is the core's, the one statement of
// the rule: which act counts and what it adds (reincidencia.ExclusionActo,
// AportaSuma) and each year's verdict (reincidencia.Decidir, the function
// Evaluar and Cifras use); this package only adds up each user's rows,
// ranks the results, raises early warnings, compares with the previous year,
// filters, and exports. It reads nothing: the rows of the national screening
// are streamed into an Acumulador by package tamizaje/lectura, the one that
// reads the store; everything here is pure functions: no database, no clock.
//
// Reading chosen (documented for the lead): the commission date of the
// assumed infraction is 1 January of Y, and the registro vigente is the one in
// force on that same date, as stored (vigente_desde ≤ 1 January Y ≤
// vigente_hasta, or no vigente_hasta). The previous year's figures assume the
// infraction on 1 January of Y−1 (reference year Y−2), with the registro in
// force on that date.
package tamizaje

import (
	"slices"
	"strings"

	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Limits of the year Y: the reference years (Y−1, Y−2) and the report deadline
// computed by the core must stay inside the holiday calendar (1984–2100).
const (
	AnioMinimo = 1986
	AnioMaximo = 2100
)

// PorcentajeAlerta is the early-warning line: S at 80 % or more of the 0,5 %
// line. It is a policy of the Secretaría for the screening, not a legal
// parameter, so it lives here and not in valores.
const PorcentajeAlerta = 80

// Alerta is an early warning of the screening.
type Alerta string

const (
	// DosActos: exactly two acts count in the reference year; one more firm
	// grave act reaches the minimum of three (art. 25 inc. 1).
	DosActos Alerta = "dos_actos"
	// OchentaPorCiento: the sanctions S are at 80 % or more of the 0,5 % line
	// but still below it — 80 % ≤ S / (O × 0,5 %) < 100 %, compared exactly
	// (S × 1000 × 100 ≥ O × 5 × 80 and S × 1000 < O × 5). A user already over
	// the line, or with no operations (the core then meets the threshold when
	// S > 0), has no such warning: it is not early any more.
	OchentaPorCiento Alerta = "ochenta_por_ciento"
)

// Usuario identifies a customs user in the screening.
type Usuario struct {
	ID                 int64 // row id in the store (for links: open the user, start a case)
	NIT                string
	RazonSocial        string
	Tipo               string
	DireccionSeccional string
}

// Insumo is what the screening needs about one user. Actos may be all the
// user's acts or only those firm in Y−2 and Y−1 (the rest would be excluded
// as fuera_de_periodo by the core anyway); Operaciones likewise.
type Insumo struct {
	Usuario                 Usuario
	RegistroVigente         bool // some registro in force on 1 January of Y
	RegistroVigenteAnterior bool // some registro in force on 1 January of Y−1
	Actos                   []reincidencia.Acto
	Operaciones             []reincidencia.Operaciones
}

// Punto is the committee test of one reference year, as the core computed it.
// Operations never loaded for the year are unknown (nil), never zero, and so
// are the threshold and the result that depend on them.
type Punto struct {
	AnioReferencia    int
	RegistroVigente   bool
	NumeroActos       int
	Suma              decimal.Decimal  // S, COP
	TotalOperaciones  *decimal.Decimal // O, COP; nil when not loaded
	NumeroOperaciones *int64           // N; nil when not loaded
	Participacion     *decimal.Decimal // S/O×100, 4 decimals half-up; nil when O = 0 or unknown
	// ParticipacionTexto is the share for people, from the core.
	ParticipacionTexto string
	CumpleUmbral       reincidencia.Tri
	MinimoTresActos    bool
	ProcedeComite      reincidencia.Tri
	Alertas            []reincidencia.Alerta // of the core: sin_operaciones, faltan_operaciones
}

// DatosIncompletos says whether the result is unknown for lack of the
// operations of the reference year: such a row is never ranked among those
// that proceed; it goes to its own group "Datos incompletos".
func (p Punto) DatosIncompletos() bool { return DatosIncompletos(p.ProcedeComite) }

// DatosIncompletos says it of a year whose test answered procede: unknown.
func DatosIncompletos(procede reincidencia.Tri) bool { return !procede.Conocido() }

// FaltanOperaciones says whether the operations of the reference year were never loaded.
func (p Punto) FaltanOperaciones() bool { return p.TotalOperaciones == nil }

// Fila is the screening of one user for year Y.
type Fila struct {
	Posicion int // 1-based, after Ordenar
	Usuario  Usuario
	Anio     int // Y: the year of the assumed infraction
	Punto        // reference year Y−1
	// Linea is the sanctions needed to reach the threshold: O × 0,5 %; nil
	// when O is unknown.
	Linea *decimal.Decimal
	// PorcentajeUmbral is S as a percentage of the line (2 decimals, half-up);
	// nil when O = 0.
	PorcentajeUmbral *decimal.Decimal
	// Distancia4 is Distancia as shown, 4 decimals: never 0 when positive.
	Distancia4 decimal.Decimal
	// Distancia to the committee test (see distancia); 0 when both figures are met.
	Distancia decimal.Decimal
	// Tempranas are the early warnings.
	Tempranas []Alerta
	// Anterior is the same test one year earlier (reference year Y−2).
	Anterior Punto
	// VariacionActos is NumeroActos − Anterior.NumeroActos.
	VariacionActos int
	// VariacionParticipacion is Participacion − Anterior.Participacion in
	// percentage points; nil when either is nil.
	VariacionParticipacion *decimal.Decimal

	fraccion *decimal.Decimal // S / line, 12 decimals, for ordering; nil when O = 0
}

// nueva is the assumed infraction: grave, committed (and verified) on
// 1 January of anio. Sancion is left empty, as reincidencia.Serie does: the
// +1.000 UVT is not part of the screening.
func nueva(anio int) reincidencia.NuevaInfraccion {
	f := fecha.Debe(anio, 1, 1)
	return reincidencia.NuevaInfraccion{FechaComision: f, FechaVerificacion: f, Gravedad: sancion.Grave}
}

// FechaComision is the commission date assumed for year anio (1 January),
// which is also the date the registro vigente is read on.
func FechaComision(anio int) fecha.Fecha { return fecha.Debe(anio, 1, 1) }

// EvaluarUsuario screens one user for year anio: the core's test for the
// reference year anio−1 and, for the change, anio−2; then the line, the
// distance and the early warnings, each year with the rule set ref holds for
// its assumed commission date. Amounts are taken in whole centavos, as the
// store keeps them.
func EvaluarUsuario(anio int, in Insumo, ref valores.Referencia) (Fila, error) {
	c, err := nuevoContexto(anio, ref)
	if err != nil {
		return Fila{}, err
	}
	acc, err := c.acumularInsumo(in)
	if err != nil {
		return Fila{}, err
	}
	c.evaluar(&acc)
	return c.fila(&acc, in.Usuario), nil
}

// TieneAlerta says whether the row carries the early warning a.
func (f Fila) TieneAlerta(a Alerta) bool {
	for _, x := range f.Tempranas {
		if x == a {
			return true
		}
	}
	return false
}

// Calcular screens every user the source yields; the rows come back in the
// order the source gave them (call Ordenar to rank). recorrer calls its
// argument once per user and stops at the first error it returns. For the
// national screening, read from the store, see lectura.Nacional.
func Calcular(anio int, ref valores.Referencia, recorrer func(func(Insumo) error) error) ([]Fila, error) {
	c, err := nuevoContexto(anio, ref)
	if err != nil {
		return nil, err
	}
	var filas []Fila
	err = recorrer(func(in Insumo) error {
		acc, err := c.acumularInsumo(in)
		if err != nil {
			return err
		}
		c.evaluar(&acc)
		filas = append(filas, c.fila(&acc, in.Usuario))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return filas, nil
}

// Ordenar ranks the rows in place and numbers them from 1 (see
// compararOrden: those for whom the Comité procede first, then by distance to
// the test, the "Datos incompletos" last).
func Ordenar(filas []Fila) {
	claves := make([]claveOrden, len(filas))
	for i := range filas {
		f := &filas[i]
		k := claveOrden{grupoDist: grupoDist(f.ProcedeComite, f.Distancia.Shift(12).IntPart()), actos: f.NumeroActos, suma: f.Suma.Shift(2).IntPart(), nit: f.Usuario.NIT}
		switch {
		case f.fraccion != nil:
			k.rango = 1
			k.conFraccion(f.fraccion)
		case f.Suma.IsPositive():
			k.rango = 2
		}
		claves[i] = k
	}
	idx := make([]int, len(filas))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return compararOrden(&claves[i], &claves[j]) })
	orden := make([]Fila, len(filas))
	for i, j := range idx {
		orden[i] = filas[j]
		orden[i].Posicion = i + 1
	}
	copy(filas, orden)
}

// Filtro selects rows by user type and Dirección Seccional; an empty field
// selects all. Tipo is compared with the stored tipo (canonical, e.g.
// "agencia_de_aduanas"); Seccional without regard to case, accents or extra
// spaces, as a whole name or as the city at its end ("Bogotá" selects
// "Dirección Seccional de Aduanas de Bogotá"). Texto finds a user by NIT
// (with or without hyphen, dots or check digit: nit.LeerConsulta) or by
// part of the razón social, without regard to case or accents.
type Filtro struct {
	Tipo      string
	Seccional string
	Texto     string
}

// Vacio says whether the filter selects every row.
func (f Filtro) Vacio() bool {
	return f.Tipo == "" && f.Seccional == "" && strings.TrimSpace(f.Texto) == ""
}

// aceptador is a filter ready to apply to many rows: the Dirección
// Seccional is compared once per distinct name.
type aceptador struct {
	f      Filtro
	quiere string
	vistas map[string]bool
	// nombre and nits are Texto ready to compare: folded, and the NIT
	// prefixes it may mean.
	nombre string
	nits   []string
}

func (f Filtro) preparar() *aceptador {
	return &aceptador{f: f, quiere: clave(f.Seccional), vistas: map[string]bool{},
		nombre: clave(f.Texto), nits: nit.LeerConsulta(f.Texto)}
}

// aceptaTexto says whether the user's NIT or razón social matches Texto.
func (a *aceptador) aceptaTexto(u *Usuario) bool {
	if a.nombre == "" {
		return true
	}
	for _, p := range a.nits {
		if strings.HasPrefix(u.NIT, p) {
			return true
		}
	}
	return strings.Contains(clave(u.RazonSocial), a.nombre)
}

// acepta says whether the user passes the filter.
func (a *aceptador) acepta(u *Usuario) bool {
	if a.f.Tipo != "" && u.Tipo != a.f.Tipo {
		return false
	}
	if !a.aceptaTexto(u) {
		return false
	}
	if a.f.Seccional == "" {
		return true
	}
	ok, ya := a.vistas[u.DireccionSeccional]
	if !ya {
		ok = coincideSeccional(u.DireccionSeccional, a.quiere)
		a.vistas[u.DireccionSeccional] = ok
	}
	return ok
}

// Filtrar returns the rows that pass the filter, keeping their order and
// positions (the position is the user's rank among all users).
func Filtrar(filas []Fila, f Filtro) []Fila {
	if f.Vacio() {
		return filas
	}
	a := f.preparar()
	out := make([]Fila, 0, len(filas)/4)
	for i := range filas {
		if a.acepta(&filas[i].Usuario) {
			out = append(out, filas[i])
		}
	}
	return out
}

// clave normalises a name for comparison: lower case, no accents, single spaces.
func clave(s string) string {
	return strings.Join(strings.Fields(sancion.Normalizar(s)), " ")
}

// coincideSeccional: the stored name equals the wanted one, or ends with it
// as whole words ("... de Aduanas de Bogotá" and "bogota").
func coincideSeccional(guardada, quiere string) bool {
	tiene := clave(guardada)
	return tiene == quiere || strings.HasSuffix(tiene, " "+quiere)
}

// Resumen counts the screening's rows for the headline.
type Resumen struct {
	Usuarios         int
	ProcedeComite    int
	CumpleUmbral     int
	MinimoTresActos  int
	DosActos         int
	OchentaPorCiento int
	SinOperaciones   int
	// DatosIncompletos counts the users whose result is unknown because the
	// operations of the reference year were never loaded.
	DatosIncompletos int
}

// Resumir counts the rows.
func Resumir(filas []Fila) Resumen {
	r := Resumen{Usuarios: len(filas)}
	for i := range filas {
		f := &filas[i]
		if f.ProcedeComite.EsSi() {
			r.ProcedeComite++
		}
		if f.DatosIncompletos() {
			r.DatosIncompletos++
		}
		if f.CumpleUmbral.EsSi() {
			r.CumpleUmbral++
		}
		if f.MinimoTresActos {
			r.MinimoTresActos++
		}
		if f.TieneAlerta(DosActos) {
			r.DosActos++
		}
		if f.TieneAlerta(OchentaPorCiento) {
			r.OchentaPorCiento++
		}
		for _, a := range f.Alertas {
			if a == reincidencia.SinOperaciones {
				r.SinOperaciones++
			}
		}
	}
	return r
}

// Package tamizaje is the screening of every customs user for the committee
// test: for each user, the test of Decreto Ley 920 de 2023, art. 25
// by position (citas normas.AnioReferencia, normas.ActosEnFirme,
// normas.UmbralCeroCinco, normas.MinimoTresActos, normas.RegistroVigente), as
// if a new GRAVE infraction were committed on 1 January of year Y, so the
// reference year is Y−1. Every figure comes from reincidencia.Evaluar, the one
// implementation of the rule; this package only builds each user's input,
// ranks the results, raises early warnings, compares with the previous year,
// filters, and exports. Pure functions: no database, no clock.
//
// Reading chosen (documented for the lead): the commission date of the
// assumed infraction is 1 January of Y, and the registro vigente is the one in
// force on that same date, as stored (vigente_desde ≤ 1 January Y ≤
// vigente_hasta, or no vigente_hasta). The previous year's figures assume the
// infraction on 1 January of Y−1 (reference year Y−2), with the registro in
// force on that date.
package tamizaje

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"comite/internal/fecha"
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
func (p Punto) DatosIncompletos() bool { return !p.ProcedeComite.Conocido() }

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

var (
	uno   = decimal.NewFromInt(1)
	mil   = decimal.NewFromInt(1000)
	cien  = decimal.NewFromInt(100)
	alert = decimal.NewFromInt(PorcentajeAlerta)
)

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

// punto runs the core for one year. The core receives only the acts firm in
// that year's reference year (anio−1), plus those with no firmeza date: every
// other act it would exclude as fuera_de_periodo (art. 25 inc. 1, "del
// primero (1) de enero al treinta y uno (31) de diciembre del año
// inmediatamente anterior"), and an excluded act changes no figure of a
// Punto. The choice of what counts stays the core's (gravedad,
// allanamiento, firmeza); this only spares it the other year's acts, half of
// what the screening reads. A property test on random databases
// (internal/db) checks that every Punto equals what the core gives with all
// the user's acts. buf is scratch space reused between calls (nil allocates).
func punto(in Insumo, anio int, vigente bool, ref valores.Referencia, buf *[]reincidencia.Acto) (Punto, error) {
	var local []reincidencia.Acto
	if buf == nil {
		buf = &local
	}
	actos := (*buf)[:0]
	for _, a := range in.Actos {
		if a.FechaFirmeza.IsZero() || a.FechaFirmeza.Anio() == anio-1 {
			actos = append(actos, a)
		}
	}
	*buf = actos
	return puntoConActos(in, actos, anio, vigente, ref)
}

// puntoConActos runs the core for one year on the acts given.
func puntoConActos(in Insumo, actos []reincidencia.Acto, anio int, vigente bool, ref valores.Referencia) (Punto, error) {
	e := reincidencia.Entrada{
		Usuario:     reincidencia.Usuario{NIT: in.Usuario.NIT, RazonSocial: in.Usuario.RazonSocial, Tipo: in.Usuario.Tipo, RegistroVigente: vigente},
		Nueva:       nueva(anio),
		Anclaje:     reincidencia.AnclajeComision,
		Actos:       actos,
		Operaciones: in.Operaciones,
	}
	r, err := reincidencia.Cifras(e, ref)
	if err != nil {
		return Punto{}, fmt.Errorf("usuario %s, año %d: %w", in.Usuario.NIT, anio, err)
	}
	return Punto{
		AnioReferencia:     r.Periodo.Anio,
		RegistroVigente:    r.Requisitos.RegistroVigente,
		NumeroActos:        r.NumeroActos,
		Suma:               r.Suma,
		TotalOperaciones:   r.TotalOperaciones,
		NumeroOperaciones:  r.NumeroOperaciones,
		Participacion:      r.Participacion,
		ParticipacionTexto: r.ParticipacionTexto,
		CumpleUmbral:       r.Requisitos.UmbralCeroCinco,
		MinimoTresActos:    r.Requisitos.MinimoTresActos,
		ProcedeComite:      r.ProcedeComite,
		Alertas:            r.Alertas,
	}, nil
}

// EvaluarUsuario screens one user for year anio: the core's test for the
// reference year anio−1 and, for the change, anio−2; then the line, the
// distance and the early warnings, each year with the rule set ref holds for
// its assumed commission date.
func EvaluarUsuario(anio int, in Insumo, ref valores.Referencia) (Fila, error) {
	return evaluarUsuario(anio, in, ref, nil)
}

// evaluarUsuario is EvaluarUsuario with scratch space for the acts (see punto).
func evaluarUsuario(anio int, in Insumo, ref valores.Referencia, buf *[]reincidencia.Acto) (Fila, error) {
	if anio < AnioMinimo || anio > AnioMaximo {
		return Fila{}, fmt.Errorf("el año %d está fuera del rango del tamizaje (%d a %d)", anio, AnioMinimo, AnioMaximo)
	}
	f := Fila{Usuario: in.Usuario, Anio: anio}
	var err error
	if f.Punto, err = punto(in, anio, in.RegistroVigente, ref, buf); err != nil {
		return Fila{}, err
	}
	if f.Anterior, err = punto(in, anio-1, in.RegistroVigenteAnterior, ref, buf); err != nil {
		return Fila{}, err
	}
	f.VariacionActos = f.NumeroActos - f.Anterior.NumeroActos
	if f.Participacion != nil && f.Anterior.Participacion != nil {
		v := f.Participacion.Sub(*f.Anterior.Participacion)
		f.VariacionParticipacion = &v
	}

	// The line O × 0,5 % (art. 25 inc. 1), from the core; unknown when O is.
	p, _ := ref.ConjuntoPara(FechaComision(anio))
	if f.TotalOperaciones != nil {
		l := reincidencia.LineaUmbral(*f.TotalOperaciones, p)
		f.Linea = &l
		if !l.IsZero() {
			pc := f.Suma.Mul(cien).DivRound(l, 2)
			f.PorcentajeUmbral = &pc
			fr := f.Suma.DivRound(l, 12)
			f.fraccion = &fr
		}
	}
	f.Distancia = distancia(f.Punto, f.fraccion, p)
	f.Tempranas = tempranas(f.Punto, p)
	return f, nil
}

// distancia is how far a user is from the committee test's two figures, a
// number between 0 and 2 used to rank (never to decide):
//
//	distancia = brecha del umbral + brecha de actos
//	brecha del umbral = max(0, 1 − S / (O × 0,5 %))   — the share of the line still missing;
//	                    with O = 0: 0 when S > 0 (the core meets the threshold), else 1
//	brecha de actos   = max(0, 3 − actos) / 3         — the share of the three acts still missing
//
// So 0 means both the 0,5 % threshold and the minimum of three acts are met;
// a user with two acts and S at 90 % of the line is at 0,1 + 0,3333 = 0,4333.
// S / line is rounded to 12 decimals for this ordering only; whether the
// threshold is met always comes from the core's exact comparison.
func distancia(pt Punto, fraccion *decimal.Decimal, p valores.Parametros) decimal.Decimal {
	brecha := decimal.Zero
	switch {
	case fraccion != nil:
		if fraccion.LessThan(uno) {
			brecha = uno.Sub(*fraccion)
		}
	case !pt.Suma.IsPositive():
		brecha = uno
	}
	if faltan := p.MinimoActos - pt.NumeroActos; faltan > 0 {
		brecha = brecha.Add(decimal.NewFromInt(int64(faltan)).DivRound(decimal.NewFromInt(int64(p.MinimoActos)), 12))
	}
	return brecha
}

// tempranas are the early warnings of a user (see DosActos, OchentaPorCiento).
func tempranas(pt Punto, p valores.Parametros) []Alerta {
	var out []Alerta
	if pt.NumeroActos == p.MinimoActos-1 {
		out = append(out, DosActos)
	}
	// S ≥ 80 % × O × 5/1000  ⇔  S × 1000 × 100 ≥ O × 5 × 80, exactly; and
	// the threshold not met (the core's exact comparison).
	if pt.TotalOperaciones != nil && !pt.TotalOperaciones.IsZero() && pt.CumpleUmbral.EsNo() &&
		pt.Suma.Mul(mil).Mul(cien).GreaterThanOrEqual(pt.TotalOperaciones.Mul(p.UmbralPorMil).Mul(alert)) {
		out = append(out, OchentaPorCiento)
	}
	return out
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

// Calcular screens every user the source yields, evaluating in parallel
// (one worker per processor, users handed over in batches); the rows come
// back in the order the source gave them (call Ordenar to rank). recorrer
// calls its argument once per user and stops at the first error it returns.
func Calcular(anio int, ref valores.Referencia, recorrer func(func(Insumo) error) error) ([]Fila, error) {
	return CalcularCon(anio, ref, 0, recorrer)
}

// CalcularCon is Calcular with the number of users expected (0 when
// unknown): the rows are then written in place into one slice of that size
// instead of a growing one, so the national screening never holds two copies
// of its rows. More or fewer users than expected are still handled.
func CalcularCon(anio int, ref valores.Referencia, esperados int, recorrer func(func(Insumo) error) error) ([]Fila, error) {
	if anio < AnioMinimo || anio > AnioMaximo {
		return nil, fmt.Errorf("el año %d está fuera del rango del tamizaje (%d a %d)", anio, AnioMinimo, AnioMaximo)
	}
	const tamLote = 256
	type lote struct {
		inicio int
		ins    []Insumo
	}
	cola := make(chan lote, 2*runtime.GOMAXPROCS(0))
	var (
		mu      sync.Mutex
		filas   = make([]Fila, 0, max(esperados, 0))
		primero error
		wg      sync.WaitGroup
	)
	for w := runtime.GOMAXPROCS(0); w > 0; w-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []reincidencia.Acto
			hechas := make([]Fila, 0, tamLote)
			for l := range cola {
				hechas = hechas[:0]
				var err error
				for _, in := range l.ins {
					var f Fila
					if f, err = evaluarUsuario(anio, in, ref, &buf); err != nil {
						break
					}
					hechas = append(hechas, f)
				}
				mu.Lock()
				if err != nil && primero == nil {
					primero = err
				}
				if fin := l.inicio + len(hechas); fin > len(filas) {
					if fin <= cap(filas) {
						filas = filas[:fin]
					} else {
						filas = append(filas, make([]Fila, fin-len(filas))...)
					}
				}
				copy(filas[l.inicio:], hechas)
				mu.Unlock()
			}
		}()
	}
	n := 0
	actual := lote{ins: make([]Insumo, 0, tamLote)}
	err := recorrer(func(in Insumo) error {
		actual.ins = append(actual.ins, in)
		n++
		if len(actual.ins) == tamLote {
			cola <- actual
			actual = lote{inicio: n, ins: make([]Insumo, 0, tamLote)}
		}
		return nil
	})
	if len(actual.ins) > 0 {
		cola <- actual
	}
	close(cola)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if primero != nil {
		return nil, primero
	}
	return filas[:n:n], nil
}

// Ordenar ranks the rows in place and numbers them from 1: first the users for
// whom the Comité procede (all four requisites), then by distance to the test
// (closest first); ties by how far over the line (S / line, larger first; with
// operations loaded in zero and S > 0, first of all), more acts, larger S, and
// NIT. The rows whose result is unknown (operations never loaded) come last,
// in their own group "Datos incompletos", never among those that proceed.
//
// It sorts indices with the distance as an integer key (distancia has at most
// 12 decimals and is ≤ 2, so × 10¹² is exact in an int64) and moves each row
// once: sorting the large rows themselves with decimal comparisons took a
// tenth of the national screening.
func Ordenar(filas []Fila) {
	clave := make([]int64, len(filas))
	for i := range filas {
		clave[i] = filas[i].Distancia.Shift(12).IntPart()
	}
	idx := make([]int32, len(filas))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortStableFunc(idx, func(x, y int32) int {
		a, b := &filas[x], &filas[y]
		if ga, gb := grupo(a.ProcedeComite), grupo(b.ProcedeComite); ga != gb {
			return cmp.Compare(ga, gb)
		}
		if clave[x] != clave[y] {
			return cmp.Compare(clave[x], clave[y])
		}
		if c := compararFraccion(a, b); c != 0 {
			return -c
		}
		if a.NumeroActos != b.NumeroActos {
			return cmp.Compare(b.NumeroActos, a.NumeroActos)
		}
		if c := a.Suma.Cmp(b.Suma); c != 0 {
			return -c
		}
		return strings.Compare(a.Usuario.NIT, b.Usuario.NIT)
	})
	// Apply the permutation in place, cycle by cycle (position i takes the
	// row at idx[i]): one row of scratch instead of a second copy of them all.
	for i := range idx {
		if idx[i] < 0 {
			continue
		}
		tmp := filas[i]
		j := i
		for {
			k := int(idx[j])
			idx[j] = -1
			if k == i {
				filas[j] = tmp
				break
			}
			filas[j] = filas[k]
			j = k
		}
	}
	for i := range filas {
		filas[i].Posicion = i + 1
	}
}

// grupo is the ranking group: procede, the rest, datos incompletos.
func grupo(t reincidencia.Tri) int {
	switch t {
	case reincidencia.Si:
		return 0
	case reincidencia.No:
		return 1
	}
	return 2
}

// compararFraccion orders S / line; no line with S > 0 is above every finite
// value, no line with S = 0 below every one.
func compararFraccion(a, b *Fila) int {
	ra, rb := rangoFraccion(a), rangoFraccion(b)
	if ra != rb {
		if ra < rb {
			return -1
		}
		return 1
	}
	if ra == 1 {
		return a.fraccion.Cmp(*b.fraccion)
	}
	return 0
}

func rangoFraccion(f *Fila) int {
	switch {
	case f.fraccion != nil:
		return 1
	case f.Suma.IsPositive():
		return 2
	}
	return 0
}

// Filtro selects rows by user type and Dirección Seccional; an empty field
// selects all. Tipo is compared with the stored tipo (canonical, e.g.
// "agencia_de_aduanas"); Seccional without regard to case, accents or extra
// spaces, as a whole name or as the city at its end ("Bogotá" selects
// "Dirección Seccional de Aduanas de Bogotá").
type Filtro struct {
	Tipo      string
	Seccional string
}

// Vacio says whether the filter selects every row.
func (f Filtro) Vacio() bool { return f.Tipo == "" && f.Seccional == "" }

// Acepta says whether the user passes the filter.
func (f Filtro) Acepta(u Usuario) bool {
	if f.Tipo != "" && u.Tipo != f.Tipo {
		return false
	}
	return f.Seccional == "" || coincideSeccional(u.DireccionSeccional, clave(f.Seccional))
}

// Filtrar returns the rows that pass the filter, keeping their order and
// positions (the position is the user's rank among all users).
func Filtrar(filas []Fila, f Filtro) []Fila {
	if f.Vacio() {
		return filas
	}
	quiere := clave(f.Seccional)
	vistas := map[string]bool{} // a few distinct Direcciones Seccionales
	out := make([]Fila, 0, len(filas)/4)
	for _, x := range filas {
		if f.Tipo != "" && x.Usuario.Tipo != f.Tipo {
			continue
		}
		if f.Seccional != "" {
			ok, ya := vistas[x.Usuario.DireccionSeccional]
			if !ya {
				ok = coincideSeccional(x.Usuario.DireccionSeccional, quiere)
				vistas[x.Usuario.DireccionSeccional] = ok
			}
			if !ok {
				continue
			}
		}
		out = append(out, x)
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

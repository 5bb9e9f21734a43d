package tamizaje

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// The screening of thousands of users keeps one compact row per user: counts
// and integer centavos (exact), no decimal and no text. Each act is judged by
// the core as it is read (reincidencia.ExclusionActo and AportaSuma) and only
// added up; the verdict of each reference year is the core's
// (reincidencia.Decidir) on those totals, so the rule is stated once. The
// decimals and texts of a Fila are made when a row is shown (contexto.fila).

// puntoCompacto is one reference year of one user: first what the user's
// rows add up to (the acts that count, their amounts, the operations, the
// registro), then the core's verdict on those totals.
type puntoCompacto struct {
	suma, ops, numero int64 // S and O in centavos, N
	actos             int32 // acts that count
	vigente           bool  // some registro in force on the commission date
	cargadas          bool  // some row of operations of the year exists
	// The verdict (evaluar).
	cumple, procede reincidencia.Tri
	minimo          bool
	faltan, sinOps  bool // the core's alerts faltan_operaciones, sin_operaciones
}

// compacta is the screening of one user: index 0 of p is the reference year
// Y−1 (the test), 1 is Y−2 (the change).
type compacta struct {
	usuario  int32 // index in the users
	posicion int32
	p        [2]puntoCompacto
	dist     int64 // Distancia × 10¹² (distancia has 12 decimals at most)
	// S / line with 12 decimals, when conFr: × 10¹² in fr12 when it fits an
	// int64, else in frGrande.
	fr12      int64
	frGrande  *decimal.Decimal
	conFr     bool
	tempranas uint8 // bits: tempranaDosActos, tempranaOchenta
}

// fraccion is S / line with 12 decimals (conFr).
func (x *compacta) fraccion() decimal.Decimal {
	if x.frGrande != nil {
		return *x.frGrande
	}
	return decimal.New(x.fr12, -12)
}

const (
	tempranaDosActos = 1 << iota
	tempranaOchenta
)

// anioTamizaje is one reference year of a screening: its period and the rule
// set for its assumed commission date.
type anioTamizaje struct {
	comision fecha.Fecha // 1 January of the year of the assumed infraction
	periodo  reincidencia.Periodo
	p        valores.Parametros
	vig      valores.Vigencia
}

// contexto is what every user of one screening shares.
type contexto struct {
	anio     int
	a        [2]anioTamizaje
	faltanDe []int64 // the share of the minimum of acts still missing × 10¹², by acts missing
}

var (
	mil   = decimal.NewFromInt(1000)
	cien  = decimal.NewFromInt(100)
	alert = decimal.NewFromInt(PorcentajeAlerta)
	cero2 = decimal.New(0, -2)
)

func nuevoContexto(anio int, ref valores.Referencia) (*contexto, error) {
	if anio < AnioMinimo || anio > AnioMaximo {
		return nil, fmt.Errorf("el año %d está fuera del rango del tamizaje (%d a %d)", anio, AnioMinimo, AnioMaximo)
	}
	c := &contexto{anio: anio}
	for k := range c.a {
		y := anio - k
		p, vig := ref.ConjuntoPara(FechaComision(y))
		per := reincidencia.PeriodoDelAnio(y - 1)
		per.Anclaje = sancion.AnclajeComision
		c.a[k] = anioTamizaje{comision: FechaComision(y), periodo: per, p: p, vig: vig}
	}
	m := c.a[0].p.MinimoActos
	c.faltanDe = make([]int64, max(m, 0)+1)
	for faltan := 1; faltan <= m; faltan++ {
		c.faltanDe[faltan] = decimal.NewFromInt(int64(faltan)).DivRound(decimal.NewFromInt(int64(m)), 12).Shift(12).IntPart()
	}
	return c, nil
}

// sumar adds two centavo amounts, or says they do not fit in an int64.
func sumar(a, b int64) (int64, bool) {
	if (b > 0 && a > math.MaxInt64-b) || (b < 0 && a < math.MinInt64-b) {
		return 0, false
	}
	return a + b, true
}

var errDesborde = fmt.Errorf("la suma de montos no cabe en la aritmética exacta del tamizaje (más de 92 billones de pesos)")

// sumarActo judges one act for both reference years with the core and adds
// it where it counts.
func (c *contexto) sumarActo(x *compacta, firmeza fecha.Fecha, g sancion.Gravedad, s sancion.Tipo, allanamiento bool, centavos int64) error {
	for k := range c.a {
		if reincidencia.ExclusionActo(firmeza, g, allanamiento, c.a[k].periodo) != "" {
			continue
		}
		p := &x.p[k]
		p.actos++
		if reincidencia.AportaSuma(s) {
			v, ok := sumar(p.suma, centavos)
			if !ok {
				return errDesborde
			}
			p.suma = v
		}
	}
	return nil
}

// sumarOperaciones adds one row of operations of year anio (several rows of a
// year add up; a row in zero still loads the year).
func (c *contexto) sumarOperaciones(x *compacta, anio int, centavos, numero int64) error {
	for k := range c.a {
		if c.a[k].periodo.Anio != anio {
			continue
		}
		p := &x.p[k]
		p.cargadas = true
		v, ok := sumar(p.ops, centavos)
		n, ok2 := sumar(p.numero, numero)
		if !ok || !ok2 {
			return errDesborde
		}
		p.ops, p.numero = v, n
	}
	return nil
}

// sumarRegistro notes a registro in force on each commission date.
func (c *contexto) sumarRegistro(x *compacta, vigente func(fecha.Fecha) bool) {
	for k := range c.a {
		x.p[k].vigente = x.p[k].vigente || vigente(c.a[k].comision)
	}
}

// pesosDe is centavos as an exact decimal.
func pesosDe(centavos int64) decimal.Decimal {
	if centavos == 0 {
		return cero2
	}
	return decimal.New(centavos, -2)
}

// evaluar completes the screening of one user from its totals, in place:
// the core's verdict for each reference year, then the distance and the
// early warnings.
func (c *contexto) evaluar(x *compacta) {
	for k := range c.a {
		pt := &x.p[k]
		s, o := pesosDe(pt.suma), pesosDe(pt.ops)
		v := reincidencia.Decidir(reincidencia.Cuentas{
			NumeroActos: int(pt.actos), Suma: s, OperacionesCargadas: pt.cargadas, TotalOperaciones: o,
			RegistroVigente: pt.vigente, Gravedad: nueva(c.anio - k).Gravedad,
		}, c.a[k].p)
		pt.cumple, pt.procede, pt.vigente = v.Requisitos.UmbralCeroCinco, v.ProcedeComite, v.Requisitos.RegistroVigente
		pt.minimo, pt.faltan, pt.sinOps = v.Requisitos.MinimoTresActos, v.FaltanOperaciones, v.SinOperaciones
		if k == 0 {
			c.clasificar(x, s, o)
		}
	}
}

// clasificar sets the ranking figures of the reference year Y−1: S / line,
// the distance and the early warnings.
func (c *contexto) clasificar(x *compacta, s, o decimal.Decimal) {
	pt, p := &x.p[0], c.a[0].p
	if pt.cargadas && pt.ops != 0 && !p.UmbralPorMil.IsZero() {
		x.conFr = true
		if pt.suma != 0 {
			fr := s.DivRound(reincidencia.LineaUmbral(o, p), 12)
			if fr.LessThan(limiteFr12) {
				x.fr12 = fr.Shift(12).IntPart()
			} else {
				x.frGrande = &fr
			}
		}
	}
	x.dist = c.distancia(x)
	if int(pt.actos) == p.MinimoActos-1 {
		x.tempranas |= tempranaDosActos
	}
	// S ≥ 80 % × O × 5/1000  ⇔  S × 1000 × 100 ≥ O × 5 × 80, exactly; and
	// the threshold not met (the core's exact comparison). With S = 0 it
	// cannot hold while the threshold is not met.
	if pt.cargadas && pt.ops != 0 && pt.cumple.EsNo() && pt.suma > 0 &&
		s.Mul(mil).Mul(cien).GreaterThanOrEqual(o.Mul(p.UmbralPorMil).Mul(alert)) {
		x.tempranas |= tempranaOchenta
	}
}

// distancia is how far a user is from the committee test's two figures, a
// number between 0 and 2 used to rank (never to decide), here × 10¹²:
//
//	distancia = brecha del umbral + brecha de actos
//	brecha del umbral = max(0, 1 − S / (O × 0,5 %))   — the share of the line still missing;
//	                    with O = 0: 0 when S > 0 (the core meets the threshold), else 1
//	brecha de actos   = max(0, 3 − actos) / 3         — the share of the three acts still missing
//
// So 0 means both the 0,5 % threshold and the minimum of three acts are met;
// a user with two acts and S at 90 % of the line is at 0,1 + 0,3333 = 0,4333.
// S / line is rounded to 12 decimals for this ordering only (and so is the
// share of acts); whether the threshold is met always comes from the core's
// exact comparison.
func (c *contexto) distancia(x *compacta) int64 {
	pt := &x.p[0]
	var brecha int64
	switch {
	case x.conFr && pt.suma == 0:
		brecha = 1e12
	case x.conFr:
		if x.frGrande == nil && x.fr12 < 1e12 {
			brecha = 1e12 - x.fr12
		}
	case pt.suma <= 0:
		brecha = 1e12
	}
	if faltan := len(c.faltanDe) - 1 - int(pt.actos); faltan > 0 {
		brecha += c.faltanDe[faltan]
	}
	return brecha
}

// fila makes the Fila of a compact row: decimals, the core's share and its
// text, the line and the early warnings.
func (c *contexto) fila(x *compacta, u Usuario) Fila {
	f := Fila{Posicion: int(x.posicion), Usuario: u, Anio: c.anio, Punto: c.punto(0, &x.p[0]), Anterior: c.punto(1, &x.p[1])}
	f.VariacionActos = f.NumeroActos - f.Anterior.NumeroActos
	if f.Participacion != nil && f.Anterior.Participacion != nil {
		v := f.Participacion.Sub(*f.Anterior.Participacion)
		f.VariacionParticipacion = &v
	}
	// The line O × 0,5 % (art. 25 inc. 1), from the core; unknown when O is.
	if f.TotalOperaciones != nil {
		l := reincidencia.LineaUmbral(*f.TotalOperaciones, c.a[0].p)
		f.Linea = &l
		if !l.IsZero() {
			pc := PorcentajeDelUmbral(f.Suma, l)
			f.PorcentajeUmbral = &pc
		}
	}
	if x.conFr {
		fr := x.fraccion()
		f.fraccion = &fr
	}
	f.Distancia = decimal.New(x.dist, -12)
	f.Distancia4 = decimal.New(Distancia4(x.dist), -4)
	if x.tempranas&tempranaDosActos != 0 {
		f.Tempranas = append(f.Tempranas, DosActos)
	}
	if x.tempranas&tempranaOchenta != 0 {
		f.Tempranas = append(f.Tempranas, OchentaPorCiento)
	}
	return f
}

// punto is the Punto of reference year k, with the core's alerts in the
// core's order (rule set without confirmed validity first).
func (c *contexto) punto(k int, pc *puntoCompacto) Punto {
	a := &c.a[k]
	pt := Punto{
		AnioReferencia: a.periodo.Anio, RegistroVigente: pc.vigente, NumeroActos: int(pc.actos), Suma: decimal.New(pc.suma, -2),
		CumpleUmbral: pc.cumple, MinimoTresActos: pc.minimo, ProcedeComite: pc.procede,
	}
	if pc.cargadas {
		o, n := decimal.New(pc.ops, -2), pc.numero
		pt.TotalOperaciones, pt.NumeroOperaciones = &o, &n
		if !o.IsZero() {
			part := reincidencia.Participacion(pt.Suma, o)
			pt.Participacion = &part
			pt.ParticipacionTexto = reincidencia.TextoParticipacion(pt.Suma, o, a.p)
		}
	}
	if a.vig == valores.PosteriorAVigencias {
		pt.Alertas = append(pt.Alertas, reincidencia.NormaSinVigenciaConfirmada)
	}
	if pc.faltan {
		pt.Alertas = append(pt.Alertas, reincidencia.FaltanOperaciones)
	}
	if pc.sinOps {
		pt.Alertas = append(pt.Alertas, reincidencia.SinOperaciones)
	}
	return pt
}

// claveOrden is what the ranking compares (see Ordenar).
type claveOrden struct {
	grupoDist int64 // the group (procede, the rest, datos incompletos) × 2⁴² + the distance × 10¹² (≤ 2 × 10¹² < 2⁴²)
	rango     int8  // of S / line: 1 finite, 2 no line with S > 0, 0 no line with S = 0
	fr        *decimal.Decimal
	// fr12 is fr × 10¹² when it fits an int64 (fr has 12 decimals): the
	// same order with integers.
	fr12    int64
	conFr12 bool
	actos   int
	suma    int64 // centavos
	nit     string
}

func (x *compacta) clave(u []Usuario) claveOrden {
	k := claveOrden{grupoDist: grupoDist(x.p[0].procede, x.dist), actos: int(x.p[0].actos), suma: x.p[0].suma, nit: u[x.usuario].NIT}
	switch {
	case x.conFr:
		k.rango = 1
		k.fr, k.fr12, k.conFr12 = x.frGrande, x.fr12, x.frGrande == nil
	case x.p[0].suma > 0:
		k.rango = 2
	}
	return k
}

// limiteFr12 bounds the fractions whose × 10¹² fits an int64.
var limiteFr12 = decimal.NewFromInt(9_000_000)

func (k *claveOrden) conFraccion(fr *decimal.Decimal) {
	k.fr, k.conFr12 = fr, false
	k.fr = fr
	if fr.LessThan(limiteFr12) {
		k.fr12, k.conFr12 = fr.Shift(12).IntPart(), true
	}
}

// compararOrden is the order of the ranking: first the users for whom the
// Comité procede (all four requisites), then by distance to the test
// (closest first); ties by how far over the line (S / line, larger first;
// with operations loaded in zero and S > 0, first of all), more acts, larger
// S, and NIT. The rows whose result is unknown (operations never loaded)
// come last, in their own group "Datos incompletos", never among those that
// proceed.
func compararOrden(a, b *claveOrden) int {
	if a.grupoDist != b.grupoDist {
		return cmp.Compare(a.grupoDist, b.grupoDist)
	}
	if a.rango != b.rango {
		return -cmp.Compare(a.rango, b.rango)
	}
	if a.rango == 1 {
		c := 0
		if a.conFr12 && b.conFr12 {
			c = cmp.Compare(a.fr12, b.fr12)
		} else {
			c = a.fraccion().Cmp(b.fraccion())
		}
		if c != 0 {
			return -c
		}
	}
	if a.actos != b.actos {
		return cmp.Compare(b.actos, a.actos)
	}
	if a.suma != b.suma {
		return cmp.Compare(b.suma, a.suma)
	}
	return strings.Compare(a.nit, b.nit)
}

func grupoDist(procede reincidencia.Tri, dist int64) int64 {
	return int64(grupo(procede))<<42 + dist
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

// fraccion is the key's S / line.
func (k *claveOrden) fraccion() decimal.Decimal {
	if k.conFr12 {
		return decimal.New(k.fr12, -12)
	}
	return *k.fr
}

// ordenarCompactas ranks compact rows in place and numbers them from 1: it
// sorts indices by their keys and then moves each row once, cycle by cycle,
// with one row of scratch. The NIT is unique, so the order is total and the
// sort need not be stable.
func ordenarCompactas(filas []compacta, u []Usuario) {
	idx := make([]int32, len(filas))
	for i := range idx {
		idx[i] = int32(i)
	}
	claves := make([]claveOrden, len(filas))
	for i := range filas {
		claves[i] = filas[i].clave(u)
	}
	slices.SortFunc(idx, func(i, j int32) int { return compararOrden(&claves[i], &claves[j]) })
	claves = nil
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
		filas[i].posicion = int32(i + 1)
	}
}

// acumularInsumo adds up one Insumo (amounts in whole centavos).
func (c *contexto) acumularInsumo(in Insumo) (compacta, error) {
	var acc compacta
	acc.p[0].vigente, acc.p[1].vigente = in.RegistroVigente, in.RegistroVigenteAnterior
	for i, a := range in.Actos {
		cent, err := centavos(a.Valor)
		if err != nil {
			return acc, fmt.Errorf("usuario %s, acto %d: %w", in.Usuario.NIT, i+1, err)
		}
		if err := c.sumarActo(&acc, a.FechaFirmeza, a.Gravedad, a.Sancion, a.Allanamiento, cent); err != nil {
			return acc, fmt.Errorf("usuario %s: %w", in.Usuario.NIT, err)
		}
	}
	for _, o := range in.Operaciones {
		cent, err := centavos(o.Valor)
		if err != nil {
			return acc, fmt.Errorf("usuario %s, operaciones de %d: %w", in.Usuario.NIT, o.Anio, err)
		}
		if err := c.sumarOperaciones(&acc, o.Anio, cent, o.Numero); err != nil {
			return acc, fmt.Errorf("usuario %s: %w", in.Usuario.NIT, err)
		}
	}
	return acc, nil
}

// centavos is an amount in whole centavos, as the store keeps it.
func centavos(v decimal.Decimal) (int64, error) {
	c := v.Shift(2)
	if !c.IsInteger() {
		return 0, fmt.Errorf("el monto %s tiene fracciones de centavo", v.String())
	}
	b := c.BigInt()
	if !b.IsInt64() {
		return 0, errDesborde
	}
	return b.Int64(), nil
}

// PorcentajeDelUmbral is S as a percentage of the line, 2 decimals, half-up
// — except that a sum below the line never reads 100,00: it is then
// truncated (rounded away from the line). The line must be positive.
func PorcentajeDelUmbral(suma, linea decimal.Decimal) decimal.Decimal {
	pc := suma.Mul(cien).DivRound(linea, 2)
	if suma.LessThan(linea) && pc.GreaterThanOrEqual(cien) {
		q, _ := suma.Mul(cien).Shift(2).QuoRem(linea, 0)
		pc = q.Shift(-2)
	}
	return pc
}

// Distancia4 is a distance of 12 decimals (× 10¹²) shown with 4, half-up
// (× 10⁴), except that a positive distance never reads 0,0000: it is then
// 0,0001 (rounded away from the line).
func Distancia4(dist int64) int64 {
	d := (dist + 50_000_000) / 100_000_000
	if d == 0 && dist > 0 {
		d = 1
	}
	return d
}

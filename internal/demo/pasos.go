package demo

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"comite/internal/nit"
)

// clase of a user in the demo: an ordinary one, or one placed on purpose
// around the committee threshold of the reference year.
type clase int

const (
	comun clase = iota
	muyPorEncima
	justoEncima
	justoDebajo
	dosActos
	sinOperaciones
	conDeclaraciones
	registroVencido
	// sinCargar: three acts that count and the operations of the reference
	// year never loaded (the other years are): the committee test is unknown,
	// "Datos incompletos".
	sinCargar
)

// especial is a highlighted user. They take the first ids, in this order, with
// the same names whatever the seed (their NITs come from the seed).
type especial struct {
	razon     string
	tipo      string
	seccional int // index in Seccionales
	clase     clase
	variante  int
}

var especiales = []especial{
	// Variante 0 carries the acts of the worked example of docs/reglas.md §2
	// (A, B, C count; D has allanamiento; E is outside the year), plus a leve
	// act and one not yet firm, with operations of 2 % of S/O.
	{"Agencia de Aduanas Reincidente Demo S.A.S.", "agencia_de_aduanas", 1, muyPorEncima, 0},
	{"Comercializadora Reincidente Demo Dos S.A.S.", "declarante", 0, muyPorEncima, 1},
	{"Transportes Reincidente Demo Tres Ltda.", "transportador", 3, muyPorEncima, 2},
	{"Depósito Reincidente Demo Cuatro S.A.", "deposito_habilitado", 2, muyPorEncima, 3},
	{"Zona Franca Reincidente Demo Cinco S.A.S.", "usuario_zona_franca", 5, muyPorEncima, 4},
	// Variante 0: the worked example with operations of exactly 15.400.000.000 (0,5 %).
	{"Importadora Umbral Exacto Demo S.A.S.", "declarante", 4, justoEncima, 0},
	{"Agencia de Aduanas Justo Encima Demo S.A.S. Nivel 2", "agencia_de_aduanas", 0, justoEncima, 1},
	{"Exportadora Justo Encima Demo Dos Ltda.", "oea", 6, justoEncima, 2},
	// Variante 0: the worked example with operations of 15.500.000.000 (0,4968 %).
	{"Comercializadora Justo Debajo Demo S.A.S.", "declarante", 0, justoDebajo, 0},
	{"Logística Justo Debajo Demo Dos S.A.S.", "transportador", 7, justoDebajo, 1},
	{"Importadora Justo Debajo Demo Tres Ltda.", "declarante", 2, justoDebajo, 2},
	{"Distribuidora Dos Actos Demo S.A.S.", "declarante", 4, dosActos, 0},
	{"Transportadora Dos Actos Demo Dos Ltda.", "transportador", 1, dosActos, 1},
	{"C.I. Dos Actos Demo Tres S.A.S.", "oea", 5, dosActos, 2},
	{"Inversiones Sin Operaciones Demo S.A.S.", "declarante", 0, sinOperaciones, 0},
	// Variante 0: over the threshold with the reference year's operations
	// only as declaraciones; variante 1: declaraciones for the year before.
	{"Importadora Declaraciones Demo S.A.S.", "declarante", 1, conDeclaraciones, 0},
	{"Textiles Declaraciones Demo Dos S.A.S.", "declarante", 5, conDeclaraciones, 1},
	{"Agencia de Aduanas Registro Vencido Demo S.A.S.", "agencia_de_aduanas", 2, registroVencido, 0},
	{"Comercializadora Sin Operaciones Cargadas Demo S.A.S.", "declarante", 1, sinCargar, 0},
}

// usuario is what the steps remember of a generated user.
type usuario struct {
	id        int64
	nit       string
	razon     string
	tipo      string
	seccional string
	clase     clase
	variante  int
	tam       float64 // latent size: more operations and more acts

	registroVigente bool  // on the day of the load's instant
	sumaRef         int64 // centavos: S of the acts that count in the reference year (highlighted users)
	actosRef        int   // how many acts count in the reference year (highlighted users)
	anioDecl        int   // year given as declaraciones instead of a yearly row (0: none)
	valorDecl       int64 // centavos: total of those declaraciones
}

// ---- usuarios ----

func (g *generador) escribirUsuarios(ctx context.Context, tx *sql.Tx, r *rand.Rand) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?,?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	n := g.o.Usuarios
	g.usuarios = make([]usuario, n)
	nits := make(map[string]bool, n)
	razones := make(map[string]bool, n)
	for _, e := range especiales {
		razones[e.razon] = true
	}
	seccional := make([]ponderado[string], len(Seccionales))
	for i, s := range Seccionales {
		seccional[i] = ponderado[string]{s, pesosSeccional[i]}
	}
	for i := range n {
		u := &g.usuarios[i]
		u.id = int64(i + 1)
		u.nit, err = nitNuevo(r, nits)
		if err != nil {
			return err
		}
		u.tam = r.NormFloat64()
		if i < len(especiales) {
			e := especiales[i]
			u.razon, u.tipo, u.seccional, u.clase, u.variante = e.razon, e.tipo, Seccionales[e.seccional], e.clase, e.variante
			g.destacar(u)
		} else {
			u.tipo = elegir(r, tiposUsuario)
			u.seccional = elegir(r, seccional)
			u.razon = razonSocial(r, u.tipo)
			for intento := 0; razones[u.razon]; intento++ {
				if intento == 20 {
					u.razon = u.razon + " " + strconv.Itoa(i)
					break
				}
				u.razon = razonSocial(r, u.tipo)
			}
			razones[u.razon] = true
		}
		if _, err := st.ExecContext(ctx, u.id, u.nit, u.razon, u.tipo, u.seccional, g.marca, g.marca); err != nil {
			return err
		}
	}
	g.res.Usuarios = int64(n)
	return nil
}

func (g *generador) destacar(u *usuario) {
	d := Destacado{NIT: u.nit, RazonSocial: u.razon}
	switch u.clase {
	case muyPorEncima:
		g.res.MuyPorEncima = append(g.res.MuyPorEncima, d)
	case justoEncima:
		g.res.JustoEncima = append(g.res.JustoEncima, d)
	case justoDebajo:
		g.res.JustoDebajo = append(g.res.JustoDebajo, d)
	case dosActos:
		g.res.DosActos = append(g.res.DosActos, d)
	case sinOperaciones:
		g.res.SinOperaciones = append(g.res.SinOperaciones, d)
	case conDeclaraciones:
		g.res.ConDeclaraciones = append(g.res.ConDeclaraciones, d)
	case registroVencido:
		g.res.RegistroVencido = append(g.res.RegistroVencido, d)
	case sinCargar:
		g.res.OperacionesSinCargar = append(g.res.OperacionesSinCargar, d)
	}
}

// nitNuevo draws a company NIT not drawn before: a 9-digit base opening with a
// usual prefix, and its DIAN check digit (internal/nit).
func nitNuevo(r *rand.Rand, usados map[string]bool) (string, error) {
	for {
		base := strconv.Itoa(elegir(r, prefijosNIT)*1_000_000 + r.IntN(1_000_000))
		if usados[base] {
			continue
		}
		usados[base] = true
		dv, err := nit.DV(base)
		if err != nil {
			return "", err
		}
		return base + "-" + strconv.Itoa(dv), nil
	}
}

// ---- registros ----

// claseRegistro is what a user of each type holds.
func claseRegistro(tipo string) string {
	switch tipo {
	case "agencia_de_aduanas", "usuario_zona_franca", "oea":
		return "autorizacion"
	case "deposito_habilitado":
		return "habilitacion"
	}
	return "registro"
}

func (g *generador) escribirRegistros(ctx context.Context, tx *sql.Tx, r *rand.Rand) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO registros(id, usuario_id, clase, numero, vigente_desde, vigente_hasta) VALUES (?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	var id int64
	poner := func(u *usuario, desde, hasta time.Time) error {
		id++
		numero := fmt.Sprintf("%06d de %d", 1+r.IntN(15_000), desde.Year())
		_, err := st.ExecContext(ctx, id, u.id, claseRegistro(u.tipo), numero, fechaSQL(desde), fechaSQL(hasta))
		return err
	}
	primero := dia(2005, 1, 1)
	antesDelPeriodo := dia(g.anioInicial, 1, 1)
	vigente := func() time.Time { // end of a registro in force: indefinite, or a date after the load
		if r.IntN(100) < 65 {
			return time.Time{}
		}
		return dia(g.anioFinal+1+r.IntN(5), 1+r.IntN(12), 1+r.IntN(28))
	}
	for i := range g.usuarios {
		u := &g.usuarios[i]
		desde := primero.AddDate(0, 0, r.IntN(diasEntre(primero, antesDelPeriodo)))
		switch x := r.IntN(100); {
		case u.clase == registroVencido:
			err = poner(u, desde, dia(g.anioRef, 6, 30))
		case u.clase != comun:
			u.registroVigente = true
			err = poner(u, desde, time.Time{})
		case x < 8: // expired during the period, not renewed
			hasta := antesDelPeriodo.AddDate(0, 0, r.IntN(diasEntre(antesDelPeriodo, g.corte)))
			err = poner(u, desde, hasta)
		case x < 23: // an older one expired, then renewed
			hasta := desde.AddDate(2+r.IntN(4), 0, r.IntN(300))
			if err = poner(u, desde, hasta); err == nil {
				u.registroVigente = true
				err = poner(u, hasta.AddDate(0, 0, 1), vigente())
			}
		default:
			u.registroVigente = true
			err = poner(u, desde, vigente())
		}
		if err != nil {
			return err
		}
	}
	g.res.Registros = id
	return nil
}

// diasEntre is the number of days from a to b (b after a).
func diasEntre(a, b time.Time) int { return int(b.Sub(a).Hours() / 24) }

// ---- actos ----

// acto is a sanction act to write.
type acto struct {
	expedicion   time.Time
	firmeza      time.Time // zero: not firm
	infraccion   string
	gravedad     string
	sancion      string
	valor        int64 // centavos
	allanamiento bool
}

// cuentaEn says whether the act counts for the committee test of reference
// year y (docs/reglas.md §2.2): grave or gravísima, firm in y, no allanamiento.
func (a acto) cuentaEn(y int) bool {
	return a.gravedad != "leve" && !a.firmeza.IsZero() && a.firmeza.Year() == y && !a.allanamiento
}

var gravedades = []ponderado[string]{{"leve", 500}, {"grave", 380}, {"gravisima", 120}}

// factorActos scales the number of acts by the user's type: agencies file
// many declarations for others and collect more sanctions.
func factorActos(tipo string) float64 {
	switch tipo {
	case "agencia_de_aduanas":
		return 2.0
	case "transportador":
		return 1.2
	case "deposito_habilitado":
		return 1.0
	case "oea":
		return 0.5
	case "otro":
		return 0.6
	}
	return 0.8 // declarante, usuario_zona_franca
}

// articuloInfraccion is the article of the synthetic infraction codes by user
// type. The codes ("D920-36-2.1": article, numeral by gravedad — 1 gravísima,
// 2 grave, 3 leve — and literal) are shaped like the decree's but are demo data,
// not citations.
func articuloInfraccion(tipo string) int {
	switch tipo {
	case "agencia_de_aduanas":
		return 36
	case "transportador":
		return 41
	case "deposito_habilitado":
		return 44
	case "usuario_zona_franca":
		return 47
	case "oea":
		return 50
	case "otro":
		return 52
	}
	return 38
}

func infraccion(r *rand.Rand, tipo, gravedad string) string {
	num := 2
	switch gravedad {
	case "gravisima":
		num = 1
	case "leve":
		num = 3
	}
	return fmt.Sprintf("D920-%d-%d.%d", articuloInfraccion(tipo), num, 1+r.IntN(8))
}

// multa draws a fine in centavos, log-normal around a median that grows with
// the gravedad, between 5 and 500 million pesos; most are whole thousands of
// pesos (UVT amounts rounded by Estatuto Tributario art. 868).
func multa(r *rand.Rand, gravedad string) int64 {
	mediana, sigma := 20e6, 0.8
	switch gravedad {
	case "leve":
		mediana, sigma = 7e6, 0.4
	case "gravisima":
		mediana = 60e6
	}
	pesos := int64(math.Exp(math.Log(mediana) + sigma*r.NormFloat64()))
	pesos = min(max(pesos, 5_000_000), 500_000_000)
	if r.IntN(100) < 80 {
		pesos = pesos / 1000 * 1000
	}
	return pesos * 100
}

func (g *generador) actoAleatorio(r *rand.Rand, u *usuario) acto {
	a := acto{gravedad: elegir(r, gravedades), sancion: "multa"}
	x := r.IntN(100)
	switch a.gravedad {
	case "leve":
		if x < 35 {
			a.sancion = "amonestacion"
		}
	case "grave":
		if x < 3 {
			a.sancion = "suspension"
		} else if x < 4 {
			a.sancion = "cancelacion"
		}
	case "gravisima":
		if x < 5 {
			a.sancion = "suspension"
		} else if x < 10 {
			a.sancion = "cancelacion"
		}
	}
	a.infraccion = infraccion(r, u.tipo, a.gravedad)
	if a.sancion == "multa" {
		a.valor = multa(r, a.gravedad)
		a.allanamiento = r.IntN(100) < 25
	}
	inicio := dia(g.anioInicial-1, 7, 1)
	a.expedicion = inicio.AddDate(0, 0, r.IntN(diasEntre(inicio, g.corte)+1))
	if r.IntN(100) >= 3 { // 3 % still under recurso or in court
		demora := 12 + r.IntN(35) // no recurso
		if r.IntN(100) < 45 {
			demora = 75 + r.IntN(420) // after the decision on the recurso
		}
		if f := a.expedicion.AddDate(0, 0, demora); !f.After(g.corte) {
			a.firmeza = f
		}
	}
	return a
}

// numeroActos draws how many acts an ordinary user has: 40 % none, the rest
// log-normal growing steeply with the user's size and type (about 20 on
// average over all users, up to 1.500). The big operators carry most acts, and
// their operations grow faster still, so few of them pass the 0,5 % test.
func numeroActos(r *rand.Rand, u *usuario) int {
	if r.IntN(100) < 55 {
		return 0
	}
	x := math.Exp(2.49+1.6*u.tam+0.5*r.NormFloat64()) * factorActos(u.tipo)
	return min(max(int(x), 1), 1500)
}

// ejemploDominio are the acts of the worked example of docs/reglas.md §2, in year
// y: A, B, C count (S = 77.000.000); D has allanamiento; E is firm the year before.
func ejemploDominio(y int) []acto {
	return []acto{
		{expedicion: dia(y, 1, 28), firmeza: dia(y, 3, 4), gravedad: "grave", sancion: "multa", valor: 40_000_000_00},
		{expedicion: dia(y, 6, 10), firmeza: dia(y, 7, 22), gravedad: "gravisima", sancion: "multa", valor: 25_000_000_00},
		{expedicion: dia(y, 10, 15), firmeza: dia(y, 11, 28), gravedad: "grave", sancion: "multa", valor: 12_000_000_00},
		{expedicion: dia(y, 8, 1), firmeza: dia(y, 9, 1), gravedad: "grave", sancion: "multa", valor: 30_000_000_00, allanamiento: true},
		{expedicion: dia(y-1, 11, 20), firmeza: dia(y-1, 12, 31), gravedad: "grave", sancion: "multa", valor: 50_000_000_00},
	}
}

// actoQueCuenta draws an act that counts in year y.
func (g *generador) actoQueCuenta(r *rand.Rand, u *usuario, y int) acto {
	a := acto{gravedad: "grave", sancion: "multa"}
	if r.IntN(100) < 35 {
		a.gravedad = "gravisima"
	}
	a.valor = multa(r, a.gravedad)
	a.firmeza = dia(y, 1, 1).AddDate(0, 0, r.IntN(365))
	a.expedicion = a.firmeza.AddDate(0, 0, -(15 + r.IntN(200)))
	return a
}

// disenados are the acts that place a highlighted user where its clase says,
// in the reference year.
func (g *generador) disenados(r *rand.Rand, u *usuario) []acto {
	y := g.anioRef
	var as []acto
	cuentan := func(k int) {
		for range k {
			as = append(as, g.actoQueCuenta(r, u, y))
		}
	}
	excluido := func() { // same year, but with allanamiento: left out
		a := g.actoQueCuenta(r, u, y)
		a.allanamiento = true
		as = append(as, a)
	}
	switch u.clase {
	case muyPorEncima:
		switch u.variante {
		case 0:
			as = ejemploDominio(y)
			as = append(as,
				acto{expedicion: dia(y, 4, 8), firmeza: dia(y, 5, 15), gravedad: "leve", sancion: "multa", valor: 8_000_000_00},
				acto{expedicion: dia(y, 10, 10), gravedad: "grave", sancion: "multa", valor: 35_000_000_00})
		case 1: // a suspensión counts and adds 0 to S
			cuentan(3)
			as[0].sancion, as[0].valor = "suspension", 0
		default:
			cuentan(3 + u.variante - 1)
			excluido()
		}
	case justoEncima, justoDebajo:
		if u.variante == 0 {
			as = ejemploDominio(y)
		} else {
			cuentan(2 + u.variante)
		}
	case dosActos:
		cuentan(2)
		excluido()
		leve := g.actoQueCuenta(r, u, y)
		leve.gravedad, leve.valor = "leve", multa(r, "leve")
		as = append(as, leve)
	case sinOperaciones, sinCargar:
		cuentan(3)
	case conDeclaraciones:
		if u.variante == 0 {
			cuentan(3)
		}
	case registroVencido:
		cuentan(4)
	}
	for i := range as {
		if as[i].infraccion == "" {
			as[i].infraccion = infraccion(r, u.tipo, as[i].gravedad)
		}
	}
	return as
}

func (g *generador) escribirActos(ctx context.Context, tx *sql.Tx, r *rand.Rand) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO actos(id, usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	var id int64
	consecutivo := map[int]int{} // per year of issue: RS-2025-004211
	poner := func(u *usuario, a acto) error {
		anio := a.expedicion.Year()
		consecutivo[anio]++
		id++
		numero := fmt.Sprintf("RS-%d-%06d", anio, consecutivo[anio])
		allan := 0
		if a.allanamiento {
			allan = 1
		}
		_, err := st.ExecContext(ctx, id, u.id, numero, fechaSQL(a.expedicion), fechaSQL(a.firmeza), a.infraccion, a.gravedad, a.sancion, a.valor, allan, g.marca)
		return err
	}
	for i := range g.usuarios {
		u := &g.usuarios[i]
		var as []acto
		if u.clase == comun {
			for range numeroActos(r, u) {
				as = append(as, g.actoAleatorio(r, u))
			}
		} else {
			// A short history in the other years: whatever would count in the
			// reference year moves to the year before, so only the designed acts count.
			for range 2 + r.IntN(5) {
				a := g.actoAleatorio(r, u)
				if a.cuentaEn(g.anioRef) {
					a.firmeza = a.firmeza.AddDate(-1, 0, 0)
					a.expedicion = a.firmeza.AddDate(0, 0, -30)
				}
				as = append(as, a)
			}
			for _, a := range g.disenados(r, u) {
				if a.cuentaEn(g.anioRef) {
					u.actosRef++
					u.sumaRef += a.valor
				}
				as = append(as, a)
			}
		}
		// Acts of a user in the order they were issued.
		slices.SortStableFunc(as, func(a, b acto) int { return a.expedicion.Compare(b.expedicion) })
		for _, a := range as {
			if err := poner(u, a); err != nil {
				return err
			}
		}
	}
	g.res.Actos = id
	return nil
}

// ---- operaciones ----

// numeroOperaciones for a yearly value in centavos: about 80 million pesos an
// operation, between 10 and 20.000.
func numeroOperaciones(r *rand.Rand, centavos int64) int64 {
	if centavos == 0 {
		return 0
	}
	n := int64(float64(centavos/100) / math.Exp(math.Log(80e6)+0.7*r.NormFloat64()))
	return min(max(n, 10), 20_000)
}

// valorAnual draws a yearly value in centavos around base pesos.
func valorAnual(r *rand.Rand, basePesos float64, factor float64) int64 {
	p := saturar(basePesos * factor * math.Exp(0.2*r.NormFloat64()))
	p = min(max(p, 50e6), 500e9-1)
	return int64(p)*100 + int64(r.IntN(100))
}

// saturar bends large yearly values smoothly under 500.000 millones de pesos
// (instead of piling the biggest users at a ceiling); small ones barely change.
func saturar(pesos float64) float64 {
	const techo = 500e9
	return techo * -math.Expm1(-pesos/techo)
}

// porRazon is S×10000/pb: operations that make S/O = pb/10000 (pb > 0), floored to the centavo.
func porRazon(s int64, pb int64) int64 { return s * 10_000 / pb }

func (g *generador) escribirOperaciones(ctx context.Context, tx *sql.Tx, r *rand.Rand) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	var filas int64
	for i := range g.usuarios {
		u := &g.usuarios[i]
		// Yearly value from about 100 million to 500.000 million pesos, larger for larger users.
		base := math.Exp(22.2 + 2.2*u.tam + 0.4*r.NormFloat64())
		base = max(saturar(base), 100e6)
		anioCero := 0
		if u.clase == comun && r.IntN(100) < 4 {
			anioCero = g.anioInicial + r.IntN(g.o.Anios)
		}
		// The reference year of a highlighted user: O placed against its S.
		disenado := u.clase != comun
		var ref, refN int64
		s := u.sumaRef
		switch u.clase {
		case muyPorEncima:
			if u.variante == 0 {
				ref, refN = s*50, 420 // S/O = 2 %
			} else {
				ref = porRazon(s, int64(100+r.IntN(301))) // 1 % to 4 %
			}
		case justoEncima:
			if u.variante == 0 {
				ref, refN = s*200, 1600 // exactly 0,5 %: 15.400.000.000 for the worked example
			} else {
				ppm := int64(5001 + r.IntN(199)) // 0,5001 % to 0,5199 %
				ref = s * 1_000_000 / ppm        // floored: S/O ≥ ppm
			}
		case justoDebajo:
			if u.variante == 0 {
				ref, refN = s/77*15_500, 1600 // 15.500.000.000 for the worked example (S = 77.000.000): 0,4968 %
			} else {
				ppm := int64(4810 + r.IntN(190))    // 0,4810 % to 0,4999 %
				ref = (s*1_000_000 + ppm - 1) / ppm // ceiled: S/O ≤ ppm
			}
		case dosActos, registroVencido:
			ref = porRazon(s, int64(150+r.IntN(151)))
		case sinOperaciones:
			ref = 0
		case conDeclaraciones:
			disenado = false
			if u.variante == 0 {
				u.anioDecl, u.valorDecl = g.anioRef, porRazon(s, int64(100+r.IntN(101)))
			} else {
				u.anioDecl, u.valorDecl = g.anioRef-1, valorAnual(r, base, 1)
			}
		}
		var porOperacion float64 // pesos an operation, kept across the years of a highlighted user
		if ref > 0 {
			base = float64(ref / 100)
			if refN == 0 {
				refN = numeroOperaciones(r, ref)
			}
			porOperacion = base / float64(refN)
		}
		for y := g.anioInicial; y <= g.anioFinal; y++ {
			var v, n int64
			switch {
			case y == u.anioDecl:
				continue
			case u.clase == sinCargar && y == g.anioRef:
				continue // never loaded: unknown, not zero
			case disenado && y == g.anioRef:
				v, n = ref, refN
			case y == anioCero:
			default:
				factor := 1 + 0.04*float64(y-g.anioRef) // modest growth
				if y == g.anioFinal {
					factor *= 10.0 / 12 // the final year runs to 31 October
				}
				v = valorAnual(r, base, factor)
				n = numeroOperaciones(r, v)
				if porOperacion > 0 {
					n = min(max(int64(float64(v/100)/porOperacion*math.Exp(0.1*r.NormFloat64())), 10), 20_000)
				}
			}
			if _, err := st.ExecContext(ctx, u.id, y, v, n, g.marca); err != nil {
				return err
			}
			filas++
		}
	}
	g.res.OperacionesAnuales = filas
	return nil
}

// ---- declaraciones ----

func (g *generador) escribirDeclaraciones(ctx context.Context, tx *sql.Tx, r *rand.Rand) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO declaraciones(id, usuario_id, numero_declaracion, fecha, anio, valor_centavos, actualizado_en) VALUES (?,?,?,?,?,?,?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	var id int64
	for i := range g.usuarios {
		u := &g.usuarios[i]
		if u.anioDecl == 0 {
			continue
		}
		k := 40 + r.IntN(80)
		// Split the total in k parts of random weight; the last takes the remainder.
		pesos := make([]float64, k)
		var total float64
		for j := range pesos {
			pesos[j] = math.Exp(r.NormFloat64())
			total += pesos[j]
		}
		fechas := make([]time.Time, k)
		inicio := dia(u.anioDecl, 1, 1)
		for j := range fechas {
			fechas[j] = inicio.AddDate(0, 0, r.IntN(365))
		}
		slices.SortFunc(fechas, func(a, b time.Time) int { return a.Compare(b) })
		primero := 100_000_000 + r.IntN(800_000_000)
		var resto = u.valorDecl
		for j := range k {
			v := int64(float64(u.valorDecl) * pesos[j] / total)
			if j == k-1 || v > resto {
				v = resto
			}
			resto -= v
			id++
			numero := fmt.Sprintf("482%d%09d", u.anioDecl, primero+j)
			if _, err := st.ExecContext(ctx, id, u.id, numero, fechas[j].Format(formatoFecha), fechas[j].Year(), v, g.marca); err != nil {
				return err
			}
		}
	}
	g.res.Declaraciones = id
	return nil
}

package tamizaje

import (
	"fmt"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Tamizado is the national screening of one year, ranked: one compact row per
// user (see compacta); a Fila is made only when a row is shown, so holding
// the screening of 50.000 users takes a few megabytes.
type Tamizado struct {
	c        *contexto
	usuarios []Usuario
	filas    []compacta // ranked (Ordenar's order); a filtered one keeps the national positions
}

// Acumulador builds the national screening of one year from the rows the
// store streams (the fields of db.LectorTamizaje, one method each): every
// act is judged by the core as it is added (reincidencia.ExclusionActo,
// AportaSuma), nothing per act is kept, and Tamizado gives each year's
// verdict (reincidencia.Decidir) ranked as Ordenar does. It reads nothing
// itself: the read is the caller's (tamizaje/lectura).
type Acumulador struct {
	c  *contexto
	t  *Tamizado
	ix indice
}

// NuevoAcumulador starts the screening of year anio with the reference ref
// (UVT and rule sets).
func NuevoAcumulador(anio int, ref valores.Referencia) (*Acumulador, error) {
	c, err := nuevoContexto(anio, ref)
	if err != nil {
		return nil, err
	}
	return &Acumulador{c: c, t: &Tamizado{c: c}}, nil
}

// Preseleccion is what the read may leave out: the acts the core says can
// never count in either reference year (reincidencia.PreseleccionActos);
// every act read is still judged by the core.
func (a *Acumulador) Preseleccion() reincidencia.Preseleccion {
	return reincidencia.PreseleccionActos(a.c.a[0].periodo, a.c.a[1].periodo)
}

// Usuarios is told how many users come (a capacity hint).
func (a *Acumulador) Usuarios(n int) {
	a.t.usuarios = make([]Usuario, 0, n)
	a.t.filas = make([]compacta, 0, n)
	a.ix.porID = make([]int32, 0, n+1)
}

// Usuario adds a customs user; users come in increasing id order.
func (a *Acumulador) Usuario(id int64, nit, razon, tipo, seccional string) error {
	t := a.t
	a.ix.agregar(id, int32(len(t.usuarios)))
	t.usuarios = append(t.usuarios, Usuario{ID: id, NIT: nit, RazonSocial: razon, Tipo: tipo, DireccionSeccional: seccional})
	t.filas = append(t.filas, compacta{usuario: int32(len(t.filas))})
	return nil
}

// Registro adds a registro of user id (ignored for an unknown user).
func (a *Acumulador) Registro(id int64, r dominio.RegistroUsuario) error {
	if x, ok := a.de(id); ok {
		a.c.sumarRegistro(x, r.Vigente)
	}
	return nil
}

// Acto adds a sanction act of user id, as the core judges it.
func (a *Acumulador) Acto(id int64, firmeza fecha.Fecha, g sancion.Gravedad, s sancion.Tipo, allanamiento bool, centavos int64) error {
	if x, ok := a.de(id); ok {
		if err := a.c.sumarActo(x, firmeza, g, s, allanamiento, centavos); err != nil {
			return a.errUsuario(id, err)
		}
	}
	return nil
}

// Operaciones adds the operations of user id in year anio.
func (a *Acumulador) Operaciones(id int64, anio int, centavos, numero int64) error {
	if x, ok := a.de(id); ok {
		if err := a.c.sumarOperaciones(x, anio, centavos, numero); err != nil {
			return a.errUsuario(id, err)
		}
	}
	return nil
}

// Tamizado evaluates every user added and ranks them. The Acumulador is
// spent: nothing is added after it.
func (a *Acumulador) Tamizado() *Tamizado {
	t := a.t
	for i := range t.filas {
		a.c.evaluar(&t.filas[i])
	}
	ordenarCompactas(t.filas, t.usuarios)
	return t
}

func (a *Acumulador) de(id int64) (*compacta, bool) {
	i, ok := a.ix.de(id)
	if !ok {
		return nil, false
	}
	return &a.t.filas[i], true
}

func (a *Acumulador) errUsuario(id int64, err error) error {
	i, _ := a.ix.de(id)
	return fmt.Errorf("usuario %s: %w", a.t.usuarios[i].NIT, err)
}

// indice finds a user's row by its id. The ids come in increasing order and
// are nearly dense (INTEGER PRIMARY KEY), so a slice by id serves, with a map
// once they are too sparse for it.
type indice struct {
	porID []int32 // row + 1 by id; 0: no such user
	mapa  map[int64]int32
}

func (x *indice) agregar(id int64, fila int32) {
	if x.mapa == nil && id >= 0 && id < int64(4*len(x.porID)+1<<16) {
		for int64(len(x.porID)) <= id {
			x.porID = append(x.porID, 0)
		}
		x.porID[id] = fila + 1
		return
	}
	if x.mapa == nil {
		x.mapa = make(map[int64]int32, len(x.porID))
		for i, f := range x.porID {
			if f > 0 {
				x.mapa[int64(i)] = f - 1
			}
		}
		x.porID = nil
	}
	x.mapa[id] = fila
}

func (x *indice) de(id int64) (int32, bool) {
	if x.mapa != nil {
		f, ok := x.mapa[id]
		return f, ok
	}
	if id < 0 || id >= int64(len(x.porID)) || x.porID[id] == 0 {
		return 0, false
	}
	return x.porID[id] - 1, true
}

// Anio is the year Y of the assumed infraction.
func (t *Tamizado) Anio() int { return t.c.anio }

// Len is the number of rows.
func (t *Tamizado) Len() int { return len(t.filas) }

// Fila is row i in rank order (0-based), with its national position.
func (t *Tamizado) Fila(i int) Fila {
	x := &t.filas[i]
	return t.c.fila(x, t.usuarios[x.usuario])
}

// Usuario is the user of row i in rank order, without making the row.
func (t *Tamizado) Usuario(i int) Usuario { return t.usuarios[t.filas[i].usuario] }

// Procede is what Fila(i) says of the committee test, without making the
// row: ProcedeComite of its reference year Y−1 (Punto) and of Y−2
// (Anterior). Counting a whole screening by it holds no Fila in memory.
func (t *Tamizado) Procede(i int) (referencia, anterior reincidencia.Tri) {
	x := &t.filas[i]
	return x.p[0].procede, x.p[1].procede
}

// Actos is Fila(i).NumeroActos (the acts that count in the reference year),
// without making the row.
func (t *Tamizado) Actos(i int) int { return int(t.filas[i].p[0].actos) }

// OperacionesCargadas says whether some row of operations of the reference
// year exists for row i (Fila(i).TotalOperaciones is not nil), without
// making the row.
func (t *Tamizado) OperacionesCargadas(i int) bool { return t.filas[i].p[0].cargadas }

// Posicion is Fila(i).Posicion, without making the row.
func (t *Tamizado) Posicion(i int) int { return int(t.filas[i].posicion) }

// Participacion is Fila(i).Participacion (S / O of the reference year, the
// core's; nil when O is unknown or zero), without making the row.
func (t *Tamizado) Participacion(i int) *decimal.Decimal {
	pc := &t.filas[i].p[0]
	if !pc.cargadas || pc.ops == 0 {
		return nil
	}
	p := reincidencia.Participacion(decimal.New(pc.suma, -2), decimal.New(pc.ops, -2))
	return &p
}

// Permutado is t with its rows in the order idx gives (idx[k] is the row of
// t that goes k-th), each keeping its position. Only compact rows move.
func (t *Tamizado) Permutado(idx []int) *Tamizado {
	out := &Tamizado{c: t.c, usuarios: t.usuarios, filas: make([]compacta, len(idx))}
	for k, i := range idx {
		out.filas[k] = t.filas[i]
	}
	return out
}

// Filas makes every row, in rank order.
func (t *Tamizado) Filas() []Fila {
	out := make([]Fila, len(t.filas))
	for i := range t.filas {
		out[i] = t.Fila(i)
	}
	return out
}

// Filtrar keeps the rows that pass the filter, in order and with their
// national positions (as Filtrar does on rows).
func (t *Tamizado) Filtrar(f Filtro) *Tamizado {
	if f.Vacio() {
		return t
	}
	a := f.preparar()
	out := &Tamizado{c: t.c, usuarios: t.usuarios}
	for _, x := range t.filas {
		if a.acepta(&t.usuarios[x.usuario]) {
			out.filas = append(out.filas, x)
		}
	}
	return out
}

// FiltrarDonde keeps, in order, the rows whose user passes usuario (nil:
// all) and, when datos is not nil, whose result for the reference year is
// unknown (DatosIncompletos) exactly when *datos; with renumerar the rows
// kept are numbered again from 1, otherwise they keep their national
// positions. Only the rows kept are copied (compact rows: no Fila is made).
func (t *Tamizado) FiltrarDonde(usuario func(*Usuario) bool, datos *bool, renumerar bool) *Tamizado {
	out := &Tamizado{c: t.c, usuarios: t.usuarios}
	for _, x := range t.filas {
		if usuario != nil && !usuario(&t.usuarios[x.usuario]) {
			continue
		}
		if datos != nil && DatosIncompletos(x.p[0].procede) != *datos {
			continue
		}
		if renumerar {
			x.posicion = int32(len(out.filas) + 1)
		}
		out.filas = append(out.filas, x)
	}
	return out
}

// Resumen counts the rows for the headline, as Resumir does on rows.
func (t *Tamizado) Resumen() Resumen {
	r := Resumen{Usuarios: len(t.filas)}
	for i := range t.filas {
		p := &t.filas[i].p[0]
		if p.procede.EsSi() {
			r.ProcedeComite++
		}
		if DatosIncompletos(p.procede) {
			r.DatosIncompletos++
		}
		if p.cumple.EsSi() {
			r.CumpleUmbral++
		}
		if p.minimo {
			r.MinimoTresActos++
		}
		if t.filas[i].tempranas&tempranaDosActos != 0 {
			r.DosActos++
		}
		if t.filas[i].tempranas&tempranaOchenta != 0 {
			r.OchentaPorCiento++
		}
		if p.sinOps {
			r.SinOperaciones++
		}
	}
	return r
}

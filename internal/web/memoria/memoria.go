// Package memoria keeps what is expensive to compute from the whole
// database until the data change (see Memoria).
package memoria

import (
	"context"
	"sync"
	"time"

	"comite/internal/db"
	"comite/internal/web/turnos"
)

// Memoria keeps what is expensive to compute from the whole database — the
// screening of a year (≈ 1 s of CPU at 50.000 users), the portfolio of
// Inicio, the count of acts by gravedad (a scan of every act) — and drops it
// as soon as the data change. It never serves a result computed before the
// last data change.
//
// The data version is db.VersionDatos: two counters that the database's
// triggers bump in the same transaction as every write, in this process or in
// another one (`comite importar` on the same file). Each lookup reads them
// (one primary-key read, tens of microseconds). The screening and the counts
// follow the customs data (Aduaneros); keys marked DeTodo also follow cases,
// sessions, non-business days and accounts (General). A login or a read moves
// neither. A result is stored with the version read BEFORE its computation
// began, so a change that lands while it is computed makes the next lookup
// compute again: the error is always on the side of recomputing. An entry is
// used only at exactly its version (a restored database whose counters went
// back is not mistaken for a newer one).
//
// Concurrent lookups of the same key wait for one computation (no stampede
// of 20 clients each spending a second); an error is not kept. At most
// maxTamizajes screenings (≈ 50 MB each at 50.000 users) are kept, the least
// recently used leaving first.
type Memoria struct {
	d *db.DB

	mu       sync.Mutex
	entradas map[any]*entradaMemoria
	// previas: the last value of each key that is brought up to date from
	// its previous one (DesdeAnterior: a screening, the portfolio) once its
	// version is past, kept until the new one is computed from it
	// (ObtenerDesde); at most maxPrevias.
	previas map[any]*entradaMemoria
	podado  int64 // the customs version below which the log of changes was last pruned

	// SinCache: per-object keys (PorObjeto) are computed on every lookup
	// and never kept (the web's Config.SinCachePaginas).
	SinCache bool
}

// Bounds of what Memoria keeps: screenings (≈ 50 MB each at 50.000 users),
// and small per-object views (profiles).
const (
	maxTamizajes = 3
	maxPorObjeto = 256
	maxPrevias   = maxTamizajes + 3
)

// DesdeAnterior marks keys of the customs data whose value is brought up to
// date from the previous one (ObtenerDesde, ConsultarDesde): that previous
// value is kept once its version is past, the log of changed users is kept
// from its version (db.PodarCambiosUsuarios), and Refrescar computes it
// again as soon as a write changes the data.
type DesdeAnterior interface{ DesdeAnterior() }

// Refrescable marks other keys of the customs data that Refrescar computes
// again after a write when Refrescable says so (the first page of a common
// view, not every page ever asked).
type Refrescable interface{ Refrescable() bool }

// refrescable says whether Refrescar computes the value of k again.
func refrescable(k any) bool {
	if _, ok := k.(DesdeAnterior); ok {
		return true
	}
	r, ok := k.(Refrescable)
	return ok && r.Refrescable()
}

// PorObjeto marks keys of which there can be one per customs user or case
// (bounded by maxPorObjeto, least recently used out first).
type PorObjeto interface{ PorObjeto() }

// DeTodo marks keys whose value also depends on what the customs data leave
// out (cases, sessions, non-business days, accounts): they follow the general
// counter of db.VersionDatos.
type DeTodo interface{ DeTodo() }

type entradaMemoria struct {
	version  int64
	hecho    chan struct{}
	valor    any
	err      error
	usada    time.Time
	calcular func(context.Context, any, int64) (any, error) // kept for Refrescar
}

// Tamizaje is the key of the screening of one year (all users, ranked);
// at most maxTamizajes are kept.
type Tamizaje struct{ Anio int }

func (Tamizaje) DesdeAnterior() {}

// Nueva is an empty memory over the data of d.
func Nueva(d *db.DB) *Memoria {
	return &Memoria{d: d, entradas: map[any]*entradaMemoria{}, previas: map[any]*entradaMemoria{}}
}

// versionesFijas are the versions read once for a whole request (a page
// that looks up several values reads the counters once).
type versionesFijas struct{ datos, todo int64 }

type claveVersiones struct{}

// FijarVersiones reads the versions now and keeps them in the context for
// every lookup made with it.
func (m *Memoria) FijarVersiones(ctx context.Context) (context.Context, error) {
	d, t, err := m.versiones(ctx)
	if err != nil {
		return ctx, err
	}
	return ConVersiones(ctx, d, t), nil
}

// ConVersiones is ctx with the versions given fixed for every lookup made
// with it: datos, of the customs data, and todo, the general one.
func ConVersiones(ctx context.Context, datos, todo int64) context.Context {
	return context.WithValue(ctx, claveVersiones{}, versionesFijas{datos, todo})
}

// versiones are the data version of the customs data and the general one
// (db.VersionDatos).
func (m *Memoria) versiones(ctx context.Context) (datos, todo int64, err error) {
	if v, ok := ctx.Value(claveVersiones{}).(versionesFijas); ok {
		return v.datos, v.todo, nil
	}
	v, err := m.d.LeerVersionDatos(ctx)
	if err != nil {
		return 0, 0, err
	}
	return v.Aduaneros, v.General, nil
}

// versionDe is the data version clave follows: the general one for DeTodo
// keys, the customs one otherwise.
func (m *Memoria) versionDe(ctx context.Context, clave any) (int64, error) {
	v, todo, err := m.versiones(ctx)
	if _, ok := clave.(DeTodo); ok {
		v = todo
	}
	return v, err
}

// Obtener returns the value of clave for the current data version, computing
// it (once, whoever asks meanwhile waits) when it is missing or older.
func (m *Memoria) Obtener(ctx context.Context, clave any, calcular func(context.Context) (any, error)) (any, error) {
	if _, ok := clave.(PorObjeto); ok && m.SinCache {
		return calcular(ctx)
	}
	return m.ObtenerDesde(ctx, clave, func(ctx context.Context, _ any, _ int64) (any, error) { return calcular(ctx) })
}

// ObtenerEnTurno is Obtener for a value that a page computes in a few
// milliseconds (a queue of cases, a page of the case list) and that every
// write of cases makes old: when the value of the current version is not
// kept, the page computes it itself, in its own turn (package turnos), and
// keeps it for the next ones. Obtener would compute it in a goroutine of its
// own, outside every turn: with a case reported every few hundred
// milliseconds and each page starting the computation of its own version,
// those computations piled up beside the pages and took the processors
// from them. Here at most one per turn runs, as when nothing was kept. A
// value of another version is never returned.
func (m *Memoria) ObtenerEnTurno(ctx context.Context, clave any, calcular func(context.Context) (any, error)) (any, error) {
	if _, ok := clave.(PorObjeto); ok && m.SinCache {
		return calcular(ctx)
	}
	v, err := m.versionDe(ctx, clave)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	if e, ok := m.entradas[clave]; ok && e.version == v && terminada(e) && e.err == nil {
		e.usada = time.Now()
		m.mu.Unlock()
		return e.valor, nil
	}
	m.mu.Unlock()
	x, err := calcular(ctx)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// Kept unless a newer one (or one still computing) is already there.
	if e, ok := m.entradas[clave]; !ok || (terminada(e) && e.version < v) {
		m.purgar(clave, v)
		hecho := make(chan struct{})
		close(hecho)
		m.entradas[clave] = &entradaMemoria{version: v, hecho: hecho, valor: x, usada: time.Now()}
	}
	return x, nil
}

// ObtenerDesde is Obtener for a value that can be brought up to date from an
// older one: calcular also receives the last value computed for clave at
// another data version, and that version (nil and 0 when there is none), so
// it may re-evaluate only what changed since (for a screening, the users
// db.CambiosUsuariosDesde names). The value it returns must be what a
// computation from scratch would give.
func (m *Memoria) ObtenerDesde(ctx context.Context, clave any, calcular func(ctx context.Context, anterior any, version int64) (any, error)) (any, error) {
	e, err := m.entrada(ctx, clave, true, calcular)
	if err != nil {
		return nil, err
	}
	if terminada(e) {
		return e.valor, e.err
	}
	// The computation runs in its own goroutine: the page's turn is given
	// back while it waits (a screening of a million users takes seconds).
	err = turnos.FueraDeTurno(ctx, func() error {
		select {
		case <-e.hecho:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	if err != nil {
		return nil, err
	}
	return e.valor, e.err
}

// Consultar is Obtener without waiting: the value when it is ready for the
// current version; otherwise it starts the computation in the background and
// answers listo = false (the page says "calculando"). While an older
// computation of the same key still runs, it does not start another one (a
// burst of edits does not pile up computations): a later call starts it.
func (m *Memoria) Consultar(ctx context.Context, clave any, calcular func(context.Context) (any, error)) (valor any, listo bool, err error) {
	return m.ConsultarDesde(ctx, clave, func(ctx context.Context, _ any, _ int64) (any, error) { return calcular(ctx) })
}

// ConsultarDesde is Consultar for a value that can be brought up to date from
// an older one, as ObtenerDesde.
func (m *Memoria) ConsultarDesde(ctx context.Context, clave any, calcular func(ctx context.Context, anterior any, version int64) (any, error)) (valor any, listo bool, err error) {
	e, err := m.entrada(ctx, clave, false, calcular)
	if err != nil || e == nil {
		return nil, false, err
	}
	select {
	case <-e.hecho:
		return e.valor, true, e.err
	default:
		return nil, false, nil
	}
}

// entrada is the entry of clave for the current data version, started if
// needed. With nueva = false it answers nil instead of starting a computation
// while an older one of the same key is still running.
func (m *Memoria) entrada(ctx context.Context, clave any, nueva bool, calcular func(context.Context, any, int64) (any, error)) (*entradaMemoria, error) {
	v, err := m.versionDe(ctx, clave)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	ahora := time.Now()
	e, ok := m.entradas[clave]
	if ok && e.version == v {
		e.usada = ahora
		return e, nil
	}
	if ok && !nueva && !terminada(e) {
		return nil, nil
	}
	m.purgar(clave, v)
	previa := m.previas[clave]
	e = &entradaMemoria{version: v, hecho: make(chan struct{}), usada: ahora, calcular: calcular}
	m.entradas[clave] = e
	var anterior any
	var versionAnterior int64
	if previa != nil {
		anterior, versionAnterior = previa.valor, previa.version
	}
	// The computation outlives the request that started it (others wait
	// for it, or a later page shows it), so it does not take its
	// cancellation, nor its turn: the turn is the request's, and only the
	// request's goroutine gives it back or takes it (package turnos).
	go func() {
		ctx := turnos.SinTurno(context.WithoutCancel(ctx))
		e.valor, e.err = calcular(ctx, anterior, versionAnterior)
		m.mu.Lock()
		if e.err != nil {
			if m.entradas[clave] == e {
				delete(m.entradas, clave)
			}
		} else if m.previas[clave] == previa {
			delete(m.previas, clave)
		}
		podar := m.aPodar()
		m.mu.Unlock()
		close(e.hecho)
		if podar > 0 && m.d != nil {
			// The log of changed users is kept from the oldest screening
			// held; a failure only leaves it longer.
			_ = m.d.PodarCambiosUsuarios(ctx, podar)
		}
	}()
	return e, nil
}

// purgar drops the finished entries of another version than v of clave's kind,
// and, when clave is a screening or a per-object key, the least recently used
// of its kind beyond its bound (one is about to be added). Called with m.mu held.
func (m *Memoria) purgar(clave any, v int64) {
	_, todo := clave.(DeTodo)
	for k, e := range m.entradas {
		if _, kt := k.(DeTodo); kt == todo && e.version != v && terminada(e) {
			delete(m.entradas, k)
			if _, ok := k.(DesdeAnterior); ok && e.err == nil {
				m.guardarPrevia(k, e)
			}
		}
	}
	mismaClase := func(k any) bool {
		switch clave.(type) {
		case Tamizaje:
			_, ok := k.(Tamizaje)
			return ok
		case PorObjeto:
			_, ok := k.(PorObjeto)
			return ok
		}
		return false
	}
	limite := maxTamizajes
	if _, ok := clave.(PorObjeto); ok {
		limite = maxPorObjeto
	} else if _, ok := clave.(Tamizaje); !ok {
		return
	}
	n := 0
	for k := range m.entradas {
		if mismaClase(k) {
			n++
		}
	}
	for ; n >= limite; n-- {
		var viejaK any
		var vieja *entradaMemoria
		for k, e := range m.entradas {
			if mismaClase(k) && terminada(e) && (vieja == nil || e.usada.Before(vieja.usada)) {
				viejaK, vieja = k, e
			}
		}
		if vieja == nil {
			return // all still computing: they finish and leave later
		}
		delete(m.entradas, viejaK)
		delete(m.previas, viejaK)
	}
}

// guardarPrevia keeps e, the value of k (DesdeAnterior) at a past version,
// to compute the next one from it; at most maxPrevias, the least recently
// used leaving first. Called with m.mu held.
func (m *Memoria) guardarPrevia(k any, e *entradaMemoria) {
	m.previas[k] = e
	for len(m.previas) > maxPrevias {
		var viejaK any
		var vieja *entradaMemoria
		for k, e := range m.previas {
			if vieja == nil || e.usada.Before(vieja.usada) {
				viejaK, vieja = k, e
			}
		}
		delete(m.previas, viejaK)
	}
}

// podaMinima is how far (in customs data versions) the oldest screening held
// must have moved before the log of changed users is pruned again: a prune
// is a write, not made after every computation.
const podaMinima = 1000

// aPodar is the version below which the log of changed users can be pruned
// now (every value held that is brought up to date from its previous one,
// current or previous, is at that version or later), or 0 when not yet
// worth it. Called with m.mu held.
func (m *Memoria) aPodar() int64 {
	menor := int64(-1)
	for _, mapa := range []map[any]*entradaMemoria{m.entradas, m.previas} {
		for k, e := range mapa {
			if _, ok := k.(DesdeAnterior); ok && (menor < 0 || e.version < menor) {
				menor = e.version
			}
		}
	}
	if menor < m.podado+podaMinima {
		return 0
	}
	m.podado = menor
	return menor
}

// Refrescar starts computing again, for the current data version and in
// the background, every value held that is brought up to date from its
// previous one (DesdeAnterior) or is Refrescable, and is older: after a
// write the screenings, the portfolio and the first pages of the screening
// are brought up to date at once, not by the first page that asks.
// esperar waits for those computations (a test, a benchmark).
func (m *Memoria) Refrescar(ctx context.Context) (esperar func(), err error) {
	if m.d == nil {
		return func() {}, nil
	}
	v, err := m.d.LeerVersionDatos(ctx)
	if err != nil {
		return func() {}, err
	}
	ctx = ConVersiones(ctx, v.Aduaneros, v.General)
	type pendiente struct {
		clave    any
		calcular func(context.Context, any, int64) (any, error)
	}
	var pendientes []pendiente
	m.mu.Lock()
	for k, e := range m.entradas {
		if _, todo := k.(DeTodo); !todo && refrescable(k) && e.version != v.Aduaneros && terminada(e) && e.err == nil && e.calcular != nil {
			pendientes = append(pendientes, pendiente{k, e.calcular})
		}
	}
	m.mu.Unlock()
	var hechos []chan struct{}
	for _, p := range pendientes {
		e, err := m.entrada(ctx, p.clave, true, p.calcular)
		if err != nil {
			return func() {}, err
		}
		hechos = append(hechos, e.hecho)
	}
	return func() {
		for _, h := range hechos {
			<-h
		}
	}, nil
}

// Esperar waits for every computation running when it is called (those a
// page started in the background, as the portfolio of Inicio): a test or a
// benchmark that reads what is held once the pages are done.
func (m *Memoria) Esperar() {
	m.mu.Lock()
	var hechos []chan struct{}
	for _, e := range m.entradas {
		hechos = append(hechos, e.hecho)
	}
	m.mu.Unlock()
	for _, h := range hechos {
		<-h
	}
}

// Claves are the keys held now: those with a value (or its computation)
// for some data version, and those whose past value is kept to bring the
// next one up to date (previas). What a test checks the memory keeps.
func (m *Memoria) Claves() (entradas, previas []any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.entradas {
		entradas = append(entradas, k)
	}
	for k := range m.previas {
		previas = append(previas, k)
	}
	return entradas, previas
}

func terminada(e *entradaMemoria) bool {
	select {
	case <-e.hecho:
		return true
	default:
		return false
	}
}

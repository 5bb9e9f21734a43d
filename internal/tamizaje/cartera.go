package tamizaje

import (
	"maps"

	"comite/internal/reincidencia"
)

// AniosCartera is how many screening years the portfolio counts.
const AniosCartera = 5

// Cartera counts, for each screening year Y of Hasta−4 … Hasta, the users for
// whom the Comité would proceed (Punto.ProcedeComite: registro vigente, at
// least three acts, threshold met, with an assumed grave infraction on 1
// January of Y), by Dirección Seccional and user type, and apart those whose
// result is unknown (DatosIncompletos), by Dirección Seccional. It keeps each
// user's verdicts, so that a change of some users is counted again from
// them alone (Actualizar). It reads nothing: the screenings it counts come
// from the caller (tamizaje/lectura). Nobody changes a Cartera once made.
type Cartera struct {
	Hasta int
	Anios []int // Y, oldest first
	// Conteo: seccional → tipo → users for whom the Comité proceeds, by year.
	Conteo map[string]map[string][AniosCartera]int
	// Incompletos: seccional → users whose result is unknown, by year
	// (never among those that proceed).
	Incompletos map[string][AniosCartera]int

	nombres    []string          // the seccionales and types, each once
	indice     map[string]uint16 // position of a name in nombres
	porUsuario map[int64]aporteCartera
}

// aporteCartera is what one user adds to the portfolio.
type aporteCartera struct {
	seccional, tipo uint16 // in nombres
	procede         [AniosCartera]reincidencia.Tri
}

// AniosLeidos are the years whose national screening counts the portfolio
// ending in year hasta: hasta, hasta−2 and hasta−4. Each screening also
// evaluates the year before (Fila.Anterior is the test of Y−1 with the
// registro in force on 1 January of Y−1, exactly the screening of Y−1), so
// three screenings give the five years.
func AniosLeidos(hasta int) []int {
	var out []int
	for y := hasta; y > hasta-AniosCartera; y -= 2 {
		out = append(out, y)
	}
	return out
}

// NuevaCartera counts the portfolio ending in year hasta from the national
// screening of each year of AniosLeidos(hasta), which tamizado gives (the
// read is the caller's: tamizaje/lectura). Each screening is counted and
// dropped before the next is asked for, and only the verdicts are counted
// (Tamizado.Procede): no row is made.
func NuevaCartera(hasta int, tamizado func(anio int) (*Tamizado, error)) (*Cartera, error) {
	k := &Cartera{Hasta: hasta, Conteo: map[string]map[string][AniosCartera]int{}, Incompletos: map[string][AniosCartera]int{},
		indice: map[string]uint16{}, porUsuario: map[int64]aporteCartera{}}
	for a := hasta - AniosCartera + 1; a <= hasta; a++ {
		k.Anios = append(k.Anios, a)
	}
	for _, y := range AniosLeidos(hasta) {
		tz, err := tamizado(y)
		if err != nil {
			return nil, err
		}
		k.anotar(k.porUsuario, tz)
	}
	for _, a := range k.porUsuario {
		k.aplicar(a, 1)
	}
	return k, nil
}

// Actualizar is the portfolio with the users of cambiados counted again
// (those of them that still exist), as NuevaCartera would count the current
// data, given that every change since k was counted names its users in
// cambiados (db.CambiosUsuariosDesde) and that tamizado gives, for each year
// of AniosLeidos(k.Hasta), the screening of those users alone read after
// every change (lectura.NacionalDe). It changes nothing of k.
func (k *Cartera) Actualizar(cambiados []int64, tamizado func(anio int) (*Tamizado, error)) (*Cartera, error) {
	if len(cambiados) == 0 {
		return k, nil
	}
	out := &Cartera{Hasta: k.Hasta, Anios: k.Anios, Conteo: make(map[string]map[string][AniosCartera]int, len(k.Conteo)),
		Incompletos: maps.Clone(k.Incompletos), nombres: k.nombres[:len(k.nombres):len(k.nombres)], indice: maps.Clone(k.indice),
		porUsuario: maps.Clone(k.porUsuario)}
	for s, m := range k.Conteo {
		out.Conteo[s] = maps.Clone(m)
	}
	for _, id := range cambiados {
		if a, ok := out.porUsuario[id]; ok {
			out.aplicar(a, -1)
			delete(out.porUsuario, id)
		}
	}
	frescos := map[int64]aporteCartera{}
	for _, y := range AniosLeidos(k.Hasta) {
		tz, err := tamizado(y)
		if err != nil {
			return nil, err
		}
		out.anotar(frescos, tz)
	}
	for id, a := range frescos {
		out.porUsuario[id] = a
		out.aplicar(a, 1)
	}
	return out, nil
}

// anotar writes into m the verdicts of the screening tz (year Y and Y−1)
// of each of its users.
func (k *Cartera) anotar(m map[int64]aporteCartera, tz *Tamizado) {
	primero := k.Hasta - AniosCartera + 1
	for i := range tz.Len() {
		u := tz.Usuario(i)
		a := m[u.ID]
		a.seccional, a.tipo = k.nombre(u.DireccionSeccional), k.nombre(u.Tipo)
		referencia, anterior := tz.Procede(i)
		if j := tz.Anio() - primero; j >= 0 && j < AniosCartera {
			a.procede[j] = referencia
		}
		if j := tz.Anio() - 1 - primero; j >= 0 && j < AniosCartera {
			a.procede[j] = anterior
		}
		m[u.ID] = a
	}
}

// nombre is the position of s in k.nombres, added when new.
func (k *Cartera) nombre(s string) uint16 {
	if i, ok := k.indice[s]; ok {
		return i
	}
	i := uint16(len(k.nombres))
	k.nombres = append(k.nombres, s)
	k.indice[s] = i
	return i
}

// aplicar adds (signo 1) or takes away (−1) what one user counts; a count
// that comes back to nothing leaves the maps, so a portfolio brought up to
// date equals one counted afresh.
func (k *Cartera) aplicar(a aporteCartera, signo int) {
	sec, tipo := k.nombres[a.seccional], k.nombres[a.tipo]
	for j, p := range a.procede {
		if DatosIncompletos(p) {
			c := k.Incompletos[sec]
			c[j] += signo
			if c == ([AniosCartera]int{}) {
				delete(k.Incompletos, sec)
			} else {
				k.Incompletos[sec] = c
			}
		}
		if !p.EsSi() {
			continue
		}
		porTipo := k.Conteo[sec]
		if porTipo == nil {
			porTipo = map[string][AniosCartera]int{}
			k.Conteo[sec] = porTipo
		}
		c := porTipo[tipo]
		c[j] += signo
		if c == ([AniosCartera]int{}) {
			delete(porTipo, tipo)
			if len(porTipo) == 0 {
				delete(k.Conteo, sec)
			}
		} else {
			porTipo[tipo] = c
		}
	}
}

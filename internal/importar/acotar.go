package importar

import (
	"comite/internal/importar/filas"
	"fmt"
	"sort"

	"comite/internal/formato"
)

// MaxProblemas is how many problems of a file are kept one by one (the
// first ones, by row); the rest are only counted, by column and kind, so a
// file of a million bad rows costs what a file of a few hundred does.
const MaxProblemas = 200

// claseProblema groups the problems that are only counted: the column and
// the kind of problem (the message's pattern, not its values).
type claseProblema struct{ campo, tipo string }

type restoProblemas struct {
	n, desde, hasta int
	columna         string // the column's header in the file
	ejemplo         string
}

// problemasAcotados collects the problems of one read: MaxProblemas in
// full, then one counter per column and kind.
type problemasAcotados struct {
	lista  []filas.Problema
	resto  map[claseProblema]*restoProblemas
	orden  []claseProblema
	omitid int
}

// agregar keeps the problem, or counts it once the list is full; mensaje
// is only built for what is kept (and for the first of each group counted).
func (a *problemasAcotados) agregar(fila int, campo, columna, tipo string, mensaje func() string) {
	if len(a.lista) < MaxProblemas || fila <= 0 { // a problem of the whole file is always kept
		a.lista = append(a.lista, filas.Problema{Fila: fila, Campo: campo, Columna: columna, Mensaje: mensaje()})
		return
	}
	a.omitid++
	k := claseProblema{campo, tipo}
	r := a.resto[k]
	if r == nil {
		if a.resto == nil {
			a.resto = map[claseProblema]*restoProblemas{}
		}
		r = &restoProblemas{desde: fila, columna: columna, ejemplo: mensaje()}
		a.resto[k] = r
		a.orden = append(a.orden, k)
	}
	r.n++
	r.desde, r.hasta = min(r.desde, fila), max(r.hasta, fila)
}

// total is how many problems were found, kept or counted.
func (a *problemasAcotados) total() int { return len(a.lista) + a.omitid }

// problemas is the list kept, in row order, followed by one line per group
// counted: «y 18.342 problemas más del mismo tipo en las filas 201 a …».
func (a *problemasAcotados) problemas() []filas.Problema {
	if len(a.lista) == 0 {
		return nil
	}
	sort.SliceStable(a.lista, func(i, j int) bool { return a.lista[i].Fila < a.lista[j].Fila })
	out := a.lista
	for _, k := range a.orden {
		r := a.resto[k]
		donde := "en la fila " + formato.Entero(int64(r.desde))
		if r.hasta != r.desde {
			donde = "en las filas " + formato.Entero(int64(r.desde)) + " a " + formato.Entero(int64(r.hasta))
		}
		out = append(out, filas.Problema{Fila: r.desde, Campo: k.campo, Columna: r.columna, Omitidos: r.n,
			Mensaje: fmt.Sprintf("y %s del mismo tipo %s (el primero: %s)", formato.Plural(r.n, "problema más", "problemas más"), donde, r.ejemplo)})
	}
	return out
}

// Acotar bounds a list of problems found elsewhere (the database's checks
// of the valid rows) the same way: the first MaxProblemas by row, then the
// count of the rest by column.
// Lines that already stand for counted problems (Omitidos) are kept, after
// the rest.
func Acotar(ps []filas.Problema) []filas.Problema {
	if len(ps) <= MaxProblemas {
		return ps
	}
	orden := append([]filas.Problema(nil), ps...)
	sort.SliceStable(orden, func(i, j int) bool { return orden[i].Fila < orden[j].Fila })
	var a problemasAcotados
	var contados []filas.Problema
	for _, p := range orden {
		if p.Omitidos > 0 {
			contados = append(contados, p)
			continue
		}
		a.agregar(p.Fila, p.Campo, p.Columna, "", func() string { return p.Mensaje })
	}
	return append(a.problemas(), contados...)
}

// ContarProblemas is how many problems a list stands for: each one kept, and
// for each line of problems only counted, how many.
func ContarProblemas(ps []filas.Problema) int {
	n := 0
	for _, p := range ps {
		if p.Omitidos > 0 {
			n += p.Omitidos
		} else {
			n++
		}
	}
	return n
}

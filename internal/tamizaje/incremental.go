package tamizaje

import "fmt"

// Actualizar is the screening t with the users of cambiados evaluated again:
// their rows in t are taken out, and the rows of nuevos (the screening of
// those of them that still exist, lectura.NacionalDe) put in, each in its place in
// the ranking (Ordenar's order, a total one: the NIT breaks every tie), and
// the positions numbered again. With t a national screening (not filtered)
// and nuevos read after every change in cambiados, the result equals the
// national screening of the current data, row for row and user for user
// (the users in id order, as lectura.Nacional reads them). It changes neither t nor
// nuevos (a screening kept in memory is read by other requests meanwhile):
// it makes a new one, in time linear in the number of users.
func (t *Tamizado) Actualizar(cambiados []int64, nuevos *Tamizado) (*Tamizado, error) {
	if nuevos.c.anio != t.c.anio {
		return nil, fmt.Errorf("tamizaje %d: no se actualiza con filas del año %d", t.c.anio, nuevos.c.anio)
	}
	if len(t.filas) != len(t.usuarios) {
		return nil, fmt.Errorf("tamizaje %d: un tamizaje filtrado no se actualiza", t.c.anio)
	}
	quitar := make(map[int64]bool, len(cambiados)+len(nuevos.usuarios))
	for _, id := range cambiados {
		quitar[id] = true
	}
	for _, u := range nuevos.usuarios {
		quitar[u.ID] = true
	}
	// The users, merged in id order; where each old and new one goes.
	out := &Tamizado{c: nuevos.c, usuarios: make([]Usuario, 0, len(t.usuarios)+len(nuevos.usuarios))}
	deAnterior := make([]int32, len(t.usuarios))
	deNuevo := make([]int32, len(nuevos.usuarios))
	i, j := 0, 0
	for i < len(t.usuarios) || j < len(nuevos.usuarios) {
		if i < len(t.usuarios) && quitar[t.usuarios[i].ID] {
			deAnterior[i] = -1
			i++
			continue
		}
		if j < len(nuevos.usuarios) && (i == len(t.usuarios) || nuevos.usuarios[j].ID < t.usuarios[i].ID) {
			deNuevo[j] = int32(len(out.usuarios))
			out.usuarios = append(out.usuarios, nuevos.usuarios[j])
			j++
			continue
		}
		deAnterior[i] = int32(len(out.usuarios))
		out.usuarios = append(out.usuarios, t.usuarios[i])
		i++
	}
	// The rows: both lists are ranked (nuevos by the same order, whose keys
	// do not depend on the other users); merge them, skipping the rows taken
	// out, each key made once.
	llegan := make([]compacta, len(nuevos.filas))
	for k, x := range nuevos.filas {
		x.usuario = deNuevo[x.usuario]
		llegan[k] = x
	}
	out.filas = make([]compacta, 0, len(t.filas)+len(llegan))
	siguienteVieja := func(i int) int {
		for i < len(t.filas) && deAnterior[t.filas[i].usuario] < 0 {
			i++
		}
		return i
	}
	i, j = siguienteVieja(0), 0
	var ca, cb claveOrden
	if i < len(t.filas) {
		x := t.filas[i]
		x.usuario = deAnterior[x.usuario]
		ca = x.clave(out.usuarios)
	}
	if j < len(llegan) {
		cb = llegan[j].clave(out.usuarios)
	}
	for i < len(t.filas) || j < len(llegan) {
		if i == len(t.filas) || (j < len(llegan) && compararOrden(&cb, &ca) < 0) {
			out.filas = append(out.filas, llegan[j])
			if j++; j < len(llegan) {
				cb = llegan[j].clave(out.usuarios)
			}
			continue
		}
		x := t.filas[i]
		x.usuario = deAnterior[x.usuario]
		out.filas = append(out.filas, x)
		if i = siguienteVieja(i + 1); i < len(t.filas) {
			y := t.filas[i]
			y.usuario = deAnterior[y.usuario]
			ca = y.clave(out.usuarios)
		}
	}
	for k := range out.filas {
		out.filas[k].posicion = int32(k + 1)
	}
	return out, nil
}

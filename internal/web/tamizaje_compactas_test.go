package web

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"comite/internal/tamizaje/lectura"
)

// The screen is cut from the compact rows (only the rows of the page are
// made), with every filter, order and account. For every filter of tipo,
// Dirección Seccional and datos, every order of the columns in both
// directions, and national and seccional accounts, it gives the same rows
// as all the rows made, in the same order, with the same positions and
// figures, and the same headline.
func TestTamizaje_filasCompactasIgualAFilasCompletas(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	ctx := context.Background()
	tipos := []string{"agencia_de_aduanas", "declarante", "otro"}
	for i := 0; i < 30; i++ {
		n := nitCon(fmt.Sprintf("9012%05d", i))
		sec := seccionalCartagena
		if i%3 == 0 {
			sec = seccionalBogota
		}
		if _, _, err := e.d.GuardarUsuario(ctx, dominio.UsuarioAduanero{NIT: n, RazonSocial: "Relleno " + n, Tipo: tipos[i%len(tipos)], DireccionSeccional: sec}, dominio.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	tz, err := lectura.Nacional(ctx, e.d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	calc := &tamizajeCalculado{anio: 2026, tamizado: tz, resumen: tz.Resumen()}
	consultas := []consultaTamizaje{{anio: 2026}}
	for _, tipo := range append(tipos, "") {
		for _, sec := range []string{"", seccionalCartagena, seccionalBogota, "NINGUNA"} {
			if tipo != "" || sec != "" {
				consultas = append(consultas, consultaTamizaje{anio: 2026, tipo: tipo, seccional: sec})
			}
		}
	}
	for _, q := range consultas[:len(consultas):len(consultas)] {
		for _, datos := range []string{datosIncompletos, datosCompletos} {
			q.datos = datos
			consultas = append(consultas, q)
		}
	}
	for _, q := range consultas[:len(consultas):len(consultas)] {
		for _, orden := range []string{"posicion", "usuario", "procede", "actos", "participacion"} {
			for _, desc := range []bool{false, true} {
				q.orden, q.desc = orden, desc
				consultas = append(consultas, q)
			}
		}
	}
	// A seccional account sees its own Dirección Seccional, numbered from 1.
	cuentas := []*dominio.Cuenta{nil, {Rol: permisos.RolSeccional, DireccionSeccional: seccionalCartagena}, {Rol: permisos.RolSeccional, DireccionSeccional: seccionalBogota}}
	for _, cu := range cuentas {
		for _, q := range consultas {
			compactas, rc := filasDeVista(calc, cu, q, true)
			completas, rf := filasDeVista(calc, cu, q, false)
			if compactas.Len() != completas.Len() || rc != rf {
				t.Fatalf("tipo %q, seccional %q: %d filas y resumen %+v con filas compactas; %d y %+v con filas completas", q.tipo, q.seccional, compactas.Len(), rc, completas.Len(), rf)
			}
			if cu == nil && q.tipo == "" && q.seccional == "" && q.datos == "" && q.orden == "" && compactas.Len() != 34 {
				t.Fatalf("%d filas, se esperaban 34", compactas.Len())
			}
			for i := range compactas.Len() {
				a, b := compactas.Fila(i), completas.Fila(i)
				ja, err := json.Marshal(a)
				if err != nil {
					t.Fatal(err)
				}
				jb, err := json.Marshal(b)
				if err != nil {
					t.Fatal(err)
				}
				if string(ja) != string(jb) || a.Posicion != b.Posicion {
					t.Fatalf("tipo %q, seccional %q, datos %q, orden %q (desc %v), fila %d:\n compacta %s\n completa %s", q.tipo, q.seccional, q.datos, q.orden, q.desc, i, ja, jb)
				}
			}
		}
	}
}

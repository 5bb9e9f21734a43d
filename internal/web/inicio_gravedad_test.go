package web

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"comite/internal/db"
	"comite/internal/pruebas"

	"pgregory.net/rapid"
)

// After any sequence of acts imported, corrected and deleted, users moved
// to another Dirección Seccional or deleted, the count of acts by gravedad
// brought up to date with only the users the log of changes names equals
// the count made afresh, and both equal what the store counts for every
// Seccional and for all.
func TestActosPorGravedad_incrementalIgualAlCompleto(t *testing.T) {
	seccionales := []string{"BOGOTA", "CALI", "CARTAGENA"}
	gravs := []string{"leve", "grave", "gravisima"}
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		// Each case starts from a copy of one migrated, empty store:
		// migrating anew for every case was most of this test's time.
		dir := t.TempDir()
		pruebas.CopiaDePlantilla(t, "vacia-g", dir, func(dir string) error {
			d, err := db.Open(ctx, filepath.Join(dir, "g.db"))
			if err != nil {
				return err
			}
			return d.Close()
		})
		d, err := db.Open(ctx, filepath.Join(dir, "g.db"))
		if err != nil {
			rt.Fatal(err)
		}
		defer d.Close()
		exec := func(q string, args ...any) {
			if _, err := d.Exec(q, args...); err != nil {
				rt.Fatal(q, err)
			}
		}
		actos, usuarios := 0, 0
		nuevoUsuario := func() {
			usuarios++
			exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?, 'U', 'agencia_de_aduanas', ?, 'x', 'x')`,
				fmt.Sprintf("9001%05d-1", usuarios), rapid.SampledFrom(seccionales).Draw(rt, "seccional"))
		}
		uno := func(q string) int64 {
			var ids []int64
			rows, err := d.Query(q)
			if err != nil {
				rt.Fatal(err)
			}
			for rows.Next() {
				var id int64
				rows.Scan(&id)
				ids = append(ids, id)
			}
			rows.Close()
			if len(ids) == 0 {
				return 0
			}
			return rapid.SampledFrom(ids).Draw(rt, "cual")
		}
		acto := func() {
			if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
				actos++
				exec(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?, ?, '2025-03-03', ?, 'multa', 100, 0, 'x')`,
					uid, fmt.Sprint("A-", actos), rapid.SampledFrom(gravs).Draw(rt, "gravedad"))
			}
		}
		for n := rapid.IntRange(0, 3).Draw(rt, "usuarios"); n > 0; n-- {
			nuevoUsuario()
		}
		for n := rapid.IntRange(0, 6).Draw(rt, "actos"); n > 0; n-- {
			acto()
		}
		v, err := d.LeerVersionDatos(ctx)
		if err != nil {
			rt.Fatal(err)
		}
		estado, err := contarGravedades(ctx, d, nil, 0)
		if err != nil {
			rt.Fatal(err)
		}
		for paso := rapid.IntRange(1, 8).Draw(rt, "pasos"); paso > 0; paso-- {
			switch rapid.IntRange(0, 3).Draw(rt, "cambio") {
			case 0: // a new user with an act
				nuevoUsuario()
				acto()
			case 1: // an import of acts
				for n := rapid.IntRange(1, 4).Draw(rt, "filas"); n > 0; n-- {
					acto()
				}
			case 2: // an act corrected or deleted
				if id := uno(`SELECT id FROM actos ORDER BY id`); id != 0 && rapid.Bool().Draw(rt, "corregir") {
					exec(`UPDATE actos SET gravedad = ? WHERE id = ?`, rapid.SampledFrom(gravs).Draw(rt, "gravedad_nueva"), id)
				} else if id != 0 {
					exec(`DELETE FROM actos WHERE id = ?`, id)
				}
			case 3: // a user moved to another Seccional, or deleted with its acts
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 && rapid.Bool().Draw(rt, "mover") {
					exec(`UPDATE usuarios_aduaneros SET direccion_seccional = ? WHERE id = ?`, rapid.SampledFrom(seccionales).Draw(rt, "otra"), uid)
				} else if uid != 0 {
					exec(`DELETE FROM actos WHERE usuario_id = ?`, uid)
					exec(`DELETE FROM usuarios_aduaneros WHERE id = ?`, uid)
				}
			}
			if estado, err = contarGravedades(ctx, d, estado, v.Aduaneros); err != nil {
				rt.Fatal(err)
			}
			if v, err = d.LeerVersionDatos(ctx); err != nil {
				rt.Fatal(err)
			}
			fresco, err := contarGravedades(ctx, d, nil, 0)
			if err != nil {
				rt.Fatal(err)
			}
			if !reflect.DeepEqual(estado, fresco) {
				rt.Fatalf("incremental %v, completo %v", estado.porSeccional, fresco.porSeccional)
			}
			for _, s := range append([]string{""}, seccionales...) {
				l, g, gg, err := d.ActosPorGravedad(ctx, s)
				if err != nil {
					rt.Fatal(err)
				}
				if got := estado.de(s); got != [3]int{l, g, gg} {
					rt.Fatalf("seccional %q: %v, el almacén cuenta %v", s, got, [3]int{l, g, gg})
				}
			}
		}
	})
}

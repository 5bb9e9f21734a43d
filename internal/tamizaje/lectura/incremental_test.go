package lectura_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"comite/internal/tamizaje/lectura"

	"pgregory.net/rapid"
)

// After any sequence of imports, edits and deletes of users, acts,
// operations, declarations and registros — and of writes that touch no
// customs user, such as a reported case — the screening kept from before and
// brought up to date with only the users the log of changes names
// (db.CambiosUsuariosDesde → lectura.Incremental) is exactly the national
// screening computed afresh (Decreto Ley 920 de 2023, art. 25: the same
// figures, the same ranking, the same positions), and so is the portfolio of
// five years (lectura.ActualizarCartera against CarteraNacional); and a write that
// touches no customs user names none.
func TestTamizaje_art25_incrementalIgualAlCompletoTrasCadaCambio(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		d, b, anio := baseAleatoria(t, rt)
		defer d.Close()
		siguiente := 0
		nuevoUsuario := func() int64 {
			siguiente++
			uid := b.usuario(nitDe(t, fmt.Sprint(900200000+siguiente)), rapid.SampledFrom([]string{"agencia_de_aduanas", "usuario_zona_franca"}).Draw(rt, "tipo"), rapid.SampledFrom([]string{"BOGOTA", "CARTAGENA"}).Draw(rt, "seccional"))
			if rapid.Bool().Draw(rt, "registro_desde_siempre") { // in force in every year of the portfolio
				b.registro(uid, fmt.Sprintf("%04d-01-01", anio-7), nil)
			}
			if rapid.Bool().Draw(rt, "tres_que_cuentan") { // three acts that count in one year of the portfolio
				a := anio - 1 - rapid.IntRange(0, 5).Draw(rt, "anio_tres")
				for k := 1; k <= 3; k++ {
					b.acto(uid, fmt.Sprintf("%04d-%02d-10", a, 3*k), "grave", "multa", rapid.Int64Range(1, 80_000_000).Draw(rt, "pesos_tres"), 0)
				}
			}
			return uid
		}
		firmeza := func() any {
			if rapid.IntRange(0, 9).Draw(rt, "sin_firmeza") == 0 {
				return nil
			}
			a := anio - rapid.IntRange(-1, 3).Draw(rt, "anio_firmeza")
			return fmt.Sprintf("%04d-%02d-%02d", a, rapid.IntRange(1, 12).Draw(rt, "mes"), rapid.SampledFrom([]int{1, 15, 28}).Draw(rt, "dia"))
		}
		acto := func(uid int64) {
			b.acto(uid, firmeza(), rapid.SampledFrom(gravedades).Draw(rt, "gravedad"), rapid.SampledFrom(sanciones).Draw(rt, "sancion"),
				rapid.Int64Range(0, 80_000_000).Draw(rt, "pesos"), rapid.IntRange(0, 1).Draw(rt, "allanamiento"))
		}
		ops := func(uid int64) {
			a := anio - rapid.IntRange(1, 3).Draw(rt, "anio_ops")
			if _, err := d.Exec(`INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (?,?,?,?, 'x')
				ON CONFLICT (usuario_id, anio) DO UPDATE SET valor_centavos = excluded.valor_centavos, numero = excluded.numero`,
				uid, a, rapid.Int64Range(0, 20_000_000_000_00).Draw(rt, "centavos"), rapid.Int64Range(0, 3000).Draw(rt, "numero")); err != nil {
				rt.Fatal(err)
			}
		}
		for n := rapid.IntRange(0, 5).Draw(rt, "usuarios"); n > 0; n-- {
			uid := nuevoUsuario()
			for k := rapid.IntRange(0, 5).Draw(rt, "actos"); k > 0; k-- {
				acto(uid)
			}
			if rapid.Bool().Draw(rt, "con_ops") {
				ops(uid)
			}
		}
		// uno is some row of the query's first column, or 0 when there is none.
		uno := func(q string) int64 {
			var n int64
			if err := d.QueryRow(`SELECT count(*) FROM (` + q + `)`).Scan(&n); err != nil {
				rt.Fatal(err)
			}
			if n == 0 {
				return 0
			}
			var id int64
			if err := d.QueryRow(q+` LIMIT 1 OFFSET ?`, rapid.Int64Range(0, n-1).Draw(rt, "cual")).Scan(&id); err != nil {
				rt.Fatal(err)
			}
			return id
		}
		exec := func(q string, args ...any) {
			if _, err := d.Exec(q, args...); err != nil {
				rt.Fatal(q, err)
			}
		}
		estado, err := lectura.Nacional(ctx, d, anio)
		if err != nil {
			rt.Fatal(err)
		}
		cartera, err := lectura.CarteraNacional(ctx, d, anio, estado)
		if err != nil {
			rt.Fatal(err)
		}
		v, err := d.LeerVersionDatos(ctx)
		if err != nil {
			rt.Fatal(err)
		}
		casos := 0
		for paso := rapid.IntRange(1, 8).Draw(rt, "pasos"); paso > 0; paso-- {
			ninguno := false
			switch rapid.IntRange(0, 10).Draw(rt, "cambio") {
			case 0: // an import: new users with acts and operations
				for n := rapid.IntRange(1, 3).Draw(rt, "nuevos"); n > 0; n-- {
					uid := nuevoUsuario()
					acto(uid)
					ops(uid)
				}
			case 1: // an import of acts and operations of existing users
				for n := rapid.IntRange(1, 4).Draw(rt, "filas"); n > 0; n-- {
					if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
						acto(uid)
						ops(uid)
					}
				}
			case 2: // an act corrected
				if id := uno(`SELECT id FROM actos ORDER BY id`); id != 0 {
					exec(`UPDATE actos SET valor_centavos = ?, gravedad = ?, fecha_firmeza = ? WHERE id = ?`,
						rapid.Int64Range(0, 8_000_000_000).Draw(rt, "centavos_acto"), rapid.SampledFrom(gravedades).Draw(rt, "gravedad_nueva"), firmeza(), id)
				}
			case 3: // an act deleted
				if id := uno(`SELECT id FROM actos ORDER BY id`); id != 0 {
					exec(`DELETE FROM actos WHERE id = ?`, id)
				}
			case 4: // operations deleted
				if uid := uno(`SELECT DISTINCT usuario_id FROM operaciones_anuales ORDER BY usuario_id`); uid != 0 {
					exec(`DELETE FROM operaciones_anuales WHERE usuario_id = ?`, uid)
				}
			case 5: // a user deleted with all its rows
				if uid := uno(`SELECT id FROM usuarios_aduaneros WHERE id NOT IN (SELECT usuario_id FROM casos) ORDER BY id`); uid != 0 {
					for _, tabla := range []string{"actos", "operaciones_anuales", "declaraciones", "registros"} {
						exec(`DELETE FROM `+tabla+` WHERE usuario_id = ?`, uid)
					}
					exec(`DELETE FROM usuarios_aduaneros WHERE id = ?`, uid)
				}
			case 6: // a NIT corrected (the ranking's last tie-break)
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
					siguiente++
					exec(`UPDATE usuarios_aduaneros SET nit = ? WHERE id = ?`, nitDe(t, fmt.Sprint(900100000+siguiente)), uid)
				}
			case 7: // a registro, in force or not
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
					desde := fmt.Sprintf("%04d-01-01", anio-rapid.IntRange(0, 3).Draw(rt, "registro_desde"))
					var hay int
					if err := d.QueryRow(`SELECT count(*) FROM registros WHERE usuario_id = ? AND vigente_desde = ?`, uid, desde).Scan(&hay); err != nil {
						rt.Fatal(err)
					}
					if hay == 0 {
						b.registro(uid, desde, nil)
					} else { // the same registro again is not a new one: it ends instead
						exec(`UPDATE registros SET vigente_hasta = ? WHERE usuario_id = ? AND vigente_desde = ?`, fmt.Sprintf("%04d-06-30", anio-1), uid, desde)
					}
				}
			case 8: // a declaration
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
					a := anio - rapid.IntRange(1, 2).Draw(rt, "anio_declaracion")
					b.declaracion(uid, fmt.Sprintf("%04d-05-05", a), a, rapid.Int64Range(0, 900_000_000_00).Draw(rt, "centavos_declaracion"))
				}
			case 10: // a user moved to another Dirección Seccional
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
					exec(`UPDATE usuarios_aduaneros SET direccion_seccional = ? WHERE id = ?`, rapid.SampledFrom([]string{"BOGOTA", "CARTAGENA", "CALI"}).Draw(rt, "otra_seccional"), uid)
				}
			case 9: // a case reported: no customs user changes
				if uid := uno(`SELECT id FROM usuarios_aduaneros ORDER BY id`); uid != 0 {
					casos++
					exec(`INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
						VALUES (?, ?, 'BOGOTA', 'reportado', '2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'multa', 0, 'x', 'x')`, fmt.Sprintf("CF-2026-%04d", casos), uid)
					ninguno = true
				}
			}
			ids, completo, err := d.CambiosUsuariosDesde(ctx, v.Aduaneros, 2000)
			if err != nil {
				rt.Fatal(err)
			}
			if !completo {
				rt.Fatalf("el registro de cambios no cubre la versión %d", v.Aduaneros)
			}
			if ninguno && len(ids) != 0 {
				rt.Fatalf("un caso reportado nombró usuarios: %v", ids)
			}
			if v, err = d.LeerVersionDatos(ctx); err != nil {
				rt.Fatal(err)
			}
			if estado, err = lectura.Incremental(ctx, d, estado, ids); err != nil {
				rt.Fatal(err)
			}
			fresco, err := lectura.Nacional(ctx, d, anio)
			if err != nil {
				rt.Fatal(err)
			}
			if !reflect.DeepEqual(estado, fresco) {
				rt.Fatalf("incremental (cambiados %v):\n%+v\ncompleto:\n%+v", ids, estado.Filas(), fresco.Filas())
			}
			if cartera, err = lectura.ActualizarCartera(ctx, d, cartera, ids); err != nil {
				rt.Fatal(err)
			}
			otra, err := lectura.CarteraNacional(ctx, d, anio, nil)
			if err != nil {
				rt.Fatal(err)
			}
			if !reflect.DeepEqual(cartera.Conteo, otra.Conteo) || !reflect.DeepEqual(cartera.Incompletos, otra.Incompletos) || !reflect.DeepEqual(cartera.Anios, otra.Anios) {
				rt.Fatalf("cartera incremental (cambiados %v): %v, %v\ncompleta: %v, %v", ids, cartera.Conteo, cartera.Incompletos, otra.Conteo, otra.Incompletos)
			}
		}
	})
}

package db_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/importar"
	"comite/internal/importar/filas"
	"comite/internal/sancion"
)

// idDe is the id of the user with that NIT.
func idDe(t *testing.T, d *db.DB, nit string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRow(`SELECT id FROM usuarios_aduaneros WHERE nit = ?`, nit).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// The log of changed users names exactly the users each write touched, from
// any version held on; a write of what every user shares, too many users or a
// pruned log make it answer "compute it whole".
func TestCambiosUsuarios_cadaEscrituraNombraASusUsuarios(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	nits := nitsDe(t, d, 3)
	a, b, c := idDe(t, d, nits[0]), idDe(t, d, nits[1]), idDe(t, d, nits[2])
	admin := dominio.Actor{Cuenta: "admin"}
	exec := func(q string, args ...any) func() error {
		return func() error { _, err := d.Exec(q, args...); return err }
	}
	pasos := []struct {
		nombre   string
		hacer    func() error
		quiere   []int64
		completo bool
	}{
		{"nada escrito: nadie", func() error { return nil }, []int64{}, true},
		{"un acto editado", exec(`UPDATE actos SET valor_centavos = valor_centavos + 100 WHERE id = (SELECT min(id) FROM actos WHERE usuario_id = ?)`, a), []int64{a}, true},
		{"un acto pasado a otro usuario: los dos", exec(`UPDATE actos SET usuario_id = ? WHERE id = (SELECT min(id) FROM actos WHERE usuario_id = ?)`, b, a), []int64{a, b}, true},
		{"operaciones borradas", exec(`DELETE FROM operaciones_anuales WHERE usuario_id = ?`, c), []int64{c}, true},
		{"un registro nuevo", exec(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) SELECT ?, clase, 'CAMBIO-1', '2020-01-01' FROM registros LIMIT 1`, b), []int64{b}, true},
		{"la razón social de un usuario", exec(`UPDATE usuarios_aduaneros SET razon_social = razon_social || ' X' WHERE id = ?`, c), []int64{c}, true},
		{"importación en bloque de actos (sus disparadores de versión suspendidos)", func() error {
			csv := "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
				nits[1] + ";CAMBIO-A;04/03/2025;grave;multa;1000;no\n" + nits[2] + ";CAMBIO-B;05/03/2025;leve;multa;2000;no\n"
			f, err := importar.Preparar(ctx, filas.Sanciones, "sanciones.csv", strings.NewReader(csv), nil)
			if err != nil {
				return err
			}
			_, err = d.ImportarFuente(ctx, f, admin, db.OpcionesImportacion{})
			return err
		}, []int64{b, c}, true},
		{"un caso reportado no es de los datos aduaneros", func() error { return d.AgregarDiaInhabil(ctx, fecha.Debe(2026, 4, 6), "prueba", admin) }, []int64{}, true},
		{"la UVT: todos", exec(`UPDATE uvt SET resolucion = resolucion || ' ' WHERE anio = (SELECT max(anio) FROM uvt)`), nil, false},
	}
	for _, p := range pasos {
		antes, err := d.LeerVersionDatos(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.hacer(); err != nil {
			t.Fatalf("%s: %v", p.nombre, err)
		}
		ids, completo, err := d.CambiosUsuariosDesde(ctx, antes.Aduaneros, 2000)
		if err != nil {
			t.Fatalf("%s: %v", p.nombre, err)
		}
		if completo != p.completo || !slices.Equal(ids, p.quiere) {
			t.Errorf("%s: cambiados %v (completo %v), quería %v (completo %v)", p.nombre, ids, completo, p.quiere, p.completo)
		}
	}
	// Too many users for the limit: compute it whole.
	v, _ := d.LeerVersionDatos(ctx)
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET razon_social = razon_social || ' Y' WHERE id IN (?, ?, ?)`, a, b, c); err != nil {
		t.Fatal(err)
	}
	if ids, completo, err := d.CambiosUsuariosDesde(ctx, v.Aduaneros, 2); err != nil || completo {
		t.Errorf("tres usuarios con límite 2: %v completo %v (%v), quería completo = false", ids, completo, err)
	}
	// Pruned below a version: an older one cannot be answered, a newer one can.
	w, _ := d.LeerVersionDatos(ctx)
	if err := d.PodarCambiosUsuarios(ctx, w.Aduaneros); err != nil {
		t.Fatal(err)
	}
	if _, completo, err := d.CambiosUsuariosDesde(ctx, v.Aduaneros, 2000); err != nil || completo {
		t.Errorf("desde una versión podada: completo %v (%v), quería false", completo, err)
	}
	if ids, completo, err := d.CambiosUsuariosDesde(ctx, w.Aduaneros, 2000); err != nil || !completo || len(ids) != 0 {
		t.Errorf("desde la versión de la poda: %v completo %v (%v), quería nadie", ids, completo, err)
	}
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM cambios_usuarios WHERE version < ?`, w.Aduaneros).Scan(&n); err != nil || n != 0 {
		t.Errorf("quedan %d filas bajo la poda (%v)", n, err)
	}
}

// Every table the screening reads has the three triggers of the log.
func TestCambiosUsuarios_cadaTablaDelTamizajeTieneSusDisparadores(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	for _, tabla := range []string{"usuarios_aduaneros", "registros", "actos", "operaciones_anuales", "declaraciones", "uvt", "seccionales"} {
		for _, op := range []string{"insert", "update", "delete"} {
			var n int
			if err := d.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND name = ?`, tabla, "cambios_usuarios_"+tabla+"_"+op).Scan(&n); err != nil || n != 1 {
				t.Errorf("%s %s: %d disparadores (%v)", tabla, op, n, err)
			}
		}
	}
}

// LeerTamizajeDe hands exactly the rows LeerTamizaje hands for those users.
func TestLeerTamizajeDe_lasMismasFilasQueLaLecturaEntera(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	nits := nitsDe(t, d, 40)
	ids := []int64{idDe(t, d, nits[3]), idDe(t, d, nits[17]), idDe(t, d, nits[39]), 1 << 40}
	quiere := map[int64]bool{}
	for _, id := range ids {
		quiere[id] = true
	}
	pre := db.FiltroActos{Desde: fecha.Debe(2019, 1, 1), Hasta: fecha.Debe(2026, 12, 31), Gravedades: sancion.Gravedades(), ConAllanamiento: true}
	leer := func(solo bool) []string {
		var out []string
		anota := func(id int64, s string) {
			if !solo && !quiere[id] {
				return
			}
			out = append(out, s)
		}
		l := db.LectorTamizaje{
			Usuario: func(id int64, nit, razon, tipo, secc string) error {
				anota(id, "u "+nit+razon+tipo+secc)
				return nil
			},
			Registro: func(id int64, r dominio.RegistroUsuario) error {
				anota(id, "r "+nitDeIDPrueba(id)+r.VigenteDesde.String()+r.VigenteHasta.String())
				return nil
			},
			Acto: func(id int64, f fecha.Fecha, g sancion.Gravedad, s sancion.Tipo, al bool, cent int64) error {
				anota(id, "a "+nitDeIDPrueba(id)+f.String()+string(g)+string(s)+strings.Repeat("x", int(cent%7)))
				return nil
			},
			Operaciones: func(id int64, anio int, cent, num int64) error {
				anota(id, "o "+nitDeIDPrueba(id)+strings.Repeat("y", anio%13+int(cent%11)+int(num%5)))
				return nil
			},
		}
		var err error
		if solo {
			err = d.LeerTamizajeDe(ctx, ids, 2023, 2025, pre, l)
		} else {
			err = d.LeerTamizaje(ctx, 2023, 2025, pre, l)
		}
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(out)
		return out
	}
	entera, solo := leer(false), leer(true)
	if len(entera) < 6 || !slices.Equal(entera, solo) {
		t.Errorf("lectura de tres usuarios:\n%v\nquería:\n%v", solo, entera)
	}
}

func nitDeIDPrueba(id int64) string { return strings.Repeat("#", int(id%97)) }

package db_test

import (
	"comite/internal/contrato"
	"comite/internal/dominio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/pruebas"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// demoChica is a demo database of 300 users with cases in every state.
func demoChica(t testing.TB) *db.DB {
	t.Helper()
	ahora := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	// The demo is generated once per test binary and copied into each test.
	dir := t.TempDir()
	pruebas.CopiaDePlantilla(t, "demo-chica", dir, func(dir string) error {
		d, err := db.Open(context.Background(), filepath.Join(dir, "demo.db"))
		if err != nil {
			return err
		}
		d.Now = func() time.Time { return ahora }
		if _, err := demo.Generar(context.Background(), d, demo.Opciones{}); err != nil {
			d.Close()
			return err
		}
		return d.Close()
	})
	d, err := db.Open(context.Background(), filepath.Join(dir, "demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	d.Now = func() time.Time { return ahora }
	return d
}

func nitsDe(t testing.TB, d *db.DB, limite int) []string {
	t.Helper()
	filas, err := d.Query(`SELECT nit FROM usuarios_aduaneros ORDER BY id LIMIT ?`, limite)
	if err != nil {
		t.Fatal(err)
	}
	defer filas.Close()
	var out []string
	for filas.Next() {
		var n string
		filas.Scan(&n)
		out = append(out, n)
	}
	return out
}

// The profile's one read gives exactly what the three separate reads give,
// and the same committee-test input as LeerEvaluacion.
func TestLeerPerfil_igualALasLecturasSueltas(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	nueva := reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2026, 3, 2), FechaVerificacion: fecha.Debe(2026, 3, 2), Gravedad: sancion.Grave}
	for _, n := range nitsDe(t, d, 300) {
		l, err := d.LeerPerfil(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		u, err := d.UsuarioPorNIT(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		actos, err := d.ActosDeUsuario(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		ops, err := d.OperacionesDeUsuario(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(l.Usuario, u) || !reflect.DeepEqual(l.Actos, actos) || !reflect.DeepEqual(l.Operaciones, ops) {
			t.Fatalf("%s: LeerPerfil difiere de las lecturas sueltas", n)
		}
		le, err := d.LeerEvaluacion(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		e := expediente.Entrada(le.Perfil, nueva, sancion.AnclajeComision, le.DiasInhabiles)
		if got := expediente.Entrada(l, nueva, sancion.AnclajeComision, le.DiasInhabiles); !reflect.DeepEqual(got, e) {
			t.Fatalf("%s: la entrada del perfil difiere de la de LeerEvaluacion", n)
		}
	}
	var ev *dominio.ErrValidacion
	if _, err := d.LeerPerfil(ctx, "800191045-2"); !errors.As(err, &ev) {
		t.Fatalf("NIT con dígito errado: %v", err)
	}
	if _, err := d.LeerPerfil(ctx, "899999068-1"); !errors.Is(err, db.ErrUsuarioNoRegistrado) {
		t.Fatalf("NIT no registrado: %v", err)
	}
}

// The case page's one read gives what the separate reads give, and the
// flujo context built from it is expediente.Contexto's.
func TestLeerCaso_igualALasLecturasSueltas(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	casos, err := d.ListarCasos(ctx, db.FiltroCasos{})
	if err != nil || len(casos) == 0 {
		t.Fatalf("casos de la demo: %d, %v", len(casos), err)
	}
	for _, c := range casos {
		l, err := d.LeerCaso(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		evs, _ := d.Evaluaciones(ctx, c.ID)
		hist, _ := d.Historia(ctx, c.ID)
		infs, _ := d.Informes(ctx, c.ID)
		cs, _ := d.Conceptos(ctx, c.ID)
		pr, _ := d.PropuestaDe(ctx, c.ID)
		dias, _ := d.ListarDiasInhabiles(ctx)
		if !reflect.DeepEqual(l.Evaluaciones, evs) || !reflect.DeepEqual(l.Historia, hist) || !reflect.DeepEqual(l.Informes, infs) ||
			!reflect.DeepEqual(l.Conceptos, cs) || !reflect.DeepEqual(l.Propuesta, pr) || len(l.DiasInhabiles) != len(dias) {
			t.Fatalf("caso %s: LeerCaso difiere de las lecturas sueltas", c.Numero)
		}
		r, err := contrato.ResultadoDe(l.Evaluaciones[len(l.Evaluaciones)-1], d.Referencia())
		if err != nil {
			t.Fatal(err)
		}
		cx, err := expediente.Nuevo(d).Contexto(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if got := expediente.ContextoCon(c, r, l.InformeSobreUltima, l.NormaAplicable != nil); !reflect.DeepEqual(got, cx) {
			t.Fatalf("caso %s: contexto %+v, quiere %+v", c.Numero, got, cx)
		}
	}
}

// BenchmarkLecturasWeb measures the store reads behind each web page (issue
// 7): on a demo of 300 users, or on COMITE_BENCH_DB (e.g. a `comite demo
// --usuarios 50000` database):
//
//	COMITE_BENCH_DB=/tmp/comite-web/demo-50000.db go test -bench LecturasWeb -run '^$' ./internal/db/
func BenchmarkLecturasWeb(b *testing.B) {
	ctx := context.Background()
	var d *db.DB
	if ruta := os.Getenv("COMITE_BENCH_DB"); ruta != "" {
		var err error
		if d, err = db.Open(ctx, ruta); err != nil {
			b.Fatal(err)
		}
		defer d.Close()
	} else {
		d = demoChica(b)
	}
	var nit string
	if err := d.QueryRow(`SELECT nit FROM usuarios_aduaneros WHERE razon_social LIKE 'Agencia de Aduanas Reincidente Demo%'`).Scan(&nit); err != nil {
		b.Fatal(err)
	}
	casos, err := d.ListarCasos(ctx, db.FiltroCasos{})
	if err != nil || len(casos) == 0 {
		b.Fatal("sin casos", err)
	}
	anio := d.Hoy().Anio()
	b.Run("version", func(b *testing.B) { // every page that uses memoria
		for b.Loop() {
			if _, err := d.LeerVersionDatos(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("perfil", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.LeerPerfil(ctx, nit); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("caso", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.LeerCaso(ctx, casos[0]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("inicio-casos", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.ContarCasosPorEstado(ctx, ""); err != nil {
				b.Fatal(err)
			}
			cs, err := d.ListarCasos(ctx, db.FiltroCasos{})
			if err != nil {
				b.Fatal(err)
			}
			ids := make([]int64, len(cs))
			for i, c := range cs {
				ids[i] = c.ID
			}
			if _, err := d.PlazosReporte(ctx, ids); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("inicio-gravedad", func(b *testing.B) {
		for b.Loop() {
			if _, _, _, err := d.ActosPorGravedad(ctx, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tamizaje-lectura", func(b *testing.B) {
		l := db.LectorTamizaje{
			Usuario:     func(int64, string, string, string, string) error { return nil },
			Registro:    func(int64, dominio.RegistroUsuario) error { return nil },
			Acto:        func(int64, fecha.Fecha, sancion.Gravedad, sancion.Tipo, bool, int64) error { return nil },
			Operaciones: func(int64, int, int64, int64) error { return nil },
		}
		for b.Loop() {
			if err := d.LeerTamizaje(ctx, anio-2, anio-1, db.FiltroActos(reincidencia.PreseleccionActos(reincidencia.PeriodoDelAnio(anio-2), reincidencia.PeriodoDelAnio(anio-1))), l); err != nil {
				b.Fatal(err)
			}
		}
	})
}

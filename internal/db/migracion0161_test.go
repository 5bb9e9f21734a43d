package db

import (
	"context"
	"path/filepath"
	"testing"
)

// deshacer0161 are the statements that take a base back to before migration
// 0161 (the log of changed users), for the tests that run older migrations
// again after it: its triggers first, then its tables.
func deshacer0161() []string {
	var out []string
	for _, tabla := range []string{"usuarios_aduaneros", "registros", "actos", "operaciones_anuales", "declaraciones", "uvt", "seccionales"} {
		for _, op := range []string{"insert", "update", "delete"} {
			out = append(out, `DROP TRIGGER cambios_usuarios_`+tabla+`_`+op)
		}
	}
	return append(out, `DROP TABLE cambios_usuarios`, `DROP TABLE cambios_usuarios_poda`)
}

// recortarCambiosUsuarios keeps the newest rows, by whole versions, and moves
// the prune mark so an older version is not answered; with fewer rows than
// the bound it leaves them all.
func TestCambiosUsuarios_recorteGuardaLasFilasMasNuevas(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(`INSERT INTO cambios_usuarios(version, usuario_id) VALUES (1, 1), (2, 1), (2, 2), (3, 1), (4, 5), (4, 6)`); err != nil {
		t.Fatal(err)
	}
	recortar := func(max int) {
		t.Helper()
		antes := maxFilasCambios
		maxFilasCambios = max
		defer func() { maxFilasCambios = antes }()
		tx, err := d.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := recortarCambiosUsuarios(ctx, tx); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	filas := func() (n int, hasta int64) {
		t.Helper()
		if err := d.QueryRow(`SELECT (SELECT count(*) FROM cambios_usuarios), hasta FROM cambios_usuarios_poda`).Scan(&n, &hasta); err != nil {
			t.Fatal(err)
		}
		return n, hasta
	}
	recortar(10)
	if n, hasta := filas(); n != 6 || hasta != 0 {
		t.Errorf("bajo el límite: %d filas, marca %d; quería 6 y 0", n, hasta)
	}
	recortar(3) // the 4th newest row is of version 2: versions 2 to 4 stay
	if n, hasta := filas(); n != 5 || hasta != 2 {
		t.Errorf("límite 3: %d filas, marca %d; quería 5 (versiones 2 a 4) y 2", n, hasta)
	}
	if _, completo, err := d.CambiosUsuariosDesde(ctx, 1, 100); err != nil || completo {
		t.Errorf("desde la versión 1, ya podada: completo %v (%v)", completo, err)
	}
	if ids, completo, err := d.CambiosUsuariosDesde(ctx, 2, 100); err != nil || !completo || len(ids) != 4 {
		t.Errorf("desde la versión 2: %v completo %v (%v), quería 1, 2, 5, 6", ids, completo, err)
	}
}

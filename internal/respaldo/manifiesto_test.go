package respaldo

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

// copiaConManifiesto copies a backup and the manifest given beside it, in a
// directory of its own.
func copiaConManifiesto(t *testing.T, respaldo, manifiesto string) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "respaldo.db")
	copiarArchivo(t, respaldo, ruta)
	copiarArchivo(t, manifiesto, RutaManifiesto(ruta))
	return ruta
}

func sqlEn(t *testing.T, ruta string, qs ...string) {
	t.Helper()
	s, err := sql.Open("sqlite", ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, q := range qs {
		if _, err := s.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// A forged backup never restores: a row changed, a trigger dropped or
// added, the file truncated, the manifest of another backup or one edited
// without the key — each refused by verificar and by restaurar, naming what
// differs, with nothing left at the destination. The genuine one restores.
func TestRespaldo_falsificadoNuncaSeRestaura(t *testing.T) {
	t.Parallel()
	d := baseDemo(t, t.TempDir())
	bueno := respaldoDe(t, d, t.TempDir())
	if _, err := d.Exec(`INSERT INTO dias_inhabiles(fecha, motivo, creado_por, creado_en) VALUES ('2026-12-24', 'otro respaldo', 'prueba', '2026-01-01')`); err != nil {
		t.Fatal(err)
	}
	otro := respaldoDe(t, d, t.TempDir())
	clave := db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta))
	casos := []struct {
		nombre string
		hacer  func(t *testing.T) string
		dice   []string
	}{
		{"fila_cambiada", func(t *testing.T) string {
			r := copiaConManifiesto(t, bueno, RutaManifiesto(bueno))
			sqlEn(t, r, `UPDATE seccionales SET nombres_cortos = '["otra"]' WHERE rowid = (SELECT min(rowid) FROM seccionales)`)
			return r
		}, []string{"no coincide con su manifiesto", "el SHA-256 del archivo es"}},
		{"disparador_quitado", func(t *testing.T) string {
			r := copiaConManifiesto(t, bueno, RutaManifiesto(bueno))
			sqlEn(t, r, `DROP TRIGGER auditoria_sin_update`)
			return r
		}, []string{"su esquema no es el que crean las migraciones", "falta el disparador auditoria_sin_update"}},
		{"disparador_agregado", func(t *testing.T) string {
			r := copiaConManifiesto(t, bueno, RutaManifiesto(bueno))
			sqlEn(t, r, `CREATE TRIGGER promover AFTER INSERT ON sesiones BEGIN UPDATE cuentas SET rol = 'admin' WHERE rol = 'seccional'; END`)
			return r
		}, []string{"sobra el disparador promover, que ninguna migración crea"}},
		{"archivo_truncado", func(t *testing.T) string {
			r := copiaConManifiesto(t, bueno, RutaManifiesto(bueno))
			st, _ := os.Stat(r)
			if err := os.Truncate(r, st.Size()/2); err != nil {
				t.Fatal(err)
			}
			return r
		}, []string{"no es válido"}},
		{"manifiesto_de_otro_respaldo", func(t *testing.T) string {
			return copiaConManifiesto(t, bueno, RutaManifiesto(otro))
		}, []string{"el SHA-256 del archivo es", "el manifiesto es de otro respaldo", "la tabla dias_inhabiles tiene 0 filas y el manifiesto dice 1"}},
		{"manifiesto_editado_sin_la_clave", func(t *testing.T) string {
			r := copiaConManifiesto(t, bueno, RutaManifiesto(bueno))
			b, _ := os.ReadFile(RutaManifiesto(r))
			os.WriteFile(RutaManifiesto(r), []byte(strings.Replace(string(b), "filas\tcuentas\t", "filas\tcuentas\t9", 1)), 0o600)
			return r
		}, []string{"su firma no corresponde a su contenido"}},
		{"sin_manifiesto", func(t *testing.T) string {
			r := filepath.Join(t.TempDir(), "respaldo.db")
			copiarArchivo(t, bueno, r)
			return r
		}, []string{"no tiene al lado su manifiesto firmado", "--sin-manifiesto"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r := c.hacer(t)
			_, err := Verificar(fondo, r, db.ComoBase(d.Ruta))
			var inv *ErrInvalido
			if !errors.As(err, &inv) {
				t.Fatalf("verificar lo aceptó o falló de otro modo: %v", err)
			}
			for _, s := range c.dice {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("verificar no dice %q: %v", s, err)
				}
			}
			destino := filepath.Join(t.TempDir(), "comite.db")
			if _, err := Restaurar(fondo, r, destino, false, clave); !errors.As(err, &inv) || existe(destino) {
				t.Fatalf("restaurar: %v (¿quedó la base? %v)", err, existe(destino))
			}
		})
	}
	// The genuine backup restores, and the restored database verifies.
	destino := filepath.Join(t.TempDir(), "comite.db")
	res, err := Restaurar(fondo, bueno, destino, false, clave)
	if err != nil || res.Antes.ManifiestoClave != 1 {
		t.Fatalf("el respaldo verdadero: %+v %v", res.Antes, err)
	}
	r, err := db.Open(fondo, destino, clave, db.SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.VerificarAuditoria(fondo); err != nil {
		t.Fatal(err)
	}
}

// A backup without a manifest is accepted on request only; restoring it
// records so in the audit log of the restored database.
func TestRespaldo_sinManifiestoSoloAPedidoYQuedaEnLaAuditoria(t *testing.T) {
	t.Parallel()
	d := baseDemo(t, t.TempDir())
	bueno := respaldoDe(t, d, t.TempDir())
	os.Remove(RutaManifiesto(bueno))
	clave := db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta))
	v, err := VerificarSinManifiesto(fondo, bueno, db.ComoBase(d.Ruta))
	if err != nil || !v.SinManifiesto {
		t.Fatalf("%+v %v", v, err)
	}
	destino := filepath.Join(t.TempDir(), "comite.db")
	if _, err := RestaurarSinManifiesto(fondo, bueno, destino, false, clave); err != nil {
		t.Fatal(err)
	}
	r, err := db.Open(fondo, destino, clave, db.SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var n int
	if err := r.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'respaldo.restaurado_sin_manifiesto'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("filas de aviso: %d %v", n, err)
	}
	if _, err := r.VerificarAuditoria(fondo); err != nil {
		t.Fatal(err)
	}
}

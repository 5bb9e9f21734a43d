package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// auditoriaDePrueba is a database with a few audited changes, its audit key
// and anchor next to it.
func auditoriaDePrueba(t *testing.T) *DB {
	t.Helper()
	d := abrirTemporal(t)
	for i := 0; i < 6; i++ {
		if _, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "cuenta" + strconv.Itoa(i), Rol: permisos.RolAuditor, Clave: "tres tigres comen trigo"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// sinTriggers drops the insert-only triggers, as someone holding the file could.
func sinTriggers(t *testing.T, d *DB) {
	t.Helper()
	for _, tr := range []string{"auditoria_sin_update", "auditoria_sin_delete"} {
		if _, err := d.Exec(`DROP TRIGGER ` + tr); err != nil {
			t.Fatal(err)
		}
	}
}

// recalcular rewrites the hashes of every row from desde on, with hash(row)
// choosing the new hash and version: what an attacker without the key can try.
func recalcular(t *testing.T, d *DB, desde int64, hash func(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) (string, int64)) {
	t.Helper()
	rows, err := d.Query(`SELECT id, en, cuenta, ip, accion, objeto, detalle_json FROM auditoria ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	type fila struct {
		id                                      int64
		en, cuenta, ip, accion, objeto, detalle string
	}
	var filas []fila
	for rows.Next() {
		var f fila
		rows.Scan(&f.id, &f.en, &f.cuenta, &f.ip, &f.accion, &f.objeto, &f.detalle)
		filas = append(filas, f)
	}
	rows.Close()
	anterior := hashGenesis
	for _, f := range filas {
		if f.id < desde {
			d.QueryRow(`SELECT hash FROM auditoria WHERE id = ?`, f.id).Scan(&anterior)
			continue
		}
		h, v := hash(f.id, f.en, f.cuenta, f.ip, f.accion, f.objeto, f.detalle, anterior)
		if _, err := d.Exec(`UPDATE auditoria SET hash_anterior = ?, hash = ?, clave_id = ? WHERE id = ?`, anterior, h, v, f.id); err != nil {
			t.Fatal(err)
		}
		anterior = h
	}
}

func TestAuditoria_CadenaConClave(t *testing.T) {
	t.Parallel()
	casos := []struct {
		nombre string
		atacar func(t *testing.T, d *DB)
		fila   int64  // first row named; 0 = intact
		motivo string // part of the reason
	}{
		{"integra_con_la_clave_correcta", func(*testing.T, *DB) {}, 0, ""},
		{"ultima_fila_borrada", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`DELETE FROM auditoria WHERE id = (SELECT max(id) FROM auditoria)`)
		}, 6, "falta la cola"},
		{"ultimas_tres_filas_borradas", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`DELETE FROM auditoria WHERE id > 3`)
		}, 4, "falta la cola"},
		{"editada_y_recalculada_sin_clave_como_sha256", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`UPDATE auditoria SET cuenta = 'otra' WHERE id = 3`)
			recalcular(t, d, 1, func(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) (string, int64) {
				return hashFila(id, en, cuenta, ip, accion, objeto, detalle, anterior), 0
			})
		}, 1, "se recalculó sin la clave"},
		{"editada_y_recalculada_con_otra_clave", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`UPDATE auditoria SET detalle_json = '{}' WHERE id = 3`)
			otra := sha256.Sum256([]byte("no es la clave"))
			recalcular(t, d, 3, func(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) (string, int64) {
				return hashFilaConClave(otra[:], 1, id, en, cuenta, ip, accion, objeto, detalle, anterior), 1
			})
		}, 3, "HMAC"},
		{"editada_y_recalculada_con_la_clave_robada", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`UPDATE auditoria SET detalle_json = '{}' WHERE id = 3`)
			k := d.aud.claves[1]
			recalcular(t, d, 3, func(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) (string, int64) {
				return hashFilaConClave(k, 1, id, en, cuenta, ip, accion, objeto, detalle, anterior), 1
			})
		}, 3, "publicado en el ancla"},
		{"cola_borrada_y_ultima_recalculada_con_la_clave_robada", func(t *testing.T, d *DB) {
			sinTriggers(t, d)
			d.Exec(`DELETE FROM auditoria WHERE id = 6`)
			d.Exec(`UPDATE auditoria SET objeto = 'cuenta:otra' WHERE id = 5`)
			k := d.aud.claves[1]
			recalcular(t, d, 5, func(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) (string, int64) {
				return hashFilaConClave(k, 1, id, en, cuenta, ip, accion, objeto, detalle, anterior), 1
			})
		}, 5, "publicado en el ancla"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d := auditoriaDePrueba(t)
			c.atacar(t, d)
			// A fresh process verifies: it reads the key and the anchor from disk.
			d2, err := Open(context.Background(), d.Ruta, SinCrearClaveAuditoria())
			if err != nil {
				t.Fatal(err)
			}
			defer d2.Close()
			n, err := d2.VerificarAuditoria(context.Background())
			var rota *ErrCadenaRota
			if c.fila == 0 {
				if err != nil || n != 6 {
					t.Fatalf("VerificarAuditoria = %d, %v; quiere 6 filas íntegras", n, err)
				}
				return
			}
			if !errors.As(err, &rota) || rota.ID != c.fila || !strings.Contains(rota.Motivo, c.motivo) {
				t.Fatalf("err = %v; quiere la fila %d: …%s…", err, c.fila, c.motivo)
			}
		})
	}
}

// Rows written before the audit key existed (plain SHA-256) keep verifying;
// the key created at the next start seals them, and later rows are keyed.
func TestAuditoria_FilasSinClaveSiguenVerificando(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	vieja, err := Open(ctx, ruta, SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	anterior := hashGenesis
	for id := int64(1); id <= 3; id++ {
		en := "2026-01-0" + strconv.FormatInt(id, 10) + "T10:00:00Z"
		h := hashFila(id, en, "sistema", "", "importar.sanciones", "archivo:a.csv", "{}", anterior)
		if _, err := vieja.Exec(`INSERT INTO auditoria(id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior, hash) VALUES (?,?,?,?,?,?,?,?,?)`,
			id, en, "sistema", "", "importar.sanciones", "archivo:a.csv", "{}", anterior, h); err != nil {
			t.Fatal(err)
		}
		anterior = h
	}
	if n, err := vieja.VerificarAuditoria(ctx); err != nil || n != 3 {
		t.Fatalf("antes de la clave: %d, %v", n, err)
	}
	vieja.Close()

	d, err := Open(ctx, ruta, ConArgon2(argon2Barato)) // first start with keys: creates the key, sealing rows 1–3
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	st, err := os.Stat(RutaClaveAuditoria(ruta))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("archivo de la clave: %v %v", st, err)
	}
	if texto, _ := os.ReadFile(RutaClaveAuditoria(ruta)); !strings.Contains(string(texto), "sellado 3\n") {
		t.Fatalf("la clave no registra el sellado:\n%s", texto)
	}
	if _, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "nueva", Rol: permisos.RolAuditor, Clave: "tres tigres comen trigo"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	if n, err := d.VerificarAuditoria(ctx); err != nil || n != 4 {
		t.Fatalf("con filas sin clave y con clave: %d, %v", n, err)
	}
	var v int64
	d.QueryRow(`SELECT clave_id FROM auditoria WHERE id = 4`).Scan(&v)
	if v != 1 {
		t.Fatalf("la fila nueva tiene clave_id %d", v)
	}
}

// The key file must be private; a key that does not match is caught; a
// missing key is "cannot verify", not "intact".
func TestAuditoria_ClaveFueraDeLaBase(t *testing.T) {
	ctx := context.Background()
	t.Run("permisos_abiertos_se_rechazan", func(t *testing.T) {
		ruta := filepath.Join(t.TempDir(), "comite.db")
		os.WriteFile(RutaClaveAuditoria(ruta), []byte(claveAuditoriaDePrueba), 0o644)
		if _, err := Open(ctx, ruta); err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("sin_la_clave_no_se_puede_verificar", func(t *testing.T) {
		d := auditoriaDePrueba(t)
		os.Rename(RutaClaveAuditoria(d.Ruta), RutaClaveAuditoria(d.Ruta)+".fuera")
		// Whether or not the opener may create a key, signed rows without
		// theirs stop the open, before any migration or write, naming the file.
		for _, opciones := range [][]OpcionAuditoria{{SinCrearClaveAuditoria()}, {CrearClaveSoloSinAuditoria()}, nil} {
			d2, err := Open(ctx, d.Ruta, opciones...)
			var rota *ErrCadenaRota
			var falta *ErrClaveNoEncontrada
			if err == nil {
				d2.Close()
			}
			if !errors.Is(err, ErrSinClaveAuditoria) || errors.As(err, &rota) || !errors.As(err, &falta) || falta.Ruta != RutaClaveAuditoria(d.Ruta) {
				t.Fatalf("err = %v", err)
			}
			if _, err := os.Stat(RutaClaveAuditoria(d.Ruta)); err == nil {
				t.Fatal("se creó una clave nueva para filas firmadas con otra")
			}
		}
	})
	t.Run("clave_en_la_variable_de_entorno", func(t *testing.T) {
		k := sha256.Sum256([]byte("clave de la variable"))
		t.Setenv(VariableClaveAuditoria, "sellado 0; 1 "+hex.EncodeToString(k[:]))
		ruta := filepath.Join(t.TempDir(), "comite.db")
		d, err := Open(ctx, ruta, ConArgon2(argon2Barato))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "nueva", Rol: permisos.RolAuditor, Clave: "tres tigres comen trigo"}, dominio.Actor{Cuenta: "sistema"})
		if _, err := os.Stat(RutaClaveAuditoria(ruta)); !errors.Is(err, os.ErrNotExist) {
			t.Fatal("con la variable no debe crearse el archivo de la clave")
		}
		if n, err := d.VerificarAuditoria(ctx); err != nil || n != 1 {
			t.Fatalf("%d, %v", n, err)
		}
	})
	t.Run("ancla_borrada", func(t *testing.T) {
		d := auditoriaDePrueba(t)
		os.Remove(RutaAnclaAuditoria(d.Ruta))
		d2, _ := Open(ctx, d.Ruta, SinCrearClaveAuditoria())
		defer d2.Close()
		var perdida *ErrAnclaPerdida
		if _, err := d2.VerificarAuditoria(ctx); !errors.As(err, &perdida) || perdida.Existe || !strings.Contains(err.Error(), "no existe") || !strings.Contains(err.Error(), "--aceptar-ancla-nueva") {
			t.Fatalf("err = %v", err)
		}
	})
}

// Rotating the key: a new key signs the rows from the rotation on; the old
// one stays in the file and still verifies the rows it signed.
func TestAuditoria_RotarLaClave(t *testing.T) {
	t.Parallel()
	d := auditoriaDePrueba(t)
	ctx := context.Background()
	nueva, err := d.RotarClaveAuditoria(ctx, dominio.Actor{Cuenta: "sistema", IP: "línea de comandos"})
	if err != nil || nueva != 2 {
		t.Fatalf("rotar: %d, %v", nueva, err)
	}
	d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "tras-rotar", Rol: permisos.RolAuditor, Clave: "tres tigres comen trigo"}, dominio.Actor{Cuenta: "sistema"})
	var v1, v2 int
	d.QueryRow(`SELECT count(*) FILTER (WHERE clave_id = 1), count(*) FILTER (WHERE clave_id = 2) FROM auditoria`).Scan(&v1, &v2)
	if v1 != 6 || v2 != 2 {
		t.Fatalf("filas con la clave 1: %d, con la 2: %d", v1, v2)
	}
	d2, err := Open(ctx, d.Ruta, SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if n, err := d2.VerificarAuditoria(ctx); err != nil || n != 8 {
		t.Fatalf("tras rotar: %d, %v", n, err)
	}
	if c, _ := d2.CabezaAuditoria(ctx); c.ID != 8 || c.ClaveID != 2 || !strings.Contains(c.Texto(), "fila 8, hash ") {
		t.Fatalf("cabeza = %+v", c)
	}
}

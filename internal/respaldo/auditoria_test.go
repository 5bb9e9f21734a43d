package respaldo

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"
)

// cuentaNueva writes one audited change to d (a new account).
func cuentaNueva(t testing.TB, d *db.DB, usuario string) {
	t.Helper()
	if _, err := d.CrearCuenta(fondo, dominio.NuevaCuenta{Usuario: usuario, Rol: permisos.RolAuditor, Clave: "una-clave-suficientemente-larga"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
}

// claveAjena writes a well-formed audit key file that is not the database's.
func claveAjena(t testing.TB) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "otra.clave-auditoria")
	if err := os.WriteFile(ruta, []byte("sellado 0\n1 "+strings.Repeat("ab", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return ruta
}

// filaSHA256 is the plain SHA-256 of an audit row, the formula anyone can
// read in the source: what someone without the key can recompute.
func filaSHA256(id int64, campos ...string) string {
	h := sha256.New()
	for _, c := range append([]string{strconv.FormatInt(id, 10)}, campos...) {
		h.Write([]byte(strconv.Itoa(len(c)) + ":" + c + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// reencadenarSinClave edits the row desde of the copy at ruta and recomputes
// the chain from there without the key (plain SHA-256), as someone holding
// only the file could.
func reencadenarSinClave(t testing.TB, ruta string, desde int64, claveID int64) {
	t.Helper()
	x, err := abrirSinMigrar(ruta, false)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for _, s := range []string{`DROP TRIGGER IF EXISTS auditoria_sin_update`, `DROP TRIGGER IF EXISTS auditoria_sin_delete`,
		`UPDATE auditoria SET detalle_json = '{"alterada":true}' WHERE id = ` + strconv.FormatInt(desde, 10)} {
		if _, err := x.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := x.Query(`SELECT id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior FROM auditoria ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	type fila struct {
		id                                         int64
		en, cuenta, ip, accion, objeto, detalle, a string
	}
	var filas []fila
	for rows.Next() {
		var f fila
		rows.Scan(&f.id, &f.en, &f.cuenta, &f.ip, &f.accion, &f.objeto, &f.detalle, &f.a)
		filas = append(filas, f)
	}
	rows.Close()
	anterior := ""
	for _, f := range filas {
		if f.id < desde {
			continue
		}
		if anterior == "" {
			anterior = f.a
		}
		h := filaSHA256(f.id, f.en, f.cuenta, f.ip, f.accion, f.objeto, f.detalle, anterior)
		if _, err := x.Exec(`UPDATE auditoria SET hash_anterior = ?, hash = ?, clave_id = ? WHERE id = ?`, anterior, h, claveID, f.id); err != nil {
			t.Fatal(err)
		}
		anterior = h
	}
}

// TestRespaldo_seVerificaConLaClaveYElAnclaDeSuBase: the audit rows of a
// database with a key are HMACs; its backup verifies with the key of the
// database it was taken from, and not without it or with another key.
func TestRespaldo_seVerificaConLaClaveYElAnclaDeSuBase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	cuentaNueva(t, d, "antes-del-respaldo")
	r, err := Respaldar(fondo, d.Ruta, filepath.Join(t.TempDir(), "respaldo.db"))
	if err != nil {
		t.Fatalf("respaldo de una base con filas con clave: %v", err)
	}
	v := r.Verificacion
	if v.ClaveOrigen == "" || !strings.Contains(v.ClaveOrigen, db.RutaClaveAuditoria(d.Ruta)) || v.RutaAncla != db.RutaAnclaAuditoria(d.Ruta) {
		t.Fatalf("la copia no se verificó con la clave y el ancla de su base: %+v", v)
	}
	if v.AnclaPublicada != v.FilasAuditoria {
		t.Fatalf("el ancla publicó hasta la fila %d; la copia tiene %d", v.AnclaPublicada, v.FilasAuditoria)
	}
	if _, err := Verificar(fondo, r.Archivo, db.ComoBase(d.Ruta)); err != nil {
		t.Fatalf("verificar con --db de la base de origen: %v", err)
	}
	// Without the key (none next to the backup, none in the environment).
	if _, err := Verificar(fondo, r.Archivo); err == nil || !strings.Contains(err.Error(), "no hay clave de auditoría") {
		t.Fatalf("sin la clave: err = %v", err)
	}
	// With another key.
	_, err = Verificar(fondo, r.Archivo, db.ComoBase(d.Ruta), db.ConClaveAuditoria(claveAjena(t)))
	var inv *ErrInvalido
	if !errors.As(err, &inv) || !strings.Contains(err.Error(), "HMAC con la clave de auditoría") || !strings.Contains(err.Error(), "la fila 1 ") {
		t.Fatalf("con la clave equivocada: err = %v", err)
	}
}

// TestRespaldo_anclaPorDelanteDeLaCopia: the server goes on writing after
// the backup, so the anchor of the database publishes rows the copy does not
// have; the copy still verifies, and its rows are those the anchor published.
func TestRespaldo_anclaPorDelanteDeLaCopia(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	respaldo := respaldoDe(t, d, t.TempDir())
	for _, u := range []string{"despues-1", "despues-2"} {
		cuentaNueva(t, d, u)
	}
	v, err := Verificar(fondo, respaldo, db.ComoBase(d.Ruta))
	if err != nil {
		t.Fatalf("una copia más vieja que el ancla: %v", err)
	}
	if v.AnclaPublicada != v.FilasAuditoria+2 {
		t.Fatalf("el ancla publicó hasta %d; la copia tiene %d filas", v.AnclaPublicada, v.FilasAuditoria)
	}
	// In its place, as «comite auditoria verificar» sees a database, the
	// same copy is missing its tail.
	if _, err := verificar(fondo, respaldo, true, politica{}, []db.OpcionAuditoria{db.ComoBase(d.Ruta)}); err == nil || !strings.Contains(err.Error(), "falta la cola del registro") {
		t.Fatalf("verificación estricta de la copia: %v", err)
	}
}

// TestRespaldo_copiaAlteradaYReencadenadaSinLaClaveFalla: someone who holds
// the backup file but not the key edits a row and recomputes the chain.
func TestRespaldo_copiaAlteradaYReencadenadaSinLaClaveFalla(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	cuentaNueva(t, d, "ultima")
	bueno := respaldoDe(t, d, t.TempDir())
	var ultima int64
	d.QueryRow(`SELECT max(id) FROM auditoria`).Scan(&ultima)
	for _, c := range []struct {
		nombre  string
		claveID int64
		dice    string
	}{
		{"sin_clave_como_las_filas_viejas", 0, "la cadena se re-encadenó"},
		{"con_el_numero_de_la_clave", 1, "HMAC con la clave de auditoría"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			alterado := filepath.Join(t.TempDir(), "alterado.db")
			copiarArchivo(t, bueno, alterado)
			reencadenarSinClave(t, alterado, ultima, c.claveID)
			_, err := Verificar(fondo, alterado, db.ComoBase(d.Ruta))
			if err == nil || !strings.Contains(err.Error(), c.dice) || !strings.Contains(err.Error(), "fila "+strconv.FormatInt(ultima, 10)) {
				t.Fatalf("err = %v; quiere que nombre la fila %d y diga %q", err, ultima, c.dice)
			}
			// Restoring it is refused before anything is touched.
			destino := filepath.Join(t.TempDir(), "comite.db")
			if _, err := Restaurar(fondo, alterado, destino, false, db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta)), db.ConAnclaAuditoria(db.RutaAnclaAuditoria(d.Ruta))); err == nil || existe(destino) {
				t.Fatalf("se restauró una copia re-encadenada: %v", err)
			}
		})
	}
}

// TestRestaurar_anclaDelanteSeRegistraYLaBaseVerifica: restoring a backup
// onto its own database, whose anchor went on past it, appends a signed
// restore line to the anchor; the restored database then verifies as
// «comite auditoria verificar» checks it, and keeps verifying as it grows.
func TestRestaurar_anclaDelanteSeRegistraYLaBaseVerifica(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	bueno := respaldoDe(t, d, t.TempDir())
	cuentaNueva(t, d, "perdida-1")
	cuentaNueva(t, d, "perdida-2")
	var publicada int64
	d.QueryRow(`SELECT max(id) FROM auditoria`).Scan(&publicada)
	d.Close()
	ruta := d.Ruta
	ancla := db.RutaAnclaAuditoria(ruta)
	antes, _ := os.ReadFile(ancla)

	r, err := Restaurar(fondo, bueno, ruta, true)
	if err != nil {
		t.Fatal(err)
	}
	sha, _ := SHA256(bueno)
	if r.Ancla.Dejada != publicada || r.Ancla.Fila != r.Antes.FilasAuditoria || r.Ancla.Respaldo != sha || r.AnclaRuta != ancla {
		t.Fatalf("restauración anclada %+v en %s; quiere fila %d, dejada %d, respaldo %s", r.Ancla, r.AnclaRuta, r.Antes.FilasAuditoria, publicada, sha)
	}
	despues, _ := os.ReadFile(ancla)
	if !strings.HasPrefix(string(despues), string(antes)) || !strings.HasPrefix(string(despues[len(antes):]), "restauracion\t") {
		t.Fatalf("el ancla no se conservó y anexó la restauración:\n%s", despues)
	}

	d2, err := db.Open(fondo, ruta)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := d2.VerificarAuditoria(fondo); err != nil || n != r.Antes.FilasAuditoria {
		t.Fatalf("la base restaurada no verifica: %d filas, %v", n, err)
	}
	// New rows take the numbers the replaced database had published; the
	// heads published before the restore no longer apply to them.
	cuentaNueva(t, d2, "nueva-1")
	cuentaNueva(t, d2, "nueva-2")
	cuentaNueva(t, d2, "nueva-3")
	d2.Close()
	d3, err := db.Open(fondo, ruta, db.SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	defer d3.Close()
	if n, err := d3.VerificarAuditoria(fondo); err != nil || n != r.Antes.FilasAuditoria+3 {
		t.Fatalf("después de escribir en la base restaurada: %d filas, %v", n, err)
	}
	rs, err := d3.RestauracionesAncla()
	if err != nil || len(rs) != 1 || rs[0].Dejada != publicada {
		t.Fatalf("restauraciones en el ancla: %+v, %v", rs, err)
	}

	// A restore line appended by someone without the key does not hide a missing tail.
	falsa := strings.Replace(lineaRestauracion(t, despues), "\t"+rs[0].Respaldo+"\t", "\t"+strings.Repeat("0", 64)+"\t", 1)
	f, _ := os.OpenFile(ancla, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(falsa)
	f.Close()
	if _, err := d3.VerificarAuditoria(fondo); err == nil || !strings.Contains(err.Error(), "no está firmada con la clave de auditoría") {
		t.Fatalf("una línea de restauración sin firma válida: %v", err)
	}
}

// lineaRestauracion is the restore line of an anchor's text.
func lineaRestauracion(t testing.TB, ancla []byte) string {
	t.Helper()
	for _, l := range strings.SplitAfter(string(ancla), "\n") {
		if strings.HasPrefix(l, "restauracion\t") {
			return l
		}
	}
	t.Fatal("el ancla no tiene línea de restauración")
	return ""
}

// TestRestaurar_enOtraRutaSinLaClaveSeNiega: the backup of a database with a
// key, restored where no key is found, is refused (a key is never made up:
// a new one would not verify the rows signed with the old).
func TestRestaurar_enOtraRutaSinLaClaveSeNiega(t *testing.T) {
	t.Parallel()
	d := baseDemo(t, t.TempDir())
	bueno := respaldoDe(t, d, t.TempDir())
	destino := filepath.Join(t.TempDir(), "comite.db")
	_, err := Restaurar(fondo, bueno, destino, false)
	if err == nil || !strings.Contains(err.Error(), "no hay clave de auditoría") || existe(destino) || existe(db.RutaClaveAuditoria(destino)) {
		t.Fatalf("err = %v", err)
	}
	// Told the key, it restores, and writes the anchor beside the destination.
	r, err := Restaurar(fondo, bueno, destino, false, db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta)))
	if err != nil || r.AnclaRuta != db.RutaAnclaAuditoria(destino) || r.Ancla.Dejada != 0 {
		t.Fatalf("restauración con la clave: %+v, %v", r, err)
	}
}

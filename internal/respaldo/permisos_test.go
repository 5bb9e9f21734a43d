//go:build unix

package respaldo

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"comite/internal/db"
)

// With a umask that lets everyone read, the database, its -wal, the key,
// the anchor, the backup and its manifest are still only the owner's.
func TestPermisos_archivosNuevosSon0600AunConUmaskAbierta(t *testing.T) {
	anterior := syscall.Umask(0)
	defer syscall.Umask(anterior)
	dir := t.TempDir()
	d := baseDemo(t, dir)
	destino := respaldoDe(t, d, dir)
	for _, f := range []string{d.Ruta, d.Ruta + "-wal", db.RutaClaveAuditoria(d.Ruta), db.RutaAnclaAuditoria(d.Ruta), destino, RutaManifiesto(destino)} {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s tiene permisos %04o; quiere 0600", filepath.Base(f), st.Mode().Perm())
		}
	}
}

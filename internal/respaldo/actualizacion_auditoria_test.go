package respaldo_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/respaldo"
)

// TestRespaldo_deUnaVersionSinClaveVerificaComoEsta: a backup made by a
// version from before the audit key (no clave_id column) is checked as it
// is, without migrating it: its rows are plain SHA-256 and verify.
func TestRespaldo_deUnaVersionSinClaveVerificaComoEsta(t *testing.T) {
	t.Parallel()
	probadas := 0
	for _, archivo := range esquemasGuardados(t) {
		if _, err := os.Stat(archivo + ".clave-auditoria"); err == nil {
			continue // a version with the audit key: its own tests
		}
		probadas++
		t.Run(filepath.Base(archivo), func(t *testing.T) {
			ruta := copiaDe(t, archivo)
			// Made before manifests existed: accepted only on request.
			if _, err := respaldo.Verificar(fondo, ruta); err == nil || !strings.Contains(err.Error(), "--sin-manifiesto") {
				t.Fatalf("un respaldo sin manifiesto se aceptó sin pedirlo: %v", err)
			}
			v, err := respaldo.VerificarSinManifiesto(fondo, ruta)
			if err != nil || v.FilasAuditoria == 0 || v.ClaveOrigen != "" {
				t.Fatalf("%+v, %v", v, err)
			}
			destino := filepath.Join(t.TempDir(), "comite.db")
			r, err := respaldo.RestaurarSinManifiesto(fondo, ruta, destino, false)
			if err != nil || r.Despues.FilasAuditoria != v.FilasAuditoria || r.AnclaRuta != "" {
				t.Fatalf("restaurar el respaldo de la versión anterior: %+v, %v", r, err)
			}
		})
	}
	if probadas == 0 {
		t.Fatal("no hay en testdata/esquemas ninguna base de una versión sin clave de auditoría")
	}
}

// TestRespaldo_elEsquemaEsElDeSusMigraciones: a copy made by any kept
// version is compared with what its own recorded migrations produce, in the
// order it applied them. The 0090 database predates migration 0080, which
// arrived later with a lower number; compared with "every migration up to
// 0090" it would be refused although no one touched it.
func TestRespaldo_elEsquemaEsElDeSusMigraciones(t *testing.T) {
	t.Parallel()
	for _, archivo := range esquemasGuardados(t) {
		t.Run(filepath.Base(archivo), func(t *testing.T) {
			ruta := copiaDe(t, archivo)
			if _, err := respaldo.VerificarSinManifiesto(fondo, ruta); err != nil {
				t.Fatalf("la copia intacta de una versión guardada no verifica: %v", err)
			}
		})
	}
}

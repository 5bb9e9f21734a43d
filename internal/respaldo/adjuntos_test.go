package respaldo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"testing"

	"comite/internal/adjunto"
	"comite/internal/db"
)

// TestAdjuntos_respaldoYRestauracionLosConservanByteAByte: the files
// attached to a case live in the database, so a backup restored elsewhere
// gives back each one byte for byte, with its hash and its withdrawal.
func TestAdjuntos_respaldoYRestauracionLosConservanByteAByte(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	var caso int64
	if err := d.QueryRow(`SELECT id FROM casos ORDER BY id LIMIT 1`).Scan(&caso); err != nil {
		t.Fatal(err)
	}
	// The demo's own files of the case come first; they too must come back.
	demo, err := d.Adjuntos(fondo, caso)
	if err != nil {
		t.Fatal(err)
	}
	var archivos [][]byte
	for _, a := range demo {
		_, c, err := d.ContenidoAdjunto(fondo, caso, a.Numero)
		if err != nil {
			t.Fatal(err)
		}
		archivos = append(archivos, c)
	}
	previos := len(archivos)
	binario := make([]byte, 1<<20)
	for i := range binario {
		binario[i] = byte(i*131 + i>>8)
	}
	archivos = append(archivos, binario)
	for _, f := range adjunto.Formatos {
		archivos = append(archivos, adjunto.Muestra(f, "prueba de respaldo"))
	}
	err = d.EnEscritura(fondo, func(w *db.Escritura) error {
		for i, a := range archivos[previos:] {
			suma := sha256.Sum256(a)
			n, err := w.InsertarAdjunto(db.AdjuntoNuevo{CasoID: caso, Tipo: "documento_soporte", Descripcion: "soporte", Nombre: "a.bin",
				Formato: "pdf", SHA256: hex.EncodeToString(suma[:]), Contenido: a, Cuenta: "secretaria"})
			if err != nil {
				return err
			}
			if i == 0 {
				if err := w.RetirarAdjunto(n.ID, "archivo equivocado", "secretaria"); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	copia := respaldoDe(t, d, t.TempDir())
	// The database is replaced by the copy: what is read below is the copy.
	d.Close()
	ruta := filepath.Join(dir, "comite.db")
	if _, err := Restaurar(fondo, copia, ruta, true); err != nil {
		t.Fatal(err)
	}
	r, err := db.Open(fondo, ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	lista, err := r.Adjuntos(fondo, caso)
	if err != nil || len(lista) != len(archivos) {
		t.Fatalf("%d adjuntos restaurados, %v; quiere %d", len(lista), err, len(archivos))
	}
	if r := lista[previos].Retiro; r == nil || r.Motivo != "archivo equivocado" {
		t.Fatalf("se perdió el retiro: %+v", lista[previos])
	}
	for i, a := range archivos {
		g, contenido, err := r.ContenidoAdjunto(fondo, caso, lista[i].Numero)
		suma := sha256.Sum256(contenido)
		if err != nil || !bytes.Equal(contenido, a) || hex.EncodeToString(suma[:]) != g.SHA256 {
			t.Fatalf("adjunto %d: %d bytes restaurados de %d, %v", i+1, len(contenido), len(a), err)
		}
	}
}

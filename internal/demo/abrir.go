package demo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"comite/internal/db"
)

// Abrir opens (creating it) the database a demonstration load is meant for,
// so that the same options give the same file byte for byte:
//   - the store's clock is the story's from the first instant, so the
//     migrations' aplicada_en and the seeded UVT rows carry the instant of
//     the load (Generar then moves the clock along the story);
//   - when the file is new and no audit key is given by the environment, the
//     audit key is a DEMONSTRATION key derived from the seed (ClaveAuditoriaDemo),
//     written where the key of the database goes: the hashes of the audit
//     chain, and the informes that quote its head, are the same on every
//     run. Anyone who knows the seed can recompute that key, so a
//     demonstration database proves nothing about its own history.
//
// A file that already exists keeps its key (the load then refuses a
// database with data: ErrBaseNoVacia).
func Abrir(ctx context.Context, ruta string, o Opciones, opciones ...db.Opcion) (*db.DB, error) {
	o = o.ConDefectos()
	if err := o.Validar(); err != nil {
		return nil, err
	}
	if err := escribirClaveDemo(ruta, o.Semilla); err != nil {
		return nil, err
	}
	inicio := nuevoGenerador(o).inicioHistoria()
	reloj := db.ConReloj(func() time.Time { return inicio })
	return db.Open(ctx, ruta, append([]db.Opcion{reloj}, opciones...)...)
}

// ClaveAuditoriaDemo is the audit key file text of a demonstration database
// of this seed: key number 1, 32 bytes from SHA-256 of the seed, nothing sealed.
func ClaveAuditoriaDemo(semilla int64) string {
	k := sha256.Sum256([]byte(fmt.Sprintf("comite: clave de auditoría de DEMOSTRACIÓN, semilla %d", semilla)))
	return "# Clave de auditoría de DEMOSTRACIÓN de comite, derivada de la semilla de la carga: sin valor de prueba.\n" +
		"sellado 0\n" +
		"1 " + hex.EncodeToString(k[:]) + "\n"
}

// escribirClaveDemo writes the demonstration key next to a database file
// that does not exist yet (or is empty), unless the environment names the
// key or its file, or a key file is already there.
func escribirClaveDemo(ruta string, semilla int64) error {
	if strings.TrimSpace(os.Getenv(db.VariableClaveAuditoria)) != "" || os.Getenv(db.VariableArchivoClave) != "" {
		return nil
	}
	if st, err := os.Stat(ruta); err == nil && st.Size() > 0 {
		return nil
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(db.RutaClaveAuditoria(ruta), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("escribir la clave de auditoría de demostración: %w", err)
	}
	if _, err := f.WriteString(ClaveAuditoriaDemo(semilla)); err != nil {
		f.Close()
		return fmt.Errorf("escribir la clave de auditoría de demostración: %w", err)
	}
	return f.Close()
}

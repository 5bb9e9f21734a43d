package db

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Texts kept outside the database (a backup's manifest) are signed with the
// audit key, so whoever holds the files but not the key cannot write one
// that passes. proposito separates the uses: a signature for one never
// verifies as another.

func firmaConClave(clave []byte, claveID int64, proposito string, texto []byte) string {
	m := hmac.New(sha256.New, clave)
	m.Write([]byte("comite-" + proposito + "\n" + strconv.FormatInt(claveID, 10) + "\n"))
	m.Write(texto)
	return hex.EncodeToString(m.Sum(nil))
}

// FirmarConClave signs texto with the current audit key: the key's number
// and the HMAC-SHA256, in hexadecimal.
func (d *DB) FirmarConClave(proposito string, texto []byte) (int64, string, error) {
	if d.aud == nil || d.aud.actual == 0 {
		return 0, "", ErrSinClaveAuditoria
	}
	id := d.aud.actual
	return id, firmaConClave(d.aud.claves[id], id, proposito, texto), nil
}

// ComprobarFirmaConClave checks a signature made by FirmarConClave.
func (d *DB) ComprobarFirmaConClave(proposito string, texto []byte, claveID int64, firma string) error {
	var k []byte
	origen := "ninguna"
	if d.aud != nil {
		k, origen = d.aud.claves[claveID], d.aud.origen
	}
	if k == nil {
		return fmt.Errorf("está firmado con la clave de auditoría número %d, que no está en %s (%w)", claveID, origen, ErrSinClaveAuditoria)
	}
	if !hmac.Equal([]byte(strings.ToLower(firma)), []byte(firmaConClave(k, claveID, proposito, texto))) {
		return fmt.Errorf("su firma no corresponde a su contenido con la clave de auditoría número %d", claveID)
	}
	return nil
}

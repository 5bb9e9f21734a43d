// Package firmaprueba makes signing certificates for tests of the packages
// that sign documents: a key and an X.509 certificate generated on the spot
// (never kept in the repository), written as files the way an administrator
// would configure them. Only tests import it.
package firmaprueba

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// Opciones describes the certificate. The zero value is a self-signed
// ECDSA P-256 certificate valid from a day before Desde's default (now) to a
// year after, written as PEM.
type Opciones struct {
	Nombre       string    // CN; "Secretaría Técnica del Comité de Fiscalización" when empty
	Desde        time.Time // NotBefore; now minus a day when zero
	Hasta        time.Time // NotAfter; Desde plus a year when zero
	PKCS12       bool      // write one .p12 file (returned as the certificate; the key path is "")
	ContraPKCS12 string    // its password
}

var serie atomic.Int64

// Archivos writes the certificate and its key in a new temporary directory
// and returns their paths (the key with mode 0600).
func Archivos(t testing.TB, o Opciones) (rutaCert, rutaClave string) {
	t.Helper()
	if o.Nombre == "" {
		o.Nombre = "Secretaría Técnica del Comité de Fiscalización"
	}
	if o.Desde.IsZero() {
		o.Desde = time.Now().Add(-24 * time.Hour)
	}
	if o.Hasta.IsZero() {
		o.Hasta = o.Desde.AddDate(1, 0, 0)
	}
	clave, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	plantilla := &x509.Certificate{
		SerialNumber:          big.NewInt(7000 + serie.Add(1)),
		Subject:               pkix.Name{CommonName: o.Nombre, Organization: []string{"DIAN"}, Country: []string{"CO"}},
		NotBefore:             o.Desde,
		NotAfter:              o.Hasta,
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, plantilla, plantilla, clave.Public(), crypto.Signer(clave))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if o.PKCS12 {
		cert, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		p12, err := pkcs12.Modern2023.Encode(clave, cert, nil, o.ContraPKCS12)
		if err != nil {
			t.Fatal(err)
		}
		return escribir(t, filepath.Join(dir, "firma.p12"), p12), ""
	}
	claveDER, err := x509.MarshalPKCS8PrivateKey(clave)
	if err != nil {
		t.Fatal(err)
	}
	rutaCert = escribir(t, filepath.Join(dir, "firma.crt"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	rutaClave = escribir(t, filepath.Join(dir, "firma.key"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: claveDER}))
	return rutaCert, rutaClave
}

func escribir(t testing.TB, ruta string, datos []byte) string {
	t.Helper()
	if err := os.WriteFile(ruta, datos, 0o600); err != nil {
		t.Fatal(err)
	}
	return ruta
}

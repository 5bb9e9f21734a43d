package firma

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/fecha"
)

// Certificates are made in each test with crypto/x509: no key material is
// kept in the repository.

// vigenteDesde and vigenteHasta bound the test certificates; firmaEn is
// inside them.
var (
	vigenteDesde = time.Date(2026, 1, 1, 0, 0, 0, 0, fecha.Bogota)
	vigenteHasta = time.Date(2027, 12, 31, 23, 59, 59, 0, fecha.Bogota)
	firmaEn      = time.Date(2026, 4, 1, 16, 20, 0, 0, fecha.Bogota)
)

type par struct {
	cert  *x509.Certificate
	clave crypto.Signer
}

// serie numbers the test certificates; tests run in parallel.
var serie atomic.Int64

func nuevaClave(t testing.TB, tipo string) crypto.Signer {
	t.Helper()
	var k crypto.Signer
	var err error
	switch tipo {
	case "rsa":
		k, err = rsa.GenerateKey(rand.Reader, 2048)
	case "rsa1024":
		k, err = rsa.GenerateKey(rand.Reader, 1024)
	default:
		k, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func rsaClave(bits int) (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, bits) }

// emitir makes a certificate for the subject, signed by emisor (self-signed
// when emisor is nil).
func emitir(t testing.TB, sujeto pkix.Name, clave crypto.Signer, emisor *par, esCA bool, desde, hasta time.Time, uso x509.KeyUsage) par {
	t.Helper()
	plantilla := &x509.Certificate{
		SerialNumber:          big.NewInt(1000 + serie.Add(1)),
		Subject:               sujeto,
		NotBefore:             desde,
		NotAfter:              hasta,
		KeyUsage:              uso,
		BasicConstraintsValid: true,
		IsCA:                  esCA,
	}
	padre, claveFirma := plantilla, clave
	if emisor != nil {
		padre, claveFirma = emisor.cert, emisor.clave
	}
	der, err := x509.CreateCertificate(rand.Reader, plantilla, padre, clave.Public(), claveFirma)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return par{c, clave}
}

func sujetoFirmante() pkix.Name {
	return pkix.Name{CommonName: "Secretaría Técnica del Comité de Fiscalización", Organization: []string{"DIAN"}, Locality: []string{"Bogotá"}, Country: []string{"CO"}}
}

func autofirmado(t testing.TB, tipo string) par {
	return emitir(t, sujetoFirmante(), nuevaClave(t, tipo), nil, false, vigenteDesde, vigenteHasta, x509.KeyUsageDigitalSignature|x509.KeyUsageContentCommitment)
}

// emitidoPorCA makes a test CA and a certificate issued by it.
func emitidoPorCA(t testing.TB) (hoja, ca par) {
	ca = emitir(t, pkix.Name{CommonName: "CA de Pruebas del Comité", Organization: []string{"DIAN"}, Country: []string{"CO"}},
		nuevaClave(t, "ec"), nil, true, vigenteDesde.AddDate(-1, 0, 0), vigenteHasta.AddDate(1, 0, 0), x509.KeyUsageCertSign)
	hoja = emitir(t, pkix.Name{CommonName: "Presidencia del Comité de Fiscalización", Organization: []string{"DIAN"}, Country: []string{"CO"}},
		nuevaClave(t, "rsa"), &ca, false, vigenteDesde, vigenteHasta, x509.KeyUsageDigitalSignature)
	return hoja, ca
}

func pemCert(cs ...*x509.Certificate) []byte {
	var out []byte
	for _, c := range cs {
		out = append(out, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
	}
	return out
}

// pemClave writes the key in the given PEM form: "pkcs1", "pkcs8" or "ec".
func pemClave(t testing.TB, k crypto.Signer, forma string) []byte {
	t.Helper()
	var b *pem.Block
	switch forma {
	case "pkcs1":
		b = &pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k.(*rsa.PrivateKey))}
	case "ec":
		der, err := x509.MarshalECPrivateKey(k.(*ecdsa.PrivateKey))
		if err != nil {
			t.Fatal(err)
		}
		b = &pem.Block{Type: "EC PRIVATE KEY", Bytes: der}
	default:
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		b = &pem.Block{Type: "PRIVATE KEY", Bytes: der}
	}
	return pem.EncodeToMemory(b)
}

// escribir writes a file with the mode given in a test directory.
func escribir(t testing.TB, dir, nombre string, datos []byte, modo os.FileMode) string {
	t.Helper()
	ruta := filepath.Join(dir, nombre)
	if err := os.WriteFile(ruta, datos, modo); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(ruta, modo); err != nil { // the umask may have cut bits
		t.Fatal(err)
	}
	return ruta
}

// archivosPEM writes the certificate (with its chain) and the key (0600).
func archivosPEM(t testing.TB, p par, cadena ...*x509.Certificate) (rutaCert, rutaClave string) {
	t.Helper()
	dir := t.TempDir()
	forma := "pkcs8"
	if _, ok := p.clave.(*ecdsa.PrivateKey); ok {
		forma = "ec"
	}
	return escribir(t, dir, "firma.crt", pemCert(append([]*x509.Certificate{p.cert}, cadena...)...), 0o644),
		escribir(t, dir, "firma.key", pemClave(t, p.clave, forma), 0o600)
}

package demo

// The demo's signing certificate and signed actas. The certificate is a
// self-signed DEMONSTRATION certificate (ECDSA P-256, CN "Certificado de
// demostración — Comité de Fiscalización"), written next to the demo
// database; it has no legal value and no authority trusts it, so a PDF
// reader shows the signature as valid but from an untrusted issuer.

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"os"
	"time"

	"comite/internal/db"
	"comite/internal/firma"
)

// CertificadoDemo writes a self-signed demonstration certificate and its key
// as ruta+".firma-demo.crt" and ruta+".firma-demo.key" (0600), valid from
// desde for five years, and returns their paths. The key and the serial
// number come from the seed and the certificate's own signature is
// deterministic (RFC 6979), so the same seed writes the same two files.
func CertificadoDemo(ruta string, desde time.Time, semilla int64) (cert, clave string, err error) {
	k, serie, err := claveDemo(semilla)
	if err != nil {
		return "", "", err
	}
	plantilla := &x509.Certificate{
		SerialNumber:          serie,
		Subject:               pkix.Name{CommonName: "Certificado de demostración — Comité de Fiscalización", Organization: []string{"comite (demostración, sin valor legal)"}, Country: []string{"CO"}},
		NotBefore:             desde,
		NotAfter:              desde.AddDate(5, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(nil, plantilla, plantilla, k.Public(), firmanteDeterminista{k})
	if err != nil {
		return "", "", err
	}
	kd, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return "", "", err
	}
	cert, clave = ruta+".firma-demo.crt", ruta+".firma-demo.key"
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return "", "", fmt.Errorf("escribir el certificado de demostración: %w", err)
	}
	if err := os.WriteFile(clave, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kd}), 0o600); err != nil {
		return "", "", fmt.Errorf("escribir la clave de demostración: %w", err)
	}
	return cert, clave, nil
}

// claveDemo derives the demonstration key (a P-256 scalar) and the
// certificate's serial number from the seed: SHA-256 of a label and the
// seed, with a counter in the rare case the scalar is out of range.
func claveDemo(semilla int64) (*ecdsa.PrivateKey, *big.Int, error) {
	for i := 0; i < 100; i++ {
		h := sha256.Sum256([]byte(fmt.Sprintf("comite: clave de firma de DEMOSTRACIÓN, semilla %d, intento %d", semilla, i)))
		k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), h[:])
		if err != nil {
			continue
		}
		s := sha256.Sum256([]byte(fmt.Sprintf("comite: serie del certificado de DEMOSTRACIÓN, semilla %d", semilla)))
		serie := new(big.Int).SetBytes(s[:8])
		serie.Rsh(serie, 2) // 62 bits, positive
		if serie.Sign() == 0 {
			serie.SetInt64(1)
		}
		return k, serie, nil
	}
	return nil, nil, fmt.Errorf("no se pudo derivar la clave de demostración de la semilla %d", semilla)
}

// firmanteDeterminista signs with RFC 6979 nonces: the random source is not used.
type firmanteDeterminista struct{ k *ecdsa.PrivateKey }

func (f firmanteDeterminista) Public() crypto.PublicKey { return f.k.Public() }

func (f firmanteDeterminista) Sign(_ io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return f.k.Sign(nil, digest, opts)
}

// GenerarFirmado is Generar with a new demonstration certificate written
// next to the database: the actas of the story's past sessions are issued
// signed with it (the informes, unsigned, as Generar issues them), each at
// the story's instant and with RFC 6979 nonces, so that the same seed
// gives the same signed actas. It returns the certificate's paths. On a
// database that is not empty it writes nothing (ErrBaseNoVacia).
func GenerarFirmado(ctx context.Context, d *db.DB, o Opciones) (res Resumen, cert, clave string, err error) {
	o = o.ConDefectos()
	if err := o.Validar(); err != nil {
		return Resumen{}, "", "", err
	}
	if err := comprobarVacia(ctx, d, d.Ruta); err != nil {
		return Resumen{}, "", "", err
	}
	cert, clave, err = CertificadoDemo(d.Ruta, time.Date(o.AnioFinal, 1, 1, 0, 0, 0, 0, time.UTC), o.Semilla)
	if err != nil {
		return Resumen{}, "", "", err
	}
	f, err := firma.Cargar(cert, clave, "")
	if err != nil {
		return Resumen{}, "", "", err
	}
	res, err = generarCon(ctx, d, o, f.Determinista())
	return res, cert, clave, err
}

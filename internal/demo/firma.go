package demo

// The demo's signing certificate and signed actas. The certificate is a
// self-signed DEMONSTRATION certificate (ECDSA P-256, CN "Certificado de
// demostración — Comité de Fiscalización"), written next to the demo
// database; it has no legal value and no authority trusts it, so a PDF
// reader shows the signature as valid but from an untrusted issuer.

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"time"

	"comite/internal/db"
	"comite/internal/firma"
)

// CertificadoDemo writes a self-signed demonstration certificate and its key
// as ruta+".firma-demo.crt" and ruta+".firma-demo.key" (0600), valid from
// desde for five years, and returns their paths.
func CertificadoDemo(ruta string, desde time.Time) (cert, clave string, err error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", "", err
	}
	serie, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
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
	der, err := x509.CreateCertificate(rand.Reader, plantilla, plantilla, k.Public(), k)
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

// GenerarFirmado is Generar with a new demonstration certificate written
// next to the database: the actas of the story's past sessions are issued
// signed with it (the informes, unsigned, as Generar issues them). It returns the certificate's paths. On a database that is
// not empty it writes nothing (ErrBaseNoVacia).
func GenerarFirmado(ctx context.Context, d *db.DB, o Opciones) (res Resumen, cert, clave string, err error) {
	o = o.ConDefectos()
	if err := o.Validar(); err != nil {
		return Resumen{}, "", "", err
	}
	if err := comprobarVacia(ctx, d, d.Ruta); err != nil {
		return Resumen{}, "", "", err
	}
	cert, clave, err = CertificadoDemo(d.Ruta, time.Date(o.AnioFinal, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		return Resumen{}, "", "", err
	}
	f, err := firma.Cargar(cert, clave, "")
	if err != nil {
		return Resumen{}, "", "", err
	}
	res, err = generarCon(ctx, d, o, f)
	return res, cert, clave, err
}

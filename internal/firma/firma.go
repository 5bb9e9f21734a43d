// Package firma signs the PDF documents of a case (the informe, the acta of a
// session) as PAdES: a PDF advanced electronic signature, a detached CMS
// (PKCS #7) signature over the whole file, inside an incremental update.
//
// The certificate and its private key are files the administrator configures
// by path (PEM, or PKCS #12 with a password); they are read once by Cargar
// and never stored in the database. The CMS itself is built by the
// maintained library github.com/digitorus/pdfsign (SubFilter
// adbe.pkcs7.detached, with the ESS signing-certificate-v2 attribute that
// PAdES baseline signatures carry); no time-stamp authority is used, because
// the application runs without network access.
//
// The CMS signing-time attribute is the instant the caller gives, the same
// one written as /M. An ECDSA signature still draws a random nonce, so the
// same document signed twice gives different bytes; the caller records the
// SHA-256 of the signed file as issued, beside the SHA-256 of the unsigned
// content (which stays deterministic). A Firmante made Determinista signs
// with RFC 6979 nonces instead: the same document, texts and instant give
// the same signed file (the demonstration load needs it).
package firma

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"comite/internal/formato"

	"software.sslmate.com/src/go-pkcs12"
)

// Kinds of error, for errors.Is. The message of each error names the file
// and what is wrong with it, in Spanish, for the administrator.
var (
	// ErrArchivo: a file does not exist, cannot be read or is too large.
	ErrArchivo = errors.New("archivo de firma ilegible")
	// ErrFormato: the file is not a certificate or key this package reads.
	ErrFormato = errors.New("formato de certificado o clave no admitido")
	// ErrContrasena: the PKCS #12 password is wrong.
	ErrContrasena = errors.New("contraseña del PKCS #12 incorrecta")
	// ErrNoCorresponde: the private key is not the certificate's.
	ErrNoCorresponde = errors.New("la clave no corresponde al certificado")
	// ErrVigencia: the certificate is expired or not yet valid at the signing instant.
	ErrVigencia = errors.New("certificado fuera de vigencia")
	// ErrUso: the certificate is not meant for signing documents.
	ErrUso = errors.New("certificado no habilitado para firmar")
	// ErrDocumento: the document to sign is not a readable PDF, or a text
	// to write in the signature cannot be written.
	ErrDocumento = errors.New("documento no firmable")
)

// Error is an error of this package: the file it concerns (empty when it is
// not about a file), its kind and the message for the administrator.
type Error struct {
	Archivo string
	Clase   error
	Mensaje string
}

func (e *Error) Error() string {
	if e.Archivo == "" {
		return e.Mensaje
	}
	return e.Archivo + ": " + e.Mensaje
}

// Is makes errors.Is(err, ErrVigencia) and the like work.
func (e *Error) Is(objetivo error) bool { return objetivo == e.Clase }

func errorf(archivo string, clase error, formato string, args ...any) *Error {
	return &Error{Archivo: archivo, Clase: clase, Mensaje: fmt.Sprintf(formato, args...)}
}

// maxArchivo bounds what is read from a certificate or key file: a
// certificate chain in PEM is a few kilobytes.
const maxArchivo = 1 << 20

// Firmante holds a certificate, its chain and its private key, ready to sign.
// It is read-only after Cargar, so one Firmante can sign from several
// goroutines at once.
type Firmante struct {
	cert         *x509.Certificate
	cadena       []*x509.Certificate // the issuers that came with it, without the certificate itself
	clave        crypto.Signer
	rutaCert     string
	advertencias []string
	determinista bool // sign without a random source (RFC 6979 for ECDSA)
}

// Determinista returns a copy of f whose signatures depend only on what is
// signed: ECDSA with RFC 6979 nonces (Ed25519 and RSA PKCS #1 v1.5 are
// deterministic already). Meant for the demonstration load, whose files
// must be the same on every run with the same seed.
func (f *Firmante) Determinista() *Firmante {
	c := *f
	c.determinista = true
	return &c
}

// Cargar reads the signing certificate and its private key.
//
//   - PEM: rutaCert holds the certificate (and optionally its chain, in any
//     order), rutaClave the private key as PKCS #1 ("RSA PRIVATE KEY"), PKCS #8
//     ("PRIVATE KEY") or SEC 1 ("EC PRIVATE KEY"), unencrypted. rutaClave may
//     be empty when rutaCert holds the key too. clavePKCS12 is ignored.
//   - PKCS #12 (.p12, .pfx): rutaCert is the file, decrypted with clavePKCS12;
//     rutaClave is empty or the same path.
//
// A key file that others can read is not refused but reported by
// Advertencias. The certificate's validity is checked against the instant of
// each signature (Firmar, VigenteEn), not here: loading reads no clock.
func Cargar(rutaCert, rutaClave, clavePKCS12 string) (*Firmante, error) {
	if strings.TrimSpace(rutaCert) == "" {
		return nil, errorf("", ErrArchivo, "falta la ruta del certificado de firma")
	}
	datosCert, err := leer(rutaCert)
	if err != nil {
		return nil, err
	}
	f := &Firmante{rutaCert: rutaCert}
	var certs []*x509.Certificate
	var clave any
	rutaDeLaClave := rutaClave

	if esPKCS12(rutaCert, datosCert) {
		if rutaClave != "" && !mismoArchivo(rutaClave, rutaCert) {
			return nil, errorf(rutaClave, ErrFormato, "el certificado %s es un archivo PKCS #12 que ya trae la clave privada: indique el mismo archivo como clave u omita la clave", rutaCert)
		}
		rutaDeLaClave = rutaCert
		clave, certs, err = leerPKCS12(rutaCert, datosCert, clavePKCS12)
		if err != nil {
			return nil, err
		}
	} else {
		certs, clave, err = leerPEM(rutaCert, datosCert, "certificado")
		if err != nil {
			return nil, err
		}
		if len(certs) == 0 {
			return nil, errorf(rutaCert, ErrFormato, "no contiene ningún certificado (se espera un bloque PEM «BEGIN CERTIFICATE»)")
		}
		if rutaClave != "" && !mismoArchivo(rutaClave, rutaCert) {
			datosClave, err := leer(rutaClave)
			if err != nil {
				return nil, err
			}
			clave, err = leerClave(rutaClave, datosClave)
			if err != nil {
				return nil, err
			}
		} else if clave == nil {
			return nil, errorf(rutaCert, ErrFormato, "no contiene la clave privada y no se indicó otro archivo con ella")
		} else {
			rutaDeLaClave = rutaCert
		}
	}

	firmante, err := firmanteDe(rutaDeLaClave, clave)
	if err != nil {
		return nil, err
	}
	f.clave = firmante
	for i, c := range certs {
		if igualPublica(c.PublicKey, firmante.Public()) {
			f.cert = c
			f.cadena = append(append([]*x509.Certificate{}, certs[:i]...), certs[i+1:]...)
			break
		}
	}
	if f.cert == nil {
		return nil, errorf(rutaDeLaClave, ErrNoCorresponde, "la clave privada no corresponde al certificado de %s («%s»): revise que ambos archivos sean del mismo par", rutaCert, certs[0].Subject.String())
	}
	if u := f.cert.KeyUsage; u != 0 && u&(x509.KeyUsageDigitalSignature|x509.KeyUsageContentCommitment) == 0 {
		return nil, errorf(rutaCert, ErrUso, "el certificado «%s» no permite firmar documentos: su uso de clave (keyUsage) no incluye firma digital ni no repudio", f.cert.Subject.String())
	}
	if adv := permisos(rutaDeLaClave); adv != "" {
		f.advertencias = append(f.advertencias, adv)
	}
	return f, nil
}

// Sujeto is the certificate's subject in the RFC 4514 form ("CN=…,O=…,C=CO"),
// for the history of the case and the audit log.
func (f *Firmante) Sujeto() string { return f.cert.Subject.String() }

// String names the certificate only, so that printing a Firmante (in a log,
// an error) never shows its key.
func (f *Firmante) String() string { return "firmante «" + f.Sujeto() + "»" }

// Emisor is the subject of the certificate's issuer, in the same form.
func (f *Firmante) Emisor() string { return f.cert.Issuer.String() }

// Serie is the certificate's serial number in hexadecimal.
func (f *Firmante) Serie() string { return strings.ToUpper(f.cert.SerialNumber.Text(16)) }

// Huella is the SHA-256 of the certificate (DER) in hexadecimal: it
// identifies the certificate used beyond its subject, which a renewal keeps.
func (f *Firmante) Huella() string {
	h := sha256.Sum256(f.cert.Raw)
	return hex.EncodeToString(h[:])
}

// Vigencia is the certificate's validity period.
func (f *Firmante) Vigencia() (desde, hasta time.Time) { return f.cert.NotBefore, f.cert.NotAfter }

// Certificado is the signing certificate (not a copy: do not modify it).
func (f *Firmante) Certificado() *x509.Certificate { return f.cert }

// Advertencias lists what is not refused but the administrator should fix
// (a key file that others can read).
func (f *Firmante) Advertencias() []string { return append([]string(nil), f.advertencias...) }

// VigenteEn says whether the certificate and the issuers that came with it
// are valid at the instant t (the instant of signing).
func (f *Firmante) VigenteEn(t time.Time) error {
	for i, c := range append([]*x509.Certificate{f.cert}, f.cadena...) {
		quien := "el certificado"
		if i > 0 {
			quien = "el certificado del emisor"
		}
		if t.Before(c.NotBefore) {
			return errorf(f.rutaCert, ErrVigencia, "%s «%s» aún no es válido en la fecha de firma (%s): lo es desde el %s (hora de Bogotá)",
				quien, c.Subject.String(), formato.Instante(t), formato.Instante(c.NotBefore))
		}
		if t.After(c.NotAfter) {
			return errorf(f.rutaCert, ErrVigencia, "%s «%s» está vencido en la fecha de firma (%s): venció el %s (hora de Bogotá)",
				quien, c.Subject.String(), formato.Instante(t), formato.Instante(c.NotAfter))
		}
	}
	return nil
}

// leer reads a certificate or key file, naming what is wrong when it cannot.
func leer(ruta string) ([]byte, error) {
	info, err := os.Stat(ruta)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, errorf(ruta, ErrArchivo, "no existe el archivo")
	case errors.Is(err, fs.ErrPermission):
		return nil, errorf(ruta, ErrArchivo, "sin permiso para consultar el archivo (el usuario del servicio debe poder leerlo)")
	case err != nil:
		return nil, errorf(ruta, ErrArchivo, "no se pudo consultar el archivo: %v", err)
	case info.IsDir():
		return nil, errorf(ruta, ErrArchivo, "es una carpeta, no un archivo")
	case info.Size() > maxArchivo:
		return nil, errorf(ruta, ErrArchivo, "el archivo pesa %d bytes; un certificado o una clave no pasan de %d", info.Size(), maxArchivo)
	}
	a, err := os.Open(ruta)
	if errors.Is(err, fs.ErrPermission) {
		return nil, errorf(ruta, ErrArchivo, "sin permiso de lectura (el usuario del servicio debe poder leerlo)")
	} else if err != nil {
		return nil, errorf(ruta, ErrArchivo, "no se pudo abrir: %v", err)
	}
	defer a.Close()
	b, err := io.ReadAll(io.LimitReader(a, maxArchivo+1))
	if err != nil {
		return nil, errorf(ruta, ErrArchivo, "no se pudo leer: %v", err)
	}
	if len(b) > maxArchivo {
		return nil, errorf(ruta, ErrArchivo, "el archivo pasa de %d bytes", maxArchivo)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, errorf(ruta, ErrFormato, "el archivo está vacío")
	}
	return b, nil
}

// permisos warns when a key file can be read or written by anyone but its
// owner (mode 0600 is what the documentation asks for).
func permisos(ruta string) string {
	info, err := os.Stat(ruta)
	if err != nil {
		return ""
	}
	modo := info.Mode().Perm()
	if modo&0o077 == 0 {
		return ""
	}
	quien := "el grupo"
	if modo&0o007 != 0 {
		quien = "otros usuarios"
	}
	return fmt.Sprintf("%s: la clave privada tiene permisos %04o y la pueden leer o modificar %s; déjela en 0600 (chmod 600 %s), con dueño el usuario del servicio",
		ruta, modo, quien, ruta)
}

func mismoArchivo(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// esPKCS12 decides by extension, then by content: a PEM file starts with
// "-----BEGIN"; anything else that is not a PEM is tried as PKCS #12.
func esPKCS12(ruta string, datos []byte) bool {
	switch strings.ToLower(filepath.Ext(ruta)) {
	case ".p12", ".pfx":
		return true
	case ".pem", ".crt", ".cer", ".key":
		return false
	}
	return !bytes.Contains(datos, []byte("-----BEGIN"))
}

func leerPKCS12(ruta string, datos []byte, contrasena string) (any, []*x509.Certificate, error) {
	clave, cert, cadena, err := pkcs12.DecodeChain(datos, contrasena)
	if errors.Is(err, pkcs12.ErrIncorrectPassword) {
		if contrasena == "" {
			return nil, nil, errorf(ruta, ErrContrasena, "el archivo PKCS #12 pide una contraseña y no se dio ninguna")
		}
		return nil, nil, errorf(ruta, ErrContrasena, "la contraseña del archivo PKCS #12 es incorrecta")
	}
	if err != nil {
		return nil, nil, errorf(ruta, ErrFormato, "no es un archivo PKCS #12 (.p12/.pfx) válido con un certificado y su clave privada: %v", err)
	}
	return clave, append([]*x509.Certificate{cert}, cadena...), nil
}

// leerPEM reads every block of a PEM file: certificates, and at most one
// private key.
func leerPEM(ruta string, datos []byte, que string) ([]*x509.Certificate, any, error) {
	var certs []*x509.Certificate
	var clave any
	resto := datos
	bloques := 0
	for {
		var b *pem.Block
		b, resto = pem.Decode(resto)
		if b == nil {
			break
		}
		bloques++
		switch b.Type {
		case "CERTIFICATE":
			c, err := x509.ParseCertificate(b.Bytes)
			if err != nil {
				return nil, nil, errorf(ruta, ErrFormato, "el certificado número %d del archivo no se puede leer: %v", len(certs)+1, err)
			}
			certs = append(certs, c)
		case "EC PARAMETERS", "TRUSTED CERTIFICATE", "X509 CRL":
			// Parameters that openssl writes before an EC key; nothing to use.
		default:
			k, err := bloqueClave(ruta, b)
			if err != nil {
				return nil, nil, err
			}
			if clave != nil {
				return nil, nil, errorf(ruta, ErrFormato, "contiene más de una clave privada")
			}
			clave = k
		}
	}
	if bloques == 0 {
		return nil, nil, errorf(ruta, ErrFormato, "no es un archivo PEM de %s (no tiene ningún bloque «-----BEGIN …-----»)", que)
	}
	return certs, clave, nil
}

// leerClave reads a private key file: PEM, or DER (PKCS #8, PKCS #1, SEC 1).
func leerClave(ruta string, datos []byte) (any, error) {
	if bytes.Contains(datos, []byte("-----BEGIN")) {
		certs, clave, err := leerPEM(ruta, datos, "clave privada")
		if err != nil {
			return nil, err
		}
		if clave == nil {
			if len(certs) > 0 {
				return nil, errorf(ruta, ErrFormato, "contiene un certificado pero ninguna clave privada: ¿se intercambiaron el certificado y la clave?")
			}
			return nil, errorf(ruta, ErrFormato, "no contiene ninguna clave privada")
		}
		return clave, nil
	}
	if k, err := x509.ParsePKCS8PrivateKey(datos); err == nil {
		return k, nil
	}
	if k, err := x509.ParsePKCS1PrivateKey(datos); err == nil {
		return k, nil
	}
	if k, err := x509.ParseECPrivateKey(datos); err == nil {
		return k, nil
	}
	return nil, errorf(ruta, ErrFormato, "no es una clave privada PEM ni DER (PKCS #1, PKCS #8 o EC)")
}

func bloqueClave(ruta string, b *pem.Block) (any, error) {
	if _, cifrada := b.Headers["DEK-Info"]; cifrada || b.Type == "ENCRYPTED PRIVATE KEY" {
		return nil, errorf(ruta, ErrFormato, "la clave privada está cifrada con contraseña: use un archivo PKCS #12 (.p12) con su contraseña, o descífrela con «openssl pkey -in %s -out clave.pem»", filepath.Base(ruta))
	}
	var k any
	var err error
	switch b.Type {
	case "RSA PRIVATE KEY":
		k, err = x509.ParsePKCS1PrivateKey(b.Bytes)
	case "EC PRIVATE KEY":
		k, err = x509.ParseECPrivateKey(b.Bytes)
	case "PRIVATE KEY":
		k, err = x509.ParsePKCS8PrivateKey(b.Bytes)
	default:
		return nil, errorf(ruta, ErrFormato, "bloque PEM «%s» no admitido (se esperan CERTIFICATE, RSA PRIVATE KEY, EC PRIVATE KEY o PRIVATE KEY)", b.Type)
	}
	if err != nil {
		return nil, errorf(ruta, ErrFormato, "la clave privada («%s») no se puede leer: %v", b.Type, err)
	}
	return k, nil
}

// firmanteDe accepts the key types that PDF readers verify: RSA of at least
// 2048 bits and ECDSA on the NIST curves.
func firmanteDe(ruta string, clave any) (crypto.Signer, error) {
	switch k := clave.(type) {
	case *rsa.PrivateKey:
		if n := k.N.BitLen(); n < 2048 {
			return nil, errorf(ruta, ErrFormato, "la clave RSA tiene %d bits; se exigen al menos 2048", n)
		}
		return k, nil
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256(), elliptic.P384(), elliptic.P521():
			return k, nil
		}
		return nil, errorf(ruta, ErrFormato, "la clave ECDSA usa una curva no admitida (se admiten P-256, P-384 y P-521)")
	case ed25519.PrivateKey:
		return nil, errorf(ruta, ErrFormato, "las claves Ed25519 no se admiten: los lectores de PDF no verifican esas firmas; use RSA (2048 bits o más) o ECDSA P-256")
	case nil:
		return nil, errorf(ruta, ErrFormato, "no contiene ninguna clave privada")
	default:
		return nil, errorf(ruta, ErrFormato, "tipo de clave privada no admitido (%T); use RSA o ECDSA", clave)
	}
}

func igualPublica(a, b crypto.PublicKey) bool {
	e, ok := a.(interface{ Equal(crypto.PublicKey) bool })
	return ok && e.Equal(b)
}

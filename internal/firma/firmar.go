package firma

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/digitorus/pdf"
	"github.com/digitorus/pdfsign/sign"
)

// maxTexto bounds the reason and the place written in the signature.
const maxTexto = 200

// Firmar signs the PDF with an approval signature over the whole document
// and returns the signed file: the original bytes followed by an incremental
// update that adds the signature (so the unsigned content stays, byte for
// byte, at the start of the signed file). motivo and lugar are written in the
// signature dictionary (/Reason, /Location); instante is the signing instant
// written as /M and as the CMS signing time, and the one the certificate's
// validity is checked against.
//
// An approval signature leaves room for further ones (the acta is signed by
// who presided and by the secretary): a second Firmar over a signed file
// adds a second signature, and the first stays valid for the revision it
// covers.
func (f *Firmante) Firmar(doc []byte, motivo, lugar string, instante time.Time) ([]byte, error) {
	if instante.IsZero() {
		return nil, errorf("", ErrDocumento, "falta el instante de la firma")
	}
	if err := f.VigenteEn(instante); err != nil {
		return nil, err
	}
	if err := textoFirmable("el motivo de la firma", motivo); err != nil {
		return nil, err
	}
	if err := textoFirmable("el lugar de la firma", lugar); err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(doc, []byte("%PDF-")) {
		return nil, errorf("", ErrDocumento, "el documento a firmar no es un PDF (no empieza por «%%PDF-»)")
	}
	lector, err := leerPDF(doc)
	if err != nil {
		return nil, errorf("", ErrDocumento, "el PDF a firmar no se puede leer: %v", err)
	}
	nombre := f.cert.Subject.CommonName
	if textoFirmable("", nombre) != nil {
		nombre = "" // the certificate still names the signer inside the CMS
	}
	datos := sign.SignData{
		Signature: sign.SignDataSignature{
			Info: sign.SignDataSignatureInfo{
				Name:     nombre,
				Location: lugar,
				Reason:   motivo,
				Date:     instante,
			},
			CertType:   sign.ApprovalSignature,
			DocMDPPerm: sign.AllowFillingExistingFormFieldsAndSignaturesPerms,
		},
		Signer:            f.clave,
		DigestAlgorithm:   crypto.SHA256,
		Certificate:       f.cert,
		CertificateChains: [][]*x509.Certificate{append([]*x509.Certificate{f.cert}, f.cadena...)},
		// No TSA and no RevocationFunction: both would reach the network.
	}
	var salida ultimaEscritura
	if err := sign.Sign(bytes.NewReader(doc), &salida, lector, int64(len(doc)), datos); err != nil {
		return nil, errorf("", ErrDocumento, "no se pudo firmar el PDF: %v", err)
	}
	if len(salida.b) <= len(doc) || !bytes.HasPrefix(salida.b, doc) {
		return nil, errorf("", ErrDocumento, "la biblioteca de firma no devolvió el documento original seguido de la firma")
	}
	var azar io.Reader = rand.Reader
	if f.determinista {
		azar = nil
	}
	firmado, err := fijarHora(salida.b, len(doc), instante, f.clave, datos.DigestAlgorithm, azar)
	if err != nil {
		return nil, errorf("", ErrDocumento, "no se pudo fijar la hora de la firma: %v", err)
	}
	return firmado, nil
}

// leerPDF parses the document, turning a panic of the parser on a damaged
// file into an error.
func leerPDF(doc []byte) (r *pdf.Reader, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, errorf("", ErrDocumento, "estructura del PDF dañada")
		}
	}()
	return pdf.NewReader(bytes.NewReader(doc), int64(len(doc)))
}

// ultimaEscritura keeps only the last Write. When its first estimate of the
// signature's size falls short, pdfsign signs again from the start and
// writes the whole file once per attempt; the last one is the good one.
type ultimaEscritura struct{ b []byte }

func (u *ultimaEscritura) Write(p []byte) (int, error) {
	u.b = append(u.b[:0], p...)
	return len(p), nil
}

// textoFirmable checks a text for the signature dictionary. pdfsign writes
// a text with non-ASCII characters as a UTF-16 literal string without
// escaping it, so the encoded bytes must keep the string well formed: no
// backslash, no line-break byte, and parentheses balanced as the PDF lexer
// counts them.
func textoFirmable(campo, s string) error {
	if !utf8.ValidString(s) {
		return errorf("", ErrDocumento, "%s no es texto UTF-8 válido", campo)
	}
	if n := utf8.RuneCountInString(s); n > maxTexto {
		return errorf("", ErrDocumento, "%s tiene %d caracteres; el máximo es %d", campo, n, maxTexto)
	}
	ascii := true
	for _, r := range s {
		if unicode.IsControl(r) {
			return errorf("", ErrDocumento, "%s contiene un carácter de control (por ejemplo un salto de línea); escríbalo en una sola línea", campo)
		}
		if r > unicode.MaxASCII {
			ascii = false
		}
	}
	if ascii {
		return nil // written escaped by the library
	}
	if strings.ContainsRune(s, '\\') {
		return errorf("", ErrDocumento, "%s no puede contener la barra invertida «\\»", campo)
	}
	prof := 0
	for _, u := range utf16BE(s) {
		switch u {
		case '\\', '\r', '\n':
			return errorf("", ErrDocumento, "%s contiene un carácter que no se puede escribir en la firma del PDF", campo)
		case '(':
			prof++
		case ')':
			prof--
			if prof < 0 {
				return errorf("", ErrDocumento, "%s tiene paréntesis sin abrir; ciérrelos en orden", campo)
			}
		}
	}
	if prof != 0 {
		return errorf("", ErrDocumento, "%s tiene paréntesis sin cerrar", campo)
	}
	return nil
}

// utf16BE is the byte sequence pdfsign writes for a non-ASCII text: a byte
// order mark and the text in UTF-16, big-endian.
func utf16BE(s string) []byte {
	out := []byte{0xFE, 0xFF}
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			hi, lo := 0xD800+(r>>10), 0xDC00+(r&0x3FF)
			out = append(out, byte(hi>>8), byte(hi), byte(lo>>8), byte(lo))
			continue
		}
		out = append(out, byte(r>>8), byte(r))
	}
	return out
}

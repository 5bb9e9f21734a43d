package firma

import (
	"bytes"
	"encoding/asn1"
	"encoding/hex"
	"strings"
	"testing"
	"time"
)

// horaDelCMS reads the CMS signing-time attribute of the last signature of
// a signed PDF, walking the DER with encoding/asn1 alone.
func horaDelCMS(t *testing.T, firmado []byte) time.Time {
	t.Helper()
	i := bytes.LastIndex(firmado, []byte("/Contents<"))
	if i < 0 {
		t.Fatal("el PDF firmado no tiene /Contents")
	}
	j := bytes.IndexByte(firmado[i:], '>')
	der, err := hex.DecodeString(string(firmado[i+len("/Contents<") : i+j]))
	if err != nil {
		t.Fatal(err)
	}
	var ci asn1.RawValue
	if _, err := asn1.Unmarshal(der, &ci); err != nil {
		t.Fatal(err)
	}
	v := ci
	for _, paso := range []int{1, 0, -1, 0} {
		hs, err := hijos(v)
		if err != nil {
			t.Fatal(err)
		}
		if paso < 0 {
			paso += len(hs)
		}
		v = hs[paso]
	}
	campos, err := hijos(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range campos {
		if c.Class != asn1.ClassContextSpecific || c.Tag != 0 {
			continue
		}
		atrs, err := hijos(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range atrs {
			var attr struct {
				Tipo  asn1.ObjectIdentifier
				Valor []time.Time `asn1:"set"`
			}
			if _, err := asn1.Unmarshal(a.FullBytes, &attr); err != nil || !attr.Tipo.Equal(oidHoraDeFirma) {
				continue
			}
			if len(attr.Valor) != 1 {
				t.Fatalf("la hora de firma tiene %d valores", len(attr.Valor))
			}
			return attr.Valor[0]
		}
	}
	t.Fatal("el CMS no tiene hora de firma")
	return time.Time{}
}

// The CMS signing time is the instant given to Firmar (the one written as
// /M), not the wall clock's, and poppler still reads the signature as valid.
func TestFirmar_horaDeFirmaEsElInstanteDado(t *testing.T) {
	t.Parallel()
	for _, tipo := range []string{"ec", "rsa"} {
		t.Run(tipo, func(t *testing.T) {
			t.Parallel()
			f := cargarPEM(t, autofirmado(t, tipo))
			firmado := firmar(t, f, pdfPequeno(t))
			if got := horaDelCMS(t, firmado); !got.Equal(firmaEn) {
				t.Errorf("hora de firma del CMS %v, se esperaba %v", got, firmaEn.UTC())
			}
			firmaValidaCompleta(t, pdfsig(t, firmado), 1)
		})
	}
}

// A deterministic signer gives the same signed file for the same document,
// texts and instant, and the signature stays valid; the ordinary one draws
// a new ECDSA nonce each time.
func TestFirmar_deterministaMismosBytes(t *testing.T) {
	t.Parallel()
	f := cargarPEM(t, autofirmado(t, "ec"))
	doc := pdfPequeno(t)
	d := f.Determinista()
	a, b := firmar(t, d, doc), firmar(t, d, doc)
	if !bytes.Equal(a, b) {
		t.Fatal("el firmante determinista dio dos archivos distintos para lo mismo")
	}
	firmaValidaCompleta(t, pdfsig(t, a), 1)
	if bytes.Equal(firmar(t, f, doc), firmar(t, f, doc)) {
		t.Error("el firmante ordinario dio dos firmas ECDSA iguales: no sacó un número al azar")
	}
	otra, err := d.Firmar(doc, "Emisión del informe gerencial, versión 1", "Bogotá D.C., Colombia", firmaEn.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, otra) || !strings.Contains(string(otra), "/M") {
		t.Error("otro instante dio el mismo archivo firmado")
	}
}

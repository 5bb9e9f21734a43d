package firma

import (
	"bytes"
	"crypto"
	"encoding/asn1"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// The signing library stamps the CMS signing-time attribute with the wall
// clock at the moment it signs, and offers no way to give it another
// instant. fijarHora rewrites that attribute with the instant the caller
// gives (the one written as /M), signs the signed attributes again with the
// same key and writes the new CMS where the library wrote its own, inside
// the /Contents placeholder that the /ByteRange leaves out: the bytes the
// signature covers, and so the message digest, do not change.

// oidHoraDeFirma is the CMS signing-time attribute (RFC 5652 §11.3).
var oidHoraDeFirma = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 5}

// rangoDeBytes finds the /ByteRange that pdfsign wrote in the update.
var rangoDeBytes = regexp.MustCompile(`/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]`)

// fijarHora returns the signed file firmado (whose first desde bytes are the
// unsigned document) with the CMS signing time set to instante and the
// signature made again by clave over the new signed attributes, with azar
// as the signer's random source (nil: deterministic signers only).
func fijarHora(firmado []byte, desde int, instante time.Time, clave crypto.Signer, hash crypto.Hash, azar io.Reader) ([]byte, error) {
	m := rangoDeBytes.FindAllSubmatchIndex(firmado[desde:], -1)
	if len(m) == 0 {
		return nil, fmt.Errorf("la firma no tiene /ByteRange")
	}
	ultimo := m[len(m)-1]
	var v [3]int
	for i := range v {
		n, err := strconv.Atoi(string(firmado[desde+ultimo[2+2*i] : desde+ultimo[3+2*i]]))
		if err != nil {
			return nil, fmt.Errorf("/ByteRange ilegible: %v", err)
		}
		v[i] = n
	}
	inicio, fin := v[0], v[1] // the placeholder «<…>» lies between the two ranges
	if inicio < desde || fin <= inicio+2 || fin > len(firmado) || firmado[inicio] != '<' || firmado[fin-1] != '>' {
		return nil, fmt.Errorf("/ByteRange no delimita el contenido de la firma")
	}
	hueco := firmado[inicio+1 : fin-1]
	// The CMS comes first, then zero padding, which may be of odd length
	// when the library had to enlarge its first estimate.
	der := make([]byte, hex.DecodedLen(len(hueco)))
	if _, err := hex.Decode(der, hueco[:len(hueco)&^1]); err != nil {
		return nil, fmt.Errorf("contenido de la firma ilegible: %v", err)
	}
	cms, err := cmsConHora(der, instante, clave, hash, azar)
	if err != nil {
		return nil, err
	}
	if hex.EncodedLen(len(cms)) > len(hueco) {
		return nil, fmt.Errorf("la firma rehecha no cabe en el espacio reservado")
	}
	out := bytes.Clone(firmado)
	n := hex.Encode(out[inicio+1:], cms)
	for i := inicio + 1 + n; i < fin-1; i++ {
		out[i] = '0'
	}
	return out, nil
}

// cmsConHora takes the DER of a ContentInfo holding a SignedData with one
// signer (followed by the placeholder's zero padding) and returns it with
// the signer's signing-time attribute set to instante and its signature
// made again.
func cmsConHora(der []byte, instante time.Time, clave crypto.Signer, hash crypto.Hash, azar io.Reader) ([]byte, error) {
	var ci asn1.RawValue
	resto, err := asn1.Unmarshal(der, &ci)
	if err != nil {
		return nil, fmt.Errorf("CMS ilegible: %v", err)
	}
	if bytes.ContainsFunc(resto, func(r rune) bool { return r != 0 }) {
		return nil, fmt.Errorf("CMS seguido de datos")
	}
	// ContentInfo ::= SEQUENCE { contentType, [0] EXPLICIT SignedData }
	// SignedData ::= SEQUENCE { …, signerInfos SET OF SignerInfo }
	// SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm,
	//   [0] IMPLICIT signedAttrs, signatureAlgorithm, signature OCTET STRING, … }
	return reemplazar(ci, []int{1, 0, -1, 0}, func(si asn1.RawValue) (asn1.RawValue, error) {
		campos, err := hijos(si)
		if err != nil {
			return si, err
		}
		atr := slices.IndexFunc(campos, func(c asn1.RawValue) bool { return c.Class == asn1.ClassContextSpecific && c.Tag == 0 })
		if atr < 0 || atr+2 >= len(campos) || campos[atr+2].Tag != asn1.TagOctetString {
			return si, fmt.Errorf("CMS sin atributos firmados")
		}
		nuevos, err := atributosConHora(campos[atr], instante)
		if err != nil {
			return si, err
		}
		firma, err := firmarAtributos(nuevos, clave, hash, azar)
		if err != nil {
			return si, err
		}
		campos[atr] = nuevos
		campos[atr+2] = asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagOctetString, Bytes: firma}
		return armar(si, campos)
	})
}

// atributosConHora returns the [0] IMPLICIT SET of signed attributes with
// the signing time set to instante, kept in DER order.
func atributosConHora(atr asn1.RawValue, instante time.Time) (asn1.RawValue, error) {
	lista, err := hijos(atr)
	if err != nil {
		return atr, err
	}
	valor, err := asn1.Marshal(instante.UTC())
	if err != nil {
		return atr, err
	}
	hallada := false
	for i, a := range lista {
		var attr struct {
			Tipo  asn1.ObjectIdentifier
			Valor asn1.RawValue
		}
		if _, err := asn1.Unmarshal(a.FullBytes, &attr); err != nil {
			return atr, fmt.Errorf("atributo firmado ilegible: %v", err)
		}
		if !attr.Tipo.Equal(oidHoraDeFirma) {
			continue
		}
		attr.Valor = asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSet, IsCompound: true, Bytes: valor}
		b, err := asn1.Marshal(attr)
		if err != nil {
			return atr, err
		}
		lista[i] = asn1.RawValue{FullBytes: b}
		hallada = true
	}
	if !hallada {
		return atr, fmt.Errorf("CMS sin hora de firma")
	}
	slices.SortFunc(lista, func(a, b asn1.RawValue) int { return bytes.Compare(a.FullBytes, b.FullBytes) })
	return armar(atr, lista)
}

// firmarAtributos signs the signed attributes as the CMS says: their DER
// encoding with the SET OF tag (RFC 5652 §5.4), hashed (Cargar admits RSA
// and ECDSA keys only).
func firmarAtributos(atr asn1.RawValue, clave crypto.Signer, hash crypto.Hash, azar io.Reader) ([]byte, error) {
	conjunto, err := asn1.Marshal(asn1.RawValue{Class: asn1.ClassUniversal, Tag: asn1.TagSet, IsCompound: true, Bytes: atr.Bytes})
	if err != nil {
		return nil, err
	}
	h := hash.New()
	h.Write(conjunto)
	return clave.Sign(azar, h.Sum(nil), hash)
}

// reemplazar applies f to the element of v found by following ruta (each
// step an index among the children; -1 is the last child) and re-encodes
// every element on the way up, so that the lengths stay right.
func reemplazar(v asn1.RawValue, ruta []int, f func(asn1.RawValue) (asn1.RawValue, error)) ([]byte, error) {
	nuevo, err := reemplazarEn(v, ruta, f)
	if err != nil {
		return nil, err
	}
	return nuevo.FullBytes, nil
}

func reemplazarEn(v asn1.RawValue, ruta []int, f func(asn1.RawValue) (asn1.RawValue, error)) (asn1.RawValue, error) {
	if len(ruta) == 0 {
		return f(v)
	}
	hs, err := hijos(v)
	if err != nil {
		return v, err
	}
	i := ruta[0]
	if i < 0 {
		i = len(hs) + i
	}
	if i < 0 || i >= len(hs) {
		return v, fmt.Errorf("CMS con otra estructura")
	}
	if hs[i], err = reemplazarEn(hs[i], ruta[1:], f); err != nil {
		return v, err
	}
	return armar(v, hs)
}

// hijos splits a constructed element into its elements.
func hijos(v asn1.RawValue) ([]asn1.RawValue, error) {
	if !v.IsCompound {
		return nil, fmt.Errorf("CMS con otra estructura")
	}
	var out []asn1.RawValue
	for resto := v.Bytes; len(resto) > 0; {
		var h asn1.RawValue
		var err error
		if resto, err = asn1.Unmarshal(resto, &h); err != nil {
			return nil, fmt.Errorf("CMS ilegible: %v", err)
		}
		out = append(out, h)
	}
	return out, nil
}

// armar encodes v again with hs as its elements.
func armar(v asn1.RawValue, hs []asn1.RawValue) (asn1.RawValue, error) {
	var contenido []byte
	for _, h := range hs {
		if h.FullBytes == nil { // a new element: encode it
			b, err := asn1.Marshal(h)
			if err != nil {
				return v, err
			}
			h.FullBytes = b
		}
		contenido = append(contenido, h.FullBytes...)
	}
	b, err := asn1.Marshal(asn1.RawValue{Class: v.Class, Tag: v.Tag, IsCompound: true, Bytes: contenido})
	if err != nil {
		return v, err
	}
	var nuevo asn1.RawValue
	if _, err := asn1.Unmarshal(b, &nuevo); err != nil {
		return v, err
	}
	return nuevo, nil
}

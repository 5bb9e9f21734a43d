package firma

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"comite/internal/contrato"
	"comite/internal/fecha"
	"comite/internal/informe"
	"comite/internal/pruebas"
	"comite/internal/reincidencia"
	"comite/internal/valores"

	"github.com/digitorus/pdf"
	"github.com/go-pdf/fpdf"
	"software.sslmate.com/src/go-pkcs12"
)

var (
	informeUna   sync.Once
	informeBytes []byte
	informeErr   error
)

// pdfInforme is the informe gerencial of the worked example of
// docs/reglas.md §2 (testdata/evaluar/ejemplo_dominio.json and the output of
// `comite evaluar` on it), made by internal/informe as the application does.
func pdfInforme(t testing.TB) []byte {
	t.Helper()
	informeUna.Do(func() {
		leer := func(n string) []byte {
			b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "evaluar", n))
			if err != nil && informeErr == nil {
				informeErr = err
			}
			return b
		}
		ent, err := contrato.LeerEvaluacion(leer("ejemplo_dominio.json"))
		if err != nil {
			informeErr = err
			return
		}
		ev, err := contrato.LeerResultado(leer("ejemplo_dominio.salida.json"))
		if err != nil {
			informeErr = err
			return
		}
		serie, err := reincidencia.Serie(ent, valores.Integrada(), 2021, 2025)
		if err != nil {
			informeErr = err
			return
		}
		emitido := time.Date(2026, 4, 1, 16, 20, 0, 0, fecha.Bogota)
		informeBytes, informeErr = informe.PDF(informe.Datos{
			Caso:               "CF-2026-0007",
			DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá",
			Usuario:            ent.Usuario,
			Nueva:              ent.Nueva,
			Evaluacion:         ev,
			Serie:              serie,
			FechaReporte:       fecha.Debe(2026, 3, 27),
			Instantanea:        informe.Instantanea{ID: "inst-7f3a9c", Version: 1, Creada: emitido.AddDate(0, 0, -5)},
			Emision:            informe.Emision{Version: 1, EmitidoPor: "secretaria.tecnica", Instante: emitido},
		})
	})
	if informeErr != nil {
		t.Fatal(informeErr)
	}
	return informeBytes
}

func cargar(t testing.TB, rutaCert, rutaClave, contrasena string) *Firmante {
	t.Helper()
	f, err := Cargar(rutaCert, rutaClave, contrasena)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func cargarPEM(t testing.TB, p par, cadena ...*x509.Certificate) *Firmante {
	t.Helper()
	rutaCert, rutaClave := archivosPEM(t, p, cadena...)
	return cargar(t, rutaCert, rutaClave, "")
}

func firmar(t testing.TB, f *Firmante, doc []byte) []byte {
	t.Helper()
	firmado, err := f.Firmar(doc, "Emisión del informe gerencial, versión 1", "Bogotá D.C., Colombia", firmaEn)
	if err != nil {
		t.Fatal(err)
	}
	return firmado
}

// pdfsig runs poppler's verifier on the file and returns its report. pdfsig
// exits 0 even when a signature is invalid: the verdict is in the text.
func pdfsig(t *testing.T, doc []byte) string {
	t.Helper()
	prog := pruebas.Herramienta(t, "poppler-utils", "pdfsig")
	ruta := filepath.Join(t.TempDir(), "firmado.pdf")
	if err := os.WriteFile(ruta, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prog, "-no-ocsp", ruta)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir()) // an empty NSS database: nothing is trusted
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfsig: %v\n%s", err, out)
	}
	return string(out)
}

// firmaValidaCompleta checks the verdict of pdfsig on a PDF with n
// signatures, the last of which must cover the whole document.
func firmaValidaCompleta(t *testing.T, informe string, n int) {
	t.Helper()
	if got := strings.Count(informe, "Signature Validation: Signature is Valid."); got != n {
		t.Errorf("pdfsig da %d firmas válidas, se esperaban %d:\n%s", got, n, informe)
	}
	if !strings.Contains(informe, "Total document signed") {
		t.Errorf("pdfsig no dice que la firma cubre todo el documento:\n%s", informe)
	}
	if got := strings.Count(informe, "Signature Type: adbe.pkcs7.detached"); got != n {
		t.Errorf("SubFilter: se esperaban %d firmas adbe.pkcs7.detached:\n%s", n, informe)
	}
	if !strings.Contains(informe, "Signing Hash Algorithm: SHA-256") {
		t.Errorf("la firma no usa SHA-256:\n%s", informe)
	}
}

func TestFirmar_PAdES_autofirmadoECDSA_pdfsigValidaYCubreTodo(t *testing.T) {
	p := autofirmado(t, "ec")
	rutaCert, rutaClave := archivosPEM(t, p)
	f := cargar(t, rutaCert, rutaClave, "")
	doc := pdfInforme(t)
	firmado := firmar(t, f, doc)
	if !bytes.HasPrefix(firmado, doc) {
		t.Fatal("el PDF firmado no empieza por el documento sin firmar (la firma debe ser una actualización incremental)")
	}
	informe := pdfsig(t, firmado)
	firmaValidaCompleta(t, informe, 1)
	for _, quiere := range []string{
		"Signer Certificate Common Name: Secretaría Técnica del Comité de Fiscalización",
	} {
		if !strings.Contains(informe, quiere) {
			t.Errorf("pdfsig no dice %q:\n%s", quiere, informe)
		}
	}
	// Self-signed: the signature is valid; the certificate, which is not a
	// CA, has no known issuer.
	if !strings.Contains(informe, "Certificate Validation: Certificate issuer is unknown.") {
		t.Errorf("pdfsig no dice que el emisor del certificado autofirmado es desconocido:\n%s", informe)
	}
}

func TestFirmar_PAdES_emitidoPorCAdePruebaRSA_pdfsigValida(t *testing.T) {
	hoja, ca := emitidoPorCA(t)
	rutaCert, rutaClave := archivosPEM(t, hoja, ca.cert)
	f := cargar(t, rutaCert, rutaClave, "")
	if f.Emisor() != ca.cert.Subject.String() || len(f.cadena) != 1 {
		t.Fatalf("emisor %q, cadena %d", f.Emisor(), len(f.cadena))
	}
	informe := pdfsig(t, firmar(t, f, pdfInforme(t)))
	firmaValidaCompleta(t, informe, 1)
	if !strings.Contains(informe, "Signer Certificate Common Name: Presidencia del Comité de Fiscalización") {
		t.Errorf("pdfsig no nombra al firmante:\n%s", informe)
	}
	// The chain travels in the signature, so pdfsig finds the issuer; the
	// test CA is not in its (empty) trust store.
	if !strings.Contains(informe, "Certificate Validation: Certificate issuer isn't Trusted.") {
		t.Errorf("pdfsig no dice que la CA de prueba no es de confianza:\n%s", informe)
	}
}

func TestFirmar_PAdES_unByteCambiadoInvalidaLaFirma(t *testing.T) {
	f := cargarPEM(t, autofirmado(t, "ec"))
	doc := pdfInforme(t)
	firmado := firmar(t, f, doc)
	firmaValidaCompleta(t, pdfsig(t, firmado), 1)

	// A digit of the creation date in the document's information
	// dictionary: the file still parses, only its content changed.
	i := bytes.Index(firmado, []byte("/CreationDate (D:2026"))
	if i < 0 {
		t.Fatal("no se encontró la fecha de creación en el PDF")
	}
	alterado := bytes.Clone(firmado)
	alterado[i+len("/CreationDate (D:202")] = '5'
	informe := pdfsig(t, alterado)
	if strings.Contains(informe, "Signature is Valid.") {
		t.Fatalf("pdfsig sigue dando la firma por válida tras cambiar un byte:\n%s", informe)
	}
	if !regexp.MustCompile(`Signature Validation: (Signature is Invalid|Digest Mismatch)`).MatchString(informe) {
		t.Fatalf("pdfsig no reporta la firma inválida:\n%s", informe)
	}
}

func TestFirmar_PAdES_actaConDosFirmas_laPrimeraSigueValida(t *testing.T) {
	presidencia, ca := emitidoPorCA(t)
	secretaria := autofirmado(t, "ec")
	f1 := cargarPEM(t, presidencia, ca.cert)
	f2 := cargarPEM(t, secretaria)
	una := firmar(t, f1, pdfInforme(t))
	dos, err := f2.Firmar(una, "Firma de quien actuó como secretario de la sesión", "Bogotá D.C.", firmaEn.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	informe := pdfsig(t, dos)
	if !strings.Contains(informe, "Signature #2") {
		t.Fatalf("pdfsig no ve la segunda firma:\n%s", informe)
	}
	firmaValidaCompleta(t, informe, 2)
	if strings.Count(informe, "Total document signed") != 1 {
		t.Errorf("solo la última firma cubre todo el documento:\n%s", informe)
	}
}

// The library estimates the size of the signature before making it; an RSA
// 4096 key with a chain exceeds the first estimate and the library signs
// again. The result must be one file, not two concatenated.
func TestFirmar_PAdES_firmaMayorQueLaEstimacionInicial(t *testing.T) {
	if testing.Short() {
		pruebas.Omitir(t, "genera una clave RSA de 4096 bits (omitida con -short)")
	}
	_, ca := emitidoPorCA(t)
	k, err := rsaClave(4096)
	if err != nil {
		t.Fatal(err)
	}
	hoja := emitir(t, sujetoFirmante(), k, &ca, false, vigenteDesde, vigenteHasta, x509.KeyUsageDigitalSignature)
	f := cargarPEM(t, hoja, ca.cert)
	doc := pdfInforme(t)
	firmado := firmar(t, f, doc)
	if n := bytes.Count(firmado, []byte("%PDF-")); n != 1 {
		t.Fatalf("el archivo firmado contiene %d cabeceras %%PDF-", n)
	}
	firmaValidaCompleta(t, pdfsig(t, firmado), 1)
}

func TestFirmar_vigenciaDelCertificadoEnLaFechaDeFirma(t *testing.T) {
	vencido := emitir(t, sujetoFirmante(), nuevaClave(t, "ec"), nil, false,
		time.Date(2024, 1, 1, 0, 0, 0, 0, fecha.Bogota), time.Date(2025, 12, 31, 23, 59, 0, 0, fecha.Bogota), x509.KeyUsageDigitalSignature)
	futuro := emitir(t, sujetoFirmante(), nuevaClave(t, "ec"), nil, false,
		time.Date(2026, 6, 1, 0, 0, 0, 0, fecha.Bogota), time.Date(2027, 6, 1, 0, 0, 0, 0, fecha.Bogota), x509.KeyUsageDigitalSignature)
	hoja, caVieja := emitidoPorCA(t)
	caVieja = emitir(t, caVieja.cert.Subject, caVieja.clave, nil, true, vigenteDesde.AddDate(-2, 0, 0), vigenteDesde.AddDate(0, 2, 0), x509.KeyUsageCertSign)
	casos := []struct {
		nombre string
		p      par
		cadena []*x509.Certificate
		dice   []string
	}{
		{"vencido_el_31_12_2025", vencido, nil, []string{"firma.crt", "está vencido", "venció el 31/12/2025 23:59", "01/04/2026 16:20"}},
		{"aun_no_valido_hasta_el_01_06_2026", futuro, nil, []string{"firma.crt", "aún no es válido", "desde el 01/06/2026 00:00"}},
		{"emisor_vencido", hoja, []*x509.Certificate{caVieja.cert}, []string{"certificado del emisor", "CA de Pruebas", "está vencido"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f := cargarPEM(t, c.p, c.cadena...) // loading reads no clock: it succeeds
			_, err := f.Firmar(pdfInforme(t), "Emisión", "Bogotá", firmaEn)
			if !errors.Is(err, ErrVigencia) {
				t.Fatalf("error %v, se esperaba ErrVigencia", err)
			}
			for _, d := range c.dice {
				if !strings.Contains(err.Error(), d) {
					t.Errorf("el error %q no dice %q", err, d)
				}
			}
		})
	}
	// At the boundary: valid at its last second, expired one second later.
	f := cargarPEM(t, vencido)
	if err := f.VigenteEn(vencido.cert.NotAfter); err != nil {
		t.Errorf("en el último instante de vigencia: %v", err)
	}
	if err := f.VigenteEn(vencido.cert.NotAfter.Add(time.Second)); !errors.Is(err, ErrVigencia) {
		t.Errorf("un segundo después del vencimiento: %v", err)
	}
}

func TestCargar_formatosAdmitidos(t *testing.T) {
	ec := autofirmado(t, "ec")
	rsaPar := autofirmado(t, "rsa")
	hoja, ca := emitidoPorCA(t)
	dir := t.TempDir()
	p12, err := pkcs12.Modern2023.Encode(hoja.clave, hoja.cert, []*x509.Certificate{ca.cert}, "contraseña larga")
	if err != nil {
		t.Fatal(err)
	}
	p12Legado, err := pkcs12.LegacyDES.Encode(ec.clave, ec.cert, nil, "clave-legada")
	if err != nil {
		t.Fatal(err)
	}
	casos := []struct {
		nombre     string
		cert       string
		clave      string
		contrasena string
		sujeto     string
		cadena     int
	}{
		{"pem_ec_sec1", escribir(t, dir, "ec.crt", pemCert(ec.cert), 0o644), escribir(t, dir, "ec.key", pemClave(t, ec.clave, "ec"), 0o600), "", ec.cert.Subject.String(), 0},
		{"pem_ec_pkcs8", escribir(t, dir, "ec8.crt", pemCert(ec.cert), 0o644), escribir(t, dir, "ec8.key", pemClave(t, ec.clave, "pkcs8"), 0o600), "", ec.cert.Subject.String(), 0},
		{"pem_rsa_pkcs1", escribir(t, dir, "rsa.crt", pemCert(rsaPar.cert), 0o644), escribir(t, dir, "rsa.key", pemClave(t, rsaPar.clave, "pkcs1"), 0o600), "", rsaPar.cert.Subject.String(), 0},
		{"pem_rsa_pkcs8", escribir(t, dir, "rsa8.pem", pemCert(rsaPar.cert), 0o644), escribir(t, dir, "rsa8.pem.key", pemClave(t, rsaPar.clave, "pkcs8"), 0o600), "", rsaPar.cert.Subject.String(), 0},
		{"pem_clave_en_der_pkcs8", escribir(t, dir, "der.crt", pemCert(ec.cert), 0o644), escribir(t, dir, "der.key", pemDER(t, pemClave(t, ec.clave, "pkcs8")), 0o600), "", ec.cert.Subject.String(), 0},
		{"pem_cadena_con_la_CA_primero", escribir(t, dir, "cadena.crt", pemCert(ca.cert, hoja.cert), 0o644), escribir(t, dir, "cadena.key", pemClave(t, hoja.clave, "pkcs1"), 0o600), "", hoja.cert.Subject.String(), 1},
		{"pem_certificado_y_clave_en_un_archivo", escribir(t, dir, "todo.pem", append(pemCert(ec.cert), pemClave(t, ec.clave, "ec")...), 0o600), "", "", ec.cert.Subject.String(), 0},
		{"pkcs12_moderno_con_cadena", escribir(t, dir, "firma.p12", p12, 0o600), "", "contraseña larga", hoja.cert.Subject.String(), 1},
		{"pkcs12_misma_ruta_como_clave", filepath.Join(dir, "firma.p12"), filepath.Join(dir, "firma.p12"), "contraseña larga", hoja.cert.Subject.String(), 1},
		{"pkcs12_legado_pfx_sin_extension_conocida", escribir(t, dir, "legado.bin", p12Legado, 0o600), "", "clave-legada", ec.cert.Subject.String(), 0},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f, err := Cargar(c.cert, c.clave, c.contrasena)
			if err != nil {
				t.Fatal(err)
			}
			if f.Sujeto() != c.sujeto || len(f.cadena) != c.cadena || len(f.Advertencias()) != 0 {
				t.Fatalf("sujeto %q, cadena %d, advertencias %v", f.Sujeto(), len(f.cadena), f.Advertencias())
			}
			if _, err := f.Firmar(pdfInforme(t), "Emisión", "Bogotá", firmaEn); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// pemDER returns the bytes of the first PEM block.
func pemDER(t testing.TB, p []byte) []byte {
	b, _ := pem.Decode(p)
	if b == nil {
		t.Fatal("PEM inválido")
	}
	return b.Bytes
}

func TestCargar_erroresNombranElArchivoYQueEstaMal(t *testing.T) {
	ec := autofirmado(t, "ec")
	otra := autofirmado(t, "ec")
	debil := autofirmado(t, "rsa1024")
	soloCA := emitir(t, sujetoFirmante(), nuevaClave(t, "ec"), nil, true, vigenteDesde, vigenteHasta, x509.KeyUsageCertSign|x509.KeyUsageCRLSign)
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	edDER, err := x509.MarshalPKCS8PrivateKey(edKey)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cert := escribir(t, dir, "firma.crt", pemCert(ec.cert), 0o644)
	clave := escribir(t, dir, "firma.key", pemClave(t, ec.clave, "ec"), 0o600)
	p12, err := pkcs12.Modern2023.Encode(ec.clave, ec.cert, nil, "la-buena")
	if err != nil {
		t.Fatal(err)
	}
	rutaP12 := escribir(t, dir, "firma.p12", p12, 0o600)
	cifrada := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-256-CBC,00112233445566778899AABBCCDDEEFF"}, Bytes: []byte("cifrado")})
	if err := os.Mkdir(filepath.Join(dir, "carpeta"), 0o700); err != nil {
		t.Fatal(err)
	}
	casos := []struct {
		nombre              string
		cert, clave, contra string
		clase               error
		dice                []string
	}{
		{"certificado_no_existe", filepath.Join(dir, "no.crt"), clave, "", ErrArchivo, []string{"no.crt", "no existe"}},
		{"clave_no_existe", cert, filepath.Join(dir, "no.key"), "", ErrArchivo, []string{"no.key", "no existe"}},
		{"clave_es_una_carpeta", cert, filepath.Join(dir, "carpeta"), "", ErrArchivo, []string{"carpeta", "es una carpeta"}},
		{"certificado_vacio", escribir(t, dir, "vacio.crt", []byte("\n"), 0o644), clave, "", ErrFormato, []string{"vacio.crt", "vacío"}},
		{"certificado_no_es_PEM", escribir(t, dir, "texto.pem", []byte("esto no es un certificado"), 0o644), clave, "", ErrFormato, []string{"texto.pem", "no es un archivo PEM"}},
		{"clave_no_corresponde", cert, escribir(t, dir, "otra.key", pemClave(t, otra.clave, "ec"), 0o600), "", ErrNoCorresponde, []string{"otra.key", "no corresponde al certificado", "firma.crt"}},
		{"certificado_y_clave_intercambiados", clave, cert, "", ErrFormato, []string{"firma.key"}},
		{"clave_es_un_certificado", cert, escribir(t, dir, "cert-como-clave.key", pemCert(ec.cert), 0o600), "", ErrFormato, []string{"cert-como-clave.key", "ninguna clave privada", "intercambiaron"}},
		{"clave_cifrada_en_PEM", cert, escribir(t, dir, "cifrada.key", cifrada, 0o600), "", ErrFormato, []string{"cifrada.key", "cifrada con contraseña", "PKCS #12"}},
		{"rsa_de_1024_bits", escribir(t, dir, "debil.crt", pemCert(debil.cert), 0o644), escribir(t, dir, "debil.key", pemClave(t, debil.clave, "pkcs1"), 0o600), "", ErrFormato, []string{"debil.key", "1024 bits", "2048"}},
		{"ed25519_no_admitida", cert, escribir(t, dir, "ed.key", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: edDER}), 0o600), "", ErrFormato, []string{"ed.key", "Ed25519"}},
		{"certificado_solo_para_firmar_certificados", escribir(t, dir, "ca.crt", pemCert(soloCA.cert), 0o644), escribir(t, dir, "ca.key", pemClave(t, soloCA.clave, "ec"), 0o600), "", ErrUso, []string{"ca.crt", "no permite firmar documentos"}},
		{"pkcs12_contrasena_incorrecta", rutaP12, "", "la-mala", ErrContrasena, []string{"firma.p12", "contraseña", "incorrecta"}},
		{"pkcs12_sin_contrasena", rutaP12, "", "", ErrContrasena, []string{"firma.p12", "no se dio ninguna"}},
		{"pkcs12_con_otra_clave", rutaP12, clave, "la-buena", ErrFormato, []string{"firma.key", "PKCS #12", "ya trae la clave"}},
		{"pkcs12_danado", escribir(t, dir, "danado.pfx", p12[:len(p12)/2], 0o600), "", "la-buena", ErrFormato, []string{"danado.pfx", "PKCS #12"}},
		{"sin_clave", cert, "", "", ErrFormato, []string{"firma.crt", "no contiene la clave privada"}},
		{"sin_ruta_de_certificado", "", clave, "", ErrArchivo, []string{"falta la ruta del certificado"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f, err := Cargar(c.cert, c.clave, c.contra)
			if err == nil {
				t.Fatalf("cargó %q sin error", f.Sujeto())
			}
			if !errors.Is(err, c.clase) {
				t.Errorf("clase: %v, se esperaba %v", err, c.clase)
			}
			for _, d := range c.dice {
				if !strings.Contains(err.Error(), d) {
					t.Errorf("el error %q no dice %q", err, d)
				}
			}
		})
	}
}

func TestCargar_advierteSiLaClaveEsLegiblePorOtros(t *testing.T) {
	p := autofirmado(t, "ec")
	for _, c := range []struct {
		modo os.FileMode
		dice []string
	}{
		{0o600, nil},
		{0o400, nil},
		{0o640, []string{"0640", "el grupo", "chmod 600"}},
		{0o644, []string{"0644", "otros usuarios", "chmod 600", "firma.key"}},
	} {
		t.Run(c.modo.String(), func(t *testing.T) {
			rutaCert, rutaClave := archivosPEM(t, p)
			if err := os.Chmod(rutaClave, c.modo); err != nil {
				t.Fatal(err)
			}
			f := cargar(t, rutaCert, rutaClave, "")
			adv := strings.Join(f.Advertencias(), "\n")
			if len(c.dice) == 0 && adv != "" {
				t.Fatalf("advertencia inesperada: %s", adv)
			}
			for _, d := range c.dice {
				if !strings.Contains(adv, d) {
					t.Errorf("la advertencia %q no dice %q", adv, d)
				}
			}
		})
	}
}

func TestFirmante_datosDelCertificadoParaLaHistoria(t *testing.T) {
	p := autofirmado(t, "ec")
	f := cargarPEM(t, p)
	if got, quiere := f.Sujeto(), "CN=Secretaría Técnica del Comité de Fiscalización,O=DIAN,L=Bogotá,C=CO"; got != quiere {
		t.Errorf("Sujeto = %q, se esperaba %q", got, quiere)
	}
	if f.Serie() != strings.ToUpper(p.cert.SerialNumber.Text(16)) || len(f.Huella()) != 64 || !bytes.Equal(f.Certificado().Raw, p.cert.Raw) {
		t.Errorf("serie %s, huella %s", f.Serie(), f.Huella())
	}
	if got := fmt.Sprintf("%v %+v", f, f); strings.Contains(got, "PrivateKey") || !strings.Contains(got, "Secretaría Técnica") {
		t.Errorf("al imprimir un Firmante: %s", got)
	}
	desde, hasta := f.Vigencia()
	if !desde.Equal(vigenteDesde) || !hasta.Equal(vigenteHasta) {
		t.Errorf("vigencia %v – %v", desde, hasta)
	}
}

func TestFirmar_documentoYTextosInvalidos(t *testing.T) {
	f := cargarPEM(t, autofirmado(t, "ec"))
	doc := pdfInforme(t)
	casos := []struct {
		nombre        string
		doc           []byte
		motivo, lugar string
		instante      time.Time
		dice          string
	}{
		{"no_es_PDF", []byte("hola"), "Emisión", "Bogotá", firmaEn, "no es un PDF"},
		{"PDF_truncado", doc[:len(doc)/3], "Emisión", "Bogotá", firmaEn, "no se puede leer"},
		{"sin_instante", doc, "Emisión", "Bogotá", time.Time{}, "falta el instante"},
		{"motivo_con_salto_de_linea", doc, "Emisión\ndel informe", "Bogotá", firmaEn, "el motivo de la firma contiene un carácter de control"},
		{"lugar_demasiado_largo", doc, "Emisión", strings.Repeat("á", maxTexto+1), firmaEn, "el lugar de la firma tiene 201 caracteres"},
		{"motivo_con_parentesis_sin_cerrar_y_tildes", doc, "Emisión (versión 1", "Bogotá", firmaEn, "paréntesis sin cerrar"},
		{"motivo_con_barra_invertida_y_tildes", doc, `Emisión \ versión`, "Bogotá", firmaEn, "barra invertida"},
		{"letra_cuyo_UTF16_lleva_un_retorno", doc, "Emisión de Čapek č", "Bogotá", firmaEn, "no se puede escribir"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := f.Firmar(c.doc, c.motivo, c.lugar, c.instante)
			if !errors.Is(err, ErrDocumento) || !strings.Contains(err.Error(), c.dice) {
				t.Fatalf("error %v, se esperaba ErrDocumento que dijera %q", err, c.dice)
			}
		})
	}
}

func TestTextoFirmable_loQueSiSeEscribe(t *testing.T) {
	for _, s := range []string{
		"",
		"Emisión del informe gerencial (versión 2)",
		"Acta de la sesión ordinaria — «abril»; ¿quórum? ¡sí!",
		`Plain ASCII (with \ and unbalanced ( parentheses`, // escaped by the library
		"Ñandú ((anidados) y (otros))",
	} {
		if err := textoFirmable("el motivo", s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// The motivo and the lugar with accents and parentheses reach the PDF and
// pdfsig still reads a valid signature.
func TestFirmar_PAdES_motivoConTildesYParentesis_pdfsigValida(t *testing.T) {
	f := cargarPEM(t, autofirmado(t, "ec"))
	firmado, err := f.Firmar(pdfInforme(t), "Emisión del acta (sesión ordinaria) — versión 1", "Bogotá D.C. (Colombia)", firmaEn)
	if err != nil {
		t.Fatal(err)
	}
	firmaValidaCompleta(t, pdfsig(t, firmado), 1)
}

func TestFirmar_variasGoroutinesConElMismoFirmante(t *testing.T) {
	f := cargarPEM(t, autofirmado(t, "ec"))
	doc := pdfInforme(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.Firmar(doc, "Emisión", "Bogotá", firmaEn); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// pdfPequeno is a one-page PDF made with fpdf, for tests that sign many times.
func pdfPequeno(t testing.TB) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "Letter", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Cell(40, 10, "Acta de prueba")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// razonFirmada reads /Reason back from the signature dictionary of a signed
// PDF, decoding the UTF-16 text pdfsign writes for non-ASCII reasons.
func razonFirmada(t testing.TB, firmado []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(firmado), int64(len(firmado)))
	if err != nil {
		t.Fatalf("el PDF firmado no se puede leer: %v", err)
	}
	campos := r.Trailer().Key("Root").Key("AcroForm").Key("Fields")
	if campos.Len() == 0 {
		t.Fatal("el PDF firmado no tiene campos de firma")
	}
	crudo := campos.Index(campos.Len() - 1).Key("V").Key("Reason").RawString()
	if !strings.HasPrefix(crudo, "\xFE\xFF") {
		return crudo
	}
	u := make([]uint16, 0, len(crudo)/2)
	for i := 2; i+1 < len(crudo); i += 2 {
		u = append(u, uint16(crudo[i])<<8|uint16(crudo[i+1]))
	}
	return string(utf16.Decode(u))
}

// FuzzFirmar_motivoLegibleDeVuelta: every reason that Firmar accepts is
// written so that a PDF reader gets exactly that text back from the
// signature dictionary (the file stays well formed); the ones it refuses
// are refused with ErrDocumento, never a panic.
func FuzzFirmar_motivoLegibleDeVuelta(f *testing.F) {
	for _, s := range []string{"Emisión (versión 1)", "ASCII (sin cerrar", `a\b`, "Čapek", "))((", "Ñandú ((a) b)", "😀 (x)", ""} {
		f.Add(s)
	}
	firmante := cargarPEM(f, autofirmado(f, "ec"))
	doc := pdfPequeno(f)
	f.Fuzz(func(t *testing.T, motivo string) {
		firmado, err := firmante.Firmar(doc, motivo, "Bogotá", firmaEn)
		if err != nil {
			if !errors.Is(err, ErrDocumento) {
				t.Fatalf("error de otra clase: %v", err)
			}
			return
		}
		if got := razonFirmada(t, firmado); got != motivo {
			t.Fatalf("motivo %q se leyó como %q", motivo, got)
		}
	})
}

// BenchmarkFirmar signs the informe gerencial of the worked example
// (≈140 KB) with each kind of key.
func BenchmarkFirmar(b *testing.B) {
	doc := pdfInforme(b)
	for _, tipo := range []string{"ec", "rsa"} {
		b.Run(tipo, func(b *testing.B) {
			f := cargarPEM(b, autofirmado(b, tipo))
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := f.Firmar(doc, "Emisión del informe gerencial", "Bogotá D.C., Colombia", firmaEn); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCargar reads a PEM pair and a PKCS #12 file (its key derivation
// dominates).
func BenchmarkCargar(b *testing.B) {
	p := autofirmado(b, "ec")
	rutaCert, rutaClave := archivosPEM(b, p)
	p12, err := pkcs12.Modern2023.Encode(p.clave, p.cert, nil, "contraseña")
	if err != nil {
		b.Fatal(err)
	}
	rutaP12 := escribir(b, b.TempDir(), "firma.p12", p12, 0o600)
	b.Run("pem", func(b *testing.B) {
		for b.Loop() {
			if _, err := Cargar(rutaCert, rutaClave, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pkcs12", func(b *testing.B) {
		for b.Loop() {
			if _, err := Cargar(rutaP12, "", "contraseña"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Package directorioprueba starts a real OpenLDAP server (slapd) for tests:
// its configuration, TLS certificate and entries are written in a temporary
// folder, and it listens on loopback ports.
package directorioprueba

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/pruebas"

	"github.com/go-ldap/ldap/v3"
)

// Base is the suffix of the test directory.
const Base = "dc=dian,dc=prueba"

// DNs of the test directory.
const (
	Personas      = "ou=personas," + Base
	Grupos        = "ou=grupos," + Base
	GrupoComite   = "cn=comite," + Grupos
	GrupoSecret   = "cn=secretaria," + Grupos
	GrupoSeccion  = "cn=seccionales," + Grupos
	GrupoAdmin    = "cn=administradores," + Grupos
	GrupoMedellin = "cn=seccional medellin," + Grupos
	raizDN        = "cn=admin," + Base
	raizClave     = "raiz-de-prueba"
)

// Persona is a user of the test directory.
type Persona struct {
	UID       string
	Clave     string
	Nombre    string
	Seccional string   // departmentNumber, optional
	Correo    string   // mail, optional
	Grupos    []string // DNs of the groups it belongs to
}

// DN is the person's DN.
func (p Persona) DN() string { return "uid=" + p.UID + "," + Personas }

// Servidor is a running slapd.
type Servidor struct {
	URL      string // ldaps:// (empty without TLS)
	URLPlana string // ldap:// (StartTLS available when the server has TLS)
	TLS      *tls.Config
	CA       []byte // PEM of the test CA that signed the server's certificate
	t        testing.TB
}

// Iniciar starts slapd with TLS and the given people; it stops with the test.
func Iniciar(t testing.TB, personas ...Persona) *Servidor { return iniciar(t, true, personas) }

// IniciarSinTLS starts slapd without any TLS: only plain ldap://.
func IniciarSinTLS(t testing.TB, personas ...Persona) *Servidor { return iniciar(t, false, personas) }

func iniciar(t testing.TB, conTLS bool, personas []Persona) *Servidor {
	t.Helper()
	slapd := pruebas.Herramienta(t, "slapd", "slapd")
	slapadd := pruebas.Herramienta(t, "slapd", "slapadd")
	dir := t.TempDir()
	datos := filepath.Join(dir, "datos")
	if err := os.Mkdir(datos, 0o700); err != nil {
		t.Fatal(err)
	}
	s := &Servidor{t: t}
	var tlsConf string
	if conTLS {
		ca, cert, clave := pruebas.CertificadosTLS(t)
		for n, b := range map[string][]byte{"ca.pem": ca, "cert.pem": cert, "clave.pem": clave} {
			if err := os.WriteFile(filepath.Join(dir, n), b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		raices := x509.NewCertPool()
		raices.AppendCertsFromPEM(ca)
		s.TLS, s.CA = &tls.Config{RootCAs: raices, ServerName: "127.0.0.1"}, ca
		tlsConf = fmt.Sprintf("TLSCACertificateFile %s\nTLSCertificateFile %s\nTLSCertificateKeyFile %s\n",
			filepath.Join(dir, "ca.pem"), filepath.Join(dir, "cert.pem"), filepath.Join(dir, "clave.pem"))
	}
	modulos := "/usr/lib/ldap"
	if p, err := filepath.EvalSymlinks(slapd); err == nil {
		if m := filepath.Join(filepath.Dir(filepath.Dir(p)), "lib", "ldap"); existe(m) {
			modulos = m
		}
	}
	conf := fmt.Sprintf(`include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile %[1]s/slapd.pid
modulepath %[2]s
moduleload back_mdb
%[3]s
database mdb
maxsize 16777216
suffix "%[4]s"
rootdn "%[5]s"
rootpw %[6]s
directory %[7]s
access to attrs=userPassword by self write by anonymous auth by * none
access to * by * read
`, dir, modulos, tlsConf, Base, raizDN, raizClave, datos)
	archivoConf := filepath.Join(dir, "slapd.conf")
	if err := os.WriteFile(archivoConf, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	ldif := filepath.Join(dir, "entradas.ldif")
	if err := os.WriteFile(ldif, []byte(entradas(personas)), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(slapadd, "-f", archivoConf, "-l", ldif).CombinedOutput(); err != nil {
		t.Fatalf("slapadd: %v\n%s", err, out)
	}
	plano := puertoLibre(t)
	urls := "ldap://" + plano + "/"
	s.URLPlana = "ldap://" + plano
	if conTLS {
		seguro := puertoLibre(t)
		urls += " ldaps://" + seguro + "/"
		s.URL = "ldaps://" + seguro
	}
	cmd := exec.Command(slapd, "-f", archivoConf, "-h", urls, "-d", "0")
	var salida strings.Builder
	cmd.Stdout, cmd.Stderr = &salida, &salida
	if err := cmd.Start(); err != nil {
		t.Fatalf("slapd: %v", err)
	}
	termino := make(chan error, 1)
	go func() { termino <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-termino
	})
	// Wait until it answers (or dies).
	for {
		select {
		case err := <-termino:
			termino <- err
			t.Fatalf("slapd terminó al arrancar: %v\n%s", err, salida.String())
		default:
		}
		if c, err := net.Dial("tcp", plano); err == nil {
			c.Close()
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// modificar changes an entry as the directory's root.
func (s *Servidor) modificar(m *ldap.ModifyRequest) {
	s.t.Helper()
	c, err := ldap.DialURL(s.URLPlana)
	if err != nil {
		s.t.Fatal(err)
	}
	defer c.Close()
	if err := c.Bind(raizDN, raizClave); err != nil {
		s.t.Fatal(err)
	}
	if err := c.Modify(m); err != nil {
		s.t.Fatalf("modificar %s: %v", m.DN, err)
	}
}

// QuitarDeGrupo removes a person from a group.
func (s *Servidor) QuitarDeGrupo(p Persona, grupo string) {
	m := ldap.NewModifyRequest(grupo, nil)
	m.Delete("member", []string{p.DN()})
	s.modificar(m)
}

// AgregarAGrupo adds a person to a group.
func (s *Servidor) AgregarAGrupo(p Persona, grupo string) {
	m := ldap.NewModifyRequest(grupo, nil)
	m.Add("member", []string{p.DN()})
	s.modificar(m)
}

func entradas(personas []Persona) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dn: %s\nobjectClass: dcObject\nobjectClass: organization\no: DIAN prueba\ndc: dian\n\n", Base)
	fmt.Fprintf(&b, "dn: %s\nobjectClass: organizationalUnit\nou: personas\n\n", Personas)
	fmt.Fprintf(&b, "dn: %s\nobjectClass: organizationalUnit\nou: grupos\n\n", Grupos)
	for _, p := range personas {
		fmt.Fprintf(&b, "dn: %s\nobjectClass: inetOrgPerson\nuid: %s\ncn: %s\nsn: %s\nuserPassword: %s\n", p.DN(), p.UID, p.Nombre, p.UID, p.Clave)
		if p.Seccional != "" {
			fmt.Fprintf(&b, "departmentNumber: %s\n", p.Seccional)
		}
		if p.Correo != "" {
			fmt.Fprintf(&b, "mail: %s\n", p.Correo)
		}
		b.WriteString("\n")
	}
	for _, g := range []string{GrupoComite, GrupoSecret, GrupoSeccion, GrupoAdmin, GrupoMedellin} {
		cn := strings.TrimPrefix(strings.SplitN(g, ",", 2)[0], "cn=")
		// groupOfNames needs a member: the root stands in.
		fmt.Fprintf(&b, "dn: %s\nobjectClass: groupOfNames\ncn: %s\nmember: %s\n", g, cn, raizDN)
		for _, p := range personas {
			for _, pg := range p.Grupos {
				if pg == g {
					fmt.Fprintf(&b, "member: %s\n", p.DN())
				}
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func puertoLibre(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func existe(p string) bool { _, err := os.Stat(p); return err == nil }

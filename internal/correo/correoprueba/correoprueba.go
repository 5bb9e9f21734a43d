// Package correoprueba is a real SMTP server for the tests
// (github.com/emersion/go-smtp) on a loopback port, with STARTTLS from a
// test certificate made at each run and PLAIN authentication; it keeps
// every message it accepts, and can be stopped and started again on the
// same port (a mail server that is down, then back).
package correoprueba

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"comite/internal/pruebas"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// The account the server accepts.
const (
	Usuario = "comite@entidad.gov.co"
	Clave   = "clave-de-prueba-smtp"
)

// Recibido is a message the server accepted.
type Recibido struct {
	De   string
	Para []string
	Data string
}

// Servidor is the running server.
type Servidor struct {
	t     testing.TB
	dir   string // host:port, kept across a stop and a start
	tls   *tls.Config
	CA    []byte         // PEM of the authority that signed its certificate
	Raiz  *x509.CertPool // that authority, for the client
	mu    sync.Mutex
	msgs  []Recibido
	srv   *smtp.Server
	hecho chan struct{}
}

// Iniciar starts the server (with STARTTLS unless sinTLS) on a free
// loopback port; it stops with the test.
func Iniciar(t testing.TB, sinTLS bool) *Servidor {
	t.Helper()
	ca, cert, clave := pruebas.CertificadosTLS(t)
	par, err := tls.X509KeyPair(cert, clave)
	if err != nil {
		t.Fatal(err)
	}
	s := &Servidor{t: t, dir: "127.0.0.1:0", CA: ca, Raiz: x509.NewCertPool()}
	s.Raiz.AppendCertsFromPEM(ca)
	if !sinTLS {
		s.tls = &tls.Config{Certificates: []tls.Certificate{par}, MinVersion: tls.VersionTLS12}
	}
	s.Arrancar()
	t.Cleanup(s.Detener)
	return s
}

// Arrancar listens (again, on the same port after Detener).
func (s *Servidor) Arrancar() {
	s.t.Helper()
	l, err := net.Listen("tcp", s.dir)
	if err != nil {
		s.t.Fatal(err)
	}
	s.dir = l.Addr().String()
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &sesion{s: s}, nil }))
	srv.Domain = "127.0.0.1"
	srv.TLSConfig = s.tls
	srv.AllowInsecureAuth = s.tls == nil
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv, s.hecho = srv, make(chan struct{})
	go func() { _ = srv.Serve(l); close(s.hecho) }()
}

// Detener closes the listener and every connection: the server is down.
func (s *Servidor) Detener() {
	if s.srv == nil {
		return
	}
	_ = s.srv.Close()
	<-s.hecho
	s.srv = nil
}

// URL is the smtp:// address of the server.
func (s *Servidor) URL() string { return "smtp://" + s.dir }

// Recibidos are the messages accepted so far.
func (s *Servidor) Recibidos() []Recibido {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Recibido(nil), s.msgs...)
}

type sesion struct {
	s          *Servidor
	autenticas bool
	m          Recibido
}

func (x *sesion) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *sesion) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identidad, usuario, clave string) error {
		if usuario != Usuario || clave != Clave {
			return errors.New("credenciales inválidas")
		}
		x.autenticas = true
		return nil
	}), nil
}

func (x *sesion) Mail(de string, _ *smtp.MailOptions) error {
	if !x.autenticas {
		return smtp.ErrAuthRequired
	}
	x.m = Recibido{De: de}
	return nil
}

func (x *sesion) Rcpt(para string, _ *smtp.RcptOptions) error {
	x.m.Para = append(x.m.Para, para)
	return nil
}

func (x *sesion) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.m.Data = string(b)
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, x.m)
	x.s.mu.Unlock()
	return nil
}

func (x *sesion) Reset()        { x.m = Recibido{} }
func (x *sesion) Logout() error { return nil }

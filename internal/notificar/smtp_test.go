package notificar

// A real SMTP server for the tests (github.com/emersion/go-smtp), on a
// loopback port, with STARTTLS from a certificate made here and PLAIN
// authentication; it keeps every message it accepts.

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

const (
	usuarioSMTP = "comite@entidad.gov.co"
	claveSMTP   = "clave-de-prueba-smtp"
)

// recibido is a message the server accepted.
type recibido struct {
	De   string
	Para []string
	Data string
}

type servidorSMTP struct {
	t     *testing.T
	dir   string // host:port, kept across a stop and a start
	tls   *tls.Config
	raiz  *x509.CertPool
	mu    sync.Mutex
	msgs  []recibido
	srv   *smtp.Server
	hecho chan struct{}
}

// certificadoPrueba is the server's certificate for 127.0.0.1 and the
// pool that trusts it, made at each run.
func certificadoPrueba(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	ca, cert, clave := pruebas.CertificadosTLS(t)
	par, err := tls.X509KeyPair(cert, clave)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca)
	return par, pool
}

// nuevoServidorSMTP starts the server (with STARTTLS unless sinTLS) on a
// free loopback port; it stops with the test.
func nuevoServidorSMTP(t *testing.T, sinTLS bool) *servidorSMTP {
	t.Helper()
	cert, pool := certificadoPrueba(t)
	s := &servidorSMTP{t: t, raiz: pool, dir: "127.0.0.1:0"}
	if !sinTLS {
		s.tls = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	s.Arrancar()
	t.Cleanup(s.Detener)
	return s
}

// Arrancar listens (again, on the same port after Detener).
func (s *servidorSMTP) Arrancar() {
	s.t.Helper()
	l, err := net.Listen("tcp", s.dir)
	if err != nil {
		s.t.Fatal(err)
	}
	s.dir = l.Addr().String()
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &sesionSMTP{s: s}, nil }))
	srv.Domain = "127.0.0.1"
	srv.TLSConfig = s.tls
	srv.AllowInsecureAuth = s.tls == nil
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv, s.hecho = srv, make(chan struct{})
	go func() { _ = srv.Serve(l); close(s.hecho) }()
}

// Detener closes the listener and every connection: the server is down.
func (s *servidorSMTP) Detener() {
	if s.srv == nil {
		return
	}
	_ = s.srv.Close()
	<-s.hecho
	s.srv = nil
}

// URL is the smtp:// address of the server.
func (s *servidorSMTP) URL() string { return "smtp://" + s.dir }

// Recibidos are the messages accepted so far.
func (s *servidorSMTP) Recibidos() []recibido {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]recibido(nil), s.msgs...)
}

type sesionSMTP struct {
	s          *servidorSMTP
	autenticas bool
	m          recibido
}

func (x *sesionSMTP) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *sesionSMTP) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identidad, usuario, clave string) error {
		if usuario != usuarioSMTP || clave != claveSMTP {
			return errors.New("credenciales inválidas")
		}
		x.autenticas = true
		return nil
	}), nil
}

func (x *sesionSMTP) Mail(de string, _ *smtp.MailOptions) error {
	if !x.autenticas {
		return smtp.ErrAuthRequired
	}
	x.m = recibido{De: de}
	return nil
}

func (x *sesionSMTP) Rcpt(para string, _ *smtp.RcptOptions) error {
	x.m.Para = append(x.m.Para, para)
	return nil
}

func (x *sesionSMTP) Data(r io.Reader) error {
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

func (x *sesionSMTP) Reset()        { x.m = recibido{} }
func (x *sesionSMTP) Logout() error { return nil }

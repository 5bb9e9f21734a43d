// Package envio hands a message to the entity's mail server over SMTP
// (net/smtp): STARTTLS is required (plain SMTP only with the insecure
// flag, for a closed network), with PLAIN authentication when a user is
// configured. It neither words nor queues messages.
package envio

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Config is how to reach the mail server.
type Config struct {
	URL       string // smtp://host:puerto
	Remitente string // the From address
	Usuario   string // "" no authentication
	Clave     string
	// Inseguro allows a server that does not offer STARTTLS (the message
	// and the password travel in clear).
	Inseguro bool
	// TLS verifies the server's certificate (nil: the system's roots and
	// the URL's host name).
	TLS *tls.Config
	// Espera bounds one delivery (0: 30 seconds).
	Espera time.Duration
}

// Validar checks the configuration before «comite serve» starts.
func (c Config) Validar() error {
	u, err := url.Parse(c.URL)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" || u.Port() == "" || (u.Path != "" && u.Path != "/") {
		return fmt.Errorf("--smtp-url debe ser smtp://servidor:puerto (por ejemplo smtp://smtp.office365.com:587), no %q", c.URL)
	}
	if u.User != nil {
		return errors.New("--smtp-url no lleva usuario ni clave: el usuario va en --smtp-usuario y la clave en un archivo o una variable de entorno")
	}
	if strings.TrimSpace(c.Remitente) == "" || !strings.Contains(c.Remitente, "@") {
		return errors.New("falta --smtp-remitente: la dirección desde la que salen los avisos (por ejemplo comite@entidad.gov.co)")
	}
	if c.Usuario != "" && c.Clave == "" {
		return errors.New("con --smtp-usuario, ponga la clave en --smtp-clave-archivo o en la variable COMITE_SMTP_CLAVE")
	}
	return nil
}

// Anfitrion is the server's host:port.
func (c Config) Anfitrion() string {
	u, _ := url.Parse(c.URL)
	return u.Host
}

// Enviar delivers one message to one recipient. An error says what
// failed, for the queue's last error.
func Enviar(ctx context.Context, c Config, para string, mensaje []byte) error {
	espera := c.Espera
	if espera == 0 {
		espera = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, espera)
	defer cancel()
	u, err := url.Parse(c.URL)
	if err != nil {
		return err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return fmt.Errorf("conectar con %s: %w", u.Host, err)
	}
	if t, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(t)
	}
	// A stop in the middle (the server shutting down) closes the connection.
	defer context.AfterFunc(ctx, func() { conn.Close() })()
	cl, err := smtp.NewClient(conn, u.Hostname())
	if err != nil {
		conn.Close()
		return fmt.Errorf("saludo de %s: %w", u.Host, err)
	}
	defer cl.Close()
	if err := cl.Hello("comite"); err != nil {
		return fmt.Errorf("EHLO: %w", err)
	}
	if ok, _ := cl.Extension("STARTTLS"); ok {
		cfg := &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
		if c.TLS != nil {
			cfg = c.TLS.Clone()
			if cfg.ServerName == "" {
				cfg.ServerName = u.Hostname()
			}
		}
		if err := cl.StartTLS(cfg); err != nil {
			return fmt.Errorf("STARTTLS: %w", err)
		}
	} else if !c.Inseguro {
		return fmt.Errorf("%s no ofrece STARTTLS: sin --smtp-inseguro no se envía en claro", u.Host)
	}
	if c.Usuario != "" {
		// net/smtp refuses PLAIN over a connection without TLS unless the
		// server is this machine; with --smtp-inseguro that refusal stands.
		if err := cl.Auth(smtp.PlainAuth("", c.Usuario, c.Clave, u.Hostname())); err != nil {
			return fmt.Errorf("autenticación: %w", err)
		}
	}
	if err := cl.Mail(c.Remitente); err != nil {
		return fmt.Errorf("MAIL FROM: %w", err)
	}
	if err := cl.Rcpt(para); err != nil {
		return fmt.Errorf("RCPT TO %s: %w", para, err)
	}
	w, err := cl.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(mensaje); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	return cl.Quit()
}

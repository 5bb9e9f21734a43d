package main

import (
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"comite/internal/correo"
	"comite/internal/correo/envio"
	"comite/internal/web"
)

// Settings of the e-mail notices, in the configuration file and as options
// of «comite serve».
const (
	ajusteSMTPURL          = "smtp-url"
	ajusteSMTPRemitente    = "smtp-remitente"
	ajusteSMTPUsuario      = "smtp-usuario"
	ajusteSMTPClaveArchivo = "smtp-clave-archivo"
	ajusteSMTPInseguro     = "smtp-inseguro"
	ajusteSMTPCA           = "smtp-ca"
	ajusteSMTPDiasAviso    = "smtp-dias-aviso"
	// variableSMTPClave holds the mail server's password when no file is
	// given: never an option (it would show in the process list) nor the
	// configuration file.
	variableSMTPClave = "COMITE_SMTP_CLAVE"
)

// opcionesCorreo are the --smtp-* options of «comite serve»; each one
// empty falls back to its line in the configuration file.
type opcionesCorreo struct {
	valores  map[string]*string
	inseguro bool
}

func registrarOpcionesCorreo(fs *flag.FlagSet, o *opcionesCorreo) {
	o.valores = registrarGrupo(fs, "smtp-", ajusteSMTPInseguro)
	fs.BoolVar(&o.inseguro, ajusteSMTPInseguro, false, "permitir SMTP sin TLS cuando el servidor de correo no ofrece STARTTLS (solo en una red cerrada; los avisos viajan en claro)")
}

// correoConfigurado is the mail configuration of «comite serve».
type correoConfigurado struct {
	Envio     envio.Config
	DiasAviso int
}

// configCorreo builds the mail configuration of the database at rutaDB
// from the options and the configuration file; nil when no mail server is
// configured (no notices, the default).
func configCorreo(rutaDB string, o opcionesCorreo) (*correoConfigurado, error) {
	v, err := valoresDeGrupo(rutaDB, "smtp-", o.valores)
	if err != nil {
		return nil, err
	}
	if v[ajusteSMTPURL] == "" {
		return nil, nil
	}
	c := correoConfigurado{Envio: envio.Config{URL: v[ajusteSMTPURL], Remitente: strings.TrimSpace(v[ajusteSMTPRemitente]),
		Usuario: strings.TrimSpace(v[ajusteSMTPUsuario]), Inseguro: o.inseguro}, DiasAviso: correo.DiasAvisoPredeterminado}
	switch v[ajusteSMTPInseguro] {
	case "", "no":
	case "si", "sí":
		c.Envio.Inseguro = true
	default:
		return nil, fmt.Errorf("%s debe ser «si» o «no», no %q", ajusteSMTPInseguro, v[ajusteSMTPInseguro])
	}
	if s := v[ajusteSMTPDiasAviso]; s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 30 {
			return nil, fmt.Errorf("--%s debe ser un número de días hábiles entre 1 y 30, no %q", ajusteSMTPDiasAviso, s)
		}
		c.DiasAviso = n
	}
	if c.Envio.Usuario != "" {
		if f := v[ajusteSMTPClaveArchivo]; f != "" {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("--%s: %w", ajusteSMTPClaveArchivo, err)
			}
			c.Envio.Clave = strings.TrimRight(string(b), "\r\n")
		} else {
			c.Envio.Clave = os.Getenv(variableSMTPClave)
		}
	}
	if ca := v[ajusteSMTPCA]; ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", ajusteSMTPCA, err)
		}
		raices := x509.NewCertPool()
		if !raices.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--%s %s: no hay ningún certificado PEM", ajusteSMTPCA, ca)
		}
		c.Envio.TLS = &tls.Config{RootCAs: raices, MinVersion: tls.VersionTLS12}
	}
	if err := c.Envio.Validar(); err != nil {
		return nil, err
	}
	return &c, nil
}

// correoWeb is what the administrator's page shows of the configuration
// (never the password); nil when notices are off.
func correoWeb(c *correoConfigurado) *web.ConfigCorreo {
	if c == nil {
		return nil
	}
	return &web.ConfigCorreo{Servidor: c.Envio.URL, Remitente: c.Envio.Remitente, Usuario: c.Envio.Usuario, Inseguro: c.Envio.Inseguro, DiasAviso: c.DiasAviso}
}

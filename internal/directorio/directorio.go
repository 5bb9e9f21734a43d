// Package directorio checks a login against the entity's LDAP directory
// (Active Directory or OpenLDAP): it binds as the user over TLS, reads the
// user's groups and Seccional attribute, and maps them to a role and a
// Seccional code through the mapping the administrator configured. It knows
// nothing of HTTP or of the store.
package directorio

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"net/url"
	"os"
	"strings"
	"time"

	"comite/internal/permisos"

	"github.com/go-ldap/ldap/v3"
)

// Config is how to reach and read the directory.
type Config struct {
	// URL is ldaps://host[:636] or ldap://host[:389]; with ldap:// the
	// connection is upgraded with StartTLS unless Inseguro.
	URL string
	// Base is the search base of the users (and of the groups when BaseGrupos is empty).
	Base string
	// Filtro finds the user; %s is the escaped login name.
	// Default: (&(objectClass=person)(|(uid=%s)(sAMAccountName=%s))).
	Filtro string
	// PlantillaDN, when set, is the user's DN with %s for the escaped name:
	// the user binds directly and reads its own entry (no service account).
	PlantillaDN string
	// ServicioDN and ServicioClave, when set, are the account that searches
	// for the user's DN; otherwise the search is anonymous.
	ServicioDN    string
	ServicioClave string
	// AtributoGrupos is the attribute of the user listing its groups
	// (memberOf in Active Directory). When empty the groups are searched
	// with FiltroGrupos under BaseGrupos.
	AtributoGrupos string
	BaseGrupos     string
	// FiltroGrupos finds the groups of the user; %s is the escaped DN of
	// the user. Default: (|(member=%s)(uniqueMember=%s)).
	FiltroGrupos string
	// AtributoSeccional is the user attribute that holds the Seccional
	// code (for example departmentNumber); optional.
	AtributoSeccional string
	// Correspondencia maps groups to roles and Seccionales.
	Correspondencia Correspondencia
	// Inseguro allows plain LDAP without TLS. Only for a closed network.
	Inseguro bool
	// TLS is the client TLS configuration (the system roots when nil).
	TLS *tls.Config
	// Espera bounds each network operation; 10 s when zero.
	Espera time.Duration
}

// Configurado tells whether a directory is configured at all.
func (c Config) Configurado() bool { return c.URL != "" }

// ReglaRol gives a role to the members of a group. The first rule of the
// mapping whose group the user is in decides the role.
type ReglaRol struct {
	Grupo string // DN of the group
	Rol   permisos.Rol
}

// ReglaSeccional gives a Seccional code to the members of a group.
type ReglaSeccional struct {
	Grupo     string
	Seccional string
}

// Correspondencia is the mapping from directory groups to the application's
// roles and Seccionales.
type Correspondencia struct {
	Roles       []ReglaRol
	Seccionales []ReglaSeccional
}

// LeerCorrespondencia reads a mapping: one rule a line, the DN of the group
// then, after spaces, the role (or seccional=CÓDIGO); # starts a comment.
//
//	CN=Comite Fiscalizacion,OU=Grupos,DC=dian,DC=gov,DC=co   comite
//	CN=Seccionales,OU=Grupos,DC=dian,DC=gov,DC=co            seccional
//	CN=Seccional Medellin,OU=Grupos,DC=dian,DC=gov,DC=co     seccional=MEDELLIN
func LeerCorrespondencia(r io.Reader) (Correspondencia, error) {
	var c Correspondencia
	s := bufio.NewScanner(r)
	n := 0
	for s.Scan() {
		n++
		linea := strings.TrimSpace(s.Text())
		if linea == "" || strings.HasPrefix(linea, "#") {
			continue
		}
		i := strings.LastIndexAny(linea, " \t")
		if i < 0 {
			return c, fmt.Errorf("línea %d: escriba el DN del grupo y, después de un espacio, el rol (falta uno de los dos en %q)", n, linea)
		}
		dn, clave := strings.TrimSpace(linea[:i]), linea[i+1:]
		if _, err := ldap.ParseDN(dn); err != nil {
			return c, fmt.Errorf("línea %d: el DN del grupo %q no es válido: %v", n, dn, err)
		}
		if cod, ok := strings.CutPrefix(clave, "seccional="); ok {
			if cod == "" {
				return c, fmt.Errorf("línea %d: falta el código de la Seccional en %q", n, clave)
			}
			c.Seccionales = append(c.Seccionales, ReglaSeccional{Grupo: dn, Seccional: cod})
			continue
		}
		rol, err := permisos.ParseRol(clave)
		if err != nil {
			return c, fmt.Errorf("línea %d: el rol %q no existe (roles: secretaria, comite, seccional, auditor, admin)", n, clave)
		}
		c.Roles = append(c.Roles, ReglaRol{Grupo: dn, Rol: rol})
	}
	if err := s.Err(); err != nil {
		return c, err
	}
	if len(c.Roles) == 0 {
		return c, errors.New("la correspondencia no da ningún rol: nadie podría ingresar por el directorio")
	}
	return c, nil
}

// LeerArchivoCorrespondencia reads a mapping from a file.
func LeerArchivoCorrespondencia(ruta string) (Correspondencia, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return Correspondencia{}, fmt.Errorf("correspondencia de grupos: %w", err)
	}
	defer f.Close()
	c, err := LeerCorrespondencia(f)
	if err != nil {
		return c, fmt.Errorf("correspondencia de grupos %s: %w", ruta, err)
	}
	return c, nil
}

// Validar checks a configuration before the server starts.
func (c Config) Validar() error {
	u, err := url.Parse(c.URL)
	if err != nil || u.Host == "" {
		return fmt.Errorf("--ldap-url %q no es una dirección ldaps:// ni ldap://", c.URL)
	}
	switch u.Scheme {
	case "ldaps", "ldap":
	default:
		return fmt.Errorf("--ldap-url %q: el esquema debe ser ldaps:// o ldap:// (con StartTLS)", c.URL)
	}
	if c.Base == "" && c.PlantillaDN == "" {
		return errors.New("falta --ldap-base: la base donde buscar a los usuarios")
	}
	if len(c.Correspondencia.Roles) == 0 {
		return errors.New("falta --ldap-grupos: la correspondencia de grupos y roles")
	}
	return nil
}

// Motivos of a refused login (Resultado.Motivo).
const (
	MotivoDesconocido  = "usuario_desconocido"
	MotivoClave        = "clave_incorrecta"
	MotivoSinGrupo     = "sin_grupo"
	MotivoSinSeccional = "sin_seccional"
)

// Resultado is the directory's answer for one login.
type Resultado struct {
	Motivo    string // "" when the user may log in
	DN        string
	Nombre    string // display name (cn or displayName)
	Correo    string // the mail attribute, when it is one plain address ("" otherwise)
	Rol       permisos.Rol
	Seccional string
	Grupos    []string // DNs of the user's groups that appear in the mapping
}

// Aceptado tells whether the user may log in.
func (r Resultado) Aceptado() bool { return r.Motivo == "" }

// ErrSinTLS is returned when the server cannot speak TLS and the
// configuration does not allow plain LDAP.
var ErrSinTLS = errors.New("el directorio no ofrece TLS (ni ldaps ni StartTLS) y no se permitió LDAP sin cifrar")

// Autenticar binds as the user with its password and reads its groups. An
// error means the directory could not be asked (unreachable, TLS refused,
// misconfigured); a refusal of the user is a Resultado with a Motivo.
func Autenticar(ctx context.Context, cfg Config, usuario, clave string) (Resultado, error) {
	// An empty password is an "unauthenticated bind" that many servers
	// accept: it must never count as a login.
	if clave == "" || usuario == "" {
		return Resultado{Motivo: MotivoClave}, nil
	}
	con, err := conectar(ctx, cfg)
	if err != nil {
		return Resultado{}, err
	}
	defer con.Close()

	nombre := ldap.EscapeFilter(usuario)
	var dn string
	if cfg.PlantillaDN != "" {
		dn = strings.ReplaceAll(cfg.PlantillaDN, "%s", ldap.EscapeDN(usuario))
	} else {
		if cfg.ServicioDN != "" {
			if err := con.Bind(cfg.ServicioDN, cfg.ServicioClave); err != nil {
				return Resultado{}, fmt.Errorf("la cuenta de servicio del directorio no pudo autenticarse: %w", err)
			}
		}
		res, err := con.Search(ldap.NewSearchRequest(cfg.Base, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 2, 0, false,
			strings.ReplaceAll(filtro(cfg), "%s", nombre), []string{"dn"}, nil))
		if err != nil {
			return Resultado{}, fmt.Errorf("buscar al usuario en el directorio: %w", err)
		}
		if len(res.Entries) != 1 {
			// None, or an ambiguous name: refused either way.
			return Resultado{Motivo: MotivoDesconocido}, nil
		}
		dn = res.Entries[0].DN
	}
	if err := con.Bind(dn, clave); err != nil {
		if ldap.IsErrorWithCode(err, ldap.LDAPResultInvalidCredentials) {
			return Resultado{Motivo: MotivoClave, DN: dn}, nil
		}
		return Resultado{}, fmt.Errorf("autenticar en el directorio: %w", err)
	}

	// Bound as the user: read its own entry.
	if _, err := ldap.ParseDN(dn); err != nil || dn == "" {
		// The template gave a bind name that is not a DN (a UPN such as
		// ana@dian.gov.co in Active Directory): find the entry with the filter.
		res, err := con.Search(ldap.NewSearchRequest(cfg.Base, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 2, 0, false,
			strings.ReplaceAll(filtro(cfg), "%s", nombre), []string{"dn"}, nil))
		if err != nil || len(res.Entries) != 1 {
			return Resultado{Motivo: MotivoDesconocido}, nil
		}
		dn = res.Entries[0].DN
	}
	atributos := []string{"cn", "displayName", "mail"}
	if cfg.AtributoGrupos != "" {
		atributos = append(atributos, cfg.AtributoGrupos)
	}
	if cfg.AtributoSeccional != "" {
		atributos = append(atributos, cfg.AtributoSeccional)
	}
	res, err := con.Search(ldap.NewSearchRequest(dn, ldap.ScopeBaseObject, ldap.NeverDerefAliases, 1, 0, false,
		"(objectClass=*)", atributos, nil))
	if err != nil || len(res.Entries) != 1 {
		return Resultado{}, fmt.Errorf("leer la entrada %s del directorio: %v", dn, err)
	}
	e := res.Entries[0]
	r := Resultado{DN: dn, Nombre: e.GetAttributeValue("displayName")}
	if r.Nombre == "" {
		r.Nombre = e.GetAttributeValue("cn")
	}
	if m := strings.TrimSpace(e.GetAttributeValue("mail")); m != "" {
		if a, err := mail.ParseAddress(m); err == nil && a.Name == "" && a.Address == m {
			r.Correo = m
		}
	}
	var grupos []string
	if cfg.AtributoGrupos != "" {
		grupos = e.GetAttributeValues(cfg.AtributoGrupos)
	} else {
		base := cfg.BaseGrupos
		if base == "" {
			base = cfg.Base
		}
		fg := cfg.FiltroGrupos
		if fg == "" {
			fg = "(|(member=%s)(uniqueMember=%s))"
		}
		gr, err := con.Search(ldap.NewSearchRequest(base, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false,
			strings.ReplaceAll(fg, "%s", ldap.EscapeFilter(dn)), []string{"dn"}, nil))
		if err != nil {
			return Resultado{}, fmt.Errorf("buscar los grupos de %s: %w", dn, err)
		}
		for _, g := range gr.Entries {
			grupos = append(grupos, g.DN)
		}
	}
	seccional := ""
	if cfg.AtributoSeccional != "" {
		seccional = strings.TrimSpace(e.GetAttributeValue(cfg.AtributoSeccional))
	}
	return cfg.Correspondencia.Aplicar(r, grupos, seccional), nil
}

// Aplicar decides the role and Seccional of a user from its groups and its
// Seccional attribute: the first role rule whose group the user is in wins;
// a Seccional group rule wins over the attribute.
func (c Correspondencia) Aplicar(r Resultado, grupos []string, seccional string) Resultado {
	esta := func(g string) bool {
		for _, x := range grupos {
			if mismoDN(x, g) {
				return true
			}
		}
		return false
	}
	for _, regla := range c.Roles {
		if esta(regla.Grupo) {
			r.Grupos = append(r.Grupos, regla.Grupo)
			if r.Rol == "" {
				r.Rol = regla.Rol
			}
		}
	}
	for _, regla := range c.Seccionales {
		if esta(regla.Grupo) {
			r.Grupos = append(r.Grupos, regla.Grupo)
			seccional = regla.Seccional
			break
		}
	}
	switch {
	case r.Rol == "":
		r.Motivo = MotivoSinGrupo
	case r.Rol == permisos.RolSeccional && seccional == "":
		r.Motivo = MotivoSinSeccional
	case r.Rol == permisos.RolSeccional:
		r.Seccional = seccional
	}
	return r
}

// mismoDN compares two DNs as the directory does (case and spacing aside).
func mismoDN(a, b string) bool {
	da, err1 := ldap.ParseDN(a)
	db, err2 := ldap.ParseDN(b)
	if err1 != nil || err2 != nil {
		return strings.EqualFold(a, b)
	}
	return da.EqualFold(db)
}

func filtro(cfg Config) string {
	if cfg.Filtro != "" {
		return cfg.Filtro
	}
	return "(&(objectClass=person)(|(uid=%s)(sAMAccountName=%s)))"
}

// conectar opens the connection: ldaps, or ldap upgraded with StartTLS;
// plain only when Inseguro.
func conectar(ctx context.Context, cfg Config) (*ldap.Conn, error) {
	espera := cfg.Espera
	if espera == 0 {
		espera = 10 * time.Second
	}
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("--ldap-url %q: %w", cfg.URL, err)
	}
	tlsCfg := cfg.TLS
	if tlsCfg == nil {
		tlsCfg = &tls.Config{}
	}
	tlsCfg = tlsCfg.Clone()
	if tlsCfg.ServerName == "" {
		tlsCfg.ServerName = u.Hostname()
	}
	if tlsCfg.MinVersion == 0 {
		tlsCfg.MinVersion = tls.VersionTLS12
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) < espera {
		espera = time.Until(d)
	}
	opts := []ldap.DialOpt{ldap.DialWithDialer(&net.Dialer{Timeout: espera})}
	if u.Scheme == "ldaps" {
		opts = append(opts, ldap.DialWithTLSConfig(tlsCfg))
	}
	con, err := ldap.DialURL(cfg.URL, opts...)
	if err != nil {
		return nil, fmt.Errorf("conectar con el directorio %s: %w", cfg.URL, err)
	}
	con.SetTimeout(espera)
	if u.Scheme == "ldap" {
		if err := con.StartTLS(tlsCfg); err != nil {
			if !cfg.Inseguro {
				con.Close()
				return nil, fmt.Errorf("%w: %v", ErrSinTLS, err)
			}
			// StartTLS failed and the connection may be unusable: plain again.
			con.Close()
			if con, err = ldap.DialURL(cfg.URL, opts...); err != nil {
				return nil, fmt.Errorf("conectar con el directorio %s: %w", cfg.URL, err)
			}
			con.SetTimeout(espera)
		}
	}
	return con, nil
}

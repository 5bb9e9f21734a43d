package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"os"

	"comite/internal/db"
	"comite/internal/directorio"
)

// Settings of the directory login, in the configuration file and as options
// of «comite serve».
const (
	ajusteLDAPURL               = "ldap-url"
	ajusteLDAPBase              = "ldap-base"
	ajusteLDAPFiltro            = "ldap-filtro"
	ajusteLDAPGrupos            = "ldap-grupos"
	ajusteLDAPInseguro          = "ldap-inseguro"
	ajusteLDAPCA                = "ldap-ca"
	ajusteLDAPServicioDN        = "ldap-servicio-dn"
	ajusteLDAPPlantillaDN       = "ldap-plantilla-dn"
	ajusteLDAPAtributoGrupos    = "ldap-atributo-grupos"
	ajusteLDAPBaseGrupos        = "ldap-base-grupos"
	ajusteLDAPFiltroGrupos      = "ldap-filtro-grupos"
	ajusteLDAPAtributoSeccional = "ldap-atributo-seccional"
	// variableLDAPClaveServicio holds the service account's password: never
	// an option (it would show in the process list) nor the file.
	variableLDAPClaveServicio = "COMITE_LDAP_CLAVE_SERVICIO"
)

// opcionesDirectorio are the --ldap-* options of «comite serve»; each one
// empty falls back to its line in the configuration file.
type opcionesDirectorio struct {
	valores  map[string]*string
	inseguro bool
}

func registrarOpcionesDirectorio(fs *flag.FlagSet, o *opcionesDirectorio) {
	o.valores = registrarGrupo(fs, "ldap-", ajusteLDAPInseguro)
	fs.BoolVar(&o.inseguro, ajusteLDAPInseguro, false, "permitir LDAP sin TLS cuando el directorio no ofrece StartTLS (solo en una red cerrada; las claves viajan en claro)")
}

// configDirectorio builds the directory configuration of the database at
// rutaDB from the options and the configuration file; nil when no
// directory is configured (local accounts only, the default).
func configDirectorio(rutaDB string, o opcionesDirectorio) (*directorio.Config, error) {
	v, err := valoresDeGrupo(rutaDB, "ldap-", o.valores)
	if err != nil {
		return nil, err
	}
	if v[ajusteLDAPURL] == "" {
		return nil, nil
	}
	cfg := directorio.Config{URL: v[ajusteLDAPURL], Base: v[ajusteLDAPBase], Filtro: v[ajusteLDAPFiltro],
		PlantillaDN: v[ajusteLDAPPlantillaDN], ServicioDN: v[ajusteLDAPServicioDN], AtributoGrupos: v[ajusteLDAPAtributoGrupos],
		BaseGrupos: v[ajusteLDAPBaseGrupos], FiltroGrupos: v[ajusteLDAPFiltroGrupos], AtributoSeccional: v[ajusteLDAPAtributoSeccional], Inseguro: o.inseguro}
	switch v[ajusteLDAPInseguro] {
	case "", "no":
	case "si", "sí":
		cfg.Inseguro = true
	default:
		return nil, fmt.Errorf("%s debe ser «si» o «no», no %q", ajusteLDAPInseguro, v[ajusteLDAPInseguro])
	}
	if cfg.ServicioDN != "" {
		cfg.ServicioClave = os.Getenv(variableLDAPClaveServicio)
		if cfg.ServicioClave == "" {
			return nil, fmt.Errorf("con %s, ponga la clave de la cuenta de servicio en la variable %s", ajusteLDAPServicioDN, variableLDAPClaveServicio)
		}
	}
	if v[ajusteLDAPGrupos] == "" {
		return nil, fmt.Errorf("falta --%s: el archivo de correspondencia de grupos del directorio a roles", ajusteLDAPGrupos)
	}
	c, err := directorio.LeerArchivoCorrespondencia(v[ajusteLDAPGrupos])
	if err != nil {
		return nil, err
	}
	cfg.Correspondencia = c
	if ca := v[ajusteLDAPCA]; ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", ajusteLDAPCA, err)
		}
		raices := x509.NewCertPool()
		if !raices.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--%s %s: no hay ningún certificado PEM", ajusteLDAPCA, ca)
		}
		cfg.TLS = &tls.Config{RootCAs: raices}
	}
	if err := cfg.Validar(); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// autenticadorDirectorio is how the store asks the directory.
func autenticadorDirectorio(cfg directorio.Config) db.AutenticarDirectorio {
	return func(ctx context.Context, usuario, clave string) (db.RespuestaDirectorio, error) {
		r, err := directorio.Autenticar(ctx, cfg, usuario, clave)
		return db.RespuestaDirectorio{Motivo: r.Motivo, Nombre: r.Nombre, Correo: r.Correo, Rol: r.Rol, Seccional: r.Seccional}, err
	}
}

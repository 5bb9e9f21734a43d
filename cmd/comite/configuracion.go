package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"comite/internal/db"
)

// The operator's settings come from one place every command reads the same
// way. For each one: the command-line option, if given; else its environment
// variable; else its line in the configuration file beside the database
// (ARCHIVO.conf, written by «comite iniciar»); else the default. To add a
// setting, add it to ajustes and read it with valorAjuste where the option is
// parsed: the file, the variable and the precedence come with it.

// ajuste is one operator setting.
type ajuste struct {
	nombre   string // in the configuration file, and the long option
	variable string // environment variable ("" none)
	uso      string // what it is, for «comite iniciar -h» and the manual
	esRuta   bool   // a file path: a relative one is relative to the configuration file
}

var ajustes = []ajuste{
	{db.AjusteClaveAuditoria, db.VariableArchivoClave, "archivo de claves de la cadena de auditoría (por defecto ARCHIVO.clave-auditoria)", true},
	{db.AjusteAnclaAuditoria, db.VariableArchivoAncla, "archivo ancla donde se anexa la cabeza de la cadena (por defecto ARCHIVO.ancla-auditoria)", true},
	// The directory login of «comite serve» (serve_directorio.go).
	{ajusteLDAPURL, "", "directorio LDAP para el ingreso: ldaps://servidor o ldap://servidor (con StartTLS); vacío: solo cuentas locales", false},
	{ajusteLDAPBase, "", "base donde se busca a los usuarios en el directorio", false},
	{ajusteLDAPFiltro, "", "filtro LDAP que halla al usuario; %s es el nombre con que ingresa", false},
	{ajusteLDAPGrupos, "", "archivo de correspondencia de grupos del directorio a roles y Seccionales", true},
	{ajusteLDAPInseguro, "", "si: permitir LDAP sin TLS (solo en una red cerrada)", false},
	{ajusteLDAPCA, "", "certificado (PEM) de la autoridad que firmó el del directorio (vacío: las del sistema)", true},
	{ajusteLDAPServicioDN, "", "DN de la cuenta de servicio que busca a los usuarios (su clave en " + variableLDAPClaveServicio + ")", false},
	{ajusteLDAPPlantillaDN, "", "DN del usuario con %s por su nombre, en vez de buscarlo", false},
	{ajusteLDAPAtributoGrupos, "", "atributo del usuario con sus grupos (memberOf en Active Directory); vacío: se buscan los grupos", false},
	{ajusteLDAPBaseGrupos, "", "base donde se buscan los grupos (vacío: la de los usuarios)", false},
	{ajusteLDAPFiltroGrupos, "", "filtro que halla los grupos del usuario; %s es su DN (por omisión (|(member=%s)(uniqueMember=%s)))", false},
	{ajusteLDAPAtributoSeccional, "", "atributo del usuario con el código de su Dirección Seccional", false},
	// The e-mail notices of «comite serve» (serve_correo.go).
	{ajusteSMTPURL, "", "servidor de correo para los avisos: smtp://servidor:puerto, con STARTTLS; vacío: sin avisos por correo", false},
	{ajusteSMTPRemitente, "", "dirección desde la que salen los avisos (por ejemplo comite@entidad.gov.co)", false},
	{ajusteSMTPUsuario, "", "usuario con que se autentica en el servidor de correo (vacío: sin autenticación)", false},
	{ajusteSMTPClaveArchivo, "", "archivo con la clave de ese usuario (sin él, la variable " + variableSMTPClave + ")", true},
	{ajusteSMTPInseguro, "", "si: permitir SMTP sin TLS (solo en una red cerrada)", false},
	{ajusteSMTPCA, "", "certificado (PEM) de la autoridad que firmó el del servidor de correo (vacío: las del sistema)", true},
	{ajusteSMTPDiasAviso, "", "días hábiles antes del vencimiento de una etapa en que sale el aviso «próximo a vencer» (por omisión 5)", false},
}

func buscarAjuste(nombre string) (ajuste, bool) {
	for _, a := range ajustes {
		if a.nombre == nombre {
			return a, true
		}
	}
	return ajuste{}, false
}

// leerConfiguracion reads the configuration file of rutaDB, refusing names
// no setting has (a misspelt line would otherwise be ignored in silence).
func leerConfiguracion(rutaDB string) (map[string]string, error) {
	conf, err := db.LeerConfiguracion(rutaDB)
	if err != nil {
		return nil, err
	}
	var malos []string
	for n := range conf {
		if _, ok := buscarAjuste(n); !ok {
			malos = append(malos, n)
		}
	}
	if len(malos) > 0 {
		sort.Strings(malos)
		var conocidos []string
		for _, a := range ajustes {
			conocidos = append(conocidos, a.nombre)
		}
		return nil, fmt.Errorf("la configuración %s tiene «%s», que no es un ajuste de comite (los ajustes son: %s)",
			db.RutaConfiguracion(rutaDB), strings.Join(malos, "», «"), strings.Join(conocidos, ", "))
	}
	return conf, nil
}

// valorAjuste is the value of a setting for the database at rutaDB: opcion
// when given, else the environment variable, else the configuration file
// (paths relative to it), else "" (the caller's default).
func valorAjuste(rutaDB, nombre, opcion string) (string, error) {
	if opcion != "" {
		return opcion, nil
	}
	a, ok := buscarAjuste(nombre)
	if !ok {
		panic("ajuste desconocido: " + nombre)
	}
	if v := os.Getenv(a.variable); a.variable != "" && v != "" {
		return v, nil
	}
	conf, err := leerConfiguracion(rutaDB)
	if err != nil {
		return "", err
	}
	if !a.esRuta {
		return conf[nombre], nil
	}
	return db.RutaConfigurada(rutaDB, conf[nombre]), nil
}

// abrirBase opens the database for a command: it reads the configuration
// (refusing a bad one) and never creates an audit key. A database with
// signed rows whose key is not found is refused before anything is written;
// one without a key yet says to run «comite iniciar» when it must audit.
// Only «comite iniciar» and «comite serve» open with db.Open themselves.
func abrirBase(ctx context.Context, ruta string, opciones ...db.Opcion) (*db.DB, error) {
	if _, err := leerConfiguracion(ruta); err != nil {
		return nil, err
	}
	return db.Open(ctx, ruta, append(opciones, db.SinCrearClaveAuditoria())...)
}

// abrirParaLeer opens the database for a command that only reads it: no
// migration runs and nothing is written; a database behind this version is
// refused, saying to run «comite migrar».
func abrirParaLeer(ctx context.Context, ruta string, opciones ...db.Opcion) (*db.DB, error) {
	return abrirBase(ctx, ruta, append(opciones, db.SoloLectura())...)
}

// registrarGrupo registers a text option for each setting whose name begins
// with prefijo, except sin (the caller registers it, as a switch); what is
// not given on the command line is read by valoresDeGrupo.
func registrarGrupo(fs *flag.FlagSet, prefijo, sin string) map[string]*string {
	valores := map[string]*string{}
	for _, a := range ajustes {
		if a.nombre == sin || !strings.HasPrefix(a.nombre, prefijo) {
			continue
		}
		valores[a.nombre] = fs.String(a.nombre, "", a.uso)
	}
	return valores
}

// valoresDeGrupo is valorAjuste for every setting whose name begins with
// prefijo, with the options registrarGrupo registered.
func valoresDeGrupo(rutaDB, prefijo string, opciones map[string]*string) (map[string]string, error) {
	v := map[string]string{}
	for _, a := range ajustes {
		if !strings.HasPrefix(a.nombre, prefijo) {
			continue
		}
		var opcion string
		if p := opciones[a.nombre]; p != nil {
			opcion = *p
		}
		x, err := valorAjuste(rutaDB, a.nombre, opcion)
		if err != nil {
			return nil, err
		}
		v[a.nombre] = x
	}
	return v, nil
}

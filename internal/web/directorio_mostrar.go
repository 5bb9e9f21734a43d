package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// directorioMostrar shows the administrator whether logins come from the
// entity's directory and the group → role mapping in force (read only).
func (h *handler) directorioMostrar(c echo.Context) error {
	v := templates.DirectorioVista{}
	if cfg := h.cfg.Directorio; cfg != nil {
		n, err := h.d.ContarCuentasDirectorio(c.Request().Context())
		if err != nil {
			return err
		}
		v = templates.DirectorioVista{Configurado: true, URL: cfg.URL, Base: cfg.Base, Filtro: cfg.Filtro,
			AtributoSeccional: cfg.AtributoSeccional, CuentasDirectorio: n,
			Cifrado: "TLS (ldaps o StartTLS); el certificado del directorio se verifica",
			Grupos:  "buscados bajo " + cfg.BaseGrupos, CuentaServicio: "búsqueda anónima del DN"}
		if cfg.Filtro == "" {
			v.Filtro = "(&(objectClass=person)(|(uid=%s)(sAMAccountName=%s))) (predeterminado)"
		}
		if cfg.BaseGrupos == "" {
			v.Grupos = "buscados bajo la base de usuarios"
		}
		if cfg.AtributoGrupos != "" {
			v.Grupos = "atributo " + cfg.AtributoGrupos + " del usuario"
		}
		if cfg.AtributoSeccional == "" {
			v.AtributoSeccional = "ninguno (la Seccional sale de un grupo)"
		}
		switch {
		case cfg.PlantillaDN != "":
			v.CuentaServicio = "DN por plantilla: " + cfg.PlantillaDN
		case cfg.ServicioDN != "":
			v.CuentaServicio = "cuenta de servicio " + cfg.ServicioDN
		}
		if cfg.Inseguro {
			v.Cifrado = "se permite LDAP sin TLS (--ldap-inseguro): las claves pueden viajar en claro"
		}
		for _, r := range cfg.Correspondencia.Roles {
			v.Reglas = append(v.Reglas, templates.DirectorioRegla{Grupo: r.Grupo, Da: "Rol: " + r.Rol.Etiqueta()})
		}
		for _, r := range cfg.Correspondencia.Seccionales {
			v.Reglas = append(v.Reglas, templates.DirectorioRegla{Grupo: r.Grupo, Da: "Dirección Seccional: " + r.Seccional})
		}
	}
	return h.render(c, http.StatusOK, templates.DirectorioPagina(h.pagina(c, "Ingreso por el directorio", "directorio"), v))
}

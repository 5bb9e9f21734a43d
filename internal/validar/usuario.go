package validar

import (
	"fmt"
	"strings"

	"comite/internal/dominio"
	"comite/internal/importar/filas"
)

// Usuario checks a customs user as entered and leaves it as the store keys
// it (NIT canonical, texts trimmed, tipo as filas.ParseTipoUsuario reads it).
// Whether its Dirección Seccional is in the catalogue is for the store to say.
func Usuario(u *dominio.UsuarioAduanero) error {
	var err error
	if u.NIT, err = Nit(u.NIT); err != nil {
		return err
	}
	u.RazonSocial = strings.TrimSpace(u.RazonSocial)
	if u.RazonSocial == "" {
		return &dominio.ErrValidacion{Campo: "razon_social", Mensaje: "escriba la razón social"}
	}
	if u.Tipo, err = filas.ParseTipoUsuario(u.Tipo); err != nil {
		return &dominio.ErrValidacion{Campo: "tipo", Mensaje: err.Error()}
	}
	u.DireccionSeccional = strings.TrimSpace(u.DireccionSeccional)
	return nil
}

var clasesRegistro = map[string]bool{"autorizacion": true, "habilitacion": true, "registro": true}

// Registro checks an autorización, habilitación or registro of the user
// nitUsuario and returns the NIT as the store keys it; an empty clase is a
// registro.
func Registro(nitUsuario string, r *dominio.RegistroUsuario) (string, error) {
	n, err := Nit(nitUsuario)
	if err != nil {
		return "", err
	}
	if r.Clase == "" {
		r.Clase = "registro"
	}
	if !clasesRegistro[r.Clase] {
		return "", &dominio.ErrValidacion{Campo: "clase", Mensaje: fmt.Sprintf("clase %q desconocida (use autorizacion, habilitacion o registro)", r.Clase)}
	}
	if r.VigenteDesde.IsZero() {
		return "", &dominio.ErrValidacion{Campo: "vigente_desde", Mensaje: "escriba desde cuándo está vigente (DD/MM/AAAA)"}
	}
	if !r.VigenteHasta.IsZero() && r.VigenteHasta.Antes(r.VigenteDesde) {
		return "", &dominio.ErrValidacion{Campo: "vigente_hasta", Mensaje: "la fecha final es anterior a la inicial"}
	}
	return n, nil
}

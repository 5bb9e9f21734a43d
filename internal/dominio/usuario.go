package dominio

import "comite/internal/fecha"

// UsuarioAduanero is a customs user (docs/reglas.md §1) with its autorizaciones,
// habilitaciones and registros.
type UsuarioAduanero struct {
	ID                 int64
	NIT                string // canonical "800191045-1"
	RazonSocial        string
	Tipo               string // one of filas.TiposUsuario
	DireccionSeccional string
	CreadoEn           string
	ActualizadoEn      string
	Registros          []RegistroUsuario // oldest first (filled by UsuarioPorNIT)
}

// RegistroUsuario is one autorización, habilitación or registro with its validity.
type RegistroUsuario struct {
	ID           int64
	Clase        string // autorizacion, habilitacion, registro
	Numero       string
	VigenteDesde fecha.Fecha
	VigenteHasta fecha.Fecha // zero: indefinite
}

// Vigente says whether the registro is in force on f (desde ≤ f ≤ hasta, or no hasta).
func (r RegistroUsuario) Vigente(f fecha.Fecha) bool {
	return !r.VigenteDesde.Despues(f) && (r.VigenteHasta.IsZero() || !r.VigenteHasta.Antes(f))
}

// RegistroVigente says whether some autorización, habilitación or registro of
// the user is in force on f (docs/reglas.md §2.6, first requisite).
func (u UsuarioAduanero) RegistroVigente(f fecha.Fecha) bool {
	for _, r := range u.Registros {
		if r.Vigente(f) {
			return true
		}
	}
	return false
}

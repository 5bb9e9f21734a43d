package validar

import (
	"slices"
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/permisos"
	"comite/internal/texto"
)

// CuentaServicio checks a new service account of the API as the store will
// keep it (the name normalised like an account's): a name, at least one
// known scope without repeats, and an expiry after hoy. Whether the
// Seccional is in the catalogue and the name is free is for the store.
func CuentaServicio(n *dominio.NuevaCuentaServicio, hoy fecha.Fecha) error {
	n.Nombre = strings.TrimSpace(texto.ClaveCuenta(n.Nombre))
	n.Seccional = strings.TrimSpace(n.Seccional)
	if err := NombreCuenta(n.Nombre); err != nil {
		ev := err.(*dominio.ErrValidacion)
		return &dominio.ErrValidacion{Campo: "nombre", Mensaje: strings.Replace(ev.Mensaje, "nombre de usuario", "nombre de la cuenta de servicio", 1)}
	}
	if _, err := permisos.ParseAlcances(permisos.UnirAlcances(n.Alcances)); err != nil {
		return &dominio.ErrValidacion{Campo: "alcance", Mensaje: err.Error()}
	}
	if n.Seccional != "" && slices.Contains(n.Alcances, permisos.AlcanceImportar) {
		// Loads are national, as the import of the Secretaría: a Seccional
		// sees only its own, and could not see what it writes.
		return &dominio.ErrValidacion{Campo: "alcance", Mensaje: "una cuenta limitada a una Dirección Seccional no puede importar: la carga de datos es nacional"}
	}
	if n.Vence.IsZero() {
		return &dominio.ErrValidacion{Campo: "vence", Mensaje: "escriba la fecha de vencimiento (aaaa-mm-dd)"}
	}
	if !n.Vence.Despues(hoy) {
		return &dominio.ErrValidacion{Campo: "vence", Mensaje: "la fecha de vencimiento debe ser posterior a hoy (" + hoy.DMA() + ")"}
	}
	if n.Vence.Anio() > hoy.Anio()+5 {
		return &dominio.ErrValidacion{Campo: "vence", Mensaje: "un token vence a lo sumo en cinco años"}
	}
	return nil
}

package validar

import (
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
)

// DiaInhabil checks a non-business day and its reason as entered; it returns
// the reason trimmed, as the store keeps it.
func DiaInhabil(f fecha.Fecha, motivo string) (string, error) {
	motivo = strings.TrimSpace(motivo)
	if f.IsZero() {
		return "", &dominio.ErrValidacion{Campo: "fecha", Mensaje: "escriba la fecha (DD/MM/AAAA)"}
	}
	if motivo == "" {
		return "", &dominio.ErrValidacion{Campo: "motivo", Mensaje: "escriba el motivo (por ejemplo, la resolución que cerró la entidad)"}
	}
	if len(motivo) > 500 {
		return "", &dominio.ErrValidacion{Campo: "motivo", Mensaje: "use como máximo 500 caracteres"}
	}
	return motivo, nil
}

package validar

import (
	"fmt"
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/importar/filas"
)

// OperacionAnual checks the yearly total of a user's operations as entered
// on hoy and leaves its NIT as the store keys it.
func OperacionAnual(o *dominio.OperacionAnual, hoy fecha.Fecha) error {
	var err error
	if o.NIT, err = Nit(o.NIT); err != nil {
		return err
	}
	if o.Anio < 1900 || o.Anio > 2200 {
		return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf("año %d fuera de rango (1900 a 2200)", o.Anio)}
	}
	if o.Anio > hoy.Anio() {
		return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf("el año %d aún no ha empezado (hoy es %s): las operaciones de un año se registran cuando ya se realizaron", o.Anio, hoy.DMA())}
	}
	if o.Numero < 0 {
		return &dominio.ErrValidacion{Campo: "numero_operaciones", Mensaje: "el número de operaciones es cero o positivo"}
	}
	return Monto("valor", o.Valor)
}

// Declaracion checks one customs declaration as entered on hoy and leaves
// its NIT and number as the store keys them.
func Declaracion(o *dominio.Declaracion, hoy fecha.Fecha) error {
	var err error
	if o.NIT, err = Nit(o.NIT); err != nil {
		return err
	}
	o.Numero = strings.TrimSpace(o.Numero)
	if o.Numero == "" {
		return &dominio.ErrValidacion{Campo: "numero_declaracion", Mensaje: "escriba el número de la declaración"}
	}
	// One declaration, one key: as the import reads it.
	if o.Numero, err = filas.ParseClave(o.Numero); err != nil {
		return &dominio.ErrValidacion{Campo: "numero_declaracion", Mensaje: err.Error()}
	}
	if o.Fecha.IsZero() {
		return &dominio.ErrValidacion{Campo: "fecha", Mensaje: "escriba la fecha de la declaración (DD/MM/AAAA)"}
	}
	if err := FechaFutura("fecha", "la fecha de la declaración", o.Fecha, hoy); err != nil {
		return err
	}
	return Monto("valor", o.Valor)
}

package validar

import (
	"fmt"
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/importar/filas"
	"comite/internal/nit"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// FechaFutura refuses a date after hoy for what must already have happened
// (que names it: "la firmeza"); nil for the zero date.
func FechaFutura(campo, que string, f, hoy fecha.Fecha) error {
	if f.IsZero() || !f.Despues(hoy) {
		return nil
	}
	return &dominio.ErrValidacion{Campo: campo, Mensaje: fmt.Sprintf("%s (%s) es posterior a hoy (%s): revise el día, el mes y el año; lo que aún no ha ocurrido se registra cuando ocurra", que, f.DMA(), hoy.DMA())}
}

// Nit reads the NIT of a customs user as the store keys it; the error names
// the field nit.
func Nit(s string) (string, error) {
	n, err := nit.Parse(s)
	if err != nil {
		return "", &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	return n.String(), nil
}

// Monto checks an amount in pesos as the store keeps it (whole centavos,
// dominio.CentavosDe); the error names campo.
func Monto(campo string, v decimal.Decimal) error {
	if _, err := dominio.CentavosDe(v); err != nil {
		return &dominio.ErrValidacion{Campo: campo, Mensaje: err.Error()}
	}
	return nil
}

// Acto checks a sanction act as entered on hoy and leaves it as the store
// keys it (NIT and número de acto normalised): its dates already happened
// and the firmeza is not before the expedición.
func Acto(a *dominio.ActoSancion, hoy fecha.Fecha) error {
	var err error
	if a.NIT, err = Nit(a.NIT); err != nil {
		return err
	}
	a.NumeroActo = strings.TrimSpace(a.NumeroActo)
	if a.NumeroActo == "" {
		return &dominio.ErrValidacion{Campo: "numero_acto", Mensaje: "escriba el número del acto"}
	}
	// One act, one key: as the import reads it.
	if a.NumeroActo, err = filas.ParseClave(a.NumeroActo); err != nil {
		return &dominio.ErrValidacion{Campo: "numero_acto", Mensaje: err.Error()}
	}
	if _, err := sancion.ParseGravedad(string(a.Gravedad)); err != nil {
		return &dominio.ErrValidacion{Campo: "gravedad", Mensaje: err.Error()}
	}
	if _, err := sancion.ParseTipo(string(a.Sancion)); err != nil {
		return &dominio.ErrValidacion{Campo: "sancion", Mensaje: err.Error()}
	}
	if err := Monto("valor", a.Valor); err != nil {
		return err
	}
	if err := FechaFutura("fecha_expedicion", "la expedición", a.FechaExpedicion, hoy); err != nil {
		return err
	}
	if err := FechaFutura("fecha_firmeza", "la firmeza", a.FechaFirmeza, hoy); err != nil {
		return err
	}
	if !a.FechaExpedicion.IsZero() && !a.FechaFirmeza.IsZero() && a.FechaFirmeza.Antes(a.FechaExpedicion) {
		return &dominio.ErrValidacion{Campo: "fecha_firmeza", Mensaje: fmt.Sprintf("la firmeza (%s) es anterior a la expedición (%s): un acto queda en firme después de expedido; revise las dos fechas", a.FechaFirmeza.DMA(), a.FechaExpedicion.DMA())}
	}
	return nil
}

package validar

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

func TestEntidades_campoYMensaje(t *testing.T) {
	t.Parallel()
	hoy := fecha.Debe(2026, 3, 2)
	acto := func(cambiar func(*dominio.ActoSancion)) error {
		a := dominio.ActoSancion{NIT: "800191045-1", NumeroActo: "RS-1", Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.RequireFromString("10")}
		cambiar(&a)
		return Acto(&a, hoy)
	}
	casos := []struct {
		nombre, campo, quiere string
		err                   error
	}{
		{"nit", "nit", "", acto(func(a *dominio.ActoSancion) { a.NIT = "800191045-2" })},
		{"número vacío", "numero_acto", "escriba el número del acto", acto(func(a *dominio.ActoSancion) { a.NumeroActo = " " })},
		{"valor", "valor", "más de dos decimales", acto(func(a *dominio.ActoSancion) { a.Valor = decimal.RequireFromString("1.005") })},
		{"firmeza futura", "fecha_firmeza", "la firmeza (01/01/2030) es posterior a hoy (02/03/2026)", acto(func(a *dominio.ActoSancion) { a.FechaFirmeza = fecha.Debe(2030, 1, 1) })},
		{"año futuro", "anio", "el año 2027 aún no ha empezado", OperacionAnual(&dominio.OperacionAnual{NIT: "800191045-1", Anio: 2027}, hoy)},
		{"declaración sin fecha", "fecha", "escriba la fecha de la declaración", Declaracion(&dominio.Declaracion{NIT: "800191045-1", Numero: "D1"}, hoy)},
		{"razón social", "razon_social", "escriba la razón social", Usuario(&dominio.UsuarioAduanero{NIT: "800191045-1", RazonSocial: " "})},
		{"clase", "clase", `clase "otra" desconocida`, func() error { _, err := Registro("800191045-1", &dominio.RegistroUsuario{Clase: "otra"}); return err }()},
		{"motivo", "motivo", "escriba el motivo", func() error { _, err := DiaInhabil(hoy, " "); return err }()},
	}
	for _, c := range casos {
		var ev *dominio.ErrValidacion
		if !errors.As(c.err, &ev) || ev.Campo != c.campo || !strings.Contains(ev.Mensaje, c.quiere) {
			t.Errorf("%s: %v; quiere el campo %s con «%s»", c.nombre, c.err, c.campo, c.quiere)
		}
	}
	a := dominio.ActoSancion{NIT: "0800191045-1", NumeroActo: "202.501.000.123", Gravedad: sancion.Grave, Sancion: sancion.Multa}
	if err := Acto(&a, hoy); err != nil || a.NIT != "800191045-1" || a.NumeroActo != "202501000123" {
		t.Errorf("acto normalizado = %+v, %v", a, err)
	}
}

package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A form with N errors shows the N messages in one answer, beside each field
// and in the summary: reporting a case (the NIT, a date that does not exist,
// the gravity and the multa) and creating an account (name, role, password).
func TestFormularios_todosLosErroresEnUnaRespuesta(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := formCaso(nitCaso)
	caso.Set("nit", "12")
	caso.Set("fecha_comision", "31/02/2026")
	caso.Set("gravedad", "")
	caso.Set("sancion_prevista", "diez millones")
	for _, c := range []struct {
		nombre, usuario, ruta string
		form                  url.Values
		campos                map[string]string // field → part of its message
	}{
		{"reportar_caso", "seccional", "/casos", caso, map[string]string{
			"nit":              "NIT",
			"fecha_comision":   "La fecha 31/02/2026 no existe: febrero de 2026 tiene 28 días.",
			"gravedad":         "Elija la gravedad",
			"sancion_prevista": "diez millones",
		}},
		{"crear_cuenta", "admin", "/admin/cuentas", url.Values{"usuario": {""}, "nombre": {"Nadie"}, "rol": {""}, "clave": {"corta"}}, map[string]string{
			"usuario": "",
			"rol":     "Elija uno de los roles",
			"clave":   "",
		}},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			s := e.ingresar(c.usuario)
			rec := e.pedir("POST", c.ruta, &s, c.form)
			doc := documento(t, rec)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			for campo, quiere := range c.campos {
				got := testid(doc, "error-"+campo).Text()
				if got == "" || !strings.Contains(got, quiere) {
					t.Errorf("error de %s = %q, quiere %q", campo, got, quiere)
				}
			}
			if n := doc.Find(".error-campo").Length(); n != len(c.campos) {
				t.Errorf("%d mensajes junto a los campos, quiere %d", n, len(c.campos))
			}
			if n := testid(doc, "resumen-errores").Find("li").Length(); n != len(c.campos) {
				t.Errorf("el resumen lista %d errores, quiere %d", n, len(c.campos))
			}
		})
	}
	if n := e.contar(`SELECT count(*) FROM casos`); n != 0 {
		t.Fatalf("se registró un caso con errores: %d", n)
	}
}

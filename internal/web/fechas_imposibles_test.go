package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// What cannot have happened yet is refused where it is entered, beside the
// field and saying what to do; the same data with a possible date is saved.
// Today is 02/03/2026 in the test store.
func TestFechas_imposiblesSeRechazanDondeSeEscriben(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	acto := func(num, exp, firm string) url.Values {
		return url.Values{"numero_acto": {num}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1.000.000"}, "fecha_expedicion": {exp}, "fecha_firmeza": {firm}}
	}
	operacion := func(anio string) url.Values {
		return url.Values{"anio": {anio}, "valor": {"1.000.000"}, "numero_operaciones": {"10"}}
	}
	for _, c := range []struct {
		nombre, ruta, campo, texto string
		malo, bueno                url.Values
	}{
		{"firmeza_futura", "/actos", "fecha_firmeza", "la firmeza (01/01/2030) es posterior a hoy (02/03/2026)", acto("F-1", "10/02/2026", "01/01/2030"), acto("F-1", "10/02/2026", "01/03/2026")},
		{"expedicion_futura", "/actos", "fecha_expedicion", "la expedición (03/03/2026) es posterior a hoy", acto("F-2", "03/03/2026", ""), acto("F-2", "02/03/2026", "")},
		{"firmeza_antes_de_expedicion", "/actos", "fecha_firmeza", "un acto queda en firme después de expedido", acto("F-3", "10/02/2026", "09/02/2026"), acto("F-3", "10/02/2026", "10/02/2026")},
		{"operaciones_de_un_anio_futuro", "/operaciones", "anio", "el año 2027 aún no ha empezado", operacion("2027"), operacion("2026")},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			ruta := "/usuarios/" + nitEjemplo + c.ruta
			rec := e.pedir("POST", ruta, &s, c.malo)
			got := testid(documento(t, rec), "error-"+c.campo).Text()
			if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(strings.ToLower(got), strings.ToLower(c.texto)) {
				t.Fatalf("estado %d, error de %s = %q, quiere %q", rec.Code, c.campo, got, c.texto)
			}
			if rec := e.pedir("POST", ruta, &s, c.bueno); rec.Code != http.StatusSeeOther {
				t.Fatalf("la fecha posible: %d %s", rec.Code, testid(documento(t, rec), "error-"+c.campo).Text())
			}
		})
	}
}

func TestFechas_reporteDeCasoSinFechasFuturas(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("seccional")
	for _, campo := range []string{"fecha_comision", "fecha_verificacion", "fecha_expediente", "fecha_requerimiento"} {
		f := formCaso(nitCaso)
		f.Set(campo, "15/04/2026")
		rec := e.pedir("POST", "/casos", &s, f)
		got := testid(documento(t, rec), "error-"+campo).Text()
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "(15/04/2026) es posterior a hoy (02/03/2026): revise el día, el mes y el año") {
			t.Errorf("%s futura: %d %q", campo, rec.Code, got)
		}
	}
	if n := e.contar(`SELECT count(*) FROM casos`); n != 0 {
		t.Fatalf("%d casos con fechas futuras", n)
	}
	f := formCaso(nitCaso)
	f.Set("fecha_requerimiento", "02/03/2026")
	if rec := e.pedir("POST", "/casos", &s, f); rec.Code != http.StatusSeeOther {
		t.Fatalf("reporte con fechas posibles: %d", rec.Code)
	}
}

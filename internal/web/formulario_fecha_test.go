package web

import (
	"net/http"
	"testing"

	"comite/internal/fecha"
)

// Every date field of the forms reads what the import reads (DD/MM/AAAA, day
// first, or AAAA-MM-DD) and names the problem otherwise.
func TestLeerFechaFormulario_comoLaImportacion(t *testing.T) {
	for _, c := range []struct {
		nombre, entrada string
		want            fecha.Fecha
		err             bool
	}{
		{"dia_primero_como_en_Colombia", "04/03/2025", fecha.Debe(2025, 3, 4), false},
		{"iso_del_contrato", "2025-03-04", fecha.Debe(2025, 3, 4), false},
		{"dia_de_un_digito", "4/3/2025", fecha.Debe(2025, 3, 4), false},
		{"espacios_alrededor", " 04/03/2025 ", fecha.Debe(2025, 3, 4), false},
		{"vacia_es_sin_fecha", "", fecha.Fecha{}, false},
		{"mes_trece_no_existe", "04/13/2025", fecha.Fecha{}, true},
		{"formato_de_EEUU_30_de_febrero", "02/30/2025", fecha.Fecha{}, true},
		{"texto", "ayer", fecha.Fecha{}, true},
		{"anio_fuera_de_rango", "04/03/1800", fecha.Fecha{}, true},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			got, msg := leerFechaFormulario(c.entrada)
			if (msg != "") != c.err {
				t.Fatalf("leerFechaFormulario(%q): mensaje %q", c.entrada, msg)
			}
			if !got.Igual(c.want) {
				t.Fatalf("leerFechaFormulario(%q) = %v, quiere %v", c.entrada, got, c.want)
			}
		})
	}
}

// Reporting a case: a date in Colombian format is accepted; a bad one comes
// back beside its field, tied to it (aria-describedby), in the summary of
// errors, and the field is a text field, not the browser's date picker.
func TestReportarCaso_fechasDDMMAAAA(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	f := formCaso(nitCaso)
	f.Set("fecha_comision", "10/02/2026")
	f.Set("fecha_verificacion", "2026-02-20")
	e.reportar("seccional", f)

	s := e.ingresar("seccional")
	f = formCaso(nitCaso)
	f.Set("fecha_comision", "02/30/2026")
	rec := e.pedir("POST", "/casos", &s, f)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("fecha mala: estado %d", rec.Code)
	}
	doc := documento(t, rec)
	in := doc.Find("#f-fecha_comision")
	if tipo, _ := in.Attr("type"); tipo != "text" {
		t.Fatalf("el campo de fecha es de tipo %q", tipo)
	}
	if inv, _ := in.Attr("aria-invalid"); inv != "true" {
		t.Fatal("el campo con error no tiene aria-invalid")
	}
	if d, _ := in.Attr("aria-describedby"); d != "ayuda-fecha_comision error-fecha_comision" {
		t.Fatalf("aria-describedby = %q", d)
	}
	if got := testid(doc, "error-fecha_comision").Text(); got == "" {
		t.Fatal("sin error junto al campo")
	}
	if testid(doc, "resumen-errores").Find(`a[href="#f-fecha_comision"]`).Length() != 1 {
		t.Fatal("el resumen de errores no enlaza el campo")
	}
	if doc.Find(`input[type="date"]`).Length() != 0 {
		t.Fatal("queda un selector de fecha del navegador")
	}
}

// The time of a session is written HH:MM: one digit of hour and a period
// instead of the colon are read as people write them; the rest goes as typed
// for the session's rule to refuse.
func TestLeerHora_comoSeEscribe(t *testing.T) {
	for _, c := range []struct{ entrada, quiere string }{
		{"09:30", "09:30"}, {"9:30", "09:30"}, {" 9.30 ", "09:30"}, {"14:00", "14:00"}, {"930", "930"}, {"", ""},
	} {
		if got := leerHora(c.entrada); got != c.quiere {
			t.Errorf("leerHora(%q) = %q, quiere %q", c.entrada, got, c.quiere)
		}
	}
}

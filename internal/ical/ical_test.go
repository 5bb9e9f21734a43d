package ical

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
)

var actualizar = flag.Bool("actualizar", false, "reescribe testdata/ical/calendario.ics")

func bogota(anio int, mes time.Month, dia, hora, min int) time.Time {
	return time.Date(anio, mes, dia, hora, min, 0, 0, fecha.Bogota)
}

// ejemplo is the feed of a Secretaría account: two deadlines and two
// sessions, with the characters that must be escaped and texts long enough
// to fold.
func ejemplo() Calendario {
	return Calendario{
		Nombre:      "Comité de Fiscalización — secretaria.tecnica",
		Descripcion: "Vencimientos y sesiones del Comité de Fiscalización (DIAN)",
		Emitido:     time.Date(2026, 4, 1, 21, 20, 0, 0, time.UTC),
		Actualizar:  time.Hour,
		Eventos: []Evento{
			{
				UID:         UID("sesion", "2026-04-15", "ordinaria"),
				Resumen:     "Sesión ordinaria del Comité de Fiscalización",
				Descripcion: "Orden del día:\n1. CF-2026-0001, Agencia Ejemplo S.A.S.; concepto\n2. CF-2026-0004 — Importadora Umbral Exacto Demo S.A.S.\nQuórum: mayoría de los miembros.",
				Lugar:       "Sala de juntas, piso 5, Nivel Central; Bogotá, D.C.",
				URL:         "https://comite.dian.local/sesiones/12",
				Categorias:  []string{"Sesión", "Comité, DIAN"},
				Inicio:      bogota(2026, 4, 15, 9, 0),
				Fin:         bogota(2026, 4, 15, 12, 30),
			},
			{
				UID:         UID("plazo-reporte", "CF-2026-0001"),
				Resumen:     "Vence el reporte del caso CF-2026-0001 (10 días hábiles)",
				Descripcion: "Término legal: art. 25 del Decreto Ley 920 de 2023 (por posición). Usuario: Agencia Ejemplo S.A.S., NIT 800191045-1.",
				URL:         "https://comite.dian.local/casos/1",
				Categorias:  []string{"Vencimiento"},
				Dia:         fecha.Debe(2026, 3, 30),
			},
			{
				UID:         UID("plazo-interno", "CF-2026-0004", "evaluacion"),
				Resumen:     "Término interno: evaluación de la Secretaría, CF-2026-0004",
				Descripcion: `Término interno fijado por el administrador (no legal). Ruta: \\servidor\expedientes`,
				Dia:         fecha.Debe(2026, 4, 10),
			},
			{
				UID:     UID("sesion", "2026-05-06", "extraordinaria"),
				Resumen: "Sesión extraordinaria (virtual)",
				Lugar:   "Videoconferencia",
				Inicio:  time.Date(2026, 5, 6, 19, 0, 0, 0, time.UTC), // 14:00 in Bogotá
				Fin:     time.Date(2026, 5, 6, 20, 0, 0, 0, time.UTC),
			},
		},
	}
}

func TestCalendario_RFC5545_doradoCompleto(t *testing.T) {
	got, err := ejemplo().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	dorado := filepath.Join("..", "..", "testdata", "ical", "calendario.ics")
	if *actualizar {
		if err := os.WriteFile(dorado, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	quiere, err := os.ReadFile(dorado)
	if err != nil {
		t.Fatalf("sin dorado (créelo con -actualizar tras revisarlo): %v", err)
	}
	if !bytes.Equal(got, quiere) {
		t.Fatalf("el calendario cambió; si es intencional, revise y regenere con -actualizar:\n%s", got)
	}
	comprobarLineas(t, string(got), false)
	if again, _ := ejemplo().Bytes(); !bytes.Equal(got, again) {
		t.Fatal("los mismos datos dieron bytes distintos")
	}
}

// propiedades unfolds the calendar and returns each event's properties
// (name with parameters → raw value), in file order.
func propiedades(t *testing.T, ics []byte) []map[string]string {
	t.Helper()
	var eventos []map[string]string
	var actual map[string]string
	for _, l := range strings.Split(strings.TrimSuffix(Desplegar(string(ics)), "\r\n"), "\r\n") {
		nombre, valor, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("línea sin «:»: %q", l)
		}
		switch {
		case l == "BEGIN:VEVENT":
			actual = map[string]string{}
		case l == "END:VEVENT":
			eventos = append(eventos, actual)
			actual = nil
		case actual != nil:
			actual[nombre] = valor
		}
	}
	return eventos
}

func TestCalendario_RFC5545_eventosLeidosDeVuelta(t *testing.T) {
	ics, err := ejemplo().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	ev := propiedades(t, ics)
	if len(ev) != 4 {
		t.Fatalf("%d eventos", len(ev))
	}
	// Ordered by start: 30/03 deadline, 10/04 deadline, 15/04 session, 06/05 session.
	casos := []struct {
		nombre string
		i      int
		prop   string
		valor  string
	}{
		{"3.8.4.7_UID_estable", 0, "UID", "plazo-reporte.cf-2026-0001@comite"},
		{"3.8.7.2_DTSTAMP_dado_en_UTC", 0, "DTSTAMP", "20260401T212000Z"},
		{"3.3.4_dia_completo_DTSTART_DATE", 0, "DTSTART;VALUE=DATE", "20260330"},
		{"3.6.1_dia_completo_DTEND_dia_siguiente", 0, "DTEND;VALUE=DATE", "20260331"},
		{"3.8.2.7_vencimiento_no_ocupa_el_dia", 0, "TRANSP", "TRANSPARENT"},
		{"3.8.1.12_resumen_con_parentesis", 0, "SUMMARY", "Vence el reporte del caso CF-2026-0001 (10 días hábiles)"},
		{"3.3.11_barra_invertida_escapada", 1, "DESCRIPTION", `Término interno fijado por el administrador (no legal). Ruta: \\\\servidor\\expedientes`},
		{"3.3.5_sesion_hora_local_con_TZID", 2, "DTSTART;TZID=America/Bogota", "20260415T090000"},
		{"3.3.5_sesion_fin_hora_local", 2, "DTEND;TZID=America/Bogota", "20260415T123000"},
		{"3.8.1.7_lugar_con_coma_y_punto_y_coma", 2, "LOCATION", `Sala de juntas\, piso 5\, Nivel Central\; Bogotá\, D.C.`},
		{"3.8.1.2_categorias_separadas_por_coma_con_coma_escapada", 2, "CATEGORIES", `Sesión,Comité\, DIAN`},
		{"3.3.5_instante_UTC_convertido_a_Bogota", 3, "DTSTART;TZID=America/Bogota", "20260506T140000"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := ev[c.i][c.prop]; got != c.valor {
				t.Fatalf("evento %d, %s = %q, se esperaba %q", c.i+1, c.prop, got, c.valor)
			}
		})
	}
	if got := Desescapar(ev[2]["DESCRIPTION"]); got != ejemplo().Eventos[0].Descripcion {
		t.Errorf("la descripción con saltos de línea no volvió igual: %q", got)
	}
	if !bytes.Contains(ics, []byte("BEGIN:VTIMEZONE\r\nTZID:America/Bogota\r\n")) || !bytes.Contains(ics, []byte("TZOFFSETTO:-0500\r\n")) {
		t.Error("falta el VTIMEZONE de America/Bogota")
	}
}

func TestCalendario_sinEventosConHoraNoLlevaVTIMEZONE(t *testing.T) {
	c := ejemplo()
	c.Eventos = c.Eventos[1:3]
	ics, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(ics, []byte("VTIMEZONE")) {
		t.Error("un calendario solo de vencimientos no necesita VTIMEZONE")
	}
	c.Eventos = nil
	if ics, err = c.Bytes(); err != nil || !bytes.Contains(ics, []byte("BEGIN:VCALENDAR\r\n")) {
		t.Fatalf("calendario vacío: %v", err)
	}
}

func TestCalendario_erroresNombranElEventoYElCampo(t *testing.T) {
	casos := []struct {
		nombre  string
		cambiar func(*Calendario)
		campo   string
		dice    string
	}{
		{"sin_DTSTAMP_nunca_el_reloj", func(c *Calendario) { c.Emitido = time.Time{} }, "Emitido", "nunca se toma del reloj"},
		{"sin_UID", func(c *Calendario) { c.Eventos[1].UID = " " }, "UID", "falta el identificador"},
		{"UID_repetido", func(c *Calendario) { c.Eventos[2].UID = c.Eventos[1].UID }, "UID", "también lo tiene el evento 2"},
		{"UID_con_salto_de_linea", func(c *Calendario) { c.Eventos[0].UID = "a\nb" }, "UID", "caracteres de control"},
		{"sin_resumen", func(c *Calendario) { c.Eventos[0].Resumen = "" }, "Resumen", "falta el resumen"},
		{"sin_fecha_ni_hora", func(c *Calendario) { c.Eventos[1].Dia = fecha.Fecha{} }, "Dia", "falta la fecha"},
		{"dia_y_hora_a_la_vez", func(c *Calendario) { c.Eventos[1].Inicio = bogota(2026, 3, 30, 9, 0) }, "Dia", "no ambos"},
		{"sin_fin", func(c *Calendario) { c.Eventos[0].Fin = time.Time{} }, "Fin", "inicio y fin"},
		{"fin_antes_del_inicio", func(c *Calendario) { c.Eventos[0].Fin = c.Eventos[0].Inicio }, "Fin", "posterior al inicio"},
		{"URL_con_espacio", func(c *Calendario) { c.Eventos[0].URL = "https://x/ y" }, "URL", "espacios"},
		{"intervalo_negativo", func(c *Calendario) { c.Actualizar = -time.Hour }, "Actualizar", "negativo"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cal := ejemplo()
			c.cambiar(&cal)
			_, err := cal.Bytes()
			var e *Error
			if !errors.As(err, &e) || e.Campo != c.campo || !strings.Contains(err.Error(), c.dice) {
				t.Fatalf("error %v, se esperaba uno sobre %s que dijera %q", err, c.campo, c.dice)
			}
		})
	}
}

func TestUID_estableYSoloConCaracteresSeguros(t *testing.T) {
	casos := []struct{ clase, clave, quiere string }{
		{"plazo-reporte", "CF-2026-0001", "plazo-reporte.cf-2026-0001@comite"},
		{"sesión", "15/04/2026 9:00", "sesi-n.15-04-2026-9-00@comite"},
	}
	for _, c := range casos {
		if got := UID(c.clase, c.clave); got != c.quiere || UID(c.clase, c.clave) != got {
			t.Errorf("UID(%q, %q) = %q, se esperaba %q", c.clase, c.clave, got, c.quiere)
		}
	}
}

func TestDuracion_RFC5545_3_3_6(t *testing.T) {
	for d, quiere := range map[time.Duration]string{time.Hour: "PT1H", 90 * time.Minute: "PT90M", 24 * time.Hour: "P1D", time.Second: "PT1M"} {
		if got := duracion(d); got != quiere {
			t.Errorf("duracion(%v) = %q, se esperaba %q", d, got, quiere)
		}
	}
}

// BenchmarkCalendario writes the feed of a busy account: 500 deadlines and
// 50 sessions.
func BenchmarkCalendario(b *testing.B) {
	c := ejemplo()
	c.Eventos = nil
	for i := range 500 {
		c.Eventos = append(c.Eventos, Evento{
			UID:         UID("plazo-reporte", fmt.Sprintf("CF-2026-%04d", i)),
			Resumen:     fmt.Sprintf("Vence el reporte del caso CF-2026-%04d (10 días hábiles)", i),
			Descripcion: "Término legal: art. 25 del Decreto Ley 920 de 2023 (por posición). Usuario: Agencia Ejemplo S.A.S., NIT 800191045-1.",
			Dia:         fecha.Debe(2026, 1, 1).MasDias(i % 365),
		})
	}
	for i := range 50 {
		inicio := bogota(2026, 1, 7, 9, 0).AddDate(0, 0, 7*i)
		c.Eventos = append(c.Eventos, Evento{UID: UID("sesion", fmt.Sprint(i)), Resumen: "Sesión ordinaria del Comité", Lugar: "Sala de juntas; piso 5", Inicio: inicio, Fin: inicio.Add(3 * time.Hour)})
	}
	for b.Loop() {
		if _, err := c.Bytes(); err != nil {
			b.Fatal(err)
		}
	}
}

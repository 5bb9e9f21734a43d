package ical

import (
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
)

func TestEventoSesion(t *testing.T) {
	s := Sesion{Numero: "SC-2026-004", Fecha: fecha.Debe(2026, 3, 10), Hora: "09:30", Modalidad: "Mixta (presencial y virtual)",
		Lugar: "Sala 3, Nivel Central; enlace en el correo", Casos: 2, URL: "https://comite.local/sesiones/4"}
	ev, err := EventoSesion(s)
	if err != nil {
		t.Fatal(err)
	}
	if ev.UID != "sesion-comite.sc-2026-004@comite" {
		t.Fatalf("UID %q", ev.UID)
	}
	if !ev.Inicio.Equal(time.Date(2026, 3, 10, 14, 30, 0, 0, time.UTC)) || ev.Fin.Sub(ev.Inicio) != DuracionSesion {
		t.Fatalf("inicio %v fin %v", ev.Inicio, ev.Fin)
	}
	// The UID depends only on the number: moved to another day and hour, it
	// is the same event for the calendar program.
	s2 := s
	s2.Fecha, s2.Hora, s2.Lugar = fecha.Debe(2026, 3, 12), "15:00", "Virtual"
	ev2, err := EventoSesion(s2)
	if err != nil || ev2.UID != ev.UID {
		t.Fatalf("UID cambió al mover la sesión: %q, %v", ev2.UID, err)
	}
	cal := Calendario{Emitido: time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC), Eventos: []Evento{ev}}
	b, err := cal.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	texto := Desplegar(string(b))
	for _, quiere := range []string{
		"BEGIN:VTIMEZONE", "DTSTART;TZID=America/Bogota:20260310T093000", "DTEND;TZID=America/Bogota:20260310T113000",
		"SUMMARY:Sesión del Comité de Fiscalización SC-2026-004", "LOCATION:Sala 3\\, Nivel Central\\; enlace en el correo",
		"Orden del día: 2 casos.", "URL:https://comite.local/sesiones/4", "TRANSP:OPAQUE",
	} {
		if !strings.Contains(texto, quiere) {
			t.Fatalf("falta %q en:\n%s", quiere, texto)
		}
	}
}

func TestEventoSesion_datosIlegibles(t *testing.T) {
	bien := Sesion{Numero: "SC-2026-001", Fecha: fecha.Debe(2026, 3, 10), Hora: "09:30"}
	casos := []struct {
		nombre  string
		cambiar func(*Sesion)
		campo   string
	}{
		{"sin número", func(s *Sesion) { s.Numero = " " }, "Numero"},
		{"sin fecha", func(s *Sesion) { s.Fecha = fecha.Fecha{} }, "Fecha"},
		{"hora 24:00", func(s *Sesion) { s.Hora = "24:00" }, "Hora"},
		{"hora sin cero", func(s *Sesion) { s.Hora = "9:30" }, "Hora"},
		{"minutos 60", func(s *Sesion) { s.Hora = "09:60" }, "Hora"},
		{"signo", func(s *Sesion) { s.Hora = "+9:30" }, "Hora"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := bien
			c.cambiar(&s)
			_, err := EventoSesion(s)
			var e *Error
			if !errors.As(err, &e) || e.Campo != c.campo {
				t.Fatalf("error %v, quería el campo %s", err, c.campo)
			}
		})
	}
}

package db

import (
	"fmt"
	"time"

	"comite/internal/fecha"
)

// comprobarInstante checks a stored instant (RFC 3339, UTC) when its row is
// read: an unreadable one is an error that names the column and the value,
// never the zero instant. Every read of a row whose instant is later parsed
// (Instante of informes, actas, conceptos, the case history; evaluations and
// sessions) calls it, so the parse in Instante cannot fail for a row the store
// returned.
func comprobarInstante(columna, s string) error {
	if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
		return fmt.Errorf("%s guardado ilegible %q: %w", columna, s, err)
	}
	return nil
}

// instanteComprobado parses an instant already checked by comprobarInstante
// when its row was read, or formatted by the store itself (DB.Ahora): for
// those the parse cannot fail, so it has no error to return.
func instanteComprobado(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s) // checked when read (comprobarInstante)
	return t
}

// fechaGuardada reads a stored civil date (AAAA-MM-DD); "" is no date. An
// unreadable one is an error naming the column and the value.
func fechaGuardada(columna, s string) (fecha.Fecha, error) {
	if s == "" {
		return fecha.Fecha{}, nil
	}
	f, err := fecha.ParseISO(s)
	if err != nil {
		return f, fmt.Errorf("%s guardada ilegible %q: %w", columna, s, err)
	}
	return f, nil
}

// fechaDeInstante is the civil date in Colombia of a stored instant; "" is
// no date. An unreadable instant is an error naming the column and the value.
func fechaDeInstante(columna, s string) (fecha.Fecha, error) {
	if s == "" {
		return fecha.Fecha{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fecha.Fecha{}, fmt.Errorf("%s guardado ilegible %q: %w", columna, s, err)
	}
	return fecha.DeTiempo(t), nil
}

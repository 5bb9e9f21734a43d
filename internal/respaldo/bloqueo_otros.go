//go:build !linux

package respaldo

import "fmt"

// Bloqueo is a held lock; on this system there is none.
type Bloqueo struct{}

// Soltar releases the lock.
func (b *Bloqueo) Soltar() {}

// RutaBloqueo is the lock file of a database.
func RutaBloqueo(ruta string) string { return ruta + ".bloqueo" }

// BloquearServidor does nothing on this system.
func BloquearServidor(string) (*Bloqueo, error) { return &Bloqueo{}, nil }

// ErrEnUso refuses to overwrite a database that may be in use.
type ErrEnUso struct {
	Ruta, Quien string
	Proceso     int
}

func (e *ErrEnUso) Error() string {
	return fmt.Sprintf("la base de datos %s: %s", e.Ruta, e.Quien)
}

// bloquearExclusivo refuses: only Linux can tell whether the database is in use.
func bloquearExclusivo(ruta string) (*Bloqueo, error) {
	return nil, &ErrEnUso{Ruta: ruta, Quien: "en este sistema no se puede comprobar si está en uso; restaure en Linux"}
}

package db

import "time"

// ConReloj makes f the store's clock (DB.Now) from the moment the file is
// opened, so that the instants Open itself writes (each migration's
// aplicada_en, the rows a migration seeds such as the UVT table) come from
// it too. The server opens with the wall clock; the demonstration load opens
// with its story's clock, so that the same seed gives the same file.
func ConReloj(f func() time.Time) Opcion {
	return func(c *configAuditoria) { c.reloj = f }
}

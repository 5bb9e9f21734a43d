package db

// deshacer0161 are the statements that take a base back to before migration
// 0161 (the log of changed users), for the tests that run older migrations
// again after it: its triggers first, then its tables.
func deshacer0161() []string {
	var out []string
	for _, tabla := range []string{"usuarios_aduaneros", "registros", "actos", "operaciones_anuales", "declaraciones", "uvt", "seccionales"} {
		for _, op := range []string{"insert", "update", "delete"} {
			out = append(out, `DROP TRIGGER cambios_usuarios_`+tabla+`_`+op)
		}
	}
	return append(out, `DROP TABLE cambios_usuarios`, `DROP TABLE cambios_usuarios_poda`)
}

package db

import (
	"comite/internal/texto"

	"modernc.org/sqlite"
)

// Lists of names are in Spanish order (ñ after n, without case or accents
// changing a name's place): the database gets the collation «espanol»,
// texto.CompararNombres, registered in the driver for every connection. It is
// used only in queries, never in an index or the schema, so any SQLite can
// still open and check the file.
func init() {
	sqlite.MustRegisterCollationUtf8(ColacionEspanol, texto.CompararNombres)
}

// ColacionEspanol is the name of the collation in SQL: ORDER BY x COLLATE espanol.
const ColacionEspanol = "espanol"

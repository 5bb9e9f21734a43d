package db

import (
	"errors"
	"strings"

	"modernc.org/sqlite"
)

// SQLite's primary result codes: the database is locked by another
// connection (SQLITE_BUSY) or by another transaction of the same connection
// (SQLITE_LOCKED). Extended codes carry the primary one in their low byte.
const (
	sqliteBusy   = 5
	sqliteLocked = 6
)

// EsOcupada says whether err means the database was busy: another
// connection held the write lock for longer than the busy timeout. It is a
// temporary condition (retry later), not a fault of the request nor of the
// data.
func EsOcupada(err error) bool {
	if err == nil {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqliteBusy || c == sqliteLocked
	}
	// An error wrapped without %w still says so in its text.
	m := err.Error()
	return strings.Contains(m, "SQLITE_BUSY") || strings.Contains(m, "database is locked")
}

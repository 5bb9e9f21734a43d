package db

import (
	"errors"
	"strings"
	"syscall"

	"modernc.org/sqlite"
)

// SQLite's primary result codes: the database is locked by another
// connection (SQLITE_BUSY) or by another transaction of the same connection
// (SQLITE_LOCKED). Extended codes carry the primary one in their low byte.
const (
	sqliteBusy   = 5
	sqliteLocked = 6
	sqliteIOErr  = 10
	sqliteFull   = 13
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

// FaltaEspacio says whether err means the database could not be written
// because the disk is full (SQLITE_FULL, ENOSPC), and EsErrorDeDisco whether
// it is any failure to write the file (those, or SQLITE_IOERR). Neither is a
// fault of the request: the administrator must free space or repair the disk.
func FaltaEspacio(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, syscall.ENOSPC) {
		return true
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqliteFull
	}
	m := err.Error()
	return strings.Contains(m, "SQLITE_FULL") || strings.Contains(m, "database or disk is full")
}

// EsErrorDeDisco: see FaltaEspacio.
func EsErrorDeDisco(err error) bool {
	if err == nil {
		return false
	}
	if FaltaEspacio(err) || errors.Is(err, syscall.EIO) {
		return true
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqliteIOErr
	}
	m := err.Error()
	return strings.Contains(m, "SQLITE_IOERR") || strings.Contains(m, "disk I/O error")
}

//go:build linux

package respaldo

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// How a restore knows the database is in use, on two levels:
//
//  1. Every `comite serve` holds a shared flock(2) on ARCHIVO.bloqueo for as
//     long as it runs; a restore takes it exclusively, so it fails while a
//     server runs and a server does not start while a restore runs.
//  2. Any other process with the database open in WAL mode (comite importar,
//     the sqlite3 shell, Litestream) holds SQLite's own read lock on byte 128
//     of ARCHIVO-shm (the "DMS" byte, held by every open connection), and a
//     transaction in progress holds locks on the database file's lock bytes
//     at 1 GiB. fcntl(F_GETLK) asks, without taking anything, whether a
//     write lock on those bytes would conflict, and names the process.

const (
	bytesDMS        = 128        // SQLite's unix VFS: UNIX_SHM_BASE (120) + SQLITE_SHM_NLOCK (8)
	bytePendiente   = 0x40000000 // PENDING_BYTE; RESERVED and the SHARED range follow it
	bytesBloqueoSQL = 512
)

// Bloqueo is a held lock on ARCHIVO.bloqueo.
type Bloqueo struct{ f *os.File }

// Soltar releases the lock (the file stays: removing a lock file races). It
// unlocks before closing: the lock belongs to the open file, which a child
// process that this one is starting at that moment also holds until its
// exec closes it, so a close alone could leave the lock held a while longer
// (a restore right after a server stopped would find it "in use").
func (b *Bloqueo) Soltar() {
	if b != nil && b.f != nil {
		syscall.Flock(int(b.f.Fd()), syscall.LOCK_UN)
		b.f.Close()
		b.f = nil
	}
}

// RutaBloqueo is the lock file of a database.
func RutaBloqueo(ruta string) string { return ruta + ".bloqueo" }

func bloquear(ruta string, modo int) (*Bloqueo, error) {
	f, err := os.OpenFile(RutaBloqueo(ruta), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("abrir el archivo de bloqueo %s: %w", RutaBloqueo(ruta), err)
	}
	if err := syscall.Flock(int(f.Fd()), modo|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errOcupado
		}
		return nil, fmt.Errorf("bloquear %s: %w", RutaBloqueo(ruta), err)
	}
	return &Bloqueo{f}, nil
}

var errOcupado = errors.New("ocupado")

// BloquearServidor is taken by `comite serve` before it opens the database
// and held while it runs. It fails while a restore of that database runs.
func BloquearServidor(ruta string) (*Bloqueo, error) {
	b, err := bloquear(ruta, syscall.LOCK_SH)
	if errors.Is(err, errOcupado) {
		return nil, fmt.Errorf("la base de datos %s se está restaurando (otro proceso tiene su bloqueo exclusivo %s): espere a que termine", ruta, RutaBloqueo(ruta))
	}
	return b, err
}

// ErrEnUso refuses to overwrite a database that a process has open.
type ErrEnUso struct {
	Ruta    string
	Quien   string
	Proceso int
}

func (e *ErrEnUso) Error() string {
	s := fmt.Sprintf("la base de datos %s está en uso (%s)", e.Ruta, e.Quien)
	if e.Proceso > 0 {
		s += fmt.Sprintf(", proceso %d", e.Proceso)
	}
	return s + ": detenga el servicio (systemctl stop comite) y cualquier otro programa que la tenga abierta, como Litestream, y vuelva a intentarlo"
}

// bloquearExclusivo takes the restore's lock and checks that no process has
// the database open. The caller keeps the lock until the restore ends.
func bloquearExclusivo(ruta string) (*Bloqueo, error) {
	b, err := bloquear(ruta, syscall.LOCK_EX)
	if errors.Is(err, errOcupado) {
		return nil, &ErrEnUso{Ruta: ruta, Quien: "un servidor «comite serve» la tiene abierta"}
	}
	if err != nil {
		return nil, err
	}
	if pid, ok := bloqueoAjeno(ruta+"-shm", bytesDMS, 1); ok {
		b.Soltar()
		return nil, &ErrEnUso{Ruta: ruta, Quien: "otro programa la tiene abierta", Proceso: pid}
	}
	if pid, ok := bloqueoAjeno(ruta, bytePendiente, bytesBloqueoSQL); ok {
		b.Soltar()
		return nil, &ErrEnUso{Ruta: ruta, Quien: "otro programa tiene una transacción abierta en ella", Proceso: pid}
	}
	return b, nil
}

// bloqueoAjeno says whether another process holds a POSIX lock that
// overlaps [inicio, inicio+largo) of a file, and which process.
func bloqueoAjeno(archivo string, inicio, largo int64) (int, bool) {
	f, err := os.OpenFile(archivo, os.O_RDWR, 0)
	if err != nil {
		return 0, false // no -shm: nobody has the database open in WAL mode
	}
	defer f.Close()
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: 0, Start: inicio, Len: largo}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &lk); err != nil {
		return 0, false
	}
	if lk.Type == syscall.F_UNLCK {
		return 0, false
	}
	return int(lk.Pid), true
}

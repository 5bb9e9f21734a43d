package importar

import (
	"bufio"
	"context"
	"io"

	"comite/internal/importar/filas"
)

// Preparar gets a file (CSV or XLSX, as Leer) ready for the store to write
// (internal/db.ImportarFuente, one transaction, all rows or none). An XLSX is
// read and validated whole now; its problems come in Fuente.Problemas and
// there is nothing to write. A CSV is read in parts (filas.Fuente) when the
// store asks, which reads the whole file before its write transaction: the
// write lock is never held while a file is read. lectura, when set, is
// called every 10.000 rows of the XLSX read here.
func Preparar(ctx context.Context, clase filas.Clase, nombre string, r io.Reader, lectura func(filas int)) (filas.Fuente, error) {
	if _, err := filas.ParseClase(string(clase)); err != nil {
		return filas.Fuente{}, err
	}
	xlsx, r, err := esXLSX(r)
	if err != nil {
		return filas.Fuente{}, err
	}
	if xlsx {
		lote, problemas := LeerContexto(ctx, clase, nombre, r, lectura)
		if len(problemas) > 0 {
			return filas.Fuente{Clase: clase, Problemas: problemas}, nil
		}
		return filas.FuenteDeLote(lote), nil
	}
	return filas.Fuente{Clase: clase, Entregar: func(lectura func(int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
		return LeerEnPartesContexto(ctx, clase, nombre, r, lectura, parte)
	}}, nil
}

// esXLSX looks at the first bytes of r (a ZIP: "PK\x03\x04") and returns a
// reader that still starts at the beginning: the same one when it can seek
// (a file, whose size then sizes the read buffer), else a buffered one.
func esXLSX(r io.Reader) (bool, io.Reader, error) {
	var cab [4]byte
	if rs, ok := r.(io.ReadSeeker); ok {
		inicio, err := rs.Seek(0, io.SeekCurrent)
		if err == nil {
			n, _ := io.ReadFull(rs, cab[:])
			if _, err := rs.Seek(inicio, io.SeekStart); err != nil {
				return false, nil, err
			}
			return n == 4 && string(cab[:]) == "PK\x03\x04", r, nil
		}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	p, _ := br.Peek(4)
	return string(p) == "PK\x03\x04", br, nil
}

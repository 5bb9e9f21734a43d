package importar

// The rows, kinds and problems of an import live in internal/importar/filas
// (what the store writes, without the readers); these names keep reading
// them from here.

import "comite/internal/importar/filas"

type (
	Clase         = filas.Clase
	Problema      = filas.Problema
	FilaSancion   = filas.FilaSancion
	FilaOperacion = filas.FilaOperacion
	FilaUsuario   = filas.FilaUsuario
	Lote          = filas.Lote
	Formato       = filas.Formato
	Fuente        = filas.Fuente
)

const (
	Sanciones     = filas.Sanciones
	Operaciones   = filas.Operaciones
	Usuarios      = filas.Usuarios
	CSV           = filas.CSV
	XLSX          = filas.XLSX
	FilasPorParte = filas.FilasPorParte
)

var (
	// Clases are the kinds of file, in the order the command lists them.
	Clases = filas.Clases
	// TiposUsuario are the kinds of customs user, as stored.
	TiposUsuario = filas.TiposUsuario
)

// ParseClase reads the kind named on the command line.
func ParseClase(s string) (Clase, error) { return filas.ParseClase(s) }

// ParseTipoUsuario reads the kind of customs user in any case and accents.
func ParseTipoUsuario(s string) (string, error) { return filas.ParseTipoUsuario(s) }

// Package filas is what an import file becomes once read and validated:
// the kinds of file, their rows and the problems found, as plain values
// (docs/reglas.md §6). internal/importar reads and validates the CSV/XLSX
// files into them; internal/db writes them, without depending on the
// readers (the XLSX library, the limits on compressed files).
package filas

import (
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// Clase of import file.
type Clase string

const (
	Sanciones   Clase = "sanciones"
	Operaciones Clase = "operaciones"
	Usuarios    Clase = "usuarios"
)

// Clases are the kinds of file, in the order the command lists them.
var Clases = []Clase{Sanciones, Operaciones, Usuarios}

// ParseClase reads the kind named on the command line.
func ParseClase(s string) (Clase, error) {
	switch c := Clase(strings.ToLower(strings.TrimSpace(s))); c {
	case Sanciones, Operaciones, Usuarios:
		return c, nil
	}
	return "", fmt.Errorf("clase de archivo desconocida %q (use sanciones, operaciones o usuarios)", s)
}

// Problema is one bad row and field (or a problem of the whole file).
type Problema struct {
	Fila  int    // as Excel shows it: the header is row 1; 0 = the file as a whole
	Campo string // canonical column name; "" when the problem is the whole row
	// Columna is the column's header as the file writes it ("Número de
	// acto"), which is what people read; "" when not known (then Campo).
	Columna string `json:",omitempty"`
	Mensaje string
	// Omitidos, in the line that stands for the problems only counted (past
	// the first MaxProblemas of a file): how many it stands for.
	Omitidos int `json:",omitempty"`
}

// String is the line people read: `fila 7, valor: monto inválido "12,5,3" (...)`.
func (p Problema) String() string {
	switch {
	case p.Fila <= 0:
		return "archivo: " + p.Mensaje
	case p.Campo == "":
		return fmt.Sprintf("fila %d: %s", p.Fila, p.Mensaje)
	case p.Columna != "":
		return fmt.Sprintf("fila %d, %s: %s", p.Fila, p.Columna, p.Mensaje)
	}
	return fmt.Sprintf("fila %d, %s: %s", p.Fila, p.Campo, p.Mensaje)
}

// FilaSancion is one sanction act (docs/reglas.md §6).
type FilaSancion struct {
	Fila            int
	NIT             string // canonical "800191045-1"
	NumeroActo      string
	FechaExpedicion fecha.Fecha // zero when empty or the column is absent
	FechaFirmeza    fecha.Fecha // zero: not firm
	Infraccion      string
	Gravedad        sancion.Gravedad
	Sancion         sancion.Tipo
	Valor           decimal.Decimal // COP, at most two decimals
	Allanamiento    bool
}

// FilaOperacion is a year of operations of one user, or one customs
// declaration (then Declaracion and Fecha are set, Numero is 1 and Anio is
// the year of Fecha).
type FilaOperacion struct {
	Fila        int
	NIT         string
	Anio        int
	Valor       decimal.Decimal
	Numero      int64
	Declaracion string
	Fecha       fecha.Fecha
}

// FilaUsuario is a customs user and one period of its registro.
type FilaUsuario struct {
	Fila               int
	NIT                string
	RazonSocial        string
	Tipo               string
	DireccionSeccional string
	VigenteDesde       fecha.Fecha
	VigenteHasta       fecha.Fecha // zero: indefinite
}

// Lote is a validated file, ready to be written.
type Lote struct {
	Clase          Clase
	Archivo        string
	SHA256         string // of the file's bytes, recorded in the audit log
	Formato        Formato
	PorDeclaracion bool            // operaciones: one row per declaration
	Columnas       map[string]bool // canonical columns present in the file
	// Cabeceras: canonical column → its header as the file writes it, so
	// problems found later (a NIT not registered) name it the same way.
	Cabeceras map[string]string
	// FilasEstimadas (LeerEnPartes only): the lines below the header of a
	// CSV (at least its rows: blank lines and cells spanning lines count
	// too), or the rows an XLSX sheet declares (0 when it declares none). A
	// writer that gets the rows in parts reports progress against it.
	FilasEstimadas int
	Sanciones      []FilaSancion
	Operaciones    []FilaOperacion
	Usuarios       []FilaUsuario
}

// Filas is the number of data rows.
func (l *Lote) Filas() int { return len(l.Sanciones) + len(l.Operaciones) + len(l.Usuarios) }

// Tiene says whether the file carried an (optional) column.
func (l *Lote) Tiene(col string) bool { return l.Columnas[col] }

// FilasPorParte is the size of the parts a reader hands over.
const FilasPorParte = 8192

// Formato of a file, from its name or its first bytes.
type Formato string

const (
	CSV  Formato = "csv"
	XLSX Formato = "xlsx"
)

// TiposUsuario are the kinds of customs user (docs/reglas.md §1), as stored.
var TiposUsuario = []string{"agencia_de_aduanas", "deposito_habilitado", "usuario_zona_franca", "oea", "transportador", "declarante", "otro"}

// aliasTipo maps what people write (normalised: lower case, no accents,
// words joined by "_") to the stored tipo.
var aliasTipo = map[string]string{
	"agencia_de_aduanas": "agencia_de_aduanas", "agencia_aduanas": "agencia_de_aduanas", "agencia": "agencia_de_aduanas",
	"deposito_habilitado": "deposito_habilitado", "deposito": "deposito_habilitado",
	"usuario_zona_franca": "usuario_zona_franca", "usuario_de_zona_franca": "usuario_zona_franca", "zona_franca": "usuario_zona_franca",
	"oea": "oea", "operador_economico_autorizado": "oea",
	"transportador": "transportador",
	"declarante":    "declarante", "importador": "declarante", "exportador": "declarante", "importador_exportador": "declarante", "importador_/_exportador": "declarante", "importador/exportador": "declarante",
	"otro": "otro",
}

// ParseTipoUsuario reads the kind of customs user in any case and accents,
// with spaces or underscores ("Agencia de aduanas", "OEA", "usuario_zona_franca").
func ParseTipoUsuario(s string) (string, error) {
	k := strings.Join(strings.Fields(strings.ReplaceAll(sancion.Normalizar(s), "_", " ")), "_")
	if t, ok := aliasTipo[k]; ok {
		return t, nil
	}
	return "", fmt.Errorf("tipo de usuario desconocido %q (use %s)", s, strings.Join(TiposUsuario, ", "))
}

// Fuente is a file ready to be written. Entregar hands its rows over to a
// writer in parts (parte returns false to stop the reading), calling
// lectura every 10.000 rows read, and then returns the file's data without
// rows and the problems of the file (the data is nil when it could not be
// read, or parte stopped it). Problemas, when not empty, are the problems
// found before any writing (a file read whole beforehand): there is nothing
// to write.
type Fuente struct {
	Clase     Clase
	Problemas []Problema
	Entregar  func(lectura func(filas int), parte func(*Lote) bool) (*Lote, []Problema)
}

// FuenteDeLote hands a file already read and validated over in parts of
// FilasPorParte rows (a usuarios file, whose rows of one NIT are written
// together, in one part).
func FuenteDeLote(lote *Lote) Fuente {
	return Fuente{Clase: lote.Clase, Entregar: func(_ func(int), parte func(*Lote) bool) (*Lote, []Problema) {
		n := lote.Filas()
		if lote.Clase == Usuarios {
			n = 0 // one part: rows of one NIT are written together
		}
		for i := 0; i < n; i += FilasPorParte {
			p := *lote
			p.FilasEstimadas = n
			j := min(i+FilasPorParte, n)
			switch lote.Clase {
			case Sanciones:
				p.Sanciones = lote.Sanciones[i:j:j]
			case Operaciones:
				p.Operaciones = lote.Operaciones[i:j:j]
			}
			if !parte(&p) {
				return nil, nil
			}
		}
		if n == 0 && !parte(lote) {
			return nil, nil
		}
		return lote, nil
	}}
}

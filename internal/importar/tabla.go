package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

// tabla is a file read as rows of cells. Each row comes with its number as
// Excel shows it (the header is row 1).
type tabla struct {
	xlsx bool
	// fecha1904: the workbook counts dates from 1904-01-01 (Excel for Mac's
	// date system), not from 1900.
	fecha1904 bool
	// filasXLSX: the rows the sheet declares (its dimension), 0 if unknown.
	filasXLSX int
	// numerica says whether the cell of an XLSX at row fila and column col
	// (from 0) is a number cell; nil for a CSV.
	numerica func(fila, col int) bool
	// hoja is the sheet read (the first of an XLSX).
	hoja string
	// otraHoja is the name of another sheet of the XLSX whose first rows
	// hold a row for which probar is true, or ""; nil for a CSV.
	otraHoja func(probar func(celdas []string) bool) string
	// recorrer calls f for every row, header included, until f returns false.
	recorrer func(f func(fila int, celdas []string) bool) error
}

// detectarFormato looks at the content first (an XLSX is a ZIP: "PK\x03\x04"),
// then at the name.
func detectarFormato(nombre string, datos []byte) filas.Formato {
	if bytes.HasPrefix(datos, []byte("PK\x03\x04")) {
		return filas.XLSX
	}
	return filas.CSV
}

// abrirTabla reads the whole file and prepares its rows.
func abrirTabla(ctx context.Context, nombre string, datos []byte) (*tabla, error) {
	if detectarFormato(nombre, datos) == filas.XLSX {
		return tablaXLSX(ctx, datos)
	}
	n := strings.ToLower(nombre)
	if strings.HasSuffix(n, ".xls") {
		return nil, errors.New("el formato .xls (Excel 97-2003) no se admite: guarde el archivo como .xlsx o .csv")
	}
	if strings.HasSuffix(n, ".xlsx") {
		return nil, errors.New("el archivo dice ser .xlsx pero no lo es: ábralo en Excel y guárdelo de nuevo como .xlsx o .csv")
	}
	return tablaCSV(datos)
}

// textoUTF8 removes a UTF-8 BOM, or decodes Latin-1 (Windows-1252, what
// Excel writes as "CSV" in Spanish) when the bytes are not valid UTF-8.
func textoUTF8(datos []byte) []byte {
	datos = bytes.TrimPrefix(datos, []byte("\xef\xbb\xbf"))
	if utf8.Valid(datos) {
		return datos
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(datos)
	if err != nil {
		return datos
	}
	return out
}

// separador picks ';' or ',' by counting them, outside quotes, in the first line.
func separador(datos []byte) rune {
	comas, puntoycomas := 0, 0
	enComillas := false
	for _, c := range datos {
		if c == '"' {
			enComillas = !enComillas
			continue
		}
		if enComillas {
			continue
		}
		if c == '\n' {
			break
		}
		switch c {
		case ',':
			comas++
		case ';':
			puntoycomas++
		}
	}
	if puntoycomas > comas {
		return ';'
	}
	return ','
}

// esUTF16 recognises a text in UTF-16 (what Excel saves as «Texto
// Unicode»): its byte-order mark, or a NUL in every other byte of its start.
func esUTF16(datos []byte) bool {
	if bytes.HasPrefix(datos, []byte{0xff, 0xfe}) || bytes.HasPrefix(datos, []byte{0xfe, 0xff}) {
		return true
	}
	n := min(len(datos), 200) &^ 1
	if n < 4 {
		return false
	}
	pares, impares := 0, 0
	for i := 0; i < n; i += 2 {
		if datos[i] == 0 {
			pares++
		}
		if datos[i+1] == 0 {
			impares++
		}
	}
	return pares*4 >= n || impares*4 >= n // at least half of one of the two halves
}

// separadoPorTabulaciones: the first line has tabs and neither ; nor ,.
func separadoPorTabulaciones(datos []byte) bool {
	linea, _, _ := bytes.Cut(datos, []byte{'\n'})
	return bytes.IndexByte(linea, '\t') >= 0 && bytes.IndexByte(linea, ';') < 0 && bytes.IndexByte(linea, ',') < 0
}

func tablaCSV(datos []byte) (*tabla, error) {
	if esUTF16(datos) {
		return nil, errors.New("el archivo está en UTF-16 (Excel lo llama «Texto Unicode»): en Excel use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)» o «Libro de Excel (.xlsx)»")
	}
	datos = textoUTF8(datos)
	if separadoPorTabulaciones(datos) {
		return nil, errors.New("el archivo está separado por tabulaciones (Excel lo llama «Texto (delimitado por tabulaciones)»): en Excel use «Guardar como» y elija «CSV (delimitado por comas)», «CSV UTF-8» o «Libro de Excel (.xlsx)»")
	}
	sep := separador(datos)
	return &tabla{recorrer: func(f func(int, []string) bool) error {
		r := csv.NewReader(bytes.NewReader(datos))
		r.Comma = sep
		r.FieldsPerRecord = -1
		r.ReuseRecord = true
		// encoding/csv skips blank lines and a quoted cell may span lines;
		// Excel shows one row per record and a row for each blank line. The
		// row number is the record's first line minus the extra lines that
		// cells of earlier records spanned.
		extra := 0
		for {
			rec, err := r.Read()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				var pe *csv.ParseError
				if errors.As(err, &pe) {
					return fmt.Errorf("fila %d: el archivo CSV está mal formado (%s); revise las comillas de esa fila", pe.StartLine-extra, traducirCSV(pe.Err))
				}
				return err
			}
			linea, _ := r.FieldPos(0)
			fila := linea - extra
			for _, c := range rec {
				extra += strings.Count(c, "\n")
			}
			if !f(fila, rec) {
				return nil
			}
		}
	}}, nil
}

func traducirCSV(err error) string {
	switch {
	case errors.Is(err, csv.ErrQuote):
		return "comillas sin cerrar o sobrantes"
	case errors.Is(err, csv.ErrBareQuote):
		return "comillas dentro de una celda sin comillas"
	}
	return err.Error()
}

func tablaXLSX(ctx context.Context, datos []byte) (*tabla, error) {
	if err := InspeccionarXLSX(ctx, datos, Limites); err != nil {
		return nil, err
	}
	// excelize keeps parts in memory up to UnzipXMLSizeLimit and larger
	// sheets in a temporary file; UnzipSizeLimit refuses what declares more
	// than the inspection allowed.
	f, err := excelize.OpenReader(bytes.NewReader(datos), excelize.Options{UnzipSizeLimit: Limites.Total, UnzipXMLSizeLimit: min(Limites.Parte, 16<<20)})
	if err != nil {
		return nil, fmt.Errorf("no se pudo leer el archivo XLSX (%v): ábralo en Excel y guárdelo de nuevo", err)
	}
	hojas := f.GetSheetList()
	if len(hojas) == 0 {
		f.Close()
		return nil, errors.New("el archivo XLSX no tiene hojas")
	}
	filas := 0
	if dim, err := f.GetSheetDimension(hojas[0]); err == nil {
		if _, fin, ok := strings.Cut(dim, ":"); ok {
			if _, fila, err := excelize.CellNameToCoordinates(fin); err == nil {
				filas = fila
			}
		}
	}
	props, err := f.GetWorkbookProps()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("no se pudo leer el archivo XLSX (%v): ábralo en Excel y guárdelo de nuevo", err)
	}
	fecha1904 := props.Date1904 != nil && *props.Date1904
	numerica := func(fila, col int) bool {
		celda, err := excelize.CoordinatesToCellName(col+1, fila)
		if err != nil {
			return false
		}
		tipo, err := f.GetCellType(hojas[0], celda)
		return err == nil && (tipo == excelize.CellTypeNumber || tipo == excelize.CellTypeUnset)
	}
	otraHoja := func(probar func([]string) bool) string {
		// Only when the first sheet has no header: the workbook is opened
		// again (the reading below closes it).
		g, err := excelize.OpenReader(bytes.NewReader(datos), excelize.Options{UnzipSizeLimit: Limites.Total, UnzipXMLSizeLimit: min(Limites.Parte, 16<<20)})
		if err != nil {
			return ""
		}
		defer g.Close()
		for _, h := range hojas[1:] {
			rows, err := g.Rows(h)
			if err != nil {
				continue
			}
			for n := 0; n < filasTitulo && rows.Next(); n++ {
				celdas, err := rows.Columns(excelize.Options{RawCellValue: true})
				if err == nil && !vacia(celdas) && probar(celdas) {
					rows.Close()
					return h
				}
			}
			rows.Close()
		}
		return ""
	}
	return &tabla{xlsx: true, fecha1904: fecha1904, numerica: numerica, hoja: hojas[0], otraHoja: otraHoja, filasXLSX: filas, recorrer: func(g func(int, []string) bool) error {
		defer f.Close()
		rows, err := f.Rows(hojas[0])
		if err != nil {
			return fmt.Errorf("hoja %q: %v", hojas[0], err)
		}
		defer rows.Close()
		fila := 0
		for rows.Next() {
			fila++
			celdas, err := rows.Columns(excelize.Options{RawCellValue: true})
			if err != nil {
				return fmt.Errorf("fila %d: %v", fila, err)
			}
			if !g(fila, celdas) {
				return nil
			}
		}
		return rows.Error()
	}}, nil
}

package importar

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"comite/internal/entrada"
	"comite/internal/fecha"

	"github.com/xuri/excelize/v2"
)

// The templates (plantillas) of the import files: the header and one or two
// example rows with valid NITs. The same bytes are committed in
// testdata/plantillas/ (a test checks they match) and served by the web.

// PlantillasDisponibles are the template names: the kinds of file, with the
// two layouts of operaciones.
var PlantillasDisponibles = []string{"sanciones", "operaciones", "operaciones_declaraciones", "usuarios"}

var plantillas = map[string][][]string{
	"sanciones": {
		{"nit", "numero_acto", "fecha_expedicion", "fecha_firmeza", "infraccion", "gravedad", "sancion", "valor", "allanamiento"},
		{"800191045-1", "RS-2025-0001", "2025-02-10", "2025-03-04", "D920-36-2.1", "grave", "multa", "40000000", "no"},
		{"899999068-1", "RS-2025-0002", "2025-06-30", "", "D920-36-1.3", "gravísima", "multa", "25000000,50", "si"},
	},
	"operaciones": {
		{"nit", "anio", "valor", "numero_operaciones"},
		{"800191045-1", "2025", "14800000000", "1600"},
		{"899999068-1", "2025", "2350000000,75", "312"},
	},
	"operaciones_declaraciones": {
		{"nit", "fecha", "numero_declaracion", "valor"},
		{"800191045-1", "2025-03-04", "482025000123456", "125000000"},
		{"800197268-4", "2025-03-05", "482025000123457", "98500000,50"},
	},
	"usuarios": {
		{"nit", "razon_social", "tipo", "direccion_seccional", "registro_vigente_desde", "registro_vigente_hasta"},
		{"800191045-1", "Agencia de Aduanas Ejemplo S.A.S. Nivel 1", "agencia_de_aduanas", "Bogotá", "2019-05-02", ""},
		{"899999068-1", "Depósito Ejemplo Ltda.", "deposito_habilitado", "Cartagena", "2020-01-15", "2030-01-14"},
	},
}

var columnasMonto = map[string]bool{"valor": true}
var columnasFecha = map[string]bool{"fecha_expedicion": true, "fecha_firmeza": true, "fecha": true, "registro_vigente_desde": true, "registro_vigente_hasta": true}
var columnasNumero = map[string]bool{"anio": true, "numero_operaciones": true}

// Plantilla returns the template of a kind ("sanciones", "operaciones",
// "operaciones_declaraciones", "usuarios") in a format ("csv" or "xlsx").
// The CSV is UTF-8 with BOM and ";" (what Excel in Spanish opens directly).
func Plantilla(clase string, formato string) ([]byte, error) {
	filas, ok := plantillas[clase]
	if !ok {
		return nil, fmt.Errorf("no hay plantilla %q (use %s)", clase, strings.Join(PlantillasDisponibles, ", "))
	}
	switch strings.ToLower(formato) {
	case "csv":
		var b bytes.Buffer
		b.WriteString("\ufeff")
		for _, f := range filas {
			b.WriteString(strings.Join(f, ";"))
			b.WriteString("\r\n")
		}
		return b.Bytes(), nil
	case "xlsx":
		return plantillaXLSX(clase, filas)
	}
	return nil, fmt.Errorf("formato de plantilla desconocido %q (use csv o xlsx)", formato)
}

func plantillaXLSX(clase string, filas [][]string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	hoja := clase
	if err := f.SetSheetName("Sheet1", hoja); err != nil {
		return nil, err
	}
	negrita, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	fmtFecha := "dd/mm/yyyy"
	estFecha, err := f.NewStyle(&excelize.Style{CustomNumFmt: &fmtFecha})
	if err != nil {
		return nil, err
	}
	fmtMonto := "#,##0.00"
	estMonto, err := f.NewStyle(&excelize.Style{CustomNumFmt: &fmtMonto})
	if err != nil {
		return nil, err
	}
	cab := filas[0]
	for i, fila := range filas {
		for j, v := range fila {
			celda, _ := excelize.CoordinatesToCellName(j+1, i+1)
			switch {
			case i == 0:
				err = f.SetCellStr(hoja, celda, v)
				if err == nil {
					err = f.SetCellStyle(hoja, celda, celda, negrita)
				}
			case v == "":
			case columnasFecha[cab[j]]:
				d, e := fecha.Parse(v)
				if e != nil {
					return nil, e
				}
				err = f.SetCellValue(hoja, celda, float64(entrada.EpocaExcel.DiasHasta(d)))
				if err == nil {
					err = f.SetCellStyle(hoja, celda, celda, estFecha)
				}
			case columnasMonto[cab[j]]:
				n, e := strconv.ParseFloat(strings.ReplaceAll(v, ",", "."), 64)
				if e != nil {
					return nil, e
				}
				err = f.SetCellFloat(hoja, celda, n, -1, 64)
				if err == nil {
					err = f.SetCellStyle(hoja, celda, celda, estMonto)
				}
			case columnasNumero[cab[j]]:
				n, e := strconv.Atoi(v)
				if e != nil {
					return nil, e
				}
				err = f.SetCellInt(hoja, celda, int64(n))
			default:
				err = f.SetCellStr(hoja, celda, v)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	for j := range cab {
		col, _ := excelize.ColumnNumberToName(j + 1)
		if err := f.SetColWidth(hoja, col, col, 22); err != nil {
			return nil, err
		}
	}
	// As every workbook the application writes: the header frozen, with
	// a filter over the columns.
	if err := f.SetPanes(hoja, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return nil, err
	}
	ultima, err := excelize.CoordinatesToCellName(len(cab), len(filas))
	if err != nil {
		return nil, err
	}
	if err := f.AutoFilter(hoja, "A1:"+ultima, nil); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

package tamizaje

import (
	"io"

	"comite/internal/etiquetas"
	"comite/internal/exportar"
	"comite/internal/formato"
	"comite/internal/reincidencia"
)

// Columnas are the headers of the CSV and XLSX exports, in order.
var Columnas = []string{
	"Posición", "NIT", "Razón social", "Tipo de usuario", "Dirección Seccional", "Código de la Seccional",
	"Año del tamizaje", "Año de referencia", "Registro vigente",
	"Actos que cuentan", "Suma de sanciones (COP)", "Operaciones (COP)", "Número de operaciones",
	"Participación (%)", "Umbral 0,5 % (COP)", "Sanciones sobre el umbral (%)",
	"Cumple umbral", "Mínimo tres actos", "Procede el Comité",
	"Alertas", "Distancia",
	"Actos año anterior", "Participación año anterior (%)", "Variación de actos", "Variación de participación (p. p.)",
	"Datos incompletos",
}

type celda = exportar.Celda

var (
	txt            = exportar.Texto
	num            = exportar.Numero
	numNulo        = exportar.NumeroNulo
	ent            = exportar.Cuenta
	entNulo        = exportar.CuentaNula
	fmtPesos       = exportar.Pesos
	fmtPorcentaje4 = exportar.Porcentaje4
	fmtPorcentaje2 = exportar.Porcentaje2
	fmtDistancia   = exportar.Decimales4
)

func siNo(b bool) celda {
	return txt(formato.SiNo(b))
}

// tri writes a three-valued answer; unknown is "Datos incompletos", never Sí or No.
func tri(t reincidencia.Tri) celda {
	if !t.Conocido() {
		return txt("Datos incompletos")
	}
	return siNo(t.EsSi())
}

// motivoIncompleto is the reason a row is incomplete, or "".
func motivoIncompleto(f Fila) string {
	if !f.FaltanOperaciones() || (f.CumpleUmbral.Conocido() && f.ProcedeComite.Conocido()) {
		return ""
	}
	return reincidencia.TextoDatosIncompletos(f.AnioReferencia)
}

// TextoAlertas joins the labels of the early warnings and the core's
// alerts, as people read them: "Dos actos; Sin operaciones".
func TextoAlertas(f Fila) string {
	var ps []string
	for _, a := range f.Tempranas {
		ps = append(ps, string(a))
	}
	for _, a := range f.Alertas {
		if a != reincidencia.AnclajeDifiere { // never raised here: both dates are 1 January
			ps = append(ps, string(a))
		}
	}
	return etiquetas.Alertas(ps)
}

// NombreSeccional is the name of a Dirección Seccional by its code ("" when
// unknown: the code is shown in its place).
type NombreSeccional func(codigo string) string

func celdas(f Fila, nombre NombreSeccional) []celda {
	seccional := f.Usuario.DireccionSeccional
	if nombre != nil {
		if n := nombre(seccional); n != "" {
			seccional = n
		}
	}
	return []celda{
		ent(int64(f.Posicion)), txt(f.Usuario.NIT), txt(f.Usuario.RazonSocial), txt(etiquetas.TipoUsuario(f.Usuario.Tipo)), txt(seccional), txt(f.Usuario.DireccionSeccional),
		exportar.Anio(f.Anio), exportar.Anio(f.AnioReferencia), siNo(f.RegistroVigente),
		ent(int64(f.NumeroActos)), num(f.Suma, fmtPesos), numNulo(f.TotalOperaciones, fmtPesos), entNulo(f.NumeroOperaciones),
		numNulo(f.Participacion, fmtPorcentaje4), numNulo(f.Linea, fmtPesos), numNulo(f.PorcentajeUmbral, fmtPorcentaje2),
		tri(f.CumpleUmbral), siNo(f.MinimoTresActos), tri(f.ProcedeComite),
		txt(TextoAlertas(f)), distanciaCelda(f),
		ent(int64(f.Anterior.NumeroActos)), numNulo(f.Anterior.Participacion, fmtPorcentaje4), ent(int64(f.VariacionActos)), numNulo(f.VariacionParticipacion, fmtPorcentaje4),
		txt(motivoIncompleto(f)),
	}
}

// distanciaCelda is empty for a row whose result is unknown: no distance is
// known without the operations.
func distanciaCelda(f Fila) celda {
	if f.DatosIncompletos() {
		return celda{}
	}
	return num(f.Distancia4, fmtDistancia)
}

// HojaXLSX is the name of the sheet of the XLSX export.
const HojaXLSX = "Tamizaje"

// tabla is the screening's export (exportar: CSV for Excel in Spanish and XLSX).
var tabla = exportar.Tabla{
	Hoja: HojaXLSX, Columnas: Columnas,
	Anchos: []float64{9, 14, 40, 20, 36, 16, 9, 10, 9, 9, 18, 20, 12, 13, 18, 13, 9, 9, 9, 28, 10, 10, 13, 10, 13},
}

// EscribirCSV writes the rows as CSV for Excel in Spanish (exportar.EscribirCSV):
// Sí/No for the requisites, "Datos incompletos" for an unknown one, an empty
// cell where a figure does not apply (participación without operations); the
// Dirección Seccional by its name (nombre), its code in the next column.
func EscribirCSV(w io.Writer, filas []Fila, nombre NombreSeccional) error {
	return EscribirCSVDe(w, len(filas), func(i int) Fila { return filas[i] }, nombre)
}

// EscribirCSVDe is EscribirCSV over n rows made one at a time by fila (for
// instance Tamizado.Fila), so no slice of every row is held.
func EscribirCSVDe(w io.Writer, n int, fila func(int) Fila, nombre NombreSeccional) error {
	return exportar.EscribirCSV(w, tabla, n, func(i int) []celda { return celdas(fila(i), nombre) })
}

// EscribirXLSX writes the rows as an Excel workbook (exportar.EscribirXLSX):
// amounts "$ #,##0", participación "0,0000 %", the distance with 4 decimals.
func EscribirXLSX(w io.Writer, filas []Fila, titulo string, nombre NombreSeccional) error {
	return EscribirXLSXDe(w, len(filas), func(i int) Fila { return filas[i] }, titulo, nombre)
}

// EscribirXLSXDe is EscribirXLSX over n rows made one at a time by fila (each
// row is made twice: once for the column widths, once for the sheet).
func EscribirXLSXDe(w io.Writer, n int, fila func(int) Fila, titulo string, nombre NombreSeccional) error {
	t := tabla
	t.Titulo = titulo
	return exportar.EscribirXLSX(w, t, n, func(i int) []celda { return celdas(fila(i), nombre) })
}

package templates

// View models of the import screens.

// FormImportacion is the upload form.
type FormImportacion struct {
	Clases     []Opcion
	Errores    Errores
	Plantillas []PlantillaEnlace
	Limite     string // "20 MB"
}

// PlantillaEnlace is one downloadable template.
type PlantillaEnlace struct {
	Titulo string
	CSV    string // URL
	XLSX   string // URL
	Clave  string // data-testid suffix
}

// ProblemaFila is one problem of an import file: row, field, what is wrong.
type ProblemaFila struct {
	Fila    string // "7", or "Archivo" for the whole file
	Campo   string // column, or "—"
	Mensaje string
}

// VistaImportacion is the preview of an uploaded file: every problem, or
// what would be written (nothing is written yet).
type VistaImportacion struct {
	Token       string
	Archivo     string
	ClaseTexto  string
	Formato     string
	Tamano      string
	SHA256      string
	Problemas   []ProblemaFila // the page shown
	TotalProbs  string
	Paginas     Paginas // of the problems
	Filas       string
	Nuevas      string
	Actualizada string
	SinCambios  string
	EsUsuarios  bool
	UsuNuevos   string
	UsuActual   string
	Columnas    []string
	Muestra     [][]string
	MasFilas    string // "y 1.234 filas más", or ""
	Form        FormImportacion
}

// ResultadoImportacion is what an import wrote.
type ResultadoImportacion struct {
	Archivo     string
	ClaseTexto  string
	Filas       string
	Nuevas      string
	Actualizada string
	SinCambios  string
	EsUsuarios  bool
	UsuNuevos   string
	UsuActual   string
	Auditoria   string // id of the audit row
	SHA256      string
}

package templates

// Builders of the import screens' view models from what the upload read,
// validated and simulated. Nothing here reads the file again or the store.

import (
	"strconv"
	"strings"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/importar/filas"
	"comite/internal/web/urls"
)

// filasMuestra is how many rows of the file the preview shows.
const filasMuestra = 10

// FormImportacionDe is the upload form with the option chosen and its
// errors, and a link to the CSV and XLSX template of each kind of file in
// plantillas (the template names the import offers).
func FormImportacionDe(clase string, errs Errores, plantillas []string) FormImportacion {
	f := FormImportacion{Errores: errs, Limite: "20 MB"}
	f.Clases = append(f.Clases, Opcion{Valor: "", Texto: "Elija qué contiene…", Seleccionada: clase == ""})
	for _, c := range filas.Clases {
		f.Clases = append(f.Clases, Opcion{Valor: string(c), Texto: etiquetas.ClaseImportacion(c), Seleccionada: string(c) == clase})
	}
	titulos := map[string]string{
		"sanciones":                 "Actos sancionatorios",
		"operaciones":               "Operaciones: totales por año",
		"operaciones_declaraciones": "Operaciones: una fila por declaración",
		"usuarios":                  "Usuarios aduaneros y sus registros",
	}
	for _, p := range plantillas {
		f.Plantillas = append(f.Plantillas, PlantillaEnlace{Titulo: titulos[p], Clave: p,
			CSV: urls.Plantilla(p + ".csv"), XLSX: urls.Plantilla(p + ".xlsx")})
	}
	return f
}

// ProblemaFilaDe is one problem of a file as the preview lists it: the row
// (or the whole file), the column as the file names it, and the message.
func ProblemaFilaDe(p filas.Problema) ProblemaFila {
	f := ProblemaFila{Fila: strconv.Itoa(p.Fila), Campo: p.Campo, Mensaje: formato.MayusculaInicial(p.Mensaje)}
	if p.Fila <= 0 {
		f.Fila = "Archivo"
	}
	if p.Columna != "" && p.Campo != "" { // the column as the file names it
		f.Campo = p.Columna
	}
	if f.Campo == "" {
		f.Campo = "—"
	}
	return f
}

// TotalProblemas counts a file's problems in words ("" when there are none).
func TotalProblemas(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "1 problema"
	default:
		return formato.Plural(n, "problema", "problemas")
	}
}

// MuestraLote is the header and the first rows of a validated file, as
// people read them.
func MuestraLote(l *filas.Lote) ([]string, [][]string) {
	var muestra [][]string
	switch l.Clase {
	case filas.Sanciones:
		for _, s := range l.Sanciones[:min(len(l.Sanciones), filasMuestra)] {
			firmeza := "Sin firmeza"
			if !s.FechaFirmeza.IsZero() {
				firmeza = formato.Fecha(s.FechaFirmeza)
			}
			muestra = append(muestra, []string{strconv.Itoa(s.Fila), s.NIT, s.NumeroActo, formato.Fecha(s.FechaExpedicion), firmeza, guion(s.Infraccion),
				formato.MayusculaInicial(s.Gravedad.Etiqueta()), formato.MayusculaInicial(s.Sancion.Etiqueta()), formato.Pesos(s.Valor), formato.SiNo(s.Allanamiento)})
		}
		return []string{"Fila", "NIT", "Número de acto", "Expedición", "Firmeza", "Infracción", "Gravedad", "Sanción", "Valor", "Allanamiento"}, muestra
	case filas.Operaciones:
		if l.PorDeclaracion {
			for _, o := range l.Operaciones[:min(len(l.Operaciones), filasMuestra)] {
				muestra = append(muestra, []string{strconv.Itoa(o.Fila), o.NIT, formato.Fecha(o.Fecha), o.Declaracion, formato.Pesos(o.Valor)})
			}
			return []string{"Fila", "NIT", "Fecha", "Declaración", "Valor"}, muestra
		}
		for _, o := range l.Operaciones[:min(len(l.Operaciones), filasMuestra)] {
			muestra = append(muestra, []string{strconv.Itoa(o.Fila), o.NIT, strconv.Itoa(o.Anio), formato.Pesos(o.Valor), formato.Entero(o.Numero)})
		}
		return []string{"Fila", "NIT", "Año", "Valor", "Número de operaciones"}, muestra
	default:
		for _, u := range l.Usuarios[:min(len(l.Usuarios), filasMuestra)] {
			hasta := "Indefinida"
			if !u.VigenteHasta.IsZero() {
				hasta = formato.Fecha(u.VigenteHasta)
			}
			muestra = append(muestra, []string{strconv.Itoa(u.Fila), u.NIT, u.RazonSocial, etiquetas.TipoUsuario(u.Tipo), guion(u.DireccionSeccional), formato.Fecha(u.VigenteDesde), hasta})
		}
		return []string{"Fila", "NIT", "Razón social", "Tipo", "Dirección Seccional", "Registro vigente desde", "Vigente hasta"}, muestra
	}
}

func guion(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// TamanoTexto shows a size in bytes for people: "18 KB", "3,4 MB".
func TamanoTexto(n int64) string {
	switch {
	case n < 1024:
		return strconv.FormatInt(n, 10) + " bytes"
	case n < 1<<20:
		return strconv.FormatInt((n+512)/1024, 10) + " KB"
	}
	d := float64(n) / (1 << 20) // display only
	s := strconv.FormatFloat(d, 'f', 1, 64)
	return strings.ReplaceAll(s, ".", ",") + " MB"
}

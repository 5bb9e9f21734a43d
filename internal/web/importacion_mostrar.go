package web

import (
	"comite/internal/importar/filas"
	"net/http"

	"comite/internal/importar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// etiquetasClaseImportacion name the kinds of import file for people.
var etiquetasClaseImportacion = map[filas.Clase]string{
	filas.Sanciones:   "Actos sancionatorios",
	filas.Operaciones: "Operaciones de comercio exterior",
	filas.Usuarios:    "Usuarios aduaneros y sus registros",
}

// formImportacion is the upload form with the option chosen and its errors.
func formImportacion(clase string, errs templates.Errores) templates.FormImportacion {
	f := templates.FormImportacion{Errores: errs, Limite: "20 MB"}
	f.Clases = append(f.Clases, templates.Opcion{Valor: "", Texto: "Elija qué contiene…", Seleccionada: clase == ""})
	for _, c := range filas.Clases {
		f.Clases = append(f.Clases, templates.Opcion{Valor: string(c), Texto: etiquetasClaseImportacion[c], Seleccionada: string(c) == clase})
	}
	titulos := map[string]string{
		"sanciones":                 "Actos sancionatorios",
		"operaciones":               "Operaciones: totales por año",
		"operaciones_declaraciones": "Operaciones: una fila por declaración",
		"usuarios":                  "Usuarios aduaneros y sus registros",
	}
	for _, p := range importar.PlantillasDisponibles {
		f.Plantillas = append(f.Plantillas, templates.PlantillaEnlace{Titulo: titulos[p], Clave: p,
			CSV: urls.Plantilla(p + ".csv"), XLSX: urls.Plantilla(p + ".xlsx")})
	}
	return f
}

// importacionMostrar shows the upload form, the help on formats and the templates.
func (h *handler) importacionMostrar(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.ImportacionPagina(h.pagina(c, "Importar datos", "importar"), formImportacion(c.QueryParam("clase"), templates.Errores{})))
}

package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"
)

var actualizar = flag.Bool("actualizar", false, "reescribe testdata/plantillas con Plantilla()")

const dirPlantillas = "../../testdata/plantillas"

func claseDePlantilla(nombre string) filas.Clase {
	if nombre == "operaciones_declaraciones" {
		return filas.Operaciones
	}
	return filas.Clase(nombre)
}

// TestPlantillas: every template reads without problems, in both formats with
// the same rows, and the committed files in testdata/plantillas are the ones
// Plantilla serves (go test ./internal/importar -run TestPlantillas -actualizar
// rewrites them).
func TestPlantillas(t *testing.T) {
	for _, nombre := range PlantillasDisponibles {
		t.Run(nombre, func(t *testing.T) {
			var lotes []*filas.Lote
			for _, formato := range []string{"csv", "xlsx"} {
				b, err := Plantilla(nombre, formato)
				if err != nil {
					t.Fatal(err)
				}
				ruta := filepath.Join(dirPlantillas, nombre+"."+formato)
				if *actualizar {
					if err := os.MkdirAll(dirPlantillas, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(ruta, b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				enDisco, err := os.ReadFile(ruta)
				if err != nil {
					t.Fatalf("%v (regenere con -actualizar)", err)
				}
				if !bytes.Equal(enDisco, b) {
					t.Fatalf("%s difiere de Plantilla(%q, %s): regenere con -actualizar", ruta, nombre, formato)
				}
				l, ps := Leer(claseDePlantilla(nombre), ruta, bytes.NewReader(enDisco))
				if len(ps) > 0 {
					t.Fatalf("%s: %v", ruta, textos(ps))
				}
				l.Archivo, l.SHA256, l.Formato = "", "", ""
				lotes = append(lotes, l)
			}
			if !reflect.DeepEqual(lotes[0], lotes[1]) {
				t.Fatalf("CSV y XLSX difieren:\n%+v\n%+v", lotes[0], lotes[1])
			}
		})
	}
	if _, err := Plantilla("nada", "csv"); err == nil {
		t.Error("Plantilla(nada) aceptada")
	}
	if _, err := Plantilla("sanciones", "pdf"); err == nil {
		t.Error("Plantilla(pdf) aceptada")
	}
}

// TestEjemploXLSX: testdata/importar/sanciones.xlsx holds the same rows as
// testdata/importar/sanciones.csv (the worked example of docs/reglas.md §2),
// with Excel dates and numbers; -actualizar rewrites it from the CSV.
func TestEjemploXLSX(t *testing.T) {
	csvBytes, err := os.ReadFile("../../testdata/importar/sanciones.csv")
	if err != nil {
		t.Fatal(err)
	}
	desdeCSV, ps := Leer(filas.Sanciones, "sanciones.csv", bytes.NewReader(csvBytes))
	if len(ps) > 0 {
		t.Fatal(textos(ps))
	}
	ruta := "../../testdata/importar/sanciones.xlsx"
	if *actualizar {
		filas := [][]string{{"nit", "numero_acto", "fecha_expedicion", "fecha_firmeza", "infraccion", "gravedad", "sancion", "valor", "allanamiento"}}
		for _, s := range desdeCSV.Sanciones {
			filas = append(filas, []string{s.NIT, s.NumeroActo, s.FechaExpedicion.String(), s.FechaFirmeza.String(), s.Infraccion,
				s.Gravedad.Etiqueta(), s.Sancion.Etiqueta(), s.Valor.String(), map[bool]string{true: "sí", false: "no"}[s.Allanamiento]})
		}
		b, err := plantillaXLSX("sanciones", filas)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(ruta, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x, err := os.ReadFile(ruta)
	if err != nil {
		t.Fatalf("%v (regenere con -actualizar)", err)
	}
	desdeXLSX, ps := Leer(filas.Sanciones, "sanciones.xlsx", bytes.NewReader(x))
	if len(ps) > 0 {
		t.Fatal(textos(ps))
	}
	if len(desdeXLSX.Sanciones) != len(desdeCSV.Sanciones) {
		t.Fatalf("filas %d y %d", len(desdeXLSX.Sanciones), len(desdeCSV.Sanciones))
	}
	for i := range desdeCSV.Sanciones {
		a, b := desdeCSV.Sanciones[i], desdeXLSX.Sanciones[i]
		if !a.Valor.Equal(b.Valor) {
			t.Fatalf("fila %d: valor %s y %s", a.Fila, a.Valor, b.Valor)
		}
		a.Valor = b.Valor
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("fila %d:\n%+v\n%+v", a.Fila, a, b)
		}
	}
}

// The XLSX templates, as every workbook the application writes: header
// frozen, a filter over the columns.
func TestPlantillasXLSX_encabezadoFijoYFiltro(t *testing.T) {
	for _, nombre := range PlantillasDisponibles {
		b, err := Plantilla(nombre, "xlsx")
		if err != nil {
			t.Fatal(err)
		}
		x, err := excelize.OpenReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		hoja := x.GetSheetList()[0]
		p, err := x.GetPanes(hoja)
		if err != nil || !p.Freeze || p.YSplit != 1 || p.TopLeftCell != "A2" {
			t.Errorf("%s: paneles %+v %v; quiere el encabezado fijo", nombre, p, err)
		}
		filtro := false
		for _, d := range x.GetDefinedName() {
			filtro = filtro || d.Name == "_xlnm._FilterDatabase"
		}
		if !filtro {
			t.Errorf("%s: sin filtro en el encabezado", nombre)
		}
		x.Close()
	}
}

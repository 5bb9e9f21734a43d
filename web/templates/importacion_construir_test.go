package templates

import (
	"reflect"
	"testing"

	"comite/internal/etiquetas"
	"comite/internal/fecha"
	"comite/internal/importar/filas"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

func TestTamanoTexto(t *testing.T) {
	casos := []struct {
		nombre string
		n      int64
		quiere string
	}{
		{"bytes", 900, "900 bytes"},
		{"kilobytes_redondeados", 18*1024 + 600, "19 KB"},
		{"megabytes_con_coma_decimal", 3*(1<<20) + 400*1024, "3,4 MB"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if g := TamanoTexto(c.n); g != c.quiere {
				t.Errorf("TamanoTexto(%d) = %q; quiere %q", c.n, g, c.quiere)
			}
		})
	}
}

func TestProblemaFilaDe(t *testing.T) {
	casos := []struct {
		nombre string
		p      filas.Problema
		quiere ProblemaFila
	}{
		{"del_archivo_entero", filas.Problema{Fila: 0, Mensaje: "el archivo está vacío"}, ProblemaFila{Fila: "Archivo", Campo: "—", Mensaje: "El archivo está vacío"}},
		{"con_la_columna_como_la_escribe_el_archivo", filas.Problema{Fila: 7, Campo: "numero_acto", Columna: "Número de acto", Mensaje: "falta"}, ProblemaFila{Fila: "7", Campo: "Número de acto", Mensaje: "Falta"}},
		{"con_el_campo_sin_cabecera", filas.Problema{Fila: 3, Campo: "valor", Mensaje: "monto inválido"}, ProblemaFila{Fila: "3", Campo: "valor", Mensaje: "Monto inválido"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if g := ProblemaFilaDe(c.p); g != c.quiere {
				t.Errorf("ProblemaFilaDe = %+v; quiere %+v", g, c.quiere)
			}
		})
	}
}

func TestTotalProblemas(t *testing.T) {
	for n, quiere := range map[int]string{0: "", 1: "1 problema", 2: "2 problemas", 1500: "1.500 problemas"} {
		if g := TotalProblemas(n); g != quiere {
			t.Errorf("TotalProblemas(%d) = %q; quiere %q", n, g, quiere)
		}
	}
}

func TestMuestraLote(t *testing.T) {
	var muchas []filas.FilaOperacion
	for i := range 12 {
		muchas = append(muchas, filas.FilaOperacion{Fila: i + 2, NIT: "800191045-1", Anio: 2024, Valor: decimal.RequireFromString("1500000"), Numero: 12})
	}
	casos := []struct {
		nombre   string
		l        filas.Lote
		columnas int
		primera  []string
		filas    int
	}{
		{"sanciones_sin_firmeza_ni_infraccion", filas.Lote{Clase: filas.Sanciones, Sanciones: []filas.FilaSancion{{
			Fila: 2, NIT: "800191045-1", NumeroActo: "A-1", FechaExpedicion: fecha.Debe(2024, 2, 3),
			Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.RequireFromString("1234567"),
		}}}, 10, []string{"2", "800191045-1", "A-1", "03/02/2024", "Sin firmeza", "—", "Grave", "Multa", "$ 1.234.567", "No"}, 1},
		{"operaciones_anuales_hasta_diez_filas", filas.Lote{Clase: filas.Operaciones, Operaciones: muchas}, 5,
			[]string{"2", "800191045-1", "2024", "$ 1.500.000", "12"}, 10},
		{"operaciones_por_declaracion", filas.Lote{Clase: filas.Operaciones, PorDeclaracion: true, Operaciones: []filas.FilaOperacion{{
			Fila: 2, NIT: "800191045-1", Fecha: fecha.Debe(2024, 5, 6), Declaracion: "482024000123", Valor: decimal.RequireFromString("99")}}}, 5,
			[]string{"2", "800191045-1", "06/05/2024", "482024000123", "$ 99"}, 1},
		{"usuarios_sin_tipo_con_vigencia_indefinida", filas.Lote{Clase: filas.Usuarios, Usuarios: []filas.FilaUsuario{{
			Fila: 2, NIT: "800191045-1", RazonSocial: "Agencia S.A.S.", VigenteDesde: fecha.Debe(2020, 1, 1)}}}, 7,
			[]string{"2", "800191045-1", "Agencia S.A.S.", "No indicado", "—", "01/01/2020", "Indefinida"}, 1},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cols, muestra := MuestraLote(&c.l)
			if len(cols) != c.columnas || len(muestra) != c.filas {
				t.Fatalf("%d columnas y %d filas; quiere %d y %d", len(cols), len(muestra), c.columnas, c.filas)
			}
			if !reflect.DeepEqual(muestra[0], c.primera) {
				t.Errorf("primera fila = %q; quiere %q", muestra[0], c.primera)
			}
		})
	}
}

func TestFormImportacionDe(t *testing.T) {
	f := FormImportacionDe("operaciones", Errores{"clase": "Elija qué contiene el archivo."}, []string{"sanciones", "operaciones", "operaciones_declaraciones", "usuarios"})
	var elegida string
	for _, o := range f.Clases {
		if o.Seleccionada {
			elegida = o.Texto
		}
	}
	if elegida != "Operaciones de comercio exterior" || etiquetas.ClaseImportacion(filas.Operaciones) != elegida {
		t.Errorf("elegida %q", elegida)
	}
	if len(f.Clases) != len(filas.Clases)+1 || f.Limite != "20 MB" || f.Errores["clase"] == "" || len(f.Plantillas) == 0 {
		t.Errorf("FormImportacionDe = %+v", f)
	}
}

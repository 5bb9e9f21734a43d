package informe

import (
	"time"

	"comite/internal/formato"
)

// Liquidacion is a liquidation of the calculator as a document: what was
// asked, the result, every step with its fundamento and the text of each
// rule cited, all already in words (the caller formats the core's result).
type Liquidacion struct {
	Total    string // "$ 4.800.000", or the sanction when it is not a multa
	Datos    []Par  // régimen, fecha, UVT, reglas, sanción…
	Alertas  []string
	Vigencia string
	// Pasos are rows of Paso, Aplica, Antes, Después, Fundamento, Detalle.
	Pasos [][]string
	// Citas are the rules the steps rest on: reference and what it says.
	Citas []Par
	// Instante is when it was computed (the document states it).
	Instante time.Time
}

const tituloLiquidacion = "Liquidación de la sanción — Comité de Fiscalización"

// PDFLiquidacion writes the liquidation as PDF bytes, in the page style of
// the informe and the acta. It is a computation, not an act: no signers.
func PDFLiquidacion(l Liquidacion) ([]byte, error) {
	cuando := formato.Instante(l.Instante)
	resumen := Seccion{Clave: "resultado", Titulo: "1. Resultado", Bloques: []Bloque{{Tipo: BloquePares, Pares: append([]Par{{"Sanción liquidada", l.Total}}, l.Datos...)}}}
	for _, a := range l.Alertas {
		resumen.Bloques = append(resumen.Bloques, Bloque{Tipo: BloqueAviso, Texto: a})
	}
	if l.Vigencia != "" {
		resumen.Bloques = append(resumen.Bloques, Bloque{Tipo: BloqueParrafo, Texto: l.Vigencia})
	}
	pasos := &Tabla{Columnas: []Columna{{Titulo: "Paso", Ancho: 0.15}, {Titulo: "Aplica", Ancho: 0.08}, {Titulo: "Antes", Ancho: 0.14, Derecha: true},
		{Titulo: "Después", Ancho: 0.14, Derecha: true}, {Titulo: "Fundamento", Ancho: 0.19}, {Titulo: "Detalle", Ancho: 0.30}},
		Filas: l.Pasos, Vacia: "La liquidación no tiene pasos."}
	citas := Seccion{Clave: "citas", Titulo: "3. Normas citadas", Bloques: []Bloque{{Tipo: BloquePares, Pares: l.Citas}}}
	return Documento{Clase: "liquidación",
		Meta: Metadatos{Titulo: "Liquidación de la sanción: " + l.Total, Autor: "Aplicación del Comité de Fiscalización",
			Asunto: "Liquidación de la sanción paso a paso, calculada el " + cuando, Referencia: "Liquidación",
			Palabras: []string{"liquidación", "sanción", "Comité de Fiscalización", "DIAN"}, Instante: l.Instante},
		Titulo: tituloLiquidacion, Referencia: "Liquidación", Pie: "Liquidación calculada el " + cuando + " · no es un acto administrativo",
		Portada: Portada{Titulo: "Liquidación de la sanción", Objeto: "Resultado: " + l.Total,
			Emision: "Calculada el " + cuando + " con los valores de referencia de la aplicación."},
		Secciones: []Seccion{resumen, {Clave: "pasos", Titulo: "2. Pasos de la liquidación con su fundamento", Bloques: []Bloque{{Tipo: BloqueTabla, Tabla: pasos}}}, citas},
		Cierre: Cierre{Alto: 10, Antes: 2, Texto: "Documento generado por la calculadora de la aplicación del Comité de Fiscalización con los datos escritos en ella; " +
			"no se guardó. Cada paso cita la norma en que se funda."},
	}.PDF()
}

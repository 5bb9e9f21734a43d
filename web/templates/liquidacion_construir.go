package templates

// Builders of the liquidation screens' view models from the core's
// liquidation. Nothing here computes: the figures are liquidacion's.

import (
	"strconv"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/liquidacion"
	"comite/internal/normas"

	"github.com/shopspring/decimal"
)

// regimenes name the sanctioning régimes for people.
var regimenes = map[liquidacion.Regimen]string{
	liquidacion.Aduanero:   "Régimen aduanero (Decreto Ley 920 de 2023)",
	liquidacion.ZonaFranca: "Zonas francas (Decreto 2147 de 2016)",
	liquidacion.Ley2025:    "Proyecto de ley de 2025 (no vigente)",
}

// pasosLiquidacion name the steps of a liquidation for people.
var pasosLiquidacion = map[string]string{
	liquidacion.PasoBase:             "Base",
	liquidacion.PasoConcurrencia:     "Concurrencia",
	liquidacion.PasoReincidencia:     "Repetición y reincidencia",
	liquidacion.PasoIncrementoComite: "Incremento del Comité",
	liquidacion.PasoReducciones:      "Reducciones",
	liquidacion.PasoAllanamiento:     "Allanamiento",
	liquidacion.PasoTopeIngresos:     "Tope por ingresos",
	liquidacion.PasoMinimo:           "Mínimo",
}

// OpcionesRegimen are the régimes to choose from, elegido selected.
func OpcionesRegimen(elegido liquidacion.Regimen) []Opcion {
	var out []Opcion
	for _, r := range liquidacion.Regimenes {
		out = append(out, Opcion{Valor: string(r), Texto: regimenes[r], Seleccionada: r == elegido})
	}
	return out
}

// textoAlertaLiquidacion is what the screen says for an alert code.
func textoAlertaLiquidacion(codigo string, l liquidacion.Liquidacion) string {
	if codigo == liquidacion.AlertaNormaSinVigencia {
		return "Norma sin vigencia confirmada: los hechos (" + formato.Fecha(l.FechaHechos) + ") son posteriores al último día de vigencia de todos los conjuntos de reglas disponibles; se liquidó con " + l.Conjunto.ID + ". Confirme la norma aplicable."
	}
	return codigo
}

// ResultadoLiquidacionDe shows the core's liquidation for people.
func ResultadoLiquidacionDe(l liquidacion.Liquidacion) ResultadoLiquidacion {
	pesos := func(d *decimal.Decimal) string {
		if d == nil {
			return "—"
		}
		return formato.Pesos(*d)
	}
	r := ResultadoLiquidacion{
		Regimen: regimenes[l.Regimen], Fecha: formato.Fecha(l.FechaLiquidacion),
		UVT:    "UVT " + strconv.Itoa(l.UVT.Anio) + ": " + formato.Pesos(l.UVT.Valor),
		Reglas: "reglas " + l.Reglas, Sancion: formato.MayusculaInicial(l.Sancion.Etiqueta()),
		Vigencia: l.NotaVigencia,
	}
	for _, a := range l.Alertas {
		r.Alertas = append(r.Alertas, textoAlertaLiquidacion(a, l))
	}
	if l.Total != nil {
		r.Total = formato.Pesos(*l.Total)
	} else {
		r.Total = formato.MayusculaInicial(l.Sancion.Etiqueta()) + " (sin multa)"
	}
	for _, p := range l.Pasos {
		r.Pasos = append(r.Pasos, PasoLiquidacion{
			Clave: p.Paso, Paso: pasosLiquidacion[p.Paso], Aplica: p.Aplica, Antes: pesos(p.Antes), Despues: pesos(p.Despues),
			Fundamento: normas.De(p.Fundamento).Referencia(), Detalle: p.Detalle,
		})
	}
	return r
}

// ActoHistoriaDe is an earlier act of the user as the case's liquidation
// lists it; motivo says why it does not count ("" when it counts).
func ActoHistoriaDe(a liquidacion.ActoAnterior, motivo string) ActoHistoria {
	f := func(x interface{ IsZero() bool }, s string) string {
		if x.IsZero() {
			return "—"
		}
		return s
	}
	sanc := etiquetas.Sancion(string(a.Sancion))
	if a.Allanamiento {
		sanc += " (con allanamiento)"
	}
	return ActoHistoria{Numero: a.Numero, Infraccion: a.Infraccion, Gravedad: etiquetas.Gravedad(string(a.Gravedad)), Sancion: sanc,
		Expedicion: f(a.FechaExpedicion, formato.Fecha(a.FechaExpedicion)), Firmeza: f(a.FechaFirmeza, formato.Fecha(a.FechaFirmeza)), Motivo: motivo}
}

package reincidencia

import (
	"comite/internal/sancion"
	"fmt"
)

// Avisos explains each alert of r in Spanish, in the order raised.
func Avisos(r Resultado) []Aviso {
	var out []Aviso
	for _, a := range r.Alertas {
		out = append(out, Aviso{Alerta: a, Texto: textoAlerta(a, r)})
	}
	return out
}

// TextoDatosIncompletos is what every screen, export and document shows
// where the committee test is unknown for lack of operations.
func TextoDatosIncompletos(anio int) string {
	return fmt.Sprintf("Datos incompletos: cargue las operaciones de %d", anio)
}

func textoAlerta(a Alerta, r Resultado) string {
	y := r.Periodo.Anio
	switch a {
	case SinOperaciones:
		return fmt.Sprintf("Operaciones de %d cargadas en cero y con sanciones: el umbral del 0,5 %% se tiene por cumplido (criterio adoptado por la Secretaría Técnica, no texto de la norma).", y)
	case FaltanOperaciones:
		return TextoDatosIncompletos(y) + ". Sin ellas no se conocen O, N, la participación ni el umbral del 0,5 %."
	case AnclajeDifiere:
		otro := sancion.AnclajeVerificacion
		if r.Periodo.Anclaje == sancion.AnclajeVerificacion {
			otro = sancion.AnclajeComision
		}
		return fmt.Sprintf("Con el anclaje en la fecha de %s (%s) el año de referencia sería %d, no %d (criterio adoptado por la Secretaría Técnica: la elección del año de referencia).", nombreAnclaje(otro), r.FechaOtroAnclaje.DMA(), r.AnioOtroAnclaje, y)
	case UVTNoDisponible:
		return fmt.Sprintf("No hay UVT registrada para el año %d: la multa con el incremento de 1.000 UVT queda sin calcular hasta que se registre la UVT de ese año con su resolución de la DIAN.", r.AnioUVTFaltante)
	case HechoAnteriorAVigencia:
		return TextoHechoAnterior(r.Conjunto) + " Las cifras se muestran solo como información; confirme la norma aplicable."
	case NormaSinVigenciaConfirmada:
		hasta := "sin fin conocido"
		if !r.Conjunto.VigenteHasta.IsZero() {
			hasta = "hasta el " + r.Conjunto.VigenteHasta.DMA()
		}
		return fmt.Sprintf("La comisión es posterior al último día de vigencia de las normas que la aplicación conoce (%s, %s): se calculó con ese conjunto de reglas; confirme la norma aplicable.", r.Conjunto.ID, hasta)
	}
	return string(a)
}

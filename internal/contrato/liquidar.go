package contrato

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"comite/internal/liquidacion"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"
)

// LeerLiquidacion reads the input of `comite liquidar` (version 2). Every
// problem is reported, one line each, naming its field; unknown fields are
// errors. Required: regimen, fecha_liquidacion, infracciones (at least one).
// Optional (default): misma_declaracion (false), amonestaciones_previas (0),
// reincidencias_previas (0), incremento_comite (false), reducciones ([]),
// allanamiento (null), ingresos_brutos_cop (null); in each infraction,
// amonestaciones_previas and reincidencias_previas (absent or null: the
// request's count). The combinations that cannot happen are refused by the
// core (liquidacion.Validar), also naming the fields.
func LeerLiquidacion(data []byte) (liquidacion.Solicitud, error) {
	var e Errores
	var s liquidacion.Solicitud
	raiz := LeerRaiz(data, &e)
	if raiz == nil {
		return s, &ErrEntrada{e.Lista()}
	}

	if r, p := raiz.Enum("regimen", true, palabrasLiquidar(liquidacion.Regimenes)...); p == Presente {
		s.Regimen = liquidacion.Regimen(r)
	}
	s.FechaLiquidacion, _ = raiz.Fecha("fecha_liquidacion", true, false)

	infs, p := raiz.Lista("infracciones", true)
	if p == Presente && len(infs) == 0 {
		e.Add(raiz.Campo("infracciones"), "debe haber al menos una infracción")
	}
	for i, raw := range infs {
		o := NuevoObjeto(raiz.Elemento("infracciones", i), raw, &e)
		if o == nil {
			continue
		}
		s.Infracciones = append(s.Infracciones, leerInfraccionLiquidar(o, &e))
	}

	s.MismaDeclaracion, _ = raiz.Booleano("misma_declaracion", false)
	s.AmonestacionesPrevias = leerConteoLiquidar(raiz, "amonestaciones_previas")
	s.ReincidenciasPrevias = leerConteoLiquidar(raiz, "reincidencias_previas")
	s.IncrementoComite, _ = raiz.Booleano("incremento_comite", false)

	reds, _ := raiz.Lista("reducciones", false)
	vistas := map[string]bool{}
	for i, raw := range reds {
		campo := raiz.Elemento("reducciones", i)
		var r string
		if err := json.Unmarshal(raw, &r); err != nil {
			e.Add(campo, "debe ser un texto entre comillas (%s)", strings.Join(palabrasLiquidar(liquidacion.Reducciones), ", "))
			continue
		}
		if !contieneLiquidar(palabrasLiquidar(liquidacion.Reducciones), r) {
			e.Add(campo, "valor %q no permitido (use %s)", r, strings.Join(palabrasLiquidar(liquidacion.Reducciones), ", "))
			continue
		}
		if vistas[r] {
			e.Add(campo, "%q está repetida: cada reducción va una sola vez", r)
			continue
		}
		vistas[r] = true
		s.Reducciones = append(s.Reducciones, liquidacion.Reduccion(r))
	}

	if a, _ := raiz.Sub("allanamiento", false, true); a != nil {
		var al liquidacion.Allanamiento
		if et, p := a.Enum("etapa", true, palabrasLiquidar(liquidacion.Etapas)...); p == Presente {
			al.Etapa = liquidacion.Etapa(et)
		}
		al.TerceraVez, _ = a.Booleano("tercera_vez", false)
		al.Articulo72, _ = a.Booleano("articulo_72", false)
		a.Fin()
		s.Allanamiento = &al
	}

	if v, p := raiz.Monto("ingresos_brutos_cop", false, true); p == Presente {
		if v.IsZero() {
			e.Add(raiz.Campo("ingresos_brutos_cop"), "debe ser mayor que cero: si la declaración de renta del año anterior no registra ingresos brutos, use la última declaración que sí los registre (o null si no pide el tope)")
		} else {
			s.IngresosBrutos = &v
		}
	}
	raiz.Fin()

	if !e.Vacio() {
		return liquidacion.Solicitud{}, &ErrEntrada{e.Lista()}
	}
	return s, nil
}

var tiposLiquidar = sancion.Tipos()

func leerInfraccionLiquidar(o *Objeto, e *Errores) liquidacion.Infraccion {
	var inf liquidacion.Infraccion
	if c, p := o.Texto("codigo", true); p == Presente {
		if strings.TrimSpace(c) == "" {
			e.Add(o.Campo("codigo"), "no puede estar vacío: escriba el código o artículo de la infracción")
		}
		inf.Codigo = c
	}
	t, pt := o.Enum("sancion", true, palabrasLiquidar(tiposLiquidar)...)
	inf.Sancion = sancion.Tipo(t)
	cop, pc := o.Monto("valor_cop", false, true)
	uvt, pu := o.Monto("valor_uvt", false, true)
	inf.AmonestacionesPrevias = leerConteoPropio(o, "amonestaciones_previas")
	inf.ReincidenciasPrevias = leerConteoPropio(o, "reincidencias_previas")
	dadoCOP, dadoUVT := liquidarDado(o, "valor_cop"), liquidarDado(o, "valor_uvt")
	if pc == Presente {
		inf.ValorCOP = &cop
	}
	if pu == Presente {
		inf.ValorUVT = &uvt
	}
	o.Fin()
	if pt != Presente {
		return inf
	}
	if inf.Sancion == sancion.Multa {
		switch {
		case dadoCOP && dadoUVT:
			e.Add(o.Campo("valor_uvt"), "la multa ya tiene valor_cop: dé solo uno de los dos")
		case !dadoCOP && !dadoUVT:
			e.Add(o.Campo("valor_cop"), "falta el valor de la multa: dé valor_cop (pesos) o valor_uvt")
		}
		return inf
	}
	for _, k := range []string{"valor_cop", "valor_uvt"} {
		if liquidarDado(o, k) {
			e.Add(o.Campo(k), "una sanción de %s no lleva valor: quite el campo o déjelo en null", inf.Sancion.Etiqueta())
		}
	}
	return inf
}

// liquidarDado says whether a key is present with a value other than null
// (even an invalid one, already reported by its reader).
func liquidarDado(o *Objeto, k string) bool {
	v, ok := o.m[k]
	return ok && !esNulo(v)
}

func leerConteoLiquidar(o *Objeto, k string) int {
	// Entero accepts a quoted number ("2") because json.Number does; the
	// contract's counts are JSON numbers.
	if v, ok := o.m[k]; ok && len(bytes.TrimSpace(v)) > 0 && bytes.TrimSpace(v)[0] == '"' {
		o.Crudo(k)
		o.e.Add(o.Campo(k), "debe ser un número entero sin comillas, no %s", string(bytes.TrimSpace(v)))
		return 0
	}
	n, p := o.Entero(k, false)
	if p != Presente {
		return 0
	}
	return int(n)
}

// leerConteoPropio reads an infraction's own count: nil when absent or null.
func leerConteoPropio(o *Objeto, k string) *int {
	v, ok := o.m[k]
	if !ok || esNulo(v) {
		o.Crudo(k)
		return nil
	}
	antes := len(o.e.Lista())
	n := leerConteoLiquidar(o, k)
	if len(o.e.Lista()) > antes {
		return nil
	}
	return &n
}

func palabrasLiquidar[T ~string](l []T) []string {
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = string(x)
	}
	return out
}

func contieneLiquidar(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Liquidar reads a request, liquidates it and writes the contract's JSON. An
// invalid request — also a year without UVT — returns *ErrEntrada.
func Liquidar(data []byte) ([]byte, error) {
	s, err := LeerLiquidacion(data)
	if err != nil {
		return nil, err
	}
	// The contract computes with the built-in reference values: the UVT table
	// compiled in and the rule sets held, chosen by fecha_liquidacion; the
	// output names the rule set and its validity.
	l, err := liquidacion.Liquidar(s, valores.Integrada())
	if err != nil {
		var es *liquidacion.ErrSolicitud
		if errors.As(err, &es) {
			return nil, &ErrEntrada{es.Problemas}
		}
		return nil, err
	}
	return EscribirLiquidacion(l)
}

type salidaLiquidacion struct {
	Regimen          string               `json:"regimen"`
	Sancion          string               `json:"sancion"`
	UVT              salidaUVTLiquidar    `json:"uvt"`
	Pasos            []salidaPasoLiquidar `json:"pasos"`
	TotalCOP         *string              `json:"total_cop"`
	FechaLiquidacion string               `json:"fecha_liquidacion"`
	ConjuntoReglas   string               `json:"conjunto_reglas"`
	VigenciaReglas   salidaVigencia       `json:"vigencia_reglas"`
	Alertas          []string             `json:"alertas"`
}

// salidaVigencia names the rule set used and how the date of the facts
// stands against it.
type salidaVigencia struct {
	ID           string  `json:"id"`
	Nombre       string  `json:"nombre"`
	VigenteDesde string  `json:"vigente_desde"`
	VigenteHasta *string `json:"vigente_hasta"`
	FechaHechos  string  `json:"fecha_hechos"`
	Situacion    string  `json:"situacion"` // en_vigencia, posterior_a_vigencias, anterior_a_vigencias
	Nota         string  `json:"nota"`
}

var situaciones = map[valores.Vigencia]string{
	valores.EnVigencia:          "en_vigencia",
	valores.PosteriorAVigencias: "posterior_a_vigencias",
	valores.AnteriorAVigencias:  "anterior_a_vigencias",
}

type salidaUVTLiquidar struct {
	Anio       int    `json:"anio"`
	ValorCOP   string `json:"valor_cop"`
	Resolucion string `json:"resolucion"`
}

type salidaPasoLiquidar struct {
	Paso       string  `json:"paso"`
	Aplica     bool    `json:"aplica"`
	AntesCOP   *string `json:"antes_cop"`
	DespuesCOP *string `json:"despues_cop"`
	Fundamento string  `json:"fundamento"`
	Regla      string  `json:"regla"`
	Detalle    string  `json:"detalle"`
}

// EscribirLiquidacion writes the contract's output: amounts as strings
// without trailing zeros, null where they do not apply, `fundamento` as people
// cite it ("Decreto Ley 920 de 2023, art. 22 num. 1") and, added, `regla` with
// the key of internal/normas, `fecha_liquidacion`, `conjunto_reglas`,
// `vigencia_reglas` (the rule set, its validity, and "confirme la norma
// aplicable" outside it) and `alertas` (norma_sin_vigencia_confirmada).
// Indented, with a trailing newline.
func EscribirLiquidacion(l liquidacion.Liquidacion) ([]byte, error) {
	if len(l.Pasos) != len(liquidacion.OrdenPasos) {
		return nil, fmt.Errorf("liquidación incompleta: %d pasos", len(l.Pasos))
	}
	out := salidaLiquidacion{
		Regimen:          string(l.Regimen),
		Sancion:          string(l.Sancion),
		UVT:              salidaUVTLiquidar{Anio: l.UVT.Anio, ValorCOP: Monto(l.UVT.Valor), Resolucion: l.UVT.Resolucion},
		TotalCOP:         MontoNulo(l.Total),
		FechaLiquidacion: l.FechaLiquidacion.String(),
		ConjuntoReglas:   l.Reglas,
		VigenciaReglas: salidaVigencia{
			ID: l.Conjunto.ID, Nombre: l.Conjunto.Nombre, VigenteDesde: l.Conjunto.VigenteDesde.String(),
			FechaHechos: l.FechaHechos.String(), Situacion: situaciones[l.Vigencia], Nota: l.NotaVigencia,
		},
		Alertas: append([]string{}, l.Alertas...),
	}
	if !l.Conjunto.VigenteHasta.IsZero() {
		h := l.Conjunto.VigenteHasta.String()
		out.VigenciaReglas.VigenteHasta = &h
	}
	for _, p := range l.Pasos {
		out.Pasos = append(out.Pasos, salidaPasoLiquidar{
			Paso:       p.Paso,
			Aplica:     p.Aplica,
			AntesCOP:   MontoNulo(p.Antes),
			DespuesCOP: MontoNulo(p.Despues),
			Fundamento: normas.De(p.Fundamento).Referencia(),
			Regla:      p.Fundamento,
			Detalle:    p.Detalle,
		})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

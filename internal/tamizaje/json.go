package tamizaje

import (
	"bytes"
	"encoding/json"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"comite/internal/contrato"
	"comite/internal/reincidencia"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// JSON of `comite tamizaje --json` (docs/contrato-cli.md): an array with one
// object per user, in the order of the screening, one object per line. The
// fields are filaJSON's. A Tamizado writes each row straight from its compact
// figures with integer arithmetic (exact: the same digits the decimals give,
// checked against filaJSON by the tests); a row whose figures do not fit that
// arithmetic is written through its Fila and filaJSON.

// filaJSON is one user in `comite tamizaje --json`: the contract's fields
// (nit, numero_actos, suma_sanciones_cop, total_operaciones_cop,
// participacion_porcentual, cumple_umbral, procede_comite) and more. Amounts
// are decimal strings without trailing zeros; participación has 4 decimals or
// is null when the operations are 0. Where the operations of the reference
// year were never loaded, total_operaciones_cop, numero_operaciones,
// participacion_porcentual, umbral_cop and distancia are null, and so are
// cumple_umbral and procede_comite when the core leaves them unknown;
// datos_incompletos then says which year to load.
type filaJSON struct {
	Posicion               int           `json:"posicion"`
	NIT                    string        `json:"nit"`
	RazonSocial            string        `json:"razon_social"`
	Tipo                   string        `json:"tipo"`
	DireccionSeccional     string        `json:"direccion_seccional"`
	Anio                   int           `json:"anio"`
	AnioReferencia         int           `json:"anio_referencia"`
	RegistroVigente        bool          `json:"registro_vigente"`
	NumeroActos            int           `json:"numero_actos"`
	SumaSancionesCOP       string        `json:"suma_sanciones_cop"`
	TotalOperacionesCOP    *string       `json:"total_operaciones_cop"`
	NumeroOperaciones      *int64        `json:"numero_operaciones"`
	ParticipacionPorcentua *string       `json:"participacion_porcentual"`
	UmbralCOP              *string       `json:"umbral_cop"`
	PorcentajeDelUmbral    *string       `json:"porcentaje_del_umbral"`
	CumpleUmbral           *bool         `json:"cumple_umbral"`
	MinimoTresActos        bool          `json:"minimo_tres_actos"`
	ProcedeComite          *bool         `json:"procede_comite"`
	Alertas                []string      `json:"alertas"`
	AlertasTempranas       []string      `json:"alertas_tempranas"`
	Distancia              *string       `json:"distancia"`
	DatosIncompletos       *string       `json:"datos_incompletos"`
	AnioAnterior           anteriorJSON  `json:"anio_anterior"`
	Variacion              variacionJSON `json:"variacion"`
}

type anteriorJSON struct {
	AnioReferencia         int     `json:"anio_referencia"`
	RegistroVigente        bool    `json:"registro_vigente"`
	NumeroActos            int     `json:"numero_actos"`
	SumaSancionesCOP       string  `json:"suma_sanciones_cop"`
	TotalOperacionesCOP    *string `json:"total_operaciones_cop"`
	ParticipacionPorcentua *string `json:"participacion_porcentual"`
	CumpleUmbral           *bool   `json:"cumple_umbral"`
	ProcedeComite          *bool   `json:"procede_comite"`
}

type variacionJSON struct {
	NumeroActos         int     `json:"numero_actos"`
	ParticipacionPuntos *string `json:"participacion_puntos"`
}

func fijo(d *decimal.Decimal, dec int32) *string {
	if d == nil {
		return nil
	}
	s := d.StringFixed(dec)
	return &s
}

func nuevaFilaJSON(f Fila) filaJSON {
	j := filaJSON{
		Posicion: f.Posicion, NIT: f.Usuario.NIT, RazonSocial: f.Usuario.RazonSocial, Tipo: f.Usuario.Tipo, DireccionSeccional: f.Usuario.DireccionSeccional,
		Anio: f.Anio, AnioReferencia: f.AnioReferencia, RegistroVigente: f.RegistroVigente,
		NumeroActos: f.NumeroActos, SumaSancionesCOP: f.Suma.String(), TotalOperacionesCOP: contrato.MontoNulo(f.TotalOperaciones), NumeroOperaciones: f.NumeroOperaciones,
		ParticipacionPorcentua: fijo(f.Participacion, 4), UmbralCOP: contrato.MontoNulo(f.Linea), PorcentajeDelUmbral: fijo(f.PorcentajeUmbral, 2),
		CumpleUmbral: f.CumpleUmbral.Puntero(), MinimoTresActos: f.MinimoTresActos, ProcedeComite: f.ProcedeComite.Puntero(),
		Alertas: []string{}, AlertasTempranas: []string{},
		AnioAnterior: anteriorJSON{
			AnioReferencia: f.Anterior.AnioReferencia, RegistroVigente: f.Anterior.RegistroVigente, NumeroActos: f.Anterior.NumeroActos,
			SumaSancionesCOP: f.Anterior.Suma.String(), TotalOperacionesCOP: contrato.MontoNulo(f.Anterior.TotalOperaciones),
			ParticipacionPorcentua: fijo(f.Anterior.Participacion, 4), CumpleUmbral: f.Anterior.CumpleUmbral.Puntero(), ProcedeComite: f.Anterior.ProcedeComite.Puntero(),
		},
		Variacion: variacionJSON{NumeroActos: f.VariacionActos, ParticipacionPuntos: fijo(f.VariacionParticipacion, 4)},
	}
	if !f.DatosIncompletos() {
		d := f.Distancia4.StringFixed(4)
		j.Distancia = &d
	}
	if f.FaltanOperaciones() && (f.DatosIncompletos() || !f.CumpleUmbral.Conocido()) {
		t := reincidencia.TextoDatosIncompletos(f.AnioReferencia)
		j.DatosIncompletos = &t
	}
	for _, a := range f.Alertas {
		j.Alertas = append(j.Alertas, string(a))
	}
	for _, a := range f.Tempranas {
		j.AlertasTempranas = append(j.AlertasTempranas, string(a))
	}
	return j
}

// escritorJSON writes the array, one object per line.
type escritorJSON struct {
	w   io.Writer
	n   int
	b   []byte
	enc *json.Encoder
	tmp bytes.Buffer
}

func nuevoEscritorJSON(w io.Writer) *escritorJSON {
	e := &escritorJSON{w: w}
	e.enc = json.NewEncoder(&e.tmp)
	e.enc.SetEscapeHTML(false) // "Pérez & Cía." as written
	return e
}

// empezar opens one more object.
func (e *escritorJSON) empezar() {
	if e.n == 0 {
		e.b = append(e.b, "[\n"...)
	} else {
		e.b = append(e.b, ",\n"...)
	}
	e.n++
}

func (e *escritorJSON) fila(f Fila) error {
	e.tmp.Reset()
	if err := e.enc.Encode(nuevaFilaJSON(f)); err != nil {
		return err
	}
	e.empezar()
	e.b = append(e.b, bytes.TrimSuffix(e.tmp.Bytes(), []byte("\n"))...)
	return e.vaciar(false)
}

func (e *escritorJSON) vaciar(todo bool) error {
	if len(e.b) < 1<<16 && !todo {
		return nil
	}
	_, err := e.w.Write(e.b)
	e.b = e.b[:0]
	return err
}

func (e *escritorJSON) terminar() error {
	if e.n == 0 {
		e.b = append(e.b, "[]\n"...)
	} else {
		e.b = append(e.b, "\n]\n"...)
	}
	return e.vaciar(true)
}

// EscribirJSON writes rows as `comite tamizaje --json`.
func EscribirJSON(w io.Writer, filas []Fila) error {
	e := nuevoEscritorJSON(w)
	for i := range filas {
		if err := e.fila(filas[i]); err != nil {
			return err
		}
	}
	return e.terminar()
}

// EscribirJSON writes the screening as `comite tamizaje --json`, row by row.
func (t *Tamizado) EscribirJSON(w io.Writer) error {
	e := nuevoEscritorJSON(w)
	u, uEntero := t.c.a[0].p.UmbralPorMil, int64(0)
	if u.IsInteger() && u.IsPositive() && u.BigInt().IsInt64() {
		uEntero = u.IntPart()
	}
	for i := range t.filas {
		x := &t.filas[i]
		inicio := len(e.b)
		e.empezar()
		var ok bool
		if e.b, ok = t.appendRapida(e.b, x, uEntero); !ok {
			e.b, e.n = e.b[:inicio], e.n-1
			if err := e.fila(t.Fila(i)); err != nil {
				return err
			}
			continue
		}
		if err := e.vaciar(false); err != nil {
			return err
		}
	}
	return e.terminar()
}

// appendRapida writes one object from the compact figures, or says it cannot
// (then nothing it wrote counts). u is the threshold per thousand when it is
// a positive integer (0 otherwise).
func (t *Tamizado) appendRapida(b []byte, x *compacta, u int64) ([]byte, bool) {
	us := &t.usuarios[x.usuario]
	p, a := &x.p[0], &x.p[1]
	if p.suma < 0 || a.suma < 0 || p.ops < 0 || a.ops < 0 || u == 0 {
		return b, false
	}
	part0, ok0 := participacion4(p)
	part1, ok1 := participacion4(a)
	if !ok0 || !ok1 {
		return b, false
	}
	b = append(b, `{"posicion":`...)
	b = strconv.AppendInt(b, int64(x.posicion), 10)
	b = append(b, `,"nit":`...)
	b = appendTextoJSON(b, us.NIT)
	b = append(b, `,"razon_social":`...)
	b = appendTextoJSON(b, us.RazonSocial)
	b = append(b, `,"tipo":`...)
	b = appendTextoJSON(b, us.Tipo)
	b = append(b, `,"direccion_seccional":`...)
	b = appendTextoJSON(b, us.DireccionSeccional)
	b = append(b, `,"anio":`...)
	b = strconv.AppendInt(b, int64(t.c.anio), 10)
	b = append(b, `,"anio_referencia":`...)
	b = strconv.AppendInt(b, int64(t.c.a[0].periodo.Anio), 10)
	b = append(b, `,"registro_vigente":`...)
	b = strconv.AppendBool(b, p.vigente)
	b = append(b, `,"numero_actos":`...)
	b = strconv.AppendInt(b, int64(p.actos), 10)
	b = append(b, `,"suma_sanciones_cop":"`...)
	b = appendCentavos(b, p.suma)
	b = append(b, `","total_operaciones_cop":`...)
	if p.cargadas {
		b = append(b, '"')
		b = appendCentavos(b, p.ops)
		b = append(b, `","numero_operaciones":`...)
		b = strconv.AppendInt(b, p.numero, 10)
	} else {
		b = append(b, `null,"numero_operaciones":null`...)
	}
	b = append(b, `,"participacion_porcentual":`...)
	b = appendFijoNulo(b, part0, 4)
	b = append(b, `,"umbral_cop":`...)
	if p.cargadas {
		// O × u / 1000 in pesos = ops × u / 10⁵, exact.
		hi, lo := bits.Mul64(uint64(p.ops), uint64(u))
		if hi != 0 || lo > 1<<63-1 {
			return b, false
		}
		b = append(b, '"')
		b = appendDecimalRecortado(b, lo, 5)
		b = append(b, '"')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"porcentaje_del_umbral":`...)
	if p.cargadas && p.ops != 0 {
		// S × 100 / line with 2 decimals, half up: suma × 10⁷ / (ops × u).
		hi, den := bits.Mul64(uint64(p.ops), uint64(u))
		if hi != 0 {
			return b, false
		}
		q, ok := dividirMitadArriba(uint64(p.suma), 10_000_000, den)
		if !ok {
			return b, false
		}
		if q >= 10_000 && !p.cumple.EsSi() {
			// Below the line it never reads 100,00: truncated instead
			// (PorcentajeDelUmbral). The line is ops × u / 10⁵.
			h, l := bits.Mul64(uint64(p.suma), 10_000_000)
			if h != 0 {
				return b, false
			}
			q = l / den
		}
		b = append(b, '"')
		b = appendFijo(b, int64(q), 2)
		b = append(b, '"')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"cumple_umbral":`...)
	b = appendTri(b, p.cumple)
	b = append(b, `,"minimo_tres_actos":`...)
	b = strconv.AppendBool(b, p.minimo)
	b = append(b, `,"procede_comite":`...)
	b = appendTri(b, p.procede)
	b = append(b, `,"alertas":`...)
	b = appendAlertas(b, t.c.a[0].vig, p)
	b = append(b, `,"alertas_tempranas":[`...)
	if x.tempranas&tempranaDosActos != 0 {
		b = append(b, '"')
		b = append(b, DosActos...)
		b = append(b, '"')
	}
	if x.tempranas&tempranaOchenta != 0 {
		if x.tempranas&tempranaDosActos != 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, OchentaPorCiento...)
		b = append(b, '"')
	}
	b = append(b, `],"distancia":`...)
	if p.procede.Conocido() {
		b = append(b, '"')
		b = appendFijo(b, Distancia4(x.dist), 4) // 12 → 4 decimals, never 0 when positive
		b = append(b, '"')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"datos_incompletos":`...)
	if !p.cargadas && (!p.procede.Conocido() || !p.cumple.Conocido()) {
		b = appendTextoJSON(b, reincidencia.TextoDatosIncompletos(t.c.a[0].periodo.Anio))
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"anio_anterior":{"anio_referencia":`...)
	b = strconv.AppendInt(b, int64(t.c.a[1].periodo.Anio), 10)
	b = append(b, `,"registro_vigente":`...)
	b = strconv.AppendBool(b, a.vigente)
	b = append(b, `,"numero_actos":`...)
	b = strconv.AppendInt(b, int64(a.actos), 10)
	b = append(b, `,"suma_sanciones_cop":"`...)
	b = appendCentavos(b, a.suma)
	b = append(b, `","total_operaciones_cop":`...)
	if a.cargadas {
		b = append(b, '"')
		b = appendCentavos(b, a.ops)
		b = append(b, '"')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"participacion_porcentual":`...)
	b = appendFijoNulo(b, part1, 4)
	b = append(b, `,"cumple_umbral":`...)
	b = appendTri(b, a.cumple)
	b = append(b, `,"procede_comite":`...)
	b = appendTri(b, a.procede)
	b = append(b, `},"variacion":{"numero_actos":`...)
	b = strconv.AppendInt(b, int64(p.actos)-int64(a.actos), 10)
	b = append(b, `,"participacion_puntos":`...)
	if part0 >= 0 && part1 >= 0 {
		b = append(b, '"')
		b = appendFijo(b, part0-part1, 4)
		b = append(b, '"')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, "}}"...)
	return b, true
}

// participacion4 is reincidencia.Participacion × 10⁴ (S / O × 100 with 4
// decimals, half up) with integers: suma × 10⁶ / ops. −1 when O is unknown or
// zero (no share); false when it does not fit.
func participacion4(p *puntoCompacto) (int64, bool) {
	if !p.cargadas || p.ops == 0 {
		return -1, true
	}
	q, ok := dividirMitadArriba(uint64(p.suma), 1_000_000, uint64(p.ops))
	if !ok || q > 1<<62 {
		return 0, false
	}
	return int64(q), true
}

// dividirMitadArriba is a × m / d rounded half up, exactly (128-bit), or false
// when the quotient does not fit 64 bits.
func dividirMitadArriba(a, m, d uint64) (uint64, bool) {
	if d == 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(a, m)
	if hi >= d {
		return 0, false
	}
	q, r := bits.Div64(hi, lo, d)
	if r >= d-r { // 2r ≥ d
		if q == 1<<64-1 {
			return 0, false
		}
		q++
	}
	return q, true
}

// appendCentavos writes centavos as decimal.New(c, −2).String(): pesos, and
// the centavos without trailing zeros.
func appendCentavos(b []byte, c int64) []byte {
	if c < 0 {
		b = append(b, '-')
	}
	return appendDecimalRecortado(b, absU(c), 2)
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// appendDecimalRecortado writes v / 10^dec without trailing zeros (and no
// point for a whole number).
func appendDecimalRecortado(b []byte, v uint64, dec int) []byte {
	p := uint64(1)
	for range dec {
		p *= 10
	}
	b = strconv.AppendUint(b, v/p, 10)
	r := v % p
	if r == 0 {
		return b
	}
	var dig [20]byte
	n := dec
	for i := dec - 1; i >= 0; i-- {
		dig[i] = byte('0' + r%10)
		r /= 10
	}
	for n > 0 && dig[n-1] == '0' {
		n--
	}
	b = append(b, '.')
	return append(b, dig[:n]...)
}

// appendFijo writes v / 10^dec with exactly dec decimals (StringFixed).
func appendFijo(b []byte, v int64, dec int) []byte {
	if v < 0 {
		b = append(b, '-')
	}
	u := absU(v)
	p := uint64(1)
	for range dec {
		p *= 10
	}
	b = strconv.AppendUint(b, u/p, 10)
	r := u % p
	b = append(b, '.')
	var dig [20]byte
	for i := dec - 1; i >= 0; i-- {
		dig[i] = byte('0' + r%10)
		r /= 10
	}
	return append(b, dig[:dec]...)
}

func appendFijoNulo(b []byte, v int64, dec int) []byte {
	if v < 0 {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = appendFijo(b, v, dec)
	return append(b, '"')
}

func appendTri(b []byte, t reincidencia.Tri) []byte {
	switch t {
	case reincidencia.Si:
		return append(b, "true"...)
	case reincidencia.No:
		return append(b, "false"...)
	}
	return append(b, "null"...)
}

// appendAlertas writes the core's alerts of the reference year, in the
// order contexto.punto gives them.
func appendAlertas(b []byte, vig valores.Vigencia, p *puntoCompacto) []byte {
	b = append(b, '[')
	n := 0
	una := func(a reincidencia.Alerta) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '"')
		b = append(b, a...)
		b = append(b, '"')
	}
	if vig == valores.PosteriorAVigencias {
		una(reincidencia.NormaSinVigenciaConfirmada)
	}
	if p.faltan {
		una(reincidencia.FaltanOperaciones)
	}
	if p.sinOps {
		una(reincidencia.SinOperaciones)
	}
	return append(b, ']')
}

// appendTextoJSON writes s as encoding/json does without HTML escaping:
// plain text as is, anything else through encoding/json.
func appendTextoJSON(b []byte, s string) []byte {
	simple := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			simple = false
			break
		}
	}
	if !simple && utf8.ValidString(s) && !strings.ContainsAny(s, "\"\\\u2028\u2029") {
		simple = true
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 {
				simple = false
				break
			}
		}
	}
	if simple {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

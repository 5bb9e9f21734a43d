package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/flujo"
	"comite/internal/seccionales"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// accede is the web's one access rule by Dirección Seccional
// (seccionales.Accede), with the service account in the place of a person:
// an account limited to a Seccional is as a seccional account.
func accede(cs *dominio.CuentaServicio, seccional string) bool {
	return seccionales.Accede(cs.Seccional != "", cs.Seccional, seccional)
}

// limite reads ?limite= (1..200; 100 when absent).
func limite(c echo.Context) (int, error) {
	v := c.QueryParam("limite")
	if v == "" {
		return 100, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > db.MaxPorPagina {
		return 0, invalido("Parámetro inválido.", []Error{{Campo: "limite", Mensaje: "debe ser un entero de 1 a 200", Texto: "limite: debe ser un entero de 1 a 200"}})
	}
	return n, nil
}

// cursor reads ?cursor= (what the previous page gave as siguiente).
func cursor(c echo.Context) (int64, error) {
	v := c.QueryParam("cursor")
	if v == "" {
		return 0, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(v)
	n, err2 := strconv.ParseInt(string(b), 10, 64)
	if err != nil || err2 != nil || n < 0 {
		return 0, invalido("Parámetro inválido.", []Error{{Campo: "cursor", Mensaje: "no es un cursor de esta lista", Texto: "cursor: no es un cursor de esta lista"}})
	}
	return n, nil
}

func nuevoCursor(n int64) *string {
	s := base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(n, 10)))
	return &s
}

// CasoResumen is a case in the list.
type CasoResumen struct {
	Numero             string `json:"numero"`
	NIT                string `json:"nit"`
	RazonSocial        string `json:"razon_social"`
	DireccionSeccional string `json:"direccion_seccional"`
	Estado             string `json:"estado"`
	FechaComision      string `json:"fecha_comision"`
	FechaReporte       string `json:"fecha_reporte"`
	Gravedad           string `json:"gravedad"`
	Sancion            string `json:"sancion"`
	SancionPrevistaCOP string `json:"sancion_prevista_cop"`
	CreadoEn           string `json:"creado_en"`
	ActualizadoEn      string `json:"actualizado_en"`
}

func resumen(c dominio.Caso, actualizado string) CasoResumen {
	return CasoResumen{Numero: c.Numero, NIT: c.NIT, RazonSocial: c.RazonSocial, DireccionSeccional: c.DireccionSeccional, Estado: string(c.Estado),
		FechaComision: c.FechaComision.String(), FechaReporte: c.FechaReporte.String(), Gravedad: string(c.Gravedad), Sancion: string(c.Sancion),
		SancionPrevistaCOP: c.SancionPrevista.String(), CreadoEn: c.CreadoEn, ActualizadoEn: actualizado}
}

// casosListar is a page of cases in number order: ?estado=, ?seccional=,
// ?actualizado_desde= (RFC 3339), ?limite=, ?cursor=. A Seccional-limited
// account lists its Seccional only, as the web's list does.
func (s *servidor) casosListar(c echo.Context) error {
	cs := cuentaDe(c)
	n, err := limite(c)
	if err != nil {
		return err
	}
	despues, err := cursor(c)
	if err != nil {
		return err
	}
	q := db.ConsultaCasosAPI{Seccional: cs.Seccional, Elegida: strings.TrimSpace(c.QueryParam("seccional")), DespuesDe: despues, Limite: n}
	if e := c.QueryParam("estado"); e != "" {
		q.Estado = flujo.Estado(e)
		if !slices.Contains(flujo.Estados, q.Estado) {
			const m = "use reportado, en_evaluacion, en_comite, concepto_emitido, cerrado o no_procede"
			return invalido("Parámetro inválido.", []Error{{Campo: "estado", Mensaje: m, Texto: "estado: " + m}})
		}
	}
	if v := c.QueryParam("actualizado_desde"); v != "" {
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return invalido("Parámetro inválido.", []Error{{Campo: "actualizado_desde", Mensaje: "use un instante RFC 3339, p. ej. 2026-03-01T00:00:00Z", Texto: "actualizado_desde: use un instante RFC 3339, p. ej. 2026-03-01T00:00:00Z"}})
		}
		q.Desde = t.UTC().Format(time.RFC3339Nano)
	}
	filas, mas, err := s.d.CasosAPI(c.Request().Context(), q)
	if err != nil {
		return err
	}
	out := struct {
		Casos     []CasoResumen `json:"casos"`
		Siguiente *string       `json:"siguiente"`
	}{Casos: []CasoResumen{}}
	for _, f := range filas {
		out.Casos = append(out.Casos, resumen(f.Caso, f.ActualizadoEn))
	}
	if mas {
		out.Siguiente = nuevoCursor(filas[len(filas)-1].ID)
	}
	return c.JSON(http.StatusOK, out)
}

// cargarCaso reads the case of :numero that the account may see: another
// Seccional's case is the same 404 as one that does not exist.
func (s *servidor) cargarCaso(c echo.Context) (dominio.Caso, error) {
	caso, err := s.d.CasoPorReferencia(c.Request().Context(), c.Param("numero"))
	if errors.Is(err, db.ErrCasoNoExiste) || (err == nil && !accede(cuentaDe(c), caso.DireccionSeccional)) {
		return caso, noEncontrado()
	}
	return caso, err
}

// CasoDetalle is one case with what the Comité decided on it.
type CasoDetalle struct {
	CasoResumen
	TipoUsuario        string            `json:"tipo_usuario"`
	FechaVerificacion  string            `json:"fecha_verificacion"`
	FechaExpediente    *string           `json:"fecha_expediente"`
	FechaRequerimiento *string           `json:"fecha_requerimiento"`
	PermiteCancelacion bool              `json:"permite_cancelacion"`
	Anclaje            string            `json:"anclaje"`
	Descripcion        string            `json:"descripcion"`
	Evaluacion         *Evaluacion       `json:"evaluacion"`
	Conceptos          []Concepto        `json:"conceptos"`
	PropuestaREA       *Propuesta        `json:"propuesta_rea"`
	Documentos         []DocumentoCaso   `json:"documentos"`
	Criterios          map[string]string `json:"criterios"`
}

// Evaluacion is the latest stored evaluation: its snapshot as stored.
type Evaluacion struct {
	Version        int             `json:"version"`
	ConjuntoReglas string          `json:"conjunto_reglas"`
	CreadoEn       string          `json:"creado_en"`
	Resultado      json.RawMessage `json:"resultado"`
}

// Concepto is a concepto of the Comité (a correction names the one it corrects).
type Concepto struct {
	ID                   int64             `json:"id"`
	Decision             string            `json:"decision"`
	FechaSesion          string            `json:"fecha_sesion"`
	Miembros             []string          `json:"miembros"`
	Motivacion           map[string]string `json:"motivacion"`
	CriteriosCancelacion []string          `json:"criterios_cancelacion"`
	Corrige              *int64            `json:"corrige"`
	MotivoCorreccion     string            `json:"motivo_correccion,omitempty"`
	RegistradoEn         string            `json:"registrado_en"`
}

// Propuesta is the REA proposal recorded when the case closed.
type Propuesta struct {
	Propuesta string  `json:"propuesta"`
	FechaREA  string  `json:"fecha_rea"`
	TotalCOP  *string `json:"total_cop"`
	// The 1.000 UVT increment (art. 25 inc. 1), when there is one.
	UVTAnio       *int    `json:"uvt_anio"`
	IncrementoCOP *string `json:"incremento_cop"`
	RegistradoEn  string  `json:"registrado_en"`
}

// DocumentoCaso is an issued document of the case (the informe gerencial).
type DocumentoCaso struct {
	ID        string `json:"id"`
	Tipo      string `json:"tipo"`
	Version   int    `json:"version"`
	SHA256    string `json:"sha256"`
	Bytes     int    `json:"bytes"`
	Firmado   bool   `json:"firmado"`
	EmitidoEn string `json:"emitido_en"`
	URL       string `json:"url"`
}

// casoMostrar is one case with its latest stored evaluation, conceptos,
// REA proposal and documents.
func (s *servidor) casoMostrar(c echo.Context) error {
	caso, err := s.cargarCaso(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	out := CasoDetalle{TipoUsuario: caso.TipoUsuario, FechaVerificacion: caso.FechaVerificacion.String(), FechaExpediente: fechaONulo(caso.FechaExpediente),
		FechaRequerimiento: fechaONulo(caso.FechaRequerimiento), PermiteCancelacion: caso.PermiteCancelacion, Anclaje: string(caso.Anclaje),
		Descripcion: caso.Descripcion, Criterios: caso.Criterios, Conceptos: []Concepto{}, Documentos: []DocumentoCaso{}}
	historia, err := s.d.Historia(ctx, caso.ID)
	if err != nil {
		return err
	}
	actualizado := caso.CreadoEn
	if len(historia) > 0 {
		actualizado = historia[len(historia)-1].En
	}
	out.CasoResumen = resumen(caso, actualizado)
	if out.Criterios == nil {
		out.Criterios = map[string]string{}
	}
	evs, err := s.d.Evaluaciones(ctx, caso.ID)
	if err != nil {
		return err
	}
	if len(evs) > 0 {
		ev := evs[len(evs)-1]
		out.Evaluacion = &Evaluacion{Version: ev.Version, ConjuntoReglas: ev.ConjuntoReglas, CreadoEn: ev.CreadoEn, Resultado: json.RawMessage("null")}
		if json.Valid([]byte(ev.ResultadoJSON)) {
			out.Evaluacion.Resultado = json.RawMessage(ev.ResultadoJSON)
		}
	}
	conceptos, err := s.d.Conceptos(ctx, caso.ID)
	if err != nil {
		return err
	}
	for _, k := range conceptos {
		x := Concepto{ID: k.ID, Decision: string(k.Concepto.Decision), FechaSesion: k.Concepto.FechaSesion.String(), Miembros: k.Concepto.Miembros,
			Motivacion: k.Concepto.Motivacion, CriteriosCancelacion: k.Concepto.CriteriosCancelacion, MotivoCorreccion: k.MotivoCorreccion, RegistradoEn: k.RegistradoEn}
		if k.CorrigeID != 0 {
			x.Corrige = &k.CorrigeID
		}
		if x.Miembros == nil {
			x.Miembros = []string{}
		}
		if x.Motivacion == nil {
			x.Motivacion = map[string]string{}
		}
		if x.CriteriosCancelacion == nil {
			x.CriteriosCancelacion = []string{}
		}
		out.Conceptos = append(out.Conceptos, x)
	}
	p, err := s.d.PropuestaDe(ctx, caso.ID)
	if err != nil {
		return err
	}
	if p != nil {
		out.PropuestaREA = &Propuesta{Propuesta: string(p.Propuesta), FechaREA: p.FechaREA.String(), RegistradoEn: p.RegistradoEn}
		if p.Total != nil {
			t := p.Total.String()
			out.PropuestaREA.TotalCOP = &t
		}
		if p.Incremento != nil {
			a, v := p.Incremento.UVTAnio, p.Incremento.Incremento.String()
			out.PropuestaREA.UVTAnio, out.PropuestaREA.IncrementoCOP = &a, &v
		}
	}
	informes, err := s.d.Informes(ctx, caso.ID)
	if err != nil {
		return err
	}
	for _, i := range informes {
		id := "informe-" + strconv.Itoa(i.Version)
		out.Documentos = append(out.Documentos, DocumentoCaso{ID: id, Tipo: "informe", Version: i.Version, SHA256: i.SHA256, Bytes: i.Bytes,
			Firmado: i.FirmaSujeto != "", EmitidoEn: i.EmitidoEn, URL: urls.Llenar(urls.APIPatronDocumento, caso.Numero, id)})
	}
	return c.JSON(http.StatusOK, out)
}

// documentoDescargar sends an issued document (PDF) with its SHA-256 in
// Repr-Digest (RFC 9530); the listing of the case gives the same hash.
func (s *servidor) documentoDescargar(c echo.Context) error {
	caso, err := s.cargarCaso(c)
	if err != nil {
		return err
	}
	v, ok := strings.CutPrefix(c.Param("id"), "informe-")
	version, errV := strconv.Atoi(v)
	if !ok || errV != nil || version < 1 {
		return noEncontrado()
	}
	_, pdf, err := s.d.InformePDF(c.Request().Context(), caso.ID, version)
	if errors.Is(err, db.ErrInformeNoExiste) {
		return noEncontrado()
	}
	if err != nil {
		return err
	}
	h := sha256.Sum256(pdf)
	c.Response().Header().Set("Repr-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(h[:])+":")
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+caso.Numero+"-"+c.Param("id")+`.pdf"`)
	return c.Blob(http.StatusOK, "application/pdf", pdf)
}

// tamizajeListar is a page of the screening of a year (the reference year
// is the one before), in its ranking order: each row as `comite tamizaje
// --json` writes it. A Seccional-limited account gets its Seccional's rows.
func (s *servidor) tamizajeListar(c echo.Context) error {
	anio, err := strconv.Atoi(c.Param("anio"))
	if err != nil || anio < 2000 || anio > s.d.Hoy().Anio()+1 {
		return invalido("Parámetro inválido.", []Error{{Campo: "anio", Mensaje: "escriba un año de cuatro cifras, desde 2000", Texto: "anio: escriba un año de cuatro cifras, desde 2000"}})
	}
	n, err := limite(c)
	if err != nil {
		return err
	}
	t, version, err := s.tamizado(c.Request().Context(), anio)
	if err != nil {
		return err
	}
	// The cursor carries the data version of its screening: a page after
	// the data changed would not continue the same ranking.
	var desde int64
	if v := c.QueryParam("cursor"); v != "" {
		b, err := base64.RawURLEncoding.DecodeString(v)
		ver, pos, ok := strings.Cut(string(b), ":")
		n, err2 := strconv.ParseInt(pos, 10, 64)
		if err != nil || err2 != nil || !ok || n < 0 {
			return invalido("Parámetro inválido.", []Error{{Campo: "cursor", Mensaje: "no es un cursor de esta lista", Texto: "cursor: no es un cursor de esta lista"}})
		}
		if ver != strconv.FormatInt(version, 10) {
			return problema(http.StatusConflict, "los datos cambiaron", "El tamizaje cambió desde la primera página (se cargaron datos); pida de nuevo la primera página.")
		}
		desde = n
	}
	cs := cuentaDe(c)
	var filas []tamizaje.Fila
	total := 0
	for i := 0; i < t.Len(); i++ {
		if !accede(cs, t.Usuario(i).DireccionSeccional) {
			continue
		}
		total++
		if int64(total) > desde && len(filas) < n {
			filas = append(filas, t.Fila(i))
		}
	}
	var b bytes.Buffer
	if err := tamizaje.EscribirJSON(&b, filas); err != nil {
		return err
	}
	out := struct {
		Anio           int             `json:"anio"`
		AnioReferencia int             `json:"anio_referencia"`
		Total          int             `json:"total"`
		Filas          json.RawMessage `json:"filas"`
		Siguiente      *string         `json:"siguiente"`
	}{Anio: anio, AnioReferencia: anio - 1, Total: total, Filas: b.Bytes()}
	if fin := desde + int64(len(filas)); fin < int64(total) {
		sig := base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(version, 10) + ":" + strconv.FormatInt(fin, 10)))
		out.Siguiente = &sig
	}
	return c.JSON(http.StatusOK, out)
}

// tamizados keeps the screening of the latest years asked, each with the
// data version it was computed at (the customs data, the UVT and the
// catalogue: db.VersionDatos.Aduaneros), so the pages of one year do not
// compute it again while the data stay the same.
type tamizados struct {
	mu  sync.Mutex
	por map[int]tamizadoEn
}

type tamizadoEn struct {
	version int64
	t       *tamizaje.Tamizado
}

// tamizado is the screening of anio at the current data version. The
// version is read before the data: a change while it is computed leaves it
// stored under the older version, and the next request computes it again.
func (s *servidor) tamizado(ctx context.Context, anio int) (*tamizaje.Tamizado, int64, error) {
	v, err := s.d.LeerVersionDatos(ctx)
	if err != nil {
		return nil, 0, err
	}
	s.tamizados.mu.Lock()
	g, ok := s.tamizados.por[anio]
	s.tamizados.mu.Unlock()
	if ok && g.version == v.Aduaneros {
		return g.t, g.version, nil
	}
	t, err := lectura.Nacional(ctx, s.d, anio)
	if err != nil {
		return nil, 0, err
	}
	s.tamizados.mu.Lock()
	defer s.tamizados.mu.Unlock()
	if s.tamizados.por == nil || len(s.tamizados.por) >= 4 {
		s.tamizados.por = map[int]tamizadoEn{}
	}
	s.tamizados.por[anio] = tamizadoEn{v.Aduaneros, t}
	return t, v.Aduaneros, nil
}

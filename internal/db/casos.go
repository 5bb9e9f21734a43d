package db

// Cases (docs/reglas.md §3): one new infraction of one user, carried from the
// Dirección Seccional's report to the Comité's binding concepto. Every public
// method is one transaction; every change writes its caso_eventos row (who,
// from where, when, which snapshot) and its audit row in that same
// transaction. Which role may take which step, from which state, is decided
// only by internal/flujo: these methods ask flujo.Validar and never decide a
// transition themselves. The evaluation is computed by internal/reincidencia
// and stored as an insert-only snapshot (contrato's JSON).

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"comite/internal/contrato"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/nit"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/seccionales"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// ActorCaso is who takes a step on a case: the account, its role, its
// Dirección Seccional (for rol seccional) and the address it came from.
type ActorCaso struct {
	Actor
	Rol       string // flujo.Rol*
	Seccional string // the account's Dirección Seccional (rol seccional)
}

// ErrCasoNoExiste is returned for an unknown case, and for a case of another
// Dirección Seccional asked by a seccional account (its existence is not revealed).
var ErrCasoNoExiste = errors.New("el caso no existe")

// ErrFormulario carries one message per field of a form.
type ErrFormulario struct{ Campos map[string]string }

func (e *ErrFormulario) Error() string {
	var ks []string
	for k := range e.Campos {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var s []string
	for _, k := range ks {
		s = append(s, k+": "+e.Campos[k])
	}
	return strings.Join(s, "; ")
}

// Hoy is today's civil date in Colombia from the store's clock: the one
// "today" of the application (fecha.DeTiempo holds the one zone of Bogotá).
func (d *DB) Hoy() fecha.Fecha { return fecha.DeTiempo(d.Now()) }

// NuevoCaso is what a Dirección Seccional (or the Secretaría) reports.
type NuevoCaso struct {
	NIT                string
	DireccionSeccional string // only the Secretaría chooses it; "" = the user's
	FechaComision      fecha.Fecha
	FechaVerificacion  fecha.Fecha
	FechaExpediente    fecha.Fecha // zero: the verification date
	FechaRequerimiento fecha.Fecha // zero: no REA yet
	Gravedad           sancion.Gravedad
	Sancion            sancion.Tipo
	SancionPrevista    decimal.Decimal
	PermiteCancelacion bool
	Anclaje            reincidencia.Anclaje
	Descripcion        string
	// ConfirmarDuplicado: the reporter confirms that this is another fact,
	// though an open case of the same NIT has the same commission date.
	ConfirmarDuplicado bool
}

// ErrCasoDuplicado is a report refused because an open case of the same NIT
// has the same commission date: it may be the same fact reported twice. The
// reporter can look at the first and confirm that it is another fact.
type ErrCasoDuplicado struct {
	ID     int64
	Numero string
	Estado flujo.Estado
}

func (e *ErrCasoDuplicado) Error() string {
	return fmt.Sprintf("Ya hay un caso abierto de este NIT con la misma fecha de comisión: %s (%s). Si es el mismo hecho, no lo reporte de nuevo; "+
		"si es otro hecho, confírmelo al reportar.", e.Numero, e.Estado.Etiqueta())
}

// Caso is a stored case.
type Caso struct {
	ID                 int64
	Numero             string
	UsuarioID          int64
	NIT                string
	RazonSocial        string
	TipoUsuario        string
	DireccionSeccional string // the catalogue code
	NombreSeccional    string // its official name (the code when it is not in the catalogue)
	Estado             flujo.Estado
	FechaComision      fecha.Fecha
	FechaVerificacion  fecha.Fecha
	FechaExpediente    fecha.Fecha
	FechaRequerimiento fecha.Fecha
	FechaReporte       fecha.Fecha
	Gravedad           sancion.Gravedad
	Sancion            sancion.Tipo
	SancionPrevista    decimal.Decimal
	PermiteCancelacion bool
	Anclaje            reincidencia.Anclaje
	Descripcion        string
	Criterios          map[string]string
	CreadoPor          string
	CreadoEn           string
}

// Evaluacion is a stored snapshot of the committee test of a case.
type Evaluacion struct {
	ID             int64
	CasoID         int64
	Version        int
	ConjuntoReglas string
	EntradaJSON    string
	ResultadoJSON  string
	ValoresJSON    string
	Motivo         string
	CreadoPor      string
	CreadoEn       string
}

// Resultado reads the stored output back (contrato's JSON).
//
// A snapshot stored by the first version of the rules is re-read by the core
// when the rules of today disagree with it on the same stored input
// (contrato.ReleerVersion1): every screen, step and informe reads it here.
func (e Evaluacion) Resultado(ref valores.Referencia) (contrato.EvaluacionJSON, error) {
	r, err := contrato.LeerResultado([]byte(e.ResultadoJSON))
	if err != nil {
		return r, err
	}
	return contrato.ReleerVersion1(r, []byte(e.EntradaJSON), ref), nil
}

// Entrada reads the stored input back (contrato's JSON).
func (e Evaluacion) Entrada() (reincidencia.Entrada, error) {
	return contrato.LeerEvaluacion([]byte(e.EntradaJSON))
}

// EventoCaso is one row of a case's history.
type EventoCaso struct {
	ID                int64
	DeEstado          flujo.Estado // "" at creation
	AEstado           flujo.Estado
	Accion            flujo.Accion // or "criterios", "informe"
	Texto             string       // what happened, for people
	EvaluacionID      int64        // 0: none
	EvaluacionVersion int
	Cuenta            string
	IP                string
	En                string // RFC 3339, UTC
}

// Instante parses En.
func (e EventoCaso) Instante() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, e.En)
	return t
}

type detalleEvento struct {
	Accion string `json:"accion"`
	Texto  string `json:"texto"`
}

// ValoresUsados is valores_json: the rule set and reference values an evaluation used.
type ValoresUsados struct {
	ConjuntoReglas      string `json:"conjunto_reglas"`
	Nombre              string `json:"nombre"`
	VigenteDesde        string `json:"vigente_desde"`
	Fuente              string `json:"fuente"`
	MinimoActos         int    `json:"minimo_actos"`
	UmbralPorMil        string `json:"umbral_por_mil"`
	DiasReporte         int    `json:"dias_reporte"`
	IncrementoComiteUVT string `json:"incremento_comite_uvt"`
	UVT                 *struct {
		Anio       int    `json:"anio"`
		ValorCOP   string `json:"valor_cop"`
		Resolucion string `json:"resolucion"`
	} `json:"uvt"`
	DiasInhabiles []string `json:"dias_inhabiles"`
}

// valoresUsados records the rule set the evaluation used (chosen by the
// commission date) and the UVT of the increment's year, from ref.
func valoresUsados(ref valores.Referencia, r reincidencia.Resultado, e reincidencia.Entrada) ValoresUsados {
	p, err := ref.Conjunto(r.ConjuntoReglas)
	if err != nil {
		p, _ = ref.ConjuntoPara(e.Nueva.FechaComision)
	}
	v := ValoresUsados{
		ConjuntoReglas: p.ID, Nombre: p.Nombre, VigenteDesde: p.VigenteDesde.String(), Fuente: p.Fuente,
		MinimoActos: p.MinimoActos, UmbralPorMil: p.UmbralPorMil.String(), DiasReporte: p.DiasReporte,
		IncrementoComiteUVT: p.IncrementoComiteUVT.String(), DiasInhabiles: []string{},
	}
	anio := e.Nueva.FechaVerificacion.Anio() // art. 25 inc. 1: the REA's year, else the verification's
	if !e.Nueva.FechaRequerimiento.IsZero() {
		anio = e.Nueva.FechaRequerimiento.Anio()
	}
	if u, err := ref.UVTDe(anio); err == nil {
		v.UVT = &struct {
			Anio       int    `json:"anio"`
			ValorCOP   string `json:"valor_cop"`
			Resolucion string `json:"resolucion"`
		}{u.Anio, u.Valor.String(), u.Resolucion}
	}
	for _, f := range e.DiasInhabiles {
		v.DiasInhabiles = append(v.DiasInhabiles, f.String())
	}
	return v
}

// validarNuevoCaso checks the form of a new case; every problem names its field.
func validarNuevoCaso(n *NuevoCaso, hoy fecha.Fecha) map[string]string {
	p := map[string]string{}
	if strings.TrimSpace(n.NIT) == "" {
		p["nit"] = "Indique el NIT del usuario aduanero con su dígito de verificación (por ejemplo 800191045-1)."
	} else if x, err := nit.Parse(n.NIT); err != nil {
		p["nit"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		n.NIT = x.String()
	}
	switch {
	case n.FechaComision.IsZero():
		p["fecha_comision"] = "Indique la fecha de comisión de la nueva infracción."
	case n.FechaComision.Despues(hoy):
		p["fecha_comision"] = "La fecha de comisión no puede ser posterior a hoy (" + hoy.DMA() + ")."
	}
	switch {
	case n.FechaVerificacion.IsZero():
		p["fecha_verificacion"] = "Indique la fecha en que se verificaron los hechos."
	case n.FechaVerificacion.Despues(hoy):
		p["fecha_verificacion"] = "La fecha de verificación no puede ser posterior a hoy (" + hoy.DMA() + ")."
	case !n.FechaComision.IsZero() && n.FechaVerificacion.Antes(n.FechaComision):
		p["fecha_verificacion"] = "La verificación no puede ser anterior a la comisión (" + n.FechaComision.DMA() + ")."
	}
	if !n.FechaExpediente.IsZero() {
		switch {
		case n.FechaExpediente.Despues(hoy):
			p["fecha_expediente"] = "La fecha del expediente completo no puede ser posterior a hoy (" + hoy.DMA() + ")."
		case !n.FechaVerificacion.IsZero() && n.FechaExpediente.Antes(n.FechaVerificacion):
			p["fecha_expediente"] = "El expediente no puede estar completo antes de la verificación (" + n.FechaVerificacion.DMA() + ")."
		}
	}
	if !n.FechaRequerimiento.IsZero() && !n.FechaVerificacion.IsZero() && n.FechaRequerimiento.Antes(n.FechaVerificacion) {
		p["fecha_requerimiento"] = "El requerimiento especial no puede ser anterior a la verificación (" + n.FechaVerificacion.DMA() + ")."
	}
	if _, err := sancion.ParseGravedad(string(n.Gravedad)); err != nil {
		p["gravedad"] = "Elija la gravedad: leve, grave o gravísima."
	}
	if _, err := sancion.ParseTipo(string(n.Sancion)); err != nil {
		p["sancion"] = "Elija la sanción prevista: multa, amonestación, suspensión o cancelación."
	}
	switch {
	case n.SancionPrevista.IsNegative():
		p["sancion_prevista"] = "La multa prevista no puede ser negativa."
	case n.Sancion == sancion.Multa && n.SancionPrevista.IsZero():
		p["sancion_prevista"] = "Indique la multa prevista para la infracción, en pesos (por ejemplo 10.475.000)."
	case n.SancionPrevista.Exponent() < -2:
		p["sancion_prevista"] = "La multa prevista admite a lo sumo centavos (dos decimales)."
	}
	switch n.Anclaje {
	case "":
		n.Anclaje = reincidencia.AnclajeComision
	case reincidencia.AnclajeComision, reincidencia.AnclajeVerificacion:
	default:
		p["anclaje"] = "Elija el año de referencia: el de la comisión o el de la verificación."
	}
	if len(n.Descripcion) > 4000 {
		p["descripcion"] = "La descripción admite hasta 4.000 caracteres."
	}
	return p
}

// evaluarCaso computes the committee test for a case's data as stored now:
// the snapshot's input, output and values, ready to insert.
func (d *DB) evaluarCaso(ctx context.Context, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje reincidencia.Anclaje) (ent, res, val []byte, r reincidencia.Resultado, err error) {
	e, err := d.EntradaEvaluacion(ctx, nitUsuario, nueva, anclaje)
	if err != nil {
		return nil, nil, nil, r, err
	}
	ref := d.Referencia()
	r, err = reincidencia.Evaluar(e, ref)
	if err != nil {
		return nil, nil, nil, r, fmt.Errorf("evaluar el caso: %w", err)
	}
	if ent, err = contrato.EscribirEntrada(e); err != nil {
		return
	}
	if res, err = contrato.EscribirEvaluacion(r); err != nil {
		return
	}
	val, err = json.Marshal(valoresUsados(ref, r, e))
	return
}

// AbrirCaso records a new infraction reported to the Secretaría Técnica
// (docs/reglas.md §3 step 1): the case, its evaluation as snapshot version 1, the
// first history row and the audit row, in one transaction. A seccional
// account reports for its own Dirección Seccional only.
func (d *DB) AbrirCaso(ctx context.Context, n NuevoCaso, quien ActorCaso) (Caso, error) {
	if _, err := flujo.Validar(flujo.Reportar, quien.Rol, flujo.Contexto{}); err != nil {
		return Caso{}, err
	}
	hoy := d.Hoy()
	if p := validarNuevoCaso(&n, hoy); len(p) > 0 {
		return Caso{}, &ErrFormulario{p}
	}
	esSeccional := quien.Rol == flujo.RolSeccional
	if esSeccional && strings.TrimSpace(quien.Seccional) == "" {
		return Caso{}, &flujo.ErrPaso{Mensaje: "Su cuenta no tiene una Dirección Seccional: pida al administrador que la asigne."}
	}
	// A Dirección Seccional reports only for users of its own Seccional; for
	// a NIT of another one the answer is the same as for an unregistered NIT,
	// so the refusal does not reveal whether it exists elsewhere.
	noEsta := &ErrFormulario{map[string]string{"nit": "No hay un usuario aduanero registrado con el NIT " + n.NIT + ": regístrelo primero en Usuarios."}}
	if esSeccional {
		noEsta = &ErrFormulario{map[string]string{"nit": "No hay un usuario aduanero de su Dirección Seccional con el NIT " + n.NIT + "."}}
	}
	u, err := d.UsuarioPorNIT(ctx, n.NIT)
	if errors.Is(err, ErrUsuarioNoRegistrado) {
		return Caso{}, noEsta
	} else if err != nil {
		return Caso{}, err
	}
	if !seccionales.Accede(esSeccional, quien.Seccional, u.DireccionSeccional) {
		return Caso{}, noEsta
	}
	seccional := strings.TrimSpace(n.DireccionSeccional)
	switch {
	case esSeccional:
		seccional = strings.TrimSpace(quien.Seccional) // the case's seccional is the account's
	case seccional == "":
		seccional = u.DireccionSeccional
	default:
		cod, err := codigoSeccional(ctx, d, seccional)
		var ev *ErrValidacion
		if errors.As(err, &ev) {
			return Caso{}, &ErrFormulario{map[string]string{"direccion_seccional": formato.MayusculaInicial(ev.Mensaje) + "."}}
		} else if err != nil {
			return Caso{}, err
		}
		seccional = cod
	}
	if seccional == "" {
		return Caso{}, &ErrFormulario{map[string]string{"direccion_seccional": "Indique la Dirección Seccional que reporta el caso."}}
	}
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: n.FechaComision, FechaVerificacion: n.FechaVerificacion, FechaExpediente: n.FechaExpediente,
		FechaRequerimiento: n.FechaRequerimiento, Gravedad: n.Gravedad, Sancion: n.Sancion,
		SancionPrevista: n.SancionPrevista, PermiteCancelacion: n.PermiteCancelacion,
	}
	ent, res, val, r, err := d.evaluarCaso(ctx, n.NIT, nueva, n.Anclaje)
	if err != nil {
		return Caso{}, err
	}
	prevista, err := CentavosDe(n.SancionPrevista)
	if err != nil {
		return Caso{}, &ErrFormulario{map[string]string{"sancion_prevista": formato.MayusculaInicial(err.Error()) + "."}}
	}
	var id int64
	err = d.EnTx(ctx, func(tx *sql.Tx) error {
		dup, err := casoAbiertoIgual(ctx, tx, u.ID, n.FechaComision, quien)
		if err != nil {
			return err
		}
		if dup != nil && !n.ConfirmarDuplicado {
			return dup
		}
		numero, err := siguienteNumero(ctx, tx, hoy.Anio())
		if err != nil {
			return err
		}
		ahora := d.Ahora()
		rs, err := tx.ExecContext(ctx, `INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion,
			fecha_expediente, fecha_requerimiento, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, permite_cancelacion,
			anclaje, descripcion, criterios_json, creado_por, creado_en) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,'{}',?,?)`,
			numero, u.ID, seccional, string(flujo.Reportado), n.FechaComision.String(), n.FechaVerificacion.String(),
			iso(n.FechaExpediente), iso(n.FechaRequerimiento), hoy.String(), string(n.Gravedad), string(n.Sancion), prevista,
			boolInt(n.PermiteCancelacion), string(n.Anclaje), strings.TrimSpace(n.Descripcion), quien.Cuenta, ahora)
		if err != nil {
			return fmt.Errorf("guardar el caso: %w", err)
		}
		id, _ = rs.LastInsertId()
		evID, err := insertarEvaluacion(ctx, tx, id, 1, r.ConjuntoReglas, ent, res, val, "Evaluación al reportar el caso", quien.Cuenta, ahora)
		if err != nil {
			return err
		}
		nombre := seccional
		if cat, err := catalogoDe(ctx, tx); err == nil {
			nombre = NombreSeccional(cat, seccional)
		}
		texto := fmt.Sprintf("Caso reportado por %s; evaluación v1: %s", nombre, resumenEvaluacion(r))
		if dup != nil {
			texto += fmt.Sprintf(". Quien reporta confirmó que es un hecho distinto del caso %s, abierto con la misma fecha de comisión", dup.Numero)
		}
		if err := insertarEvento(ctx, tx, id, "", flujo.Reportado, flujo.Reportar, texto, evID, quien, ahora); err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.reportar", Objeto: "caso:" + numero, Detalle: map[string]any{
			"nit": n.NIT, "direccion_seccional": seccional, "fecha_comision": n.FechaComision.String(), "fecha_verificacion": n.FechaVerificacion.String(),
			"gravedad": n.Gravedad, "sancion": n.Sancion, "sancion_prevista_cop": n.SancionPrevista.String(), "permite_cancelacion": n.PermiteCancelacion,
			"anclaje": n.Anclaje, "evaluacion_id": evID, "evaluacion_version": 1, "procede_comite": r.ProcedeComite.Puntero(),
			"hecho_distinto_de": numeroDe(dup),
		}})
	})
	if err != nil {
		return Caso{}, err
	}
	return d.Caso(ctx, id)
}

func resumenEvaluacion(r reincidencia.Resultado) string {
	s := fmt.Sprintf("%d actos computados en %d", r.NumeroActos, r.Periodo.Anio)
	switch r.ProcedeComite {
	case reincidencia.Si:
		return s + "; procede el Comité"
	case reincidencia.No:
		return s + "; no procede el Comité"
	}
	return s + "; " + strings.ToLower(reincidencia.TextoDatosIncompletos(r.Periodo.Anio)[:1]) + reincidencia.TextoDatosIncompletos(r.Periodo.Anio)[1:]
}

// procedeAuditoria is the result recorded in the audit: true, false or null (unknown).
func procedeAuditoria(cx flujo.Contexto) *bool {
	if cx.DatosIncompletos {
		return nil
	}
	return &cx.ProcedeComite
}

// siguienteNumero is the next case number of the year: CF-2026-0001, CF-2026-0002…
func siguienteNumero(ctx context.Context, tx *sql.Tx, anio int) (string, error) {
	prefijo := fmt.Sprintf("CF-%04d-", anio)
	var max sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(CAST(substr(numero, ?) AS INTEGER)) FROM casos WHERE numero LIKE ? || '%'`,
		len(prefijo)+1, prefijo).Scan(&max); err != nil {
		return "", fmt.Errorf("numerar el caso: %w", err)
	}
	return fmt.Sprintf("%s%04d", prefijo, max.Int64+1), nil
}

func insertarEvaluacion(ctx context.Context, tx *sql.Tx, casoID int64, version int, conjunto string, ent, res, val []byte, motivo, cuenta, ahora string) (int64, error) {
	rs, err := tx.ExecContext(ctx, `INSERT INTO evaluaciones(caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en)
		VALUES (?,?,?,?,?,?,?,?,?)`, casoID, version, conjunto, string(ent), string(res), string(val), motivo, cuenta, ahora)
	if err != nil {
		return 0, fmt.Errorf("guardar la evaluación: %w", err)
	}
	return rs.LastInsertId()
}

func insertarEvento(ctx context.Context, tx *sql.Tx, casoID int64, de, a flujo.Estado, accion flujo.Accion, texto string, evaluacionID int64, quien ActorCaso, ahora string) error {
	det, _ := json.Marshal(detalleEvento{string(accion), texto})
	var deEstado any
	if de != "" {
		deEstado = string(de)
	}
	var evID any
	if evaluacionID > 0 {
		evID = evaluacionID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO caso_eventos(caso_id, de_estado, a_estado, evaluacion_id, cuenta, ip, en, detalle_json) VALUES (?,?,?,?,?,?,?,?)`,
		casoID, deEstado, string(a), evID, quien.Cuenta, quien.IP, ahora, string(det))
	if err != nil {
		return fmt.Errorf("guardar la historia del caso: %w", err)
	}
	return nil
}

// fromCasos joins the case with its user and the official name of its Dirección Seccional.
const fromCasos = ` FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id LEFT JOIN seccionales s ON s.codigo = c.direccion_seccional`

const columnasCaso = `c.id, c.numero, c.usuario_id, u.nit, u.razon_social, u.tipo, c.direccion_seccional, coalesce(s.nombre, c.direccion_seccional), c.estado, c.fecha_comision,
	c.fecha_verificacion, c.fecha_expediente, c.fecha_requerimiento, c.fecha_reporte, c.gravedad, c.sancion,
	c.sancion_prevista_centavos, c.permite_cancelacion, c.anclaje, c.descripcion, c.criterios_json, c.creado_por, c.creado_en`

func escanearCaso(s interface{ Scan(...any) error }) (Caso, error) {
	var c Caso
	var estado, com, ver, rep, grav, sanc, anc, crit string
	var exp, req sql.NullString
	var prevista int64
	var permite int
	err := s.Scan(&c.ID, &c.Numero, &c.UsuarioID, &c.NIT, &c.RazonSocial, &c.TipoUsuario, &c.DireccionSeccional, &c.NombreSeccional, &estado, &com,
		&ver, &exp, &req, &rep, &grav, &sanc, &prevista, &permite, &anc, &c.Descripcion, &crit, &c.CreadoPor, &c.CreadoEn)
	if err != nil {
		return c, err
	}
	c.Estado, c.Gravedad, c.Sancion, c.Anclaje = flujo.Estado(estado), sancion.Gravedad(grav), sancion.Tipo(sanc), reincidencia.Anclaje(anc)
	c.SancionPrevista = PesosDeCentavos(prevista)
	c.PermiteCancelacion = permite == 1
	for _, x := range []struct {
		s sql.NullString
		f *fecha.Fecha
	}{{sql.NullString{String: com, Valid: true}, &c.FechaComision}, {sql.NullString{String: ver, Valid: true}, &c.FechaVerificacion},
		{exp, &c.FechaExpediente}, {req, &c.FechaRequerimiento}, {sql.NullString{String: rep, Valid: true}, &c.FechaReporte}} {
		if *x.f, err = leerFecha(x.s, "caso"); err != nil {
			return c, err
		}
	}
	c.Criterios = map[string]string{}
	if err := json.Unmarshal([]byte(crit), &c.Criterios); err != nil {
		return c, fmt.Errorf("criterios del caso %s ilegibles: %w", c.Numero, err)
	}
	return c, nil
}

// Caso reads one case by id.
func (d *DB) Caso(ctx context.Context, id int64) (Caso, error) {
	return casoEn(ctx, d, id)
}

func casoEn(ctx context.Context, q consultor, id int64) (Caso, error) {
	c, err := escanearCaso(q.QueryRowContext(ctx, `SELECT `+columnasCaso+fromCasos+` WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrCasoNoExiste
	}
	return c, err
}

// CasoPorReferencia reads a case by its number (CF-2026-0001) or numeric id.
func (d *DB) CasoPorReferencia(ctx context.Context, ref string) (Caso, error) {
	ref = strings.TrimSpace(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		return d.Caso(ctx, id)
	}
	c, err := escanearCaso(d.QueryRowContext(ctx, `SELECT `+columnasCaso+fromCasos+` WHERE c.numero = ? COLLATE NOCASE`, ref))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrCasoNoExiste
	}
	return c, err
}

// FiltroCasos limits a list of cases.
type FiltroCasos struct {
	Seccional string       // "" = every Dirección Seccional
	Estado    flujo.Estado // "" = every state
	Limite    int          // 0 = 500
}

// ListarCasos lists cases, newest first.
func (d *DB) ListarCasos(ctx context.Context, f FiltroCasos) ([]Caso, error) {
	q := `SELECT ` + columnasCaso + fromCasos + ` WHERE 1=1`
	var args []any
	if f.Seccional != "" {
		q += ` AND c.direccion_seccional = ?`
		args = append(args, f.Seccional)
	}
	if f.Estado != "" {
		q += ` AND c.estado = ?`
		args = append(args, string(f.Estado))
	}
	if f.Limite <= 0 {
		f.Limite = 500
	}
	q += ` ORDER BY c.id DESC LIMIT ?`
	args = append(args, f.Limite)
	rows, err := d.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listar casos: %w", err)
	}
	defer rows.Close()
	var out []Caso
	for rows.Next() {
		c, err := escanearCaso(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const columnasEvaluacion = `id, caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en`

func escanearEvaluacion(s interface{ Scan(...any) error }) (Evaluacion, error) {
	var e Evaluacion
	err := s.Scan(&e.ID, &e.CasoID, &e.Version, &e.ConjuntoReglas, &e.EntradaJSON, &e.ResultadoJSON, &e.ValoresJSON, &e.Motivo, &e.CreadoPor, &e.CreadoEn)
	return e, err
}

// Evaluaciones lists the stored snapshots of a case, oldest first.
func (d *DB) Evaluaciones(ctx context.Context, casoID int64) ([]Evaluacion, error) {
	return evaluacionesDe(ctx, d, casoID)
}

func evaluacionesDe(ctx context.Context, q consultor, casoID int64) ([]Evaluacion, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE caso_id = ? ORDER BY version`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer evaluaciones: %w", err)
	}
	defer rows.Close()
	var out []Evaluacion
	for rows.Next() {
		e, err := escanearEvaluacion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func ultimaEvaluacion(ctx context.Context, q consultor, casoID int64) (Evaluacion, error) {
	e, err := escanearEvaluacion(q.QueryRowContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE caso_id = ? ORDER BY version DESC LIMIT 1`, casoID))
	if errors.Is(err, sql.ErrNoRows) {
		return e, fmt.Errorf("el caso %d no tiene evaluación guardada", casoID)
	}
	return e, err
}

// UltimaEvaluacion is the latest snapshot of a case (the one in force).
func (d *DB) UltimaEvaluacion(ctx context.Context, casoID int64) (Evaluacion, error) {
	return ultimaEvaluacion(ctx, d, casoID)
}

// Historia lists the history of a case in the order it happened.
func (d *DB) Historia(ctx context.Context, casoID int64) ([]EventoCaso, error) {
	return historiaDe(ctx, d, casoID)
}

func historiaDe(ctx context.Context, q consultor, casoID int64) ([]EventoCaso, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.id, e.de_estado, e.a_estado, e.evaluacion_id, coalesce(v.version, 0), e.cuenta, e.ip, e.en, e.detalle_json
		FROM caso_eventos e LEFT JOIN evaluaciones v ON v.id = e.evaluacion_id WHERE e.caso_id = ? ORDER BY e.id`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer la historia: %w", err)
	}
	defer rows.Close()
	var out []EventoCaso
	for rows.Next() {
		var ev EventoCaso
		var de sql.NullString
		var evID sql.NullInt64
		var a, det string
		if err := rows.Scan(&ev.ID, &de, &a, &evID, &ev.EvaluacionVersion, &ev.Cuenta, &ev.IP, &ev.En, &det); err != nil {
			return nil, err
		}
		ev.DeEstado, ev.AEstado, ev.EvaluacionID = flujo.Estado(de.String), flujo.Estado(a), evID.Int64
		var x detalleEvento
		if json.Unmarshal([]byte(det), &x) == nil {
			ev.Accion, ev.Texto = flujo.Accion(x.Accion), x.Texto
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}

// contexto is what flujo needs to know about a case, read inside tx.
func contexto(ctx context.Context, q consultor, c Caso) (flujo.Contexto, Evaluacion, error) {
	ev, err := ultimaEvaluacion(ctx, q, c.ID)
	if err != nil {
		return flujo.Contexto{}, ev, err
	}
	ref, err := referenciaEn(ctx, q)
	if err != nil {
		return flujo.Contexto{}, ev, err
	}
	r, err := ev.Resultado(ref)
	if err != nil {
		return flujo.Contexto{}, ev, err
	}
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM informes WHERE caso_id = ? AND evaluacion_id = ?`, c.ID, ev.ID).Scan(&n); err != nil {
		return flujo.Contexto{}, ev, err
	}
	return ContextoCon(c, r, n > 0), ev, nil
}

// Contexto is the case's flujo.Contexto now (for the screens: flujo.Siguientes).
func (d *DB) Contexto(ctx context.Context, c Caso) (flujo.Contexto, error) {
	cx, _, err := contexto(ctx, d, c)
	return cx, err
}

// casoPara reads a case inside tx for a step by quien: a seccional account
// gets ErrCasoNoExiste for another Dirección Seccional's case.
func casoPara(ctx context.Context, tx *sql.Tx, id int64, quien ActorCaso) (Caso, error) {
	c, err := casoEn(ctx, tx, id)
	if err != nil {
		return c, err
	}
	if !PuedeVerCaso(quien.Rol, quien.Seccional, c) {
		return Caso{}, ErrCasoNoExiste
	}
	return c, nil
}

// PuedeVerCaso is the object-level rule for cases: seccionales.Accede (a
// seccional account sees only its own Dirección Seccional's cases; the other
// roles see all).
func PuedeVerCaso(rol, seccional string, c Caso) bool {
	return seccionales.Accede(rol == flujo.RolSeccional, seccional, c.DireccionSeccional)
}

// casoAbiertoIgual is an open case (not cerrado or no_procede) of the same
// user with the same commission date that quien may see, or nil.
func casoAbiertoIgual(ctx context.Context, q consultor, usuarioID int64, comision fecha.Fecha, quien ActorCaso) (*ErrCasoDuplicado, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.id FROM casos c WHERE c.usuario_id = ? AND c.fecha_comision = ? AND c.estado NOT IN ('cerrado','no_procede') ORDER BY c.id`,
		usuarioID, comision.String())
	if err != nil {
		return nil, fmt.Errorf("buscar casos abiertos del mismo hecho: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		c, err := casoEn(ctx, q, id)
		if err != nil {
			return nil, err
		}
		if PuedeVerCaso(quien.Rol, quien.Seccional, c) {
			return &ErrCasoDuplicado{ID: c.ID, Numero: c.Numero, Estado: c.Estado}, nil
		}
	}
	return nil, nil
}

func numeroDe(d *ErrCasoDuplicado) string {
	if d == nil {
		return ""
	}
	return d.Numero
}

// paso validates an action with flujo inside tx and, when allowed, records
// the history row, the state change and the audit row.
func (d *DB) paso(ctx context.Context, tx *sql.Tx, c Caso, accion flujo.Accion, quien ActorCaso, texto string, detalle map[string]any) (flujo.Estado, Evaluacion, error) {
	cx, ev, err := contexto(ctx, tx, c)
	if err != nil {
		return "", ev, err
	}
	hasta, err := flujo.Validar(accion, quien.Rol, cx)
	if err != nil {
		return "", ev, err
	}
	ahora := d.Ahora()
	if err := insertarEvento(ctx, tx, c.ID, c.Estado, hasta, accion, texto, ev.ID, quien, ahora); err != nil {
		return "", ev, err
	}
	if hasta != c.Estado {
		if _, err := tx.ExecContext(ctx, `UPDATE casos SET estado = ? WHERE id = ? AND estado = ?`, string(hasta), c.ID, string(c.Estado)); err != nil {
			return "", ev, fmt.Errorf("cambiar el estado: %w", err)
		}
	}
	if detalle == nil {
		detalle = map[string]any{}
	}
	detalle["de"], detalle["a"], detalle["evaluacion_id"], detalle["evaluacion_version"] = c.Estado, hasta, ev.ID, ev.Version
	if texto != "" {
		detalle["texto"] = texto
	}
	err = d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso." + string(accion), Objeto: "caso:" + c.Numero, Detalle: detalle})
	return hasta, ev, err
}

// Transicion takes a step that needs nothing but the case and a note:
// iniciar_evaluacion, presentar, declarar_no_procede. flujo decides whether
// the role may take it now.
func (d *DB) Transicion(ctx context.Context, id int64, accion flujo.Accion, nota string, quien ActorCaso) (Caso, error) {
	switch accion {
	case flujo.IniciarEvaluacion, flujo.Presentar, flujo.DeclararNoProcede:
	default:
		return Caso{}, &flujo.ErrPaso{Mensaje: fmt.Sprintf("«%s» no se registra con este formulario.", accion)}
	}
	nota = strings.TrimSpace(nota)
	if len(nota) > 2000 {
		return Caso{}, &ErrFormulario{map[string]string{"nota": "La nota admite hasta 2.000 caracteres."}}
	}
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		c, err := casoPara(ctx, tx, id, quien)
		if err != nil {
			return err
		}
		p, _ := flujo.DePaso(accion)
		texto := p.Nombre
		if nota != "" {
			texto += ": " + nota
		}
		_, _, err = d.paso(ctx, tx, c, accion, quien, texto, map[string]any{"nota": nota})
		return err
	})
	if err != nil {
		return Caso{}, err
	}
	return d.Caso(ctx, id)
}

// Reevaluar computes the evaluation again with the data as stored now (after
// a correction) and stores it as a new snapshot version with its reason; the
// earlier versions stay. Never a silent change.
func (d *DB) Reevaluar(ctx context.Context, id int64, motivo string, quien ActorCaso) (Evaluacion, error) {
	motivo = strings.TrimSpace(motivo)
	if motivo == "" {
		return Evaluacion{}, &ErrFormulario{map[string]string{"motivo": "Diga por qué se recalcula la evaluación (por ejemplo, qué dato se corrigió)."}}
	}
	c, err := d.Caso(ctx, id)
	if err != nil {
		return Evaluacion{}, err
	}
	if !PuedeVerCaso(quien.Rol, quien.Seccional, c) {
		return Evaluacion{}, ErrCasoNoExiste
	}
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: c.FechaComision, FechaVerificacion: c.FechaVerificacion, FechaExpediente: c.FechaExpediente,
		FechaRequerimiento: c.FechaRequerimiento, Gravedad: c.Gravedad, Sancion: c.Sancion,
		SancionPrevista: c.SancionPrevista, PermiteCancelacion: c.PermiteCancelacion,
	}
	ent, res, val, r, err := d.evaluarCaso(ctx, c.NIT, nueva, c.Anclaje)
	if err != nil {
		return Evaluacion{}, err
	}
	var evID int64
	err = d.EnTx(ctx, func(tx *sql.Tx) error {
		c, err := casoPara(ctx, tx, id, quien)
		if err != nil {
			return err
		}
		cx, ant, err := contexto(ctx, tx, c)
		if err != nil {
			return err
		}
		if _, err := flujo.Validar(flujo.Reevaluar, quien.Rol, cx); err != nil {
			return err
		}
		ahora := d.Ahora()
		version := ant.Version + 1
		if evID, err = insertarEvaluacion(ctx, tx, c.ID, version, r.ConjuntoReglas, ent, res, val, motivo, quien.Cuenta, ahora); err != nil {
			return err
		}
		igual := ant.ResultadoJSON == string(res) && ant.EntradaJSON == string(ent)
		texto := fmt.Sprintf("Evaluación recalculada (v%d → v%d): %s. Motivo: %s", ant.Version, version, resumenEvaluacion(r), motivo)
		if igual {
			texto += " (los datos no cambiaron)"
		}
		if err := insertarEvento(ctx, tx, c.ID, c.Estado, c.Estado, flujo.Reevaluar, texto, evID, quien, ahora); err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.reevaluar", Objeto: "caso:" + c.Numero, Detalle: map[string]any{
			"motivo": motivo, "evaluacion_anterior": ant.ID, "version_anterior": ant.Version, "evaluacion_id": evID, "version": version,
			"procede_antes": procedeAuditoria(cx), "procede_ahora": r.ProcedeComite.Puntero(), "sin_cambios": igual,
		}})
	})
	if err != nil {
		return Evaluacion{}, err
	}
	return ultimaEvaluacion(ctx, d, id)
}

// GuardarCriterios writes the Secretaría's qualitative criteria
// (flujo.CriteriosSecretaria) while the case is under evaluation; the audit
// row keeps the text before and after.
func (d *DB) GuardarCriterios(ctx context.Context, id int64, criterios map[string]string, quien ActorCaso) error {
	limpio := map[string]string{}
	p := map[string]string{}
	for k, v := range criterios {
		if !flujo.EsCriterioSecretaria(k) {
			p[k] = "Criterio desconocido."
			continue
		}
		v = strings.TrimSpace(v)
		if len([]rune(v)) > 8000 {
			p[k] = "El texto admite hasta 8.000 caracteres."
		}
		if v != "" {
			limpio[k] = v
		}
	}
	if len(p) > 0 {
		return &ErrFormulario{p}
	}
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		c, err := casoPara(ctx, tx, id, quien)
		if err != nil {
			return err
		}
		// The criteria are part of the evaluation (docs/reglas.md §3 step 2): who
		// may recalculate it, and when, may write them (flujo decides).
		cx, ev, err := contexto(ctx, tx, c)
		if err != nil {
			return err
		}
		if _, err := flujo.Validar(flujo.Reevaluar, quien.Rol, cx); err != nil {
			return &flujo.ErrPaso{Mensaje: "Los criterios cualitativos los escribe la Secretaría Técnica mientras el caso está reportado o en evaluación."}
		}
		if !cx.SegundaRuta {
			for _, a := range flujo.AspectosSegundaRuta {
				if limpio[a.Clave] != "" {
					return &ErrFormulario{map[string]string{a.Clave: "Este aspecto solo se documenta cuando la infracción permite la cancelación en sustitución de la multa."}}
				}
			}
		}
		nuevo, _ := json.Marshal(limpio)
		antes, _ := json.Marshal(c.Criterios)
		if string(nuevo) == string(antes) {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE casos SET criterios_json = ? WHERE id = ?`, string(nuevo), c.ID); err != nil {
			return fmt.Errorf("guardar criterios: %w", err)
		}
		ahora := d.Ahora()
		texto := fmt.Sprintf("Criterios cualitativos actualizados (%d de %d escritos)", len(limpio), len(flujo.CriteriosDe(cx.SegundaRuta)))
		if err := insertarEvento(ctx, tx, c.ID, c.Estado, c.Estado, "criterios", texto, ev.ID, quien, ahora); err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.criterios", Objeto: "caso:" + c.Numero,
			Detalle: map[string]any{"antes": c.Criterios, "despues": limpio}})
	})
}

// fechaPresentacion is the civil date the case went to the Comité (zero: not yet).
func fechaPresentacion(ctx context.Context, q consultor, casoID int64) (fecha.Fecha, error) {
	var en string
	err := q.QueryRowContext(ctx, `SELECT en FROM caso_eventos WHERE caso_id = ? AND a_estado = ? ORDER BY id DESC LIMIT 1`, casoID, string(flujo.EnComite)).Scan(&en)
	if errors.Is(err, sql.ErrNoRows) {
		return fecha.Fecha{}, nil
	}
	if err != nil {
		return fecha.Fecha{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, en)
	if err != nil {
		return fecha.Fecha{}, err
	}
	return fecha.DeTiempo(t), nil
}

// FechaPresentacion is the civil date the case went to the Comité (zero: not yet).
func (d *DB) FechaPresentacion(ctx context.Context, casoID int64) (fecha.Fecha, error) {
	return fechaPresentacion(ctx, d, casoID)
}

// PlazosReporte returns the report deadline (plazo_reporte of the latest
// stored evaluation) of the given cases.
func (d *DB) PlazosReporte(ctx context.Context, ids []int64) (map[int64]fecha.Fecha, error) {
	out := map[int64]fecha.Fecha{}
	if len(ids) == 0 {
		return out, nil
	}
	quiero := map[int64]bool{}
	for _, id := range ids {
		quiero[id] = true
	}
	rows, err := d.QueryContext(ctx, `SELECT e.caso_id, coalesce(json_extract(e.resultado_json, '$.plazo_reporte'), '') FROM evaluaciones e
		WHERE e.version = (SELECT max(x.version) FROM evaluaciones x WHERE x.caso_id = e.caso_id)`)
	if err != nil {
		return nil, fmt.Errorf("leer plazos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return nil, err
		}
		if !quiero[id] {
			continue
		}
		if f, err := fecha.ParseISO(s); err == nil {
			out[id] = f
		}
	}
	return out, rows.Err()
}

// Instantanea writes the three JSON documents of a stored evaluation (input,
// output, values used) for a computed result — the same format AbrirCaso
// stores; the demo data uses it to write cases inside its own transaction.
func Instantanea(ref valores.Referencia, e reincidencia.Entrada, r reincidencia.Resultado) (ent, res, val []byte, err error) {
	if ent, err = contrato.EscribirEntrada(e); err != nil {
		return
	}
	if res, err = contrato.EscribirEvaluacion(r); err != nil {
		return
	}
	val, err = json.Marshal(valoresUsados(ref, r, e))
	return
}

// DetalleEvento is the detalle_json of a caso_eventos row.
func DetalleEvento(accion, texto string) string {
	b, _ := json.Marshal(detalleEvento{accion, texto})
	return string(b)
}

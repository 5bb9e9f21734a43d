// Package informe builds the informe gerencial de resultados that the
// Secretaría Técnica presents to the Comité de Fiscalización (Decreto Ley 920
// de 2023, art. 25 por posición; docs/reglas.md §4), as a PDF for the expediente.
//
// It is pure: it turns a plain value (Datos, read from the case's STORED
// snapshot, never from live data) into bytes, with no database and no clock.
// It never computes a rule: every figure comes from the stored evaluation
// (contrato.EvaluacionJSON) or the yearly series the core computed
// (reincidencia.Serie). The same Datos give the same PDF bytes, so the
// SHA-256 of an issued informe can be recorded and checked a year later.
//
// The HTML print view reuses the same content through Secciones (the view
// model: sections of label/value pairs, paragraphs and tables, already
// formatted in es-CO) and Graficos (the chart data), so screen and PDF show
// the same thing.
package informe

import (
	"comite/internal/flujo"
	"fmt"
	"time"

	"comite/internal/contrato"
	"comite/internal/fecha"
	"comite/internal/reincidencia"

	"github.com/shopspring/decimal"
)

// Datos is everything the informe shows, taken from the case's stored snapshot.
type Datos struct {
	// Adjuntos are the files attached to the case by the issue; the informe
	// lists them (kind, description, date, SHA-256) in a section of their
	// own, absent when there are none.
	Adjuntos []AdjuntoGuardado
	// Caso is the case number, e.g. "CF-2026-0007"; it is printed on every page.
	Caso string
	// DireccionSeccional is the regional office that reported the new infraction.
	DireccionSeccional string

	// Usuario and Nueva are the stored input of the evaluation (the snapshot's
	// entrada, as contrato.LeerEvaluacion reads it).
	Usuario reincidencia.Usuario
	Nueva   reincidencia.NuevaInfraccion

	// Evaluacion is the stored output of the committee test (`comite evaluar`).
	Evaluacion contrato.EvaluacionJSON
	// Serie is the test year by year for the charts, computed by the core
	// (reincidencia.Serie) from the stored entrada and passed in.
	Serie []reincidencia.PuntoAnual

	// PlazoReporte is the last day to report to the Secretaría Técnica; zero:
	// the plazo_reporte of Evaluacion. FechaReporte is the day the Dirección
	// Seccional reported; zero: not recorded.
	PlazoReporte fecha.Fecha
	FechaReporte fecha.Fecha

	// Criterios are the qualitative criteria written by the Secretaría Técnica.
	Criterios Criterios

	// Historia is the history of the case, in the order it happened.
	Historia []Paso

	// Concepto of the Comité, once recorded; nil before.
	Concepto *Concepto

	// Propuesta is the REA proposal recorded when the case closed; nil
	// before. When present, its REA date is the one page 1 shows, so the
	// identification and the history say the same.
	Propuesta *Propuesta

	// Instantanea identifies the stored snapshot the informe was built from.
	Instantanea Instantanea

	// Emision is this issue of the informe (passed in, never read from the clock).
	Emision Emision

	// EvaluacionJSON is the stored result of the snapshot, byte for byte as
	// stored (the contract format): attached to the PDF so the figures can be
	// checked without the application.
	EvaluacionJSON []byte
	// NormaAplicable is the Secretaría's recorded decision on the applicable
	// norm ("Norma aplicable confirmada por … el …: …"; "" when none).
	NormaAplicable string
}

// Criterios are the texts of the Secretaría Técnica (art. 25 inc. 1 por
// posición: tipo de usuario, perjuicio a los intereses del Estado; and the
// criteria the Comité weighs: naturaleza de los hechos, impacto en el
// comercio exterior, antecedentes).
type Criterios struct {
	TipoUsuario      string
	PerjuicioEstado  string
	NaturalezaHechos string
	ImpactoComercio  string
	Antecedentes     string
	// The other aspects of the second route (art. 25 last paragraph by
	// position); empty on the first route.
	TransgresionProcedimientos string
	IncidenciaPenal            string
	OtrosHechos                string
}

// Propuesta is the REA proposal as recorded.
type Propuesta struct {
	FechaREA fecha.Fecha
	Decision flujo.Decision
	// Total is the fine proposed; nil for a cancellation.
	Total *decimal.Decimal
	// UVTAnio, UVTValor and Incremento: the 1.000 UVT increment (first route
	// only); UVTAnio 0 when there is none.
	UVTAnio       int
	UVTValor      decimal.Decimal
	Incremento    decimal.Decimal
	RegistradoPor string
	RegistradoEn  time.Time
}

// Paso is one step of the case's history.
type Paso struct {
	Instante time.Time
	Cuenta   string // who did it
	Desde    string // state before ("" at creation)
	Hacia    string // state after
	Detalle  string
}

// Concepto is the Comité's concepto as recorded. It is final; a material
// error is fixed only by a linked Correccion, and the original stays visible.
type Concepto struct {
	FechaSesion fecha.Fecha
	Miembros    []string
	Decision    flujo.Decision
	// Motivacion per criterion, in the order recorded.
	Motivacion []Motivacion
	// CriteriosCancelacion that apply ("5.1" … "5.7"), for a cancellation.
	CriteriosCancelacion []string
	RegistradoPor        string
	RegistradoEn         time.Time
	Correcciones         []Correccion
}

// Motivacion is the Comité's reasoning on one criterion.
type Motivacion struct {
	Criterio string // e.g. "Naturaleza de los hechos"
	Texto    string
}

// Correccion is a record linked to the concepto that fixes a material error.
type Correccion struct {
	Instante time.Time
	Cuenta   string
	Motivo   string // why the correction was needed
	Texto    string // what it says now
}

// Instantanea identifies the stored snapshot.
type Instantanea struct {
	ID      string
	Version int
	Creada  time.Time
}

// Emision is one issue of the informe.
// BorradorSinEmitir stands in Emision.EmitidoPor for a draft: the informe
// built from the stored case before any version was issued. A draft says so
// wherever an issued informe names its issue.
const BorradorSinEmitir = "borrador (sin emitir)"

// Borrador says whether e is a draft, not an issued version.
func (e Emision) Borrador() bool { return e.EmitidoPor == BorradorSinEmitir }

type Emision struct {
	Version    int
	EmitidoPor string
	Instante   time.Time
	// CabezaAuditoria is the head of the audit chain when the informe was
	// emitted ("fila N, hash H"), printed so a copy on paper anchors the log.
	CabezaAuditoria string
	// FirmaSujeto is the subject of the certificate the file is signed with
	// right after it is built ("": issued without digital signature).
	FirmaSujeto string
	// Firmantes sign the informe: the Secretaría Técnica that issues it.
	Firmantes []Firmante
}

// NombreAdjuntoEvaluacion is the name of the evaluation attached to the informe.
func (d Datos) NombreAdjuntoEvaluacion() string {
	return fmt.Sprintf("evaluacion-%s-v%d.json", d.Caso, d.Instantanea.Version)
}

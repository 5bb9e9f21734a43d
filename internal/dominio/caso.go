package dominio

import (
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// ActorCaso is who takes a step on a case: the account, its role, its
// Dirección Seccional (for rol seccional) and the address it came from.
type ActorCaso struct {
	Actor
	Rol       permisos.Rol
	Seccional string // the account's Dirección Seccional (rol seccional)
	// Autorizada is the action the caller's route table already allowed
	// this role for the request (the web's requiere); "" for every other
	// caller. The application does not ask the table again for it.
	Autorizada permisos.Accion
}

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
	Anclaje            sancion.Anclaje
	Descripcion        string
	// ConfirmarDuplicado: the reporter confirms that this is another fact,
	// though an open case of the same NIT has the same commission date.
	ConfirmarDuplicado bool
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
	Anclaje            sancion.Anclaje
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

// Instante parses En, which the store checked when it read the row
// (the store checks it when it reads the row).
func (e EventoCaso) Instante() time.Time { return instante(e.En) }

// instante parses a stored instant (RFC 3339, UTC) that the store checked
// when it read its row, so the parse cannot fail.
func instante(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

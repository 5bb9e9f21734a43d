// Package notificar runs the e-mail notices inside «comite serve»: the
// sender takes the queued messages that are due, words them (correo),
// hands them to the mail server (correo/envio) and marks them sent, or
// records the error and the next attempt with a growing wait; after
// correo.MaxIntentos attempts a message stays «fallido» for the
// administrator. The sweep queues the notices of stage deadlines (about to
// end, ended) with the terms of plazos and the business days of
// calendario. Everything pending lives in the database: a restart loses
// nothing, and a request never waits for the mail server.
package notificar

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"comite/internal/calendario"
	"comite/internal/correo"
	"comite/internal/correo/envio"
	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/plazos"
	"comite/internal/web/urls"
)

// Config is how the notices go out.
type Config struct {
	Envio envio.Config
	// URLBase is the application's public address for the links
	// (https://comite.entidad.gov.co); "" no link.
	URLBase string
	// DiasAviso: the «próximo a vencer» notice goes this many business
	// days before the end of a stage's term (0: correo.DiasAvisoPredeterminado).
	DiasAviso int
	// MaxIntentos before a message stays «fallido» (0: correo.MaxIntentos).
	MaxIntentos int
	// Reloj is the clock of the attempts (nil: time.Now); the tests move it.
	Reloj func() time.Time
	// Enviar hands over one message (nil: envio.Enviar).
	Enviar func(ctx context.Context, c envio.Config, para string, mensaje []byte) error
	Logger *slog.Logger
}

// Notificador is the sender and the sweep over one database.
type Notificador struct {
	d   *db.DB
	x   *expediente.Expediente
	cfg Config
}

// Nuevo prepares the notices of d and makes its steps queue them.
func Nuevo(d *db.DB, cfg Config) *Notificador {
	d.ActivarAvisosCorreo()
	if cfg.DiasAviso <= 0 {
		cfg.DiasAviso = correo.DiasAvisoPredeterminado
	}
	if cfg.MaxIntentos <= 0 {
		cfg.MaxIntentos = correo.MaxIntentos
	}
	if cfg.Reloj == nil {
		cfg.Reloj = time.Now
	}
	if cfg.Enviar == nil {
		cfg.Enviar = envio.Enviar
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Notificador{d: d, x: expediente.Nuevo(d), cfg: cfg}
}

// Enlace is the whole address of the page a notice points to ("" when no
// public address is configured).
func Enlace(base string, a correo.Aviso) string {
	if base == "" {
		return ""
	}
	ruta := ""
	switch {
	case a.CasoID > 0:
		ruta = urls.Caso(a.CasoID)
	case a.SesionID > 0:
		ruta = urls.Sesion(a.SesionID)
	default:
		return ""
	}
	return strings.TrimRight(base, "/") + ruta
}

// Mensaje words a queued message for its recipient.
func Mensaje(base string, c db.Correo) (correo.Mensaje, error) {
	var a correo.Aviso
	if err := json.Unmarshal(c.Datos, &a); err != nil {
		return correo.Mensaje{}, fmt.Errorf("correo %d: datos ilegibles: %w", c.ID, err)
	}
	return correo.Redactar(a, Enlace(base, a)), nil
}

// vigente says why a queued message must not go ("" it may): the account
// was disabled, its address changed, or it no longer has the role and the
// Seccional it had when the notice was queued (it might not see the case).
func (n *Notificador) vigente(ctx context.Context, c db.Correo) (string, error) {
	cu, err := n.d.CuentaPorID(ctx, c.CuentaID)
	if err != nil {
		return "", err
	}
	dir, err := n.d.CorreoDeCuenta(ctx, c.CuentaID)
	if err != nil {
		return "", err
	}
	var a correo.Aviso
	_ = json.Unmarshal(c.Datos, &a) // read by Mensaje already
	switch {
	case !cu.Activa:
		return "no se envió: la cuenta está deshabilitada", nil
	case dir != c.Para:
		return "no se envió: la dirección de la cuenta cambió después del aviso", nil
	case a.RolDestinatario != "" && (string(cu.Rol) != a.RolDestinatario || cu.DireccionSeccional != a.SeccionalDestinatario):
		return "no se envió: la cuenta cambió de rol o de Dirección Seccional después del aviso", nil
	}
	return "", nil
}

// lote is how many due messages one pass takes.
const lote = 50

// Despachar sends the messages due now, one after the other; it returns
// how many went and how many failed this time. A canceled ctx stops it
// without counting an attempt.
func (n *Notificador) Despachar(ctx context.Context) (enviados, fallidos int, err error) {
	for {
		cs, err := n.d.CorreosDebidos(ctx, n.cfg.Reloj(), lote)
		if err != nil || len(cs) == 0 {
			return enviados, fallidos, err
		}
		for _, c := range cs {
			if err := ctx.Err(); err != nil {
				return enviados, fallidos, err
			}
			m, err := Mensaje(n.cfg.URLBase, c)
			if err == nil {
				if motivo, err := n.vigente(ctx, c); err != nil {
					return enviados, fallidos, err
				} else if motivo != "" {
					// Not sent: the account no longer is what the notice
					// was chosen for. It stays «fallido» with the reason.
					if err := n.d.MarcarCorreoFallo(ctx, c.ID, motivo, n.cfg.Reloj(), true); err != nil {
						return enviados, fallidos, err
					}
					fallidos++
					continue
				}
				err = n.cfg.Enviar(ctx, n.cfg.Envio, c.Para, correo.MIME(n.cfg.Envio.Remitente, c.Para, m, n.cfg.Reloj(), c.Clave))
			}
			ahora := n.cfg.Reloj()
			if err == nil {
				// Delivered: recorded even when the process is stopping, so
				// the next one does not send it again.
				if err := n.d.MarcarCorreoEnviado(context.WithoutCancel(ctx), c.ID, ahora); err != nil {
					return enviados, fallidos, err
				}
				enviados++
				continue
			}
			if ctx.Err() != nil {
				return enviados, fallidos, ctx.Err()
			}
			intento := c.Intentos + 1
			fallido := intento >= n.cfg.MaxIntentos
			if err := n.d.MarcarCorreoFallo(ctx, c.ID, err.Error(), ahora.Add(correo.Espera(intento)), fallido); err != nil {
				return enviados, fallidos, err
			}
			fallidos++
			n.cfg.Logger.Warn("correo no enviado", "correo", c.ID, "para", c.Para, "intento", intento, "fallido", fallido, "error", err.Error())
		}
		if fallidos > 0 && enviados == 0 {
			// The server is down: the rest waits for the next pass.
			return enviados, fallidos, nil
		}
	}
}

// abiertos are the states in which a stage's term runs.
var abiertos = []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido}

// Barrer queues the deadline notices of today: for each open case, its
// stage's internal term (plazos.Actual and plazos.Vence with the declared
// closed days) about to end — within DiasAviso business days — or ended.
// Each goes once per (case, stage, kind, due date, recipient); it returns
// how many cases had one.
func (n *Notificador) Barrer(ctx context.Context) (int, error) {
	casos, err := n.d.CasosPendientes(ctx, db.FiltroPendientes{Estados: abiertos})
	if err != nil || len(casos) == 0 {
		return 0, err
	}
	dias, err := n.x.DiasPorEtapa(ctx)
	if err != nil {
		return 0, err
	}
	inh, err := n.d.ListarDiasInhabiles(ctx)
	if err != nil {
		return 0, err
	}
	var fs []fecha.Fecha
	for _, d := range inh {
		fs = append(fs, d.Fecha)
	}
	cal := calendario.Nuevo(fs)
	hoy := fecha.DeTiempo(n.cfg.Reloj())
	total := 0
	err = n.d.EnEscritura(ctx, func(w *db.Escritura) error {
		total = 0
		cs, err := w.CuentasAvisables()
		if err != nil || len(cs) == 0 {
			return err
		}
		cuentas := expediente.CuentasCorreo(cs)
		for _, k := range casos {
			e, desde, ok := plazos.Actual(k.Estado, k.FechaReporte, k.Presentado, k.Concepto)
			if !ok {
				continue
			}
			vence := plazos.Vence(cal, desde, dias[e])
			if vence.IsZero() {
				continue
			}
			var clase correo.Clase
			switch {
			case hoy.Despues(vence):
				clase = correo.PlazoVencido
			case cal.DiasHabilesEntre(hoy, vence) <= n.cfg.DiasAviso:
				clase = correo.PlazoPorVencer
			default:
				continue
			}
			a := correo.Aviso{Caso: k.Numero, CasoID: k.ID, Seccional: w.NombreSeccional(k.DireccionSeccional), Estado: k.Estado.Etiqueta(),
				Etapa: e.Etiqueta(), Vence: vence.DMA(), Termino: formato.Plural(dias[e], "día hábil", "días hábiles")}
			ev := correo.Evento{Clase: clase, Estado: k.Estado, Seccional: k.DireccionSeccional}
			if err := expediente.Encolar(w, ev, correo.Clave(k.ID, e, vence.String()), a, cuentas); err != nil {
				return err
			}
			total++
		}
		return nil
	})
	return total, err
}

// Correr sends what is due every intervalo and sweeps the deadlines every
// barrido until ctx ends.
func (n *Notificador) Correr(ctx context.Context, intervalo, barrido time.Duration) {
	ultimo := time.Time{}
	t := time.NewTicker(intervalo)
	defer t.Stop()
	for {
		if ahora := n.cfg.Reloj(); ahora.Sub(ultimo) >= barrido {
			if _, err := n.Barrer(ctx); err != nil && !errors.Is(err, context.Canceled) {
				n.cfg.Logger.Error("barrido de vencimientos para correo", "error", err.Error())
			} else {
				ultimo = ahora
			}
		}
		if _, _, err := n.Despachar(ctx); err != nil && !errors.Is(err, context.Canceled) {
			n.cfg.Logger.Error("envío de correos", "error", err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// The database records the last head it published and the anchor file it
// went to (table ancla_publicada). An anchor deleted, replaced by an older
// copy or pointed elsewhere is then an error at start-up and in
// VerificarAuditoria, and no command starts a new anchor in silence: only
// AceptarAnclaNueva does, with a row in the log that says so.

// AnclaRegistrada is the last publication the database recorded.
type AnclaRegistrada struct {
	Ruta    string
	Fila    int64
	Hash    string
	En      string
	ClaveID int64
	Firma   string
}

const propositoAnclaRegistrada = "ancla-publicada"

func (r AnclaRegistrada) mensaje() []byte {
	return []byte(r.Ruta + "\n" + strconv.FormatInt(r.Fila, 10) + "\n" + r.Hash + "\n" + r.En)
}

// ErrAnclaPerdida: the anchor file is missing or ends before the last head
// the database recorded publishing there.
type ErrAnclaPerdida struct {
	Registrada AnclaRegistrada
	Ruta       string // anchor file in use
	Fila       int64  // highest head in force in it (0: none)
	Existe     bool
}

func (e *ErrAnclaPerdida) Error() string {
	que := fmt.Sprintf("el ancla %s no existe", e.Ruta)
	if e.Existe {
		que = fmt.Sprintf("el ancla %s termina en la fila %d", e.Ruta, e.Fila)
	}
	return fmt.Sprintf("la base publicó la cabeza del registro de auditoría hasta la fila %d en %s el %s, pero %s: el ancla se borró, se reemplazó por una copia anterior o se indicó otra. "+
		"Ponga en su lugar el ancla verdadera (o indique su ruta); si la perdió y quiere empezar una nueva, hágalo explícitamente con --aceptar-ancla-nueva, que lo deja en la auditoría",
		e.Registrada.Fila, e.Registrada.Ruta, e.Registrada.En, que)
}

// hayTabla tells whether the database has this table (a copy of an older
// version may not).
func (d *DB) hayTabla(ctx context.Context, nombre string) (bool, error) {
	var n int
	err := d.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, nombre).Scan(&n)
	return n > 0, err
}

// AnclaRegistrada returns the last publication recorded (ok false: none yet).
func (d *DB) AnclaRegistrada(ctx context.Context) (AnclaRegistrada, bool, error) {
	var r AnclaRegistrada
	if hay, err := d.hayTabla(ctx, "ancla_publicada"); err != nil || !hay {
		return r, false, err
	}
	err := d.QueryRowContext(ctx, `SELECT ruta, fila, hash, en, clave_id, firma FROM ancla_publicada WHERE id = 1`).Scan(&r.Ruta, &r.Fila, &r.Hash, &r.En, &r.ClaveID, &r.Firma)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, err
}

// registrarAncla records a publication (the caller holds a.publicar).
// Another process publishing at the same time may have recorded a later
// head: the row only moves forward, unless forzar (a restore sets it back to
// the restored head).
func (d *DB) registrarAncla(ctx context.Context, ruta string, fila int64, hash string, forzar bool) error {
	if hay, err := d.hayTabla(ctx, "ancla_publicada"); err != nil || !hay {
		return err
	}
	r := AnclaRegistrada{Ruta: ruta, Fila: fila, Hash: hash, En: d.Now().UTC().Format(time.RFC3339)}
	if d.aud != nil && d.aud.actual > 0 {
		var err error
		if r.ClaveID, r.Firma, err = d.FirmarConClave(propositoAnclaRegistrada, r.mensaje()); err != nil {
			return err
		}
	}
	q := `INSERT INTO ancla_publicada(id, ruta, fila, hash, en, clave_id, firma) VALUES (1, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET ruta = excluded.ruta, fila = excluded.fila, hash = excluded.hash, en = excluded.en,
		clave_id = excluded.clave_id, firma = excluded.firma`
	if !forzar {
		q += ` WHERE excluded.fila > ancla_publicada.fila OR excluded.ruta <> ancla_publicada.ruta`
	}
	_, err := d.ExecContext(ctx, q, r.Ruta, r.Fila, r.Hash, r.En, r.ClaveID, r.Firma)
	return err
}

// ComprobarAncla fails with *ErrAnclaPerdida when the anchor in use is
// missing or shorter than the last publication the database recorded.
func (d *DB) ComprobarAncla(ctx context.Context) error {
	a := d.aud
	if a == nil || a.rutaAncla == "" {
		return nil
	}
	r, ok, err := d.AnclaRegistrada(ctx)
	if err != nil || !ok {
		return err
	}
	// Written with a key, it must verify with it: an edited row (a lower
	// row number to hide a shorter anchor) does not.
	if r.ClaveID > 0 || a.actual > 0 {
		if err := d.ComprobarFirmaConClave(propositoAnclaRegistrada, r.mensaje(), r.ClaveID, r.Firma); err != nil {
			return fmt.Errorf("el registro en la base de la última cabeza publicada (fila %d en %s) no es válido: %w; alguien lo editó fuera de comite", r.Fila, r.Ruta, err)
		}
	}
	if r.Fila == 0 {
		return nil
	}
	return comprobarAnclaContra(r, a.rutaAncla)
}

func comprobarAnclaContra(r AnclaRegistrada, ruta string) error {
	_, err := os.Stat(ruta)
	existe := err == nil
	fila, _, err := ultimaLineaAncla(ruta)
	if err != nil {
		return err
	}
	if !existe || fila < r.Fila {
		return &ErrAnclaPerdida{Registrada: r, Ruta: ruta, Fila: fila, Existe: existe}
	}
	return nil
}

// AceptarAnclaNueva starts the anchor anew when the one the database
// recorded is gone: a row in the audit log names the publication recorded
// and the anchor in use, and the head (that row) is published to it.
func (d *DB) AceptarAnclaNueva(ctx context.Context, quien dominio.Actor) error {
	a := d.aud
	if a == nil || a.rutaAncla == "" {
		return errors.New("no hay ancla de auditoría que aceptar")
	}
	r, _, err := d.AnclaRegistrada(ctx)
	if err != nil {
		return err
	}
	fila, _, err := ultimaLineaAncla(a.rutaAncla)
	if err != nil {
		return err
	}
	a.aceptarNueva.Store(true)
	defer a.aceptarNueva.Store(false)
	if err := d.EnTx(ctx, func(tx *sql.Tx) error {
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "auditoria.ancla_nueva", Objeto: "ancla:" + a.rutaAncla,
			Detalle: map[string]any{"ancla": a.rutaAncla, "fila_del_ancla": fila, "ancla_registrada": r.Ruta, "fila_registrada": r.Fila, "registrada_en": r.En}})
	}); err != nil {
		return err
	}
	return d.PublicarCabeza(ctx)
}

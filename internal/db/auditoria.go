package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Evento is one change to record in the audit log: who, from where, what, on which object.
type Evento struct {
	Cuenta  string // account name, or "sistema"
	IP      string
	Accion  string // "acto.crear", "importar.sanciones", "caso.transicion", ...
	Objeto  string // "acto:RS-2025-0001", "caso:CF-2026-0001"
	Detalle any    // marshalled to JSON
}

// hashGenesis is the hash_anterior of the first row.
const hashGenesis = "0000000000000000000000000000000000000000000000000000000000000000"

// hashFila is the SHA-256 over the row's content and the previous row's hash.
func hashFila(id int64, en, cuenta, ip, accion, objeto, detalle, anterior string) string {
	h := sha256.New()
	for _, campo := range []string{strconv.FormatInt(id, 10), en, cuenta, ip, accion, objeto, detalle, anterior} {
		h.Write([]byte(strconv.Itoa(len(campo))))
		h.Write([]byte{':'})
		h.Write([]byte(campo))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Auditar appends one chained row to the audit log inside tx. Call it in the
// same transaction as the change it records, so both land or neither does.
func (d *DB) Auditar(ctx context.Context, tx *sql.Tx, e Evento) error {
	detalle := "{}"
	if e.Detalle != nil {
		b, err := json.Marshal(e.Detalle)
		if err != nil {
			return fmt.Errorf("auditoría: %w", err)
		}
		detalle = string(b)
	}
	if e.Cuenta == "" {
		e.Cuenta = "sistema"
	}
	var ultimoID int64
	anterior := hashGenesis
	err := tx.QueryRowContext(ctx, `SELECT id, hash FROM auditoria ORDER BY id DESC LIMIT 1`).Scan(&ultimoID, &anterior)
	if err != nil && err != sql.ErrNoRows {
		return fmt.Errorf("auditoría: %w", err)
	}
	if err == sql.ErrNoRows {
		anterior = hashGenesis
	}
	id := ultimoID + 1
	en := d.Ahora()
	h := hashFila(id, en, e.Cuenta, e.IP, e.Accion, e.Objeto, detalle, anterior)
	_, err = tx.ExecContext(ctx, `INSERT INTO auditoria(id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior, hash) VALUES (?,?,?,?,?,?,?,?,?)`,
		id, en, e.Cuenta, e.IP, e.Accion, e.Objeto, detalle, anterior, h)
	if err != nil {
		return fmt.Errorf("auditoría: %w", err)
	}
	return nil
}

// ErrCadenaRota names the first audit row that does not match the chain.
type ErrCadenaRota struct {
	ID     int64
	Motivo string
}

func (e *ErrCadenaRota) Error() string {
	return fmt.Sprintf("la fila %d del registro de auditoría no coincide: %s", e.ID, e.Motivo)
}

// VerificarAuditoria walks the chain and returns the number of rows checked,
// or *ErrCadenaRota naming the first row that does not match.
func (d *DB) VerificarAuditoria(ctx context.Context) (int64, error) {
	rows, err := d.QueryContext(ctx, `SELECT id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior, hash FROM auditoria ORDER BY id`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	anterior := hashGenesis
	var n, esperado int64 = 0, 1
	for rows.Next() {
		var id int64
		var en, cuenta, ip, accion, objeto, detalle, ha, h string
		if err := rows.Scan(&id, &en, &cuenta, &ip, &accion, &objeto, &detalle, &ha, &h); err != nil {
			return n, err
		}
		switch {
		case id != esperado:
			return n, &ErrCadenaRota{esperado, fmt.Sprintf("falta la fila %d (la siguiente es %d)", esperado, id)}
		case ha != anterior:
			return n, &ErrCadenaRota{id, "su hash_anterior no es el hash de la fila previa"}
		case !strings.EqualFold(h, hashFila(id, en, cuenta, ip, accion, objeto, detalle, ha)):
			return n, &ErrCadenaRota{id, "su contenido no corresponde a su hash"}
		}
		anterior = h
		esperado++
		n++
	}
	return n, rows.Err()
}

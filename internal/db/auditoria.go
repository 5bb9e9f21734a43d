package db

import (
	"context"
	"crypto/hmac"
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

// hashFila is the SHA-256 over the row's content and the previous row's hash:
// the whole hash of rows written before the audit key (clave_id 0), and what
// the HMAC of later rows covers.
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

// auditar appends one chained row to the audit log inside tx, its hash keyed
// with the current audit key (auditoria_clave.go), at the transaction's
// instant (ahoraEn). Call it in the same transaction as the change it
// records, so both land or neither does (outside the store: Escritura.Auditar).
func (d *DB) auditar(ctx context.Context, tx *sql.Tx, e Evento) error {
	if d.aud == nil || d.aud.actual == 0 {
		donde := ""
		if d.aud != nil && d.aud.rutaClave != "" {
			donde = " en " + d.aud.rutaClave
		}
		return fmt.Errorf("auditoría: %w%s; la crea «comite iniciar --db %s» (o «comite serve» en una base sin registro de auditoría), o indique dónde está con --clave-auditoria, la variable %s o la línea «%s = RUTA» en %s",
			ErrSinClaveAuditoria, donde, d.Ruta, VariableArchivoClave, AjusteClaveAuditoria, RutaConfiguracion(d.Ruta))
	}
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
	en := d.ahoraEn(tx)
	claveID := d.aud.actual
	h := hashFilaConClave(d.aud.claves[claveID], claveID, id, en, e.Cuenta, e.IP, e.Accion, e.Objeto, detalle, anterior)
	_, err = tx.ExecContext(ctx, `INSERT INTO auditoria(id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior, hash, clave_id) VALUES (?,?,?,?,?,?,?,?,?,?)`,
		id, en, e.Cuenta, e.IP, e.Accion, e.Objeto, detalle, anterior, h, claveID)
	if err != nil {
		return fmt.Errorf("auditoría: %w", err)
	}
	d.aud.escritas.Add(1)
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
// or *ErrCadenaRota naming the first row that does not match: a row missing
// or out of order, a link to the previous row broken, a hash that is not the
// row's (SHA-256 for rows from before the audit key, HMAC with the key for
// the rest), a row hashed with an older scheme after a newer one, or a head
// published in the anchor file that the database no longer has (a missing
// tail) or has with another hash (a chain recomputed). Any other error (a key
// or the anchor missing) means the chain could not be checked.
//
// A restore line in the anchor (AnclarRestauracion), signed with the key,
// sets the published head back to the restored one.
func (d *DB) VerificarAuditoria(ctx context.Context) (int64, error) {
	n, _, err := d.verificarAuditoria(ctx, false)
	return n, err
}

// VerificarAuditoriaCopia checks a copy of the database (a backup) against
// the key and anchor of the database it came from, which may have gone on
// writing: every head the anchor published up to the copy's last row must be
// the copy's, but heads past it are expected. It returns the rows checked
// and the highest row the anchor published (it may be past the copy). A
// missing anchor file is not an error here (the caller says so): a backup
// restored on another machine may come without it.
func (d *DB) VerificarAuditoriaCopia(ctx context.Context) (n, publicada int64, err error) {
	return d.verificarAuditoria(ctx, true)
}

func (d *DB) verificarAuditoria(ctx context.Context, copia bool) (int64, int64, error) {
	if d.aud != nil && d.aud.escritas.Load() > 0 {
		// What this process itself wrote is published before checking.
		if err := d.PublicarCabeza(ctx); err != nil {
			return 0, 0, err
		}
	}
	ancla := map[int64]lineaAncla{}
	hayAncla := false
	if d.aud != nil && d.aud.rutaAncla != "" {
		e, hay, err := leerAncla(d.aud.rutaAncla)
		if err != nil {
			return 0, 0, err
		}
		if err := d.verificarRestauraciones(e); err != nil {
			return 0, 0, err
		}
		ancla, hayAncla = e.cabezas, hay
	}
	if !copia {
		// The anchor in use must reach the last head the database recorded
		// publishing (restore lines, signed, count): a deleted or older
		// anchor hides a missing tail.
		if err := d.ComprobarAncla(ctx); err != nil {
			return 0, 0, err
		}
	}
	var mayor lineaAncla
	for _, l := range ancla {
		if l.id > mayor.id {
			mayor = l
		}
	}
	rows, err := d.QueryContext(ctx, `SELECT id, en, cuenta, ip, accion, objeto, detalle_json, hash_anterior, hash, `+d.columnaClave(ctx)+` FROM auditoria ORDER BY id`)
	if err != nil {
		return 0, 0, err
	}
	defer rows.Close()
	anterior := hashGenesis
	var n, esperado, claveAnterior int64 = 0, 1, 0
	conClave := false
	for rows.Next() {
		var id, claveID int64
		var en, cuenta, ip, accion, objeto, detalle, ha, h string
		if err := rows.Scan(&id, &en, &cuenta, &ip, &accion, &objeto, &detalle, &ha, &h, &claveID); err != nil {
			return n, mayor.id, err
		}
		switch {
		case id != esperado:
			return n, mayor.id, &ErrCadenaRota{esperado, fmt.Sprintf("falta la fila %d (la siguiente es %d)", esperado, id)}
		case ha != anterior:
			return n, mayor.id, &ErrCadenaRota{id, "su hash_anterior no es el hash de la fila previa"}
		case claveID < claveAnterior:
			return n, mayor.id, &ErrCadenaRota{id, fmt.Sprintf("usa un esquema de hash anterior (%d) al de la fila previa (%d): la cadena se re-encadenó", claveID, claveAnterior)}
		case claveID == 0 && d.aud != nil && d.aud.sellado >= 0 && id > d.aud.sellado:
			return n, mayor.id, &ErrCadenaRota{id, fmt.Sprintf("no está firmada con la clave de auditoría, aunque toda fila posterior a la %d debe estarlo: se recalculó sin la clave", d.aud.sellado)}
		case claveID == 0:
			if !strings.EqualFold(h, hashFila(id, en, cuenta, ip, accion, objeto, detalle, ha)) {
				return n, mayor.id, &ErrCadenaRota{id, "su contenido no corresponde a su hash"}
			}
		default:
			var k []byte
			if d.aud != nil {
				k = d.aud.claves[claveID]
			}
			if k == nil {
				origen := "ninguna"
				if d.aud != nil && d.aud.origen != "" {
					origen = d.aud.origen
				}
				return n, mayor.id, fmt.Errorf("no se puede verificar la fila %d: está firmada con la clave de auditoría número %d, que no está en %s (%w)", id, claveID, origen, ErrSinClaveAuditoria)
			}
			if !hmac.Equal([]byte(strings.ToLower(h)), []byte(hashFilaConClave(k, claveID, id, en, cuenta, ip, accion, objeto, detalle, ha))) {
				return n, mayor.id, &ErrCadenaRota{id, "su contenido no corresponde a su hash (HMAC con la clave de auditoría)"}
			}
			conClave = true
		}
		if l, ok := ancla[id]; ok && !strings.EqualFold(l.hash, h) {
			return n, mayor.id, &ErrCadenaRota{id, fmt.Sprintf("su hash no es el publicado en el ancla %s el %s: la cadena se recalculó", d.aud.rutaAncla, l.instante)}
		}
		anterior, claveAnterior = h, claveID
		esperado++
		n++
	}
	if err := rows.Err(); err != nil {
		return n, mayor.id, err
	}
	// A head published outside the database past the last row: the tail is
	// gone (a copy may be older than the anchor: it is checked up to its end).
	if mayor.id >= esperado && !copia {
		return n, mayor.id, &ErrCadenaRota{esperado, fmt.Sprintf("falta la cola del registro: el ancla %s publicó la fila %d el %s, pero la base termina en la fila %d",
			d.aud.rutaAncla, mayor.id, mayor.instante, esperado-1)}
	}
	if conClave && !hayAncla && !copia {
		return n, mayor.id, fmt.Errorf("no se encontró el ancla de auditoría %s: sin ella no se puede comprobar que no falte la cola del registro", d.aud.rutaAncla)
	}
	return n, mayor.id, nil
}

// columnaClave is the key number column of the audit log, or 0 in a copy
// made before audit keys existed (a backup of an older version, checked as
// it is, without migrating it).
func (d *DB) columnaClave(ctx context.Context) string {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('auditoria') WHERE name = 'clave_id'`).Scan(&n); err == nil && n == 0 {
		return "0"
	}
	return "clave_id"
}

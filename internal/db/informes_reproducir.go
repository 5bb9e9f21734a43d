package db

// Reproducing an issued informe from the stored data it was built from: the
// evaluation snapshot it names, the case's history up to its issue, the
// concepto registered by then and the Secretaría's criteria as they were at
// that instant (recovered from the audit log when they changed afterwards).
// The same stored data give the same PDF bytes, so an upgraded database can
// prove that each SHA-256 recorded in `informes` still corresponds to its
// data.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"comite/internal/informe"
)

// ReproducirInforme rebuilds the PDF of one issued version of a case's
// informe from its stored data and returns its bytes and SHA-256.
func (d *DB) ReproducirInforme(ctx context.Context, casoID int64, version int) ([]byte, string, error) {
	i, _, err := d.InformePDF(ctx, casoID, version)
	if err != nil {
		return nil, "", err
	}
	c, err := casoEn(ctx, d, casoID)
	if err != nil {
		return nil, "", err
	}
	ev, err := escanearEvaluacion(d.QueryRowContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE id = ?`, i.EvaluacionID))
	if err != nil {
		return nil, "", fmt.Errorf("evaluación %d del informe v%d: %w", i.EvaluacionID, version, err)
	}
	em := informe.Emision{Version: i.Version, EmitidoPor: i.EmitidoPor, Instante: i.Instante()}
	if c.Criterios, err = criteriosEn(ctx, d, c, em); err != nil {
		return nil, "", err
	}
	datos, err := datosInforme(ctx, d, c, ev, em)
	if err != nil {
		return nil, "", err
	}
	// The history shown is the one before the issue: the step that records
	// the issue itself (same instant, written after the PDF) is not in it.
	for k, p := range datos.Historia {
		if strings.Contains(p.Detalle, "SHA-256 "+i.SHA256) {
			datos.Historia = datos.Historia[:k]
			break
		}
	}
	pdf, err := informe.PDF(datos)
	if err != nil {
		return nil, "", err
	}
	suma := sha256.Sum256(pdf)
	return pdf, hex.EncodeToString(suma[:]), nil
}

// criteriosEn are the Secretaría's criteria of a case as they stood when em
// was issued: the text before the first change recorded after that instant,
// or the current text when none was.
func criteriosEn(ctx context.Context, q consultor, c Caso, em informe.Emision) (map[string]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT en, detalle_json FROM auditoria WHERE objeto = ? AND accion = 'caso.criterios' ORDER BY id`, "caso:"+c.Numero)
	if err != nil {
		return nil, fmt.Errorf("leer los cambios de criterios: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var en, det string
		if err := rows.Scan(&en, &det); err != nil {
			return nil, err
		}
		if !parseInstante(en).After(em.Instante) {
			continue
		}
		var x struct {
			Antes map[string]string `json:"antes"`
		}
		if err := json.Unmarshal([]byte(det), &x); err != nil {
			return nil, fmt.Errorf("cambio de criterios ilegible en la auditoría: %w", err)
		}
		if x.Antes == nil {
			x.Antes = map[string]string{}
		}
		return x.Antes, nil
	}
	return c.Criterios, rows.Err()
}

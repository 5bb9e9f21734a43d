package db

// The informe gerencial of a case (docs/reglas.md §4): built only from
// the case's STORED snapshot, its history and its concepto — never from live
// data — by internal/informe. Each issue is a version: the PDF bytes, their
// SHA-256, who issued it and when, insert-only. Downloading a version again
// gives the same bytes; a new issue after a re-evaluation is a new version
// and the earlier ones stay retrievable.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"comite/internal/flujo"
	"comite/internal/informe"
	"comite/internal/reincidencia"
)

// InformeEmitido is one issued version (without its bytes).
type InformeEmitido struct {
	ID                int64
	CasoID            int64
	Version           int
	EvaluacionID      int64
	EvaluacionVersion int
	SHA256            string // of the stored file (signed when FirmaSujeto != "")
	SHA256Contenido   string // of the unsigned PDF
	FirmaSujeto       string // the signer's certificate subject ("": unsigned)
	Bytes             int
	EmitidoPor        string
	EmitidoEn         string
}

// ErrInformeNoExiste is returned for an unknown version.
var ErrInformeNoExiste = errors.New("esa versión del informe no existe")

// Instante parses EmitidoEn.
func (i InformeEmitido) Instante() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, i.EmitidoEn)
	return t
}

func parseInstante(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// datosInforme builds the informe's data from the stored snapshot ev, the
// case, its history and its concepto, for the given issue.
func datosInforme(ctx context.Context, q consultor, c Caso, ev Evaluacion, em informe.Emision) (informe.Datos, error) {
	ent, err := ev.Entrada()
	if err != nil {
		return informe.Datos{}, fmt.Errorf("entrada guardada de la evaluación v%d ilegible: %w", ev.Version, err)
	}
	ref, err := referenciaEn(ctx, q)
	if err != nil {
		return informe.Datos{}, err
	}
	res, err := ev.Resultado(ref)
	if err != nil {
		return informe.Datos{}, err
	}
	// «Emitido por» names the person and the role they act in, not the login.
	if em.EmitidoPor != "" && !em.Instante.IsZero() && em.EmitidoPor != borradorSinEmitir {
		if em.EmitidoPor, err = personaDe(ctx, q, em.EmitidoPor); err != nil {
			return informe.Datos{}, err
		}
	}
	d := informe.Datos{
		Caso: c.Numero, DireccionSeccional: c.NombreSeccional,
		Usuario: ent.Usuario, Nueva: ent.Nueva, Evaluacion: res,
		FechaReporte: c.FechaReporte,
		Criterios: informe.Criterios{
			TipoUsuario: c.Criterios["tipo_usuario"], PerjuicioEstado: c.Criterios["perjuicio_estado"],
			NaturalezaHechos: c.Criterios["naturaleza_hechos"], ImpactoComercio: c.Criterios["impacto_comercio"],
			Antecedentes:               c.Criterios["antecedentes"],
			TransgresionProcedimientos: c.Criterios["transgresion_procedimientos"],
			IncidenciaPenal:            c.Criterios["incidencia_penal"],
			OtrosHechos:                c.Criterios["otros_hechos"],
		},
		Instantanea: informe.Instantanea{ID: fmt.Sprint(ev.ID), Version: ev.Version, Creada: parseInstante(ev.CreadoEn)},
		Emision:     em,
	}
	if res.Periodo.Anio > 0 {
		if d.Serie, err = reincidencia.Serie(ent, ref, res.Periodo.Anio-4, res.Periodo.Anio); err != nil {
			return d, fmt.Errorf("serie anual del informe: %w", err)
		}
	}
	hist, err := historiaDe(ctx, q, c.ID)
	if err != nil {
		return d, err
	}
	for _, h := range hist {
		if !em.Instante.IsZero() && h.Instante().After(em.Instante) {
			break // the informe shows the history up to its issue
		}
		texto := h.Texto
		if h.EvaluacionVersion > 0 {
			texto += fmt.Sprintf(" [evaluación v%d]", h.EvaluacionVersion)
		}
		d.Historia = append(d.Historia, informe.Paso{Instante: h.Instante(), Cuenta: h.Cuenta, Desde: string(h.DeEstado), Hacia: string(h.AEstado), Detalle: texto})
	}
	cs, err := conceptosDe(ctx, q, c.ID)
	if err != nil {
		return d, err
	}
	if len(cs) > 0 && (em.Instante.IsZero() || !cs[0].Instante().After(em.Instante)) {
		o := cs[0]
		ic := &informe.Concepto{
			FechaSesion: o.Concepto.FechaSesion, Miembros: o.Concepto.Miembros, Decision: o.Concepto.Decision,
			Motivacion: motivaciones(o.Concepto), CriteriosCancelacion: o.Concepto.CriteriosCancelacion,
			RegistradoPor: o.RegistradoPor, RegistradoEn: o.Instante(),
		}
		for _, x := range cs[1:] {
			if !em.Instante.IsZero() && x.Instante().After(em.Instante) {
				break
			}
			ic.Correcciones = append(ic.Correcciones, informe.Correccion{Instante: x.Instante(), Cuenta: x.RegistradoPor, Motivo: x.MotivoCorreccion, Texto: ResumenConcepto(x.Concepto)})
		}
		d.Concepto = ic
	}
	// The REA proposal, once recorded before this issue: page 1 then shows
	// its REA date, the same the history names.
	p, err := propuestaDe(ctx, q, c.ID)
	if err != nil {
		return d, err
	}
	if p != nil && (em.Instante.IsZero() || !parseInstante(p.RegistradoEn).After(em.Instante)) {
		ip := &informe.Propuesta{FechaREA: p.FechaREA, Decision: p.Propuesta, Total: p.Total, RegistradoPor: p.RegistradoPor, RegistradoEn: parseInstante(p.RegistradoEn)}
		if p.Incremento != nil {
			ip.UVTAnio, ip.UVTValor, ip.Incremento = p.Incremento.UVTAnio, p.Incremento.UVTValor, p.Incremento.Incremento
		}
		d.Propuesta = ip
	}
	return d, nil
}

func motivaciones(c flujo.Concepto) []informe.Motivacion {
	var out []informe.Motivacion
	for _, k := range flujo.CriteriosComite {
		if t := c.Motivacion[k.Clave]; t != "" {
			out = append(out, informe.Motivacion{Criterio: k.Etiqueta, Texto: t})
		}
	}
	return out
}

// ResumenConcepto writes what a (corrected) concepto says, in one paragraph.
func ResumenConcepto(c flujo.Concepto) string {
	s := []string{"Decisión: " + c.Decision.Etiqueta() + ".", "Sesión del " + c.FechaSesion.DMA() + "; miembros: " + strings.Join(c.Miembros, "; ") + "."}
	if len(c.CriteriosCancelacion) > 0 {
		s = append(s, "Criterios: "+strings.Join(c.CriteriosCancelacion, ", ")+".")
	}
	for _, m := range motivaciones(c) {
		s = append(s, m.Criterio+": "+m.Texto)
	}
	return strings.Join(s, " ")
}

// DatosInforme builds the informe of a case from its latest snapshot, for the
// print view and `comite informe`. Version and instant are those of the
// latest issued version of that snapshot when there is one; otherwise the
// next version number and the instant of the case's latest recorded step —
// taken from stored data, never from the clock, so the same stored case
// gives the same informe.
func (d *DB) DatosInforme(ctx context.Context, casoID int64) (informe.Datos, error) {
	c, err := d.Caso(ctx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	ev, err := ultimaEvaluacion(ctx, d, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	vs, err := d.Informes(ctx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	em := informe.Emision{Version: len(vs) + 1}
	if n := len(vs); n > 0 && vs[n-1].EvaluacionID == ev.ID {
		em = informe.Emision{Version: vs[n-1].Version, EmitidoPor: vs[n-1].EmitidoPor, Instante: vs[n-1].Instante()}
	} else {
		hist, err := historiaDe(ctx, d, casoID)
		if err != nil {
			return informe.Datos{}, err
		}
		if len(hist) > 0 {
			em.Instante, em.EmitidoPor = hist[len(hist)-1].Instante(), borradorSinEmitir
		}
	}
	return datosInforme(ctx, d, c, ev, em)
}

// borradorSinEmitir is what a draft says in place of who issued it.
const borradorSinEmitir = "borrador (sin emitir)"

// EmitirInforme issues a new version of the informe gerencial of a case from
// its latest snapshot: the PDF, its SHA-256, who and when, in the case's
// history and the audit log. The Secretaría Técnica issues it while the case
// is en_evaluacion (flujo.EmitirInforme): what the Comité receives.
func (d *DB) EmitirInforme(ctx context.Context, casoID int64, quien ActorCaso) (InformeEmitido, error) {
	var id int64
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		c, err := casoPara(ctx, tx, casoID, quien)
		if err != nil {
			return err
		}
		if _, err := flujo.Validar(flujo.EmitirInforme, quien.Rol, flujo.Contexto{Estado: c.Estado}); err != nil {
			return err
		}
		ev, err := ultimaEvaluacion(ctx, tx, casoID)
		if err != nil {
			return err
		}
		var version int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM informes WHERE caso_id = ?`, casoID).Scan(&version); err != nil {
			return err
		}
		ahora := d.Ahora()
		// The head of the audit chain before this emission is printed on it.
		var cabeza Cabeza
		if err := tx.QueryRowContext(ctx, `SELECT id, hash FROM auditoria ORDER BY id DESC LIMIT 1`).Scan(&cabeza.ID, &cabeza.Hash); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		datos, err := datosInforme(ctx, tx, c, ev, informe.Emision{Version: version, EmitidoPor: quien.Cuenta, Instante: parseInstante(ahora), CabezaAuditoria: cabeza.Texto()})
		if err != nil {
			return err
		}
		pdf, err := informe.PDF(datos)
		if err != nil {
			return fmt.Errorf("generar el PDF del informe: %w", err)
		}
		// Signing is a step of the issue: the stored file is the signed one
		// when a certificate is configured (firmarEmision).
		archivo, hash, contenido, sujeto, err := d.firmarEmision(pdf, "Informe gerencial de resultados del caso "+c.Numero, ahora)
		if err != nil {
			return err
		}
		rs, err := tx.ExecContext(ctx, `INSERT INTO informes(caso_id, version, evaluacion_id, sha256, pdf, emitido_por, emitido_en, sha256_contenido, firma_sujeto) VALUES (?,?,?,?,?,?,?,?,?)`,
			casoID, version, ev.ID, hash, archivo, quien.Cuenta, ahora, contenido, sujeto)
		if err != nil {
			return fmt.Errorf("guardar el informe: %w", err)
		}
		id, _ = rs.LastInsertId()
		texto := fmt.Sprintf("Informe gerencial v%d emitido (SHA-256 %s)", version, hash)
		if sujeto != "" {
			texto = fmt.Sprintf("Informe gerencial v%d emitido, %s (SHA-256 del archivo firmado %s; del contenido sin firmar %s)", version, TextoFirma(sujeto), hash, contenido)
		} else {
			texto += ", " + TextoFirma("")
		}
		if err := insertarEvento(ctx, tx, casoID, c.Estado, c.Estado, "informe", texto, ev.ID, quien, ahora); err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.informe", Objeto: "caso:" + c.Numero, Detalle: map[string]any{
			"version": version, "sha256": hash, "sha256_contenido": contenido, "firma": TextoFirma(sujeto), "bytes": len(archivo), "evaluacion_id": ev.ID, "evaluacion_version": ev.Version,
		}})
	})
	if err != nil {
		return InformeEmitido{}, err
	}
	return escanearInforme(d.QueryRowContext(ctx, `SELECT `+columnasInforme+` FROM informes i JOIN evaluaciones v ON v.id = i.evaluacion_id WHERE i.id = ?`, id))
}

const columnasInforme = `i.id, i.caso_id, i.version, i.evaluacion_id, v.version, i.sha256, length(i.pdf), i.emitido_por, i.emitido_en, coalesce(i.sha256_contenido, i.sha256), coalesce(i.firma_sujeto, '')`

func escanearInforme(s interface{ Scan(...any) error }) (InformeEmitido, error) {
	var i InformeEmitido
	err := s.Scan(&i.ID, &i.CasoID, &i.Version, &i.EvaluacionID, &i.EvaluacionVersion, &i.SHA256, &i.Bytes, &i.EmitidoPor, &i.EmitidoEn, &i.SHA256Contenido, &i.FirmaSujeto)
	return i, err
}

// Informes lists the issued versions of a case, oldest first.
func (d *DB) Informes(ctx context.Context, casoID int64) ([]InformeEmitido, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+columnasInforme+` FROM informes i JOIN evaluaciones v ON v.id = i.evaluacion_id WHERE i.caso_id = ? ORDER BY i.version`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer informes: %w", err)
	}
	defer rows.Close()
	var out []InformeEmitido
	for rows.Next() {
		i, err := escanearInforme(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, i)
	}
	return out, rows.Err()
}

// InformePDF returns the stored bytes of one issued version (version 0: the latest).
func (d *DB) InformePDF(ctx context.Context, casoID int64, version int) (InformeEmitido, []byte, error) {
	q := `SELECT ` + columnasInforme + `, i.pdf FROM informes i JOIN evaluaciones v ON v.id = i.evaluacion_id WHERE i.caso_id = ?`
	args := []any{casoID}
	if version > 0 {
		q += ` AND i.version = ?`
		args = append(args, version)
	}
	var i InformeEmitido
	var pdf []byte
	err := d.QueryRowContext(ctx, q+` ORDER BY i.version DESC LIMIT 1`, args...).Scan(&i.ID, &i.CasoID, &i.Version, &i.EvaluacionID, &i.EvaluacionVersion, &i.SHA256, &i.Bytes, &i.EmitidoPor, &i.EmitidoEn, &i.SHA256Contenido, &i.FirmaSujeto, &pdf)
	if errors.Is(err, sql.ErrNoRows) {
		return i, nil, ErrInformeNoExiste
	}
	return i, pdf, err
}

// PDFInforme is the informe of a case for the expediente: the bytes of its
// latest issued version, or, when none was issued, the PDF built from the
// stored snapshot (DatosInforme: the same stored case gives the same bytes).
func (d *DB) PDFInforme(ctx context.Context, casoID int64) ([]byte, bool, error) {
	_, pdf, err := d.InformePDF(ctx, casoID, 0)
	if err == nil {
		return pdf, true, nil
	}
	if !errors.Is(err, ErrInformeNoExiste) {
		return nil, false, err
	}
	datos, err := d.DatosInforme(ctx, casoID)
	if err != nil {
		return nil, false, err
	}
	pdf, err = informe.PDF(datos)
	return pdf, false, err
}

// DatosInformeEn builds the informe of a case from its latest stored snapshot
// inside tx (for writers that issue informes in their own transaction, such
// as the demo data).
func DatosInformeEn(ctx context.Context, tx *sql.Tx, casoID int64, em informe.Emision) (informe.Datos, error) {
	c, err := casoEn(ctx, tx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	ev, err := ultimaEvaluacion(ctx, tx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	return datosInforme(ctx, tx, c, ev, em)
}

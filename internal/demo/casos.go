package demo

// Demo cases: one case in every state of the workflow
// (docs/reglas.md §3) over the highlighted users, one recorded concepto of each
// kind, and one report made after its deadline. The evaluation of each case is
// computed by internal/reincidencia from the rows this load wrote (read inside
// the load's transaction) and stored as the case's snapshot, exactly as the
// store does; informes are built by internal/informe. Every instant is derived
// from the load's year, never from the clock.

import (
	"comite/internal/seccionales"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	wf "comite/internal/flujo"
	"comite/internal/informe"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// casoDemo is one demo case.
type casoDemo struct {
	usuario      int // index in especiales
	hasta        wf.Estado
	comision     [2]int // month, day of AnioFinal
	verificacion [2]int
	expediente   [2]int
	reporte      [2]int // the day the Dirección Seccional reported
	gravedad     sancion.Gravedad
	prevista     int64 // pesos
	decision     wf.Decision
	descripcion  string
	// permite: the infraction allows cancelación in substitution of the fine
	// (the second route, art. 25 last paragraph by position).
	permite bool
}

var casosDemo = []casoDemo{
	// Cartagena (the demo seccional account's): reported, waiting for the Secretaría.
	{0, wf.Reportado, [2]int{9, 8}, [2]int{10, 6}, [2]int{10, 16}, [2]int{10, 22}, sancion.Gravisima, 10_475_000, "",
		"Declaraciones de importación con información inexacta sobre el valor en aduana.", false},
	{1, wf.EnEvaluacion, [2]int{7, 14}, [2]int{8, 20}, [2]int{8, 29}, [2]int{9, 2}, sancion.Grave, 7_856_000, "",
		"Entrega de mercancía sin autorización de levante.", false},
	{2, wf.EnComite, [2]int{6, 2}, [2]int{7, 1}, [2]int{7, 10}, [2]int{7, 15}, sancion.Gravisima, 26_187_000, "",
		"Transporte de mercancía sin manifiesto de carga.", false},
	{3, wf.ConceptoEmitido, [2]int{4, 6}, [2]int{5, 4}, [2]int{5, 15}, [2]int{5, 20}, sancion.Gravisima, 52_374_000, wf.DecisionCancelacion,
		"Almacenamiento de mercancía no autorizada en el depósito.", false},
	{4, wf.Cerrado, [2]int{2, 10}, [2]int{3, 2}, [2]int{3, 13}, [2]int{3, 20}, sancion.Grave, 10_475_000, wf.DecisionMultaIncrementada,
		"Ingreso de mercancía a zona franca sin el formulario de movimiento.", false},
	// Just under the threshold: the test fails and the case is closed as no procede.
	{8, wf.NoProcede, [2]int{5, 11}, [2]int{6, 3}, [2]int{6, 12}, [2]int{6, 17}, sancion.Grave, 7_856_000, "",
		"Inconsistencias en la declaración de exportación.", false},
	// Reported after its deadline (late does not void the case).
	{5, wf.Reportado, [2]int{3, 3}, [2]int{3, 17}, [2]int{3, 20}, [2]int{8, 10}, sancion.Gravisima, 15_712_000, "",
		"Reporte tardío: el expediente estaba completo desde marzo.", false},
	// Second route: the infraction allows cancellation in substitution of the
	// fine; the user is under the 0,5 % (informative on this route); the
	// Comité gives no visto bueno and the REA proposes the foreseen fine
	// without the 1.000 UVT increment.
	{8, wf.Cerrado, [2]int{8, 4}, [2]int{8, 25}, [2]int{9, 3}, [2]int{9, 8}, sancion.Gravisima, 20_949_600, wf.DecisionSinVistoBueno,
		"Cancelación en sustitución: uso de la habilitación para almacenar mercancía de terceros no autorizados.", true},
	// Cartagena again, with the concepto given: the demo seccional account's
	// own work in «Mis pendientes» (the REA proposal).
	{0, wf.ConceptoEmitido, [2]int{8, 3}, [2]int{9, 1}, [2]int{9, 10}, [2]int{9, 15}, sancion.Grave, 9_120_000, wf.DecisionMultaIncrementada,
		"Declaración de importación presentada sin los documentos soporte exigidos.", false},
}

// instante is a stored instant of the load's year: 15:00 UTC (10:00 in Bogotá) plus minutos.
func (g *generador) instante(mes, d, minutos int) string {
	return dia(g.anioFinal, mes, d).Add(15*time.Hour + time.Duration(minutos)*time.Minute).Format(time.RFC3339)
}

func (g *generador) fecha(md [2]int) fecha.Fecha {
	return fecha.Debe(g.anioFinal, time.Month(md[0]), md[1])
}

// entradaDemo reads, inside the load's transaction, what the committee test
// needs about one user (what db.EntradaEvaluacion reads from committed data).
func entradaDemo(ctx context.Context, tx *sql.Tx, u *usuario, nueva reincidencia.NuevaInfraccion) (reincidencia.Entrada, error) {
	e := reincidencia.Entrada{Usuario: reincidencia.Usuario{NIT: u.nit, RazonSocial: u.razon, Tipo: u.tipo}, Nueva: nueva, Anclaje: reincidencia.AnclajeComision}
	var n int
	com := nueva.FechaComision.String()
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM registros WHERE usuario_id = ? AND vigente_desde <= ? AND (vigente_hasta IS NULL OR vigente_hasta >= ?)`, u.id, com, com).Scan(&n); err != nil {
		return e, err
	}
	e.Usuario.RegistroVigente = n > 0
	rows, err := tx.QueryContext(ctx, `SELECT numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento FROM actos WHERE usuario_id = ? ORDER BY id`, u.id)
	if err != nil {
		return e, err
	}
	for rows.Next() {
		var a reincidencia.Acto
		var firmeza sql.NullString
		var grav, sanc string
		var cent int64
		var allan int
		if err := rows.Scan(&a.Numero, &firmeza, &grav, &sanc, &cent, &allan); err != nil {
			rows.Close()
			return e, err
		}
		if firmeza.Valid {
			if a.FechaFirmeza, err = fecha.ParseISO(firmeza.String); err != nil {
				rows.Close()
				return e, err
			}
		}
		a.Gravedad, a.Sancion, a.Valor, a.Allanamiento = sancion.Gravedad(grav), sancion.Tipo(sanc), db.PesosDeCentavos(cent), allan == 1
		e.Actos = append(e.Actos, a)
	}
	rows.Close()
	rows, err = tx.QueryContext(ctx, `SELECT anio, sum(valor), sum(numero) FROM (
		SELECT anio, valor_centavos AS valor, numero FROM operaciones_anuales WHERE usuario_id = ?
		UNION ALL SELECT anio, valor_centavos, 1 FROM declaraciones WHERE usuario_id = ?) GROUP BY anio ORDER BY anio`, u.id, u.id)
	if err != nil {
		return e, err
	}
	defer rows.Close()
	for rows.Next() {
		var o reincidencia.Operaciones
		var cent int64
		if err := rows.Scan(&o.Anio, &cent, &o.Numero); err != nil {
			return e, err
		}
		o.Valor = db.PesosDeCentavos(cent)
		e.Operaciones = append(e.Operaciones, o)
	}
	return e, rows.Err()
}

// escribirCasos is the demo step that writes the cases.
func (g *generador) escribirCasos(ctx context.Context, tx *sql.Tx, _ *rand.Rand) error {
	// The quorum the administrator configured for the demo: three members.
	if _, err := tx.ExecContext(ctx, `INSERT INTO parametros_comite(clave, valor, registrado_por, registrado_en) VALUES ('quorum_minimo', 3, 'admin', ?)`,
		g.instante(1, 15, 0)); err != nil {
		return err
	}
	for i, cd := range casosDemo {
		if cd.usuario >= len(g.usuarios) {
			continue
		}
		if err := g.escribirCaso(ctx, tx, int64(i+1), cd); err != nil {
			return fmt.Errorf("caso %d: %w", i+1, err)
		}
	}
	// An upcoming session (15 December of the last year) with the cases
	// en_comite on its orden del día; its attendance is recorded the day it sits.
	proxima := fecha.Debe(g.anioFinal, 12, 15)
	rs, err := tx.ExecContext(ctx, `INSERT INTO sesiones_comite(numero, fecha, hora, modalidad, lugar, preside, secretario, creada_por, creada_en)
		VALUES ('P-proxima', ?, '09:00', 'mixta', ?, ?, ?, 'secretaria', ?)`, proxima.String(), lugarDemo, miembrosDemo[0].Nombre, secretarioDemo, g.instante(11, 20, 0))
	if err != nil {
		return err
	}
	idProxima, _ := rs.LastInsertId()
	if _, err := tx.ExecContext(ctx, `INSERT INTO sesion_orden(sesion_id, posicion, caso_id) SELECT ?, row_number() OVER (ORDER BY id), id FROM casos WHERE estado = 'en_comite'`, idProxima); err != nil {
		return err
	}
	// Session numbers follow their dates.
	rows, err := tx.QueryContext(ctx, `SELECT id, fecha FROM sesiones_comite ORDER BY fecha, hora, id`)
	if err != nil {
		return err
	}
	type num struct {
		id    int64
		fecha string
	}
	var ns []num
	for rows.Next() {
		var n num
		if err := rows.Scan(&n.id, &n.fecha); err != nil {
			rows.Close()
			return err
		}
		ns = append(ns, n)
	}
	rows.Close()
	porAnio := map[string]int{}
	for _, n := range ns {
		porAnio[n.fecha[:4]]++
		if _, err := tx.ExecContext(ctx, `UPDATE sesiones_comite SET numero = ? WHERE id = ?`, fmt.Sprintf("SC-%s-%03d", n.fecha[:4], porAnio[n.fecha[:4]]), n.id); err != nil {
			return err
		}
	}
	return nil
}

// The demo's Comité: fictitious members with their cargo.
var miembrosDemo = []wf.MiembroSesion{
	{Nombre: "Marta Lucía Ríos", Cargo: "Directora de Gestión de Fiscalización"},
	{Nombre: "Andrés Felipe Castaño", Cargo: "Director de Gestión Jurídica"},
	{Nombre: "Claudia Patricia Moreno", Cargo: "Subdirectora de Gestión de Fiscalización Aduanera"},
}

const (
	lugarDemo      = "Sala de juntas, Nivel Central de la DIAN, Bogotá D.C. (con conexión virtual)"
	secretarioDemo = "Jorge Eliécer Díaz, Secretaría Técnica"
)

// sesionDemo is the session held on f (created with its attendance the
// first time), with the case put on its orden del día.
func (g *generador) sesionDemo(ctx context.Context, tx *sql.Tx, f fecha.Fecha, casoID int64) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM sesiones_comite WHERE fecha = ?`, f.String()).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		rs, err := tx.ExecContext(ctx, `INSERT INTO sesiones_comite(numero, fecha, hora, modalidad, lugar, preside, secretario, creada_por, creada_en)
			VALUES (?, ?, '09:00', 'mixta', ?, ?, ?, 'secretaria', ?)`, "P-"+f.String(), f.String(), lugarDemo, miembrosDemo[0].Nombre, secretarioDemo,
			f.Tiempo().AddDate(0, 0, -2).Add(15*time.Hour).UTC().Format(time.RFC3339))
		if err != nil {
			return 0, err
		}
		id, _ = rs.LastInsertId()
		for i, m := range miembrosDemo {
			if _, err := tx.ExecContext(ctx, `INSERT INTO sesion_miembros(sesion_id, posicion, nombre, cargo) VALUES (?,?,?,?)`, id, i+1, m.Nombre, m.Cargo); err != nil {
				return 0, err
			}
		}
	} else if err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO sesion_orden(sesion_id, posicion, caso_id) SELECT ?, coalesce(max(posicion), 0) + 1, ? FROM sesion_orden WHERE sesion_id = ?`, id, casoID, id)
	return id, err
}

func (g *generador) escribirCaso(ctx context.Context, tx *sql.Tx, id int64, cd casoDemo) error {
	u := &g.usuarios[cd.usuario]
	numero := fmt.Sprintf("CF-%d-%04d", g.anioFinal, id)
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: g.fecha(cd.comision), FechaVerificacion: g.fecha(cd.verificacion), FechaExpediente: g.fecha(cd.expediente),
		Gravedad: cd.gravedad, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(cd.prevista), PermiteCancelacion: cd.permite,
	}
	ent, err := entradaDemo(ctx, tx, u, nueva)
	if err != nil {
		return err
	}
	ref, err := db.ReferenciaEn(ctx, tx)
	if err != nil {
		return err
	}
	r, err := reincidencia.Evaluar(ent, ref)
	if err != nil {
		return err
	}
	ej, rj, vj, err := db.Instantanea(ref, ent, r)
	if err != nil {
		return err
	}
	rep := cd.reporte
	creado := g.instante(rep[0], rep[1], 0)
	if _, err := tx.ExecContext(ctx, `INSERT INTO casos(id, numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_expediente,
		fecha_reporte, gravedad, sancion, sancion_prevista_centavos, permite_cancelacion, anclaje, descripcion, criterios_json, creado_por, creado_en)
		VALUES (?,?,?,?,'reportado',?,?,?,?,?,'multa',?,?,'comision',?,'{}','seccional',?)`,
		id, numero, u.id, u.seccional, nueva.FechaComision.String(), nueva.FechaVerificacion.String(), nueva.FechaExpediente.String(),
		g.fecha(rep).String(), string(cd.gravedad), cd.prevista*100, boolEntero(cd.permite), cd.descripcion, creado); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO evaluaciones(id, caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en)
		VALUES (?,?,1,?,?,?,?,'Evaluación al reportar el caso','seccional',?)`, id, id, r.ConjuntoReglas, string(ej), string(rj), string(vj), creado); err != nil {
		return err
	}
	procede := "no procede el Comité"
	switch r.ProcedeComite {
	case reincidencia.Si:
		procede = "procede el Comité"
	case reincidencia.Desconocido:
		procede = "datos incompletos: cargue las operaciones de " + fmt.Sprint(r.Periodo.Anio)
	}
	estado := wf.Reportado
	paso := 0
	evento := func(a wf.Estado, accion, texto, cuenta string) error {
		paso++
		en := g.instante(rep[0], rep[1], 0)
		if paso > 1 { // each later step a few business days apart, within the case's year
			en = dia(g.anioFinal, rep[0], rep[1]).AddDate(0, 0, 3*(paso-1)).Add(15*time.Hour + time.Duration(paso)*time.Minute).Format(time.RFC3339)
		}
		var de any
		if paso > 1 {
			de = string(estado)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO caso_eventos(caso_id, de_estado, a_estado, evaluacion_id, cuenta, ip, en, detalle_json) VALUES (?,?,?,?,?,'10.20.0.5',?,?)`,
			id, de, string(a), id, cuenta, en, db.DetalleEvento(accion, texto))
		estado = a
		return err
	}
	if err := evento(wf.Reportado, string(wf.Reportar), fmt.Sprintf("Caso reportado por %s; evaluación v1: %d actos computados en %d; %s", db.NombreSeccional(catalogoDemo, u.seccional), r.NumeroActos, r.Periodo.Anio, procede), "seccional"); err != nil {
		return err
	}
	orden := []wf.Estado{wf.Reportado, wf.EnEvaluacion, wf.EnComite, wf.ConceptoEmitido, wf.Cerrado}
	llega := func(e wf.Estado) bool {
		if cd.hasta == wf.NoProcede {
			return false
		}
		for _, x := range orden {
			if x == e {
				return true
			}
			if x == cd.hasta {
				return false
			}
		}
		return false
	}
	if cd.hasta == wf.NoProcede {
		if err := evento(wf.NoProcede, string(wf.DeclararNoProcede), "Cerrar como «no procede»: la participación no alcanza el 0,5 %", "secretaria"); err != nil {
			return err
		}
	}
	criterios := map[string]string{
		"tipo_usuario":      "Usuario aduanero con operación continua en la jurisdicción.",
		"perjuicio_estado":  "Riesgo para el control aduanero y tributos dejados de pagar en las declaraciones revisadas.",
		"naturaleza_hechos": cd.descripcion,
		"impacto_comercio":  "La medida afectaría a los clientes del usuario; hay otros operadores que pueden atenderlos.",
		"antecedentes":      fmt.Sprintf("%d actos graves o gravísimos en firme en %d.", r.NumeroActos, r.Periodo.Anio),
	}
	if cd.permite {
		criterios["transgresion_procedimientos"] = "Por acción: almacenó mercancía de terceros sin la autorización del depósito."
		criterios["incidencia_penal"] = "No se ha presentado denuncia penal; la conducta no constituye contrabando."
		criterios["otros_hechos"] = "Ninguno acreditado en el expediente."
	}
	if llega(wf.EnEvaluacion) {
		if err := evento(wf.EnEvaluacion, string(wf.IniciarEvaluacion), "Iniciar la evaluación", "secretaria"); err != nil {
			return err
		}
		if cd.hasta == wf.EnEvaluacion { // criteria half written
			delete(criterios, "impacto_comercio")
			delete(criterios, "antecedentes")
		}
		b, _ := json.Marshal(criterios)
		if _, err := tx.ExecContext(ctx, `UPDATE casos SET criterios_json = ? WHERE id = ?`, string(b), id); err != nil {
			return err
		}
		if err := evento(wf.EnEvaluacion, "criterios", fmt.Sprintf("Criterios cualitativos actualizados (%d de %d escritos)", len(criterios), len(wf.CriteriosDe(cd.permite))), "secretaria"); err != nil {
			return err
		}
	}
	if llega(wf.EnComite) {
		if _, err := tx.ExecContext(ctx, `UPDATE casos SET estado = ? WHERE id = ?`, string(estado), id); err != nil {
			return err
		}
		paso++
		en := dia(g.anioFinal, rep[0], rep[1]).AddDate(0, 0, 3*(paso-1)).Add(15*time.Hour + time.Duration(paso)*time.Minute)
		paso--
		datos, err := expediente.DatosInformeEn(ctx, tx, id, informe.Emision{Version: 1, EmitidoPor: "secretaria", Instante: en})
		if err != nil {
			return err
		}
		pdf, err := informe.PDF(datos)
		if err != nil {
			return err
		}
		suma := sha256.Sum256(pdf)
		hash := hex.EncodeToString(suma[:])
		if _, err := tx.ExecContext(ctx, `INSERT INTO informes(caso_id, version, evaluacion_id, sha256, pdf, emitido_por, emitido_en) VALUES (?,1,?,?,?,'secretaria',?)`,
			id, id, hash, pdf, en.Format(time.RFC3339)); err != nil {
			return err
		}
		if err := evento(wf.EnEvaluacion, "informe", "Informe gerencial v1 emitido (SHA-256 "+hash+")", "secretaria"); err != nil {
			return err
		}
		if err := evento(wf.EnComite, string(wf.Presentar), "Presentar el informe gerencial al Comité: sesión ordinaria", "secretaria"); err != nil {
			return err
		}
	}
	if llega(wf.ConceptoEmitido) {
		sesion := dia(g.anioFinal, rep[0], rep[1]).AddDate(0, 0, 3*paso)
		c := wf.Concepto{
			FechaSesion: fecha.DeTiempo(sesion.Add(15 * time.Hour)), Decision: cd.decision,
			Miembros: []string{"Director(a) de Gestión de Fiscalización", "Director(a) de Gestión Jurídica", "Subdirector(a) de Gestión de Fiscalización Aduanera"},
			Motivacion: map[string]string{
				"naturaleza_hechos": "Los hechos se repiten en el periodo y afectan el control aduanero.",
				"impacto_comercio":  "El impacto sobre el comercio exterior es acotado.",
				"antecedentes":      fmt.Sprintf("El usuario acumula %d actos graves o gravísimos en firme.", r.NumeroActos),
			},
			CriteriosCancelacion: []string{},
		}
		if cd.decision.Cancela() {
			c.CriteriosCancelacion = []string{"5.3", "5.7"}
		}
		// Every concepto is recorded inside a session of the Comité: the
		// session of that day, with its attendance and the case on its
		// orden del día (numbered in date order once all are written).
		sesionID, err := g.sesionDemo(ctx, tx, c.FechaSesion, id)
		if err != nil {
			return err
		}
		c.Miembros = nil
		for _, m := range miembrosDemo {
			c.Miembros = append(c.Miembros, m.Texto())
		}
		if err := evento(wf.ConceptoEmitido, string(wf.EmitirConcepto), "Concepto del Comité: "+c.Decision.Etiqueta()+" (sesión del "+c.FechaSesion.DMA()+")", "comite"); err != nil {
			return err
		}
		miembros, _ := json.Marshal(c.Miembros)
		mot, _ := json.Marshal(c.Motivacion)
		crit, _ := json.Marshal(c.CriteriosCancelacion)
		if _, err := tx.ExecContext(ctx, `INSERT INTO conceptos(id, caso_id, fecha_sesion, miembros, decision, motivacion_json, criterios_cancelacion, evaluacion_id, registrado_por, registrado_en, sesion_id)
			VALUES (?,?,?,?,?,?,?,?,'comite',?,?)`, id, id, c.FechaSesion.String(), string(miembros), string(c.Decision), string(mot), string(crit), id,
			sesion.Add(16*time.Hour).Format(time.RFC3339), sesionID); err != nil {
			return err
		}
		if llega(wf.Cerrado) {
			rea := c.FechaSesion.MasDias(7)
			// The proposal follows the concepto (db.ProponerREA): the
			// foreseen fine plus 1.000 UVT on the first route; the foreseen
			// fine alone on the second route without visto bueno.
			var uvtAnio, uvtValor, total any
			texto := fmt.Sprintf("Propuesta del REA del %s: %s", rea.DMA(), c.Decision.Etiqueta())
			switch {
			case c.Decision.Incrementa():
				// The rule set stored with the evaluation, as db.ProponerREA.
				conj, err := ref.Conjunto(r.ConjuntoReglas)
				if err != nil {
					return err
				}
				inc, err := reincidencia.IncrementoComite(nueva.SancionPrevista, rea.Anio(), conj, ref)
				if err != nil {
					return err
				}
				if total, err = db.CentavosDe(inc.Total); err != nil {
					return err
				}
				uvtAnio, uvtValor = inc.UVTAnio, inc.UVTValor.IntPart()
				texto += " por " + inc.Total.StringFixed(0) + " pesos"
			case !c.Decision.Cancela():
				total = cd.prevista * 100
				texto += " por " + nueva.SancionPrevista.StringFixed(0) + " pesos"
			}
			if err := evento(wf.Cerrado, string(wf.Cerrar), texto, "seccional"); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO propuestas_rea(caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, registrado_por, registrado_en)
				VALUES (?,?,?,?,?,?,?,'seccional',?)`, id, id, string(c.Decision), rea.String(), uvtAnio, uvtValor, total,
				rea.Tiempo().Add(15*time.Hour).UTC().Format(time.RFC3339)); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE casos SET fecha_requerimiento = ? WHERE id = ?`, rea.String(), id); err != nil {
				return err
			}
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE casos SET estado = ? WHERE id = ?`, string(estado), id)
	return err
}

// The cases step runs after the data it evaluates, appended to the load's steps.
func init() { pasos = append(pasos, paso{"casos", (*generador).escribirCasos}) }

// catalogoDemo names the demo's Seccional codes as a new database's catalogue does.
var catalogoDemo = seccionales.DebeCatalogo(seccionales.Semilla)

func boolEntero(b bool) int {
	if b {
		return 1
	}
	return 0
}

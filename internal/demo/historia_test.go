package demo

import (
	"comite/internal/permisos"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/fecha"
	wf "comite/internal/flujo"
)

// eventoLeido is one row of a case's history as stored.
type eventoLeido struct {
	de, a  string // de "" for the first
	accion string
	cuenta string
	en     time.Time
	evID   int64
}

// eventosDe reads the history of every case of d, in the order written.
func eventosDe(t *testing.T, d *db.DB) (map[int64][]eventoLeido, map[int64]string) {
	t.Helper()
	rows, err := d.Query(`SELECT e.caso_id, coalesce(e.de_estado, ''), e.a_estado, e.detalle_json, e.cuenta, e.en, coalesce(e.evaluacion_id, 0) FROM caso_eventos e ORDER BY e.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	ev := map[int64][]eventoLeido{}
	for rows.Next() {
		var id int64
		var e eventoLeido
		var det, en string
		if err := rows.Scan(&id, &e.de, &e.a, &det, &e.cuenta, &en, &e.evID); err != nil {
			t.Fatal(err)
		}
		var x struct{ Accion string }
		if err := json.Unmarshal([]byte(det), &x); err != nil {
			t.Fatalf("caso %d: detalle %q: %v", id, det, err)
		}
		e.accion = x.Accion
		if e.en, err = time.Parse(time.RFC3339Nano, en); err != nil {
			t.Fatalf("caso %d: instante %q: %v", id, en, err)
		}
		ev[id] = append(ev[id], e)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	estados := map[int64]string{}
	rs, err := d.Query(`SELECT id, estado FROM casos`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	for rs.Next() {
		var id int64
		var e string
		if err := rs.Scan(&id, &e); err != nil {
			t.Fatal(err)
		}
		estados[id] = e
	}
	return ev, estados
}

// rolDemo is the role of a demo account ("" when the account is not one).
func rolDemo(cuenta string) permisos.Rol {
	for _, c := range Cuentas {
		if c.Usuario == cuenta {
			return c.Rol
		}
	}
	return ""
}

// historiaValida says whether a case's history is a sequence of steps of
// internal/flujo (docs/reglas.md §3): it opens with the report, every row
// leaves the state the previous one reached, by a step the account's role
// may take from that state and lands where the step leads; the informe
// comes before the presentation; time never goes back; the last state is
// the case's.
func historiaValida(es []eventoLeido, estado string) error {
	if len(es) == 0 {
		return fmt.Errorf("sin historia")
	}
	actual := ""
	informe := false
	for i, e := range es {
		accion := wf.Accion(e.accion)
		switch e.accion {
		case "informe": // the history row of emitir_informe
			accion = wf.EmitirInforme
		case "criterios", "norma_aplicable": // the Secretaría writes them as part of the evaluation
			accion = wf.Reevaluar
		}
		p, ok := wf.DePaso(accion)
		if !ok {
			return fmt.Errorf("fila %d: acción %q fuera del flujo", i+1, e.accion)
		}
		if e.de != actual {
			return fmt.Errorf("fila %d (%s): sale de «%s» pero el caso estaba en «%s»", i+1, e.accion, e.de, actual)
		}
		if i == 0 && accion != wf.Reportar {
			return fmt.Errorf("la historia empieza con %q, no con el reporte", e.accion)
		}
		if i > 0 && accion == wf.Reportar {
			return fmt.Errorf("fila %d: un segundo reporte", i+1)
		}
		if p.Desde != nil && !slices.Contains(p.Desde, wf.Estado(actual)) {
			return fmt.Errorf("fila %d: «%s» desde «%s», que el flujo no permite", i+1, p.Nombre, actual)
		}
		hasta := p.Hasta
		if hasta == "" {
			hasta = wf.Estado(actual)
		}
		if string(hasta) != e.a {
			return fmt.Errorf("fila %d: «%s» lleva a «%s», la historia dice «%s»", i+1, p.Nombre, hasta, e.a)
		}
		if rol := rolDemo(e.cuenta); !wf.Permitido(accion, rol) {
			return fmt.Errorf("fila %d: la cuenta %q (rol %q) no puede «%s»", i+1, e.cuenta, rol, p.Nombre)
		}
		if accion == wf.EmitirInforme {
			informe = true
		}
		if accion == wf.Presentar && !informe {
			return fmt.Errorf("fila %d: presentado sin informe emitido", i+1)
		}
		if i > 0 && e.en.Before(es[i-1].en) {
			return fmt.Errorf("fila %d: %s es anterior a la fila previa (%s)", i+1, e.en, es[i-1].en)
		}
		actual = e.a
	}
	if actual != estado {
		return fmt.Errorf("la historia termina en «%s» y el caso está en «%s»", actual, estado)
	}
	return nil
}

// Every demo case is a state the application can produce: its history is a
// valid sequence of steps of internal/flujo taken by demo accounts with the
// role each step needs, and the cases cover every state of the path.
func TestGenerar_dominio3_cadaCasoEnEstadoAlcanzable(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 60})
	eventos, estados := eventosDe(t, d)
	if len(estados) != len(casosDemo) {
		t.Fatalf("%d casos; la historia de la demostración tiene %d", len(estados), len(casosDemo))
	}
	vistos := map[string]bool{}
	for id, estado := range estados {
		vistos[estado] = true
		if err := historiaValida(eventos[id], estado); err != nil {
			t.Errorf("caso %d: %v", id, err)
		}
	}
	for _, e := range wf.Estados {
		if !vistos[string(e)] {
			t.Errorf("ningún caso de la demostración está en «%s»", e.Etiqueta())
		}
	}
	// The seccional account reports only for its own Dirección Seccional.
	var ajenos int
	if err := d.QueryRow(`SELECT count(*) FROM casos WHERE creado_por = 'seccional' AND direccion_seccional <> ?`, actor("seccional").Seccional).Scan(&ajenos); err != nil || ajenos > 0 {
		t.Errorf("%d casos reportados por la cuenta seccional fuera de su Dirección Seccional (%v)", ajenos, err)
	}
}

// The check above fails on histories the application cannot produce.
func TestHistoriaValida_dominio3_rechazaSecuenciasImposibles(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	ev := func(de, a, accion, cuenta string, h int) eventoLeido {
		return eventoLeido{de: de, a: a, accion: accion, cuenta: cuenta, en: t0.Add(time.Duration(h) * time.Hour)}
	}
	buena := []eventoLeido{
		ev("", "reportado", "reportar", "seccional", 0),
		ev("reportado", "en_evaluacion", "iniciar_evaluacion", "secretaria", 1),
		ev("en_evaluacion", "en_evaluacion", "criterios", "secretaria", 2),
		ev("en_evaluacion", "en_evaluacion", "informe", "secretaria", 3),
		ev("en_evaluacion", "en_comite", "presentar", "secretaria", 4),
		ev("en_comite", "concepto_emitido", "emitir_concepto", "comite", 5),
	}
	if err := historiaValida(buena, "concepto_emitido"); err != nil {
		t.Fatalf("una historia posible se rechazó: %v", err)
	}
	casos := []struct {
		nombre string
		cambio func([]eventoLeido) ([]eventoLeido, string)
	}{
		{"salta_la_evaluacion", func(e []eventoLeido) ([]eventoLeido, string) {
			return []eventoLeido{e[0], ev("reportado", "en_comite", "presentar", "secretaria", 1)}, "en_comite"
		}},
		{"presenta_sin_informe", func(e []eventoLeido) ([]eventoLeido, string) {
			return append(append([]eventoLeido{}, e[:3]...), e[4]), "en_comite"
		}},
		{"concepto_por_la_seccional", func(e []eventoLeido) ([]eventoLeido, string) {
			e[5].cuenta = "seccional"
			return e, "concepto_emitido"
		}},
		{"estado_del_caso_distinto", func(e []eventoLeido) ([]eventoLeido, string) { return e, "cerrado" }},
		{"reloj_hacia_atras", func(e []eventoLeido) ([]eventoLeido, string) {
			e[2].en = t0.Add(-time.Hour)
			return e, "concepto_emitido"
		}},
		{"no_empieza_con_reporte", func(e []eventoLeido) ([]eventoLeido, string) { return e[1:], "concepto_emitido" }},
		{"accion_desconocida", func(e []eventoLeido) ([]eventoLeido, string) {
			e[2].accion = "editar"
			return e, "concepto_emitido"
		}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			es, estado := c.cambio(slices.Clone(buena))
			if err := historiaValida(es, estado); err == nil {
				t.Error("se aceptó una historia que la aplicación no produce")
			}
		})
	}
}

// Every concepto of the demo was recorded inside a session of the Comité
// that had quorum: the case on its orden del día, the date and members those
// of the session, at least the quorum in force when it was recorded
// (docs/reglas.md §3; art. 25 by position). Past sessions have their acta,
// signed when the load is signed; the upcoming one has its orden del día
// and no attendance yet.
func TestGenerarFirmado_dominio3_conceptosEnSesionConQuorumYActas(t *testing.T) {
	t.Parallel()
	d := abrir(t)
	ctx := context.Background()
	if _, _, _, err := GenerarFirmado(ctx, d, Opciones{Usuarios: 60}); err != nil {
		t.Fatal(err)
	}
	rows, err := d.Query(`SELECT c.id, c.caso_id, coalesce(c.sesion_id, 0), c.fecha_sesion, c.miembros, c.registrado_en FROM conceptos c ORDER BY c.id`)
	if err != nil {
		t.Fatal(err)
	}
	type conc struct {
		id, caso, sesion       int64
		fecha, miembros, hecho string
	}
	var cs []conc
	for rows.Next() {
		var c conc
		if err := rows.Scan(&c.id, &c.caso, &c.sesion, &c.fecha, &c.miembros, &c.hecho); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	rows.Close()
	if len(cs) < 4 {
		t.Fatalf("%d conceptos en la demostración", len(cs))
	}
	for _, c := range cs {
		if c.sesion == 0 {
			t.Errorf("concepto %d fuera de una sesión", c.id)
			continue
		}
		s, err := d.SesionComite(ctx, c.sesion)
		if err != nil {
			t.Fatal(err)
		}
		var quorum int
		if err := d.QueryRow(`SELECT valor FROM parametros_comite WHERE clave = 'quorum_minimo' AND registrado_en <= ? ORDER BY id DESC LIMIT 1`, c.hecho).Scan(&quorum); err != nil {
			t.Errorf("concepto %d: sin quórum configurado al registrarlo (%v)", c.id, err)
		}
		if len(s.Sesion.Miembros) < quorum || quorum < 1 {
			t.Errorf("concepto %d: sesión %s con %d miembros y quórum %d", c.id, s.Numero, len(s.Sesion.Miembros), quorum)
		}
		enOrden := false
		for _, p := range s.Orden {
			enOrden = enOrden || p.CasoID == c.caso
		}
		if !enOrden {
			t.Errorf("concepto %d: el caso %d no está en el orden del día de %s", c.id, c.caso, s.Numero)
		}
		if c.fecha != s.Sesion.Fecha.String() {
			t.Errorf("concepto %d: fecha %s, la sesión %s es del %s", c.id, c.fecha, s.Numero, s.Sesion.Fecha)
		}
		var ms []string
		if err := json.Unmarshal([]byte(c.miembros), &ms); err != nil {
			t.Fatalf("concepto %d: miembros %q: %v", c.id, c.miembros, err)
		}
		var want []string
		for _, m := range s.Sesion.Miembros {
			want = append(want, m.Texto())
		}
		if strings.Join(ms, "|") != strings.Join(want, "|") {
			t.Errorf("concepto %d: miembros %v; la sesión tiene %v", c.id, ms, want)
		}
	}
	var correcciones int
	if err := d.QueryRow(`SELECT count(*) FROM conceptos WHERE corrige_id IS NOT NULL`).Scan(&correcciones); err != nil || correcciones != 1 {
		t.Errorf("%d correcciones (%v); la demostración trae una", correcciones, err)
	}
	ss, err := d.SesionesComite(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pasadas, proximas := 0, 0
	for _, s := range ss {
		actas, err := d.Actas(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Conceptos > 0 {
			pasadas++
			if len(actas) != 1 || actas[0].FirmaSujeto == "" || !strings.Contains(actas[0].FirmaSujeto, "demostración") {
				t.Errorf("sesión %s: actas %+v; quiere una firmada con el certificado de demostración", s.Numero, actas)
			}
			continue
		}
		proximas++
		if len(actas) != 0 || len(s.Sesion.Miembros) != 0 || len(s.Orden) == 0 {
			t.Errorf("sesión próxima %s: %d actas, %d miembros, %d casos en el orden del día", s.Numero, len(actas), len(s.Sesion.Miembros), len(s.Orden))
		}
		for _, p := range s.Orden {
			if p.Estado != wf.EnComite {
				t.Errorf("sesión próxima %s: el caso %s está %s", s.Numero, p.Numero, p.Estado)
			}
		}
		if !s.Sesion.Fecha.Despues(fecha.DeTiempo(d.Now())) {
			t.Errorf("la sesión próxima %s es del %s, no posterior a hoy", s.Numero, s.Sesion.Fecha.DMA())
		}
	}
	if pasadas != 3 || proximas != 1 {
		t.Errorf("%d sesiones pasadas y %d próximas; la demostración trae 3 y 1", pasadas, proximas)
	}
	// The store keeps no signer (the application does): GenerarFirmado
	// cannot leave the demo's certificate configured in the database.
}

// Every informe of the demo was built from an evaluation of its own case,
// the one in force when it was issued, and the history row of its issue
// names that evaluation.
func TestGenerar_cadaInformeCorrespondeAUnaEvaluacionDelCaso(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 60})
	rows, err := d.Query(`SELECT i.caso_id, i.version, i.evaluacion_id, i.emitido_en, v.caso_id,
		(SELECT max(w.id) FROM evaluaciones w WHERE w.caso_id = i.caso_id AND w.creado_en <= i.emitido_en),
		(SELECT e.evaluacion_id FROM caso_eventos e WHERE e.caso_id = i.caso_id AND e.en = i.emitido_en AND json_extract(e.detalle_json, '$.accion') = 'informe')
		FROM informes i LEFT JOIN evaluaciones v ON v.id = i.evaluacion_id ORDER BY i.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
		var caso, evID int64
		var version int
		var en string
		var casoEv, vigente, historia sql.NullInt64
		if err := rows.Scan(&caso, &version, &evID, &en, &casoEv, &vigente, &historia); err != nil {
			t.Fatal(err)
		}
		switch {
		case !casoEv.Valid || casoEv.Int64 != caso:
			t.Errorf("informe v%d del caso %d: la evaluación %d es de otro caso (%v)", version, caso, evID, casoEv)
		case !vigente.Valid || vigente.Int64 != evID:
			t.Errorf("informe v%d del caso %d: hecho con la evaluación %d; la vigente al emitirlo era %v", version, caso, evID, vigente)
		case !historia.Valid || historia.Int64 != evID:
			t.Errorf("informe v%d del caso %d: la historia de su emisión nombra la evaluación %v, no la %d", version, caso, historia, evID)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var presentados int
	if err := d.QueryRow(`SELECT count(DISTINCT caso_id) FROM caso_eventos WHERE a_estado = 'en_comite'`).Scan(&presentados); err != nil {
		t.Fatal(err)
	}
	if n < presentados || n == 0 {
		t.Errorf("%d informes para %d casos presentados al Comité", n, presentados)
	}
}

package db

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

const (
	secCartagena = "CARTAGENA"
	secBogota    = "BOGOTA"
	nitEjemplo   = "800191045-1" // the worked example of docs/reglas.md §2: procede
	nitDebajo    = "899999068-1" // the same acts with 15.500.000.000 of operations: 0,4968 %, no procede
)

var (
	sSeccional   = ActorCaso{Actor{"seccional", "10.0.0.7"}, flujo.RolSeccional, secCartagena}
	sOtra        = ActorCaso{Actor{"seccional-bog", "10.0.0.8"}, flujo.RolSeccional, secBogota}
	sSecretaria  = ActorCaso{Actor{"secretaria", "10.0.0.2"}, flujo.RolSecretaria, ""}
	sComite      = ActorCaso{Actor{"comite", "10.0.0.3"}, flujo.RolComite, ""}
	sAuditor     = ActorCaso{Actor{"auditor", "10.0.0.4"}, flujo.RolAuditor, ""}
	sAdmin       = ActorCaso{Actor{"admin", "10.0.0.5"}, flujo.RolAdmin, ""}
	actoresTodos = []ActorCaso{sSeccional, sSecretaria, sComite, sAuditor, sAdmin}
)

// baseCasos is a fresh store with the worked example's user (Cartagena) and
// one just under the threshold, the clock on 17/03/2026 10:00 in Bogotá.
func baseCasos(t testing.TB) (*DB, *time.Time) {
	t.Helper()
	d := abrirTemporal(t)
	reloj := relojFijo(d, time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC))
	sembrarEjemplo(t, d, 1, nitEjemplo, secCartagena, 1480000000000)
	sembrarEjemplo(t, d, 2, nitDebajo, secCartagena, 1550000000000)
	return d, reloj
}

// sembrarEjemplo writes a user with the acts A–E of docs/reglas.md §2 and the
// given operations of 2025 (centavos) in 1.600 operations.
func sembrarEjemplo(t testing.TB, d *DB, id int64, n, seccional string, ops int64) {
	t.Helper()
	q := []string{
		fmt.Sprintf(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (%d, '%s', 'Agencia Ejemplo %d S.A.S.', 'agencia_de_aduanas', '%s', 'x', 'x')`, id, n, id, seccional),
		fmt.Sprintf(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (%d, 'autorizacion', '1', '2010-01-01')`, id),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2025, %d, 1600, 'x')`, id, ops),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2024, %d, 1500, 'x')`, id, ops*9/10),
	}
	for i, a := range []struct {
		firmeza, grav string
		valor         int64
		allan         int
	}{{"2025-03-04", "grave", 40000000, 0}, {"2025-07-22", "gravisima", 25000000, 0}, {"2025-11-28", "grave", 12000000, 0},
		{"2025-09-01", "grave", 30000000, 1}, {"2024-12-31", "grave", 50000000, 0}} {
		q = append(q, fmt.Sprintf(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
			VALUES (%d, 'RS-%d-%c', '%s', '%s', 'multa', %d, %d, 'x')`, id, id, 'A'+i, a.firmeza, a.grav, a.valor*100, a.allan))
	}
	for _, s := range q {
		if _, err := d.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

func nuevoEjemplo(n string) NuevoCaso {
	return NuevoCaso{
		NIT: n, FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000), Descripcion: "Nueva infracción de prueba",
	}
}

func abrir(t testing.TB, d *DB, n string, quien ActorCaso) Caso {
	t.Helper()
	x := nuevoEjemplo(n)
	x.ConfirmarDuplicado = true // the tests open many cases of the same fact
	c, err := d.AbrirCaso(context.Background(), x, quien)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var criteriosCompletos = map[string]string{
	"tipo_usuario": "Agencia de aduanas con 1.600 operaciones al año.", "perjuicio_estado": "Tributos dejados de pagar por $ 77.000.000.",
	"naturaleza_hechos": "Declaraciones con información inexacta.", "impacto_comercio": "Bajo: hay otras agencias en el puerto.",
	"antecedentes": "Tres actos graves o gravísimos en 2025.",
}

func conceptoMulta() flujo.Concepto {
	return flujo.Concepto{
		FechaSesion: fecha.Debe(2026, 3, 17), Miembros: []string{"Directora de Fiscalización", "Subdirector Jurídico"}, Decision: flujo.DecisionMultaIncrementada,
		Motivacion: map[string]string{"naturaleza_hechos": "Hechos reiterados.", "impacto_comercio": "La cancelación afectaría a terceros.", "antecedentes": "Tres actos en 2025."},
	}
}

// conceptoEnSesion records k the way the application does, inside a session
// of the Comité: convened by the Secretaría on k's date with k's members
// present, the case on its orden del día and, when none was configured, a
// quorum of one. The concepto then carries the session's date and members.
func conceptoEnSesion(d *DB, casoID int64, k flujo.Concepto, quien ActorCaso) (ConceptoGuardado, error) {
	ctx := context.Background()
	if _, ok, err := d.ParametroQuorum(ctx); err != nil {
		return ConceptoGuardado{}, err
	} else if !ok {
		if err := d.FijarQuorum(ctx, 1, sAdmin); err != nil {
			return ConceptoGuardado{}, err
		}
	}
	ses := flujo.Sesion{Fecha: k.FechaSesion, Hora: "09:30", Modalidad: "presencial", Lugar: "Sala del Comité, Nivel Central, Bogotá",
		Preside: "Presidencia del Comité", Secretario: "Secretaría Técnica"}
	for _, m := range k.Miembros {
		ses.Miembros = append(ses.Miembros, flujo.MiembroSesion{Nombre: m, Cargo: "miembro del Comité"})
	}
	s, err := d.ConvocarSesion(ctx, ses, sSecretaria)
	if err != nil {
		return ConceptoGuardado{}, err
	}
	if err := d.AgregarAlOrden(ctx, s.ID, casoID, sSecretaria); err != nil {
		return ConceptoGuardado{}, err
	}
	return d.RegistrarConceptoEnSesion(ctx, s.ID, casoID, k, quien)
}

// emitirInforme stores a version of the informe of a case the way the
// application does (internal/expediente builds and renders the PDF; the
// store only keeps the bytes it is given): read with its mark, then stored
// if nothing changed. The bytes here stand in for the PDF.
func emitirInforme(d *DB, id int64, quien ActorCaso) (InformeEmitido, error) {
	ctx := context.Background()
	f, err := d.FuenteInforme(ctx, id)
	if err != nil {
		return InformeEmitido{}, err
	}
	version := len(f.Informes) + 1
	pdf := []byte(fmt.Sprintf("%%PDF-1.3 informe de prueba del caso %s v%d (evaluación %d)", f.Caso.Numero, version, f.Evaluacion.ID))
	suma := fmt.Sprintf("%x", sha256.Sum256(pdf))
	return d.GuardarInforme(ctx, InformeNuevo{CasoID: id, Version: version, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca,
		Archivo: pdf, SHA256: suma, SHA256Contenido: suma, EmitidoEn: d.Ahora(), Texto: "Informe gerencial v" + fmt.Sprint(version) + " emitido (SHA-256 " + suma + ")"}, quien)
}

// llevar moves a case of the worked example along the path up to hasta.
func llevar(t testing.TB, d *DB, id int64, hasta flujo.Estado) {
	t.Helper()
	ctx := context.Background()
	c, err := d.Caso(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for c.Estado != hasta {
		switch c.Estado {
		case flujo.Reportado:
			if hasta == flujo.NoProcede {
				_, err = d.Transicion(ctx, id, flujo.DeclararNoProcede, "no cumple el umbral", sSecretaria)
			} else {
				_, err = d.Transicion(ctx, id, flujo.IniciarEvaluacion, "", sSecretaria)
			}
		case flujo.EnEvaluacion:
			if err = d.GuardarCriterios(ctx, id, criteriosCompletos, sSecretaria); err == nil {
				if _, err = emitirInforme(d, id, sSecretaria); err == nil {
					_, err = d.Transicion(ctx, id, flujo.Presentar, "sesión ordinaria", sSecretaria)
				}
			}
		case flujo.EnComite:
			_, err = conceptoEnSesion(d, id, conceptoMulta(), sComite)
		case flujo.ConceptoEmitido:
			_, err = d.CerrarCaso(ctx, id, fecha.Debe(2026, 3, 17), sSecretaria)
		default:
			t.Fatalf("no se puede llevar el caso de %s a %s", c.Estado, hasta)
		}
		if err != nil {
			t.Fatalf("llevar de %s hacia %s: %v", c.Estado, hasta, err)
		}
		if c, err = d.Caso(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCaso_dominio3_reportarGuardaInstantaneaHistoriaYAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitEjemplo)
	n.DireccionSeccional = secBogota // ignored: a seccional reports for its own Dirección Seccional
	c, err := d.AbrirCaso(ctx, n, sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	if c.Numero != "CF-2026-0001" || c.Estado != flujo.Reportado || c.DireccionSeccional != secCartagena {
		t.Fatalf("caso = %s %s %s", c.Numero, c.Estado, c.DireccionSeccional)
	}
	if c.FechaReporte != fecha.Debe(2026, 3, 17) {
		t.Errorf("fecha de reporte %s; quiere la fecha civil de Bogotá 2026-03-17", c.FechaReporte)
	}
	ev, err := d.UltimaEvaluacion(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ev.Resultado(d.Referencia())
	if err != nil {
		t.Fatal(err)
	}
	if ev.Version != 1 || !r.Procede().EsSi() || r.NumeroActos != 3 || r.SumaSancionesCOP != "77000000" || r.PlazoReporte != "2026-03-30" {
		t.Fatalf("evaluación v%d: procede=%v actos=%d S=%s plazo=%s", ev.Version, r.ProcedeComite, r.NumeroActos, r.SumaSancionesCOP, r.PlazoReporte)
	}
	if r.SancionIncrementada == nil || r.SancionIncrementada.TotalCOP != "62849000" {
		t.Errorf("sanción incrementada %+v; quiere 62849000", r.SancionIncrementada)
	}
	if ev.ConjuntoReglas != "DL920-2023" || !strings.Contains(ev.ValoresJSON, `"valor_cop":"52374"`) || !strings.Contains(ev.EntradaJSON, "RS-1-A") {
		t.Errorf("instantánea incompleta: reglas %q valores %s", ev.ConjuntoReglas, ev.ValoresJSON)
	}
	h, _ := d.Historia(ctx, c.ID)
	if len(h) != 1 || h[0].AEstado != flujo.Reportado || h[0].EvaluacionID != ev.ID || h[0].Cuenta != "seccional" || h[0].IP != "10.0.0.7" {
		t.Fatalf("historia = %+v", h)
	}
	var aud int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'caso.reportar' AND objeto = 'caso:CF-2026-0001'`).Scan(&aud)
	if aud != 1 {
		t.Errorf("filas de auditoría caso.reportar = %d", aud)
	}
	c2 := abrir(t, d, nitDebajo, sSecretaria)
	if c2.Numero != "CF-2026-0002" {
		t.Errorf("segundo número %s; quiere CF-2026-0002", c2.Numero)
	}
}

func TestCaso_dominio3_reportarValidaCadaCampo(t *testing.T) {
	d, _ := baseCasos(t)
	casos := []struct {
		nombre, campo string
		cambiar       func(*NuevoCaso)
	}{
		{"nit_con_dv_errado", "nit", func(n *NuevoCaso) { n.NIT = "800191045-2" }},
		{"nit_no_registrado", "nit", func(n *NuevoCaso) { n.NIT = "800197268-4" }},
		{"comision_futura", "fecha_comision", func(n *NuevoCaso) { n.FechaComision = fecha.Debe(2026, 3, 18) }},
		{"verificacion_antes_de_comision", "fecha_verificacion", func(n *NuevoCaso) { n.FechaVerificacion = fecha.Debe(2026, 2, 9) }},
		{"expediente_antes_de_verificacion", "fecha_expediente", func(n *NuevoCaso) { n.FechaExpediente = fecha.Debe(2026, 3, 1) }},
		{"gravedad_desconocida", "gravedad", func(n *NuevoCaso) { n.Gravedad = "muy_grave" }},
		{"multa_sin_valor", "sancion_prevista", func(n *NuevoCaso) { n.SancionPrevista = decimal.Zero }},
		{"anclaje_desconocido", "anclaje", func(n *NuevoCaso) { n.Anclaje = "expediente" }},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			n := nuevoEjemplo(nitEjemplo)
			c.cambiar(&n)
			_, err := d.AbrirCaso(context.Background(), n, sSecretaria)
			var ef *ErrFormulario
			if !errors.As(err, &ef) || ef.Campos[c.campo] == "" {
				t.Fatalf("err = %v; quiere un mensaje para %s", err, c.campo)
			}
		})
	}
	var n int
	d.QueryRow(`SELECT count(*) FROM casos`).Scan(&n)
	if n != 0 {
		t.Fatalf("se guardaron %d casos inválidos", n)
	}
	for _, q := range []ActorCaso{sComite, sAuditor, sAdmin} {
		if _, err := d.AbrirCaso(context.Background(), nuevoEjemplo(nitEjemplo), q); !esPaso(err) {
			t.Errorf("%s pudo reportar: %v", q.Rol, err)
		}
	}
}

func esPaso(err error) bool {
	var ep *flujo.ErrPaso
	return errors.As(err, &ep)
}

// accionEn tries one action on a case as quien.
func accionEn(d *DB, id int64, a flujo.Accion, quien ActorCaso) error {
	ctx := context.Background()
	var err error
	switch a {
	case flujo.IniciarEvaluacion, flujo.Presentar, flujo.DeclararNoProcede:
		_, err = d.Transicion(ctx, id, a, "", quien)
	case flujo.Reevaluar:
		_, err = d.Reevaluar(ctx, id, "corrección de datos", quien)
	case flujo.EmitirConcepto:
		_, err = conceptoEnSesion(d, id, conceptoMulta(), quien)
	case flujo.CorregirConcepto:
		k := conceptoMulta()
		k.Miembros = append(k.Miembros, "Jefe de la División de Fiscalización")
		_, err = d.CorregirConcepto(ctx, id, k, "faltaba un miembro presente", quien)
	case flujo.Cerrar:
		_, err = d.CerrarCaso(ctx, id, fecha.Debe(2026, 3, 17), quien)
	}
	return err
}

// Every step by every role from every state: allowed only to its role and
// only in order (docs/reglas.md §3); a refused step changes nothing.
func TestFlujo_dominio3_cadaPasoPorCadaRolEnCadaEstado(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	type clave struct {
		e   flujo.Estado
		a   flujo.Accion
		rol string
	}
	// What the law allows (docs/reglas.md §3), for a case that passes the test with
	// its criteria written and its informe issued.
	permitido := map[clave]bool{
		{flujo.Reportado, flujo.IniciarEvaluacion, flujo.RolSecretaria}:  true,
		{flujo.Reportado, flujo.Reevaluar, flujo.RolSecretaria}:          true,
		{flujo.EnEvaluacion, flujo.Reevaluar, flujo.RolSecretaria}:       true,
		{flujo.EnEvaluacion, flujo.Presentar, flujo.RolSecretaria}:       true,
		{flujo.EnComite, flujo.EmitirConcepto, flujo.RolComite}:          true,
		{flujo.ConceptoEmitido, flujo.CorregirConcepto, flujo.RolComite}: true,
		{flujo.ConceptoEmitido, flujo.Cerrar, flujo.RolSecretaria}:       true,
		{flujo.ConceptoEmitido, flujo.Cerrar, flujo.RolSeccional}:        true,
	}
	acciones := []flujo.Accion{flujo.IniciarEvaluacion, flujo.Reevaluar, flujo.Presentar, flujo.EmitirConcepto, flujo.CorregirConcepto, flujo.Cerrar, flujo.DeclararNoProcede}
	preparar := func(e flujo.Estado) int64 {
		c := abrir(t, d, nitEjemplo, sSeccional)
		if e == flujo.EnEvaluacion {
			llevar(t, d, c.ID, flujo.EnEvaluacion)
			if err := d.GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
				t.Fatal(err)
			}
			if _, err := emitirInforme(d, c.ID, sSecretaria); err != nil {
				t.Fatal(err)
			}
			return c.ID
		}
		llevar(t, d, c.ID, e)
		return c.ID
	}
	for _, e := range []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado} {
		comun := preparar(e)
		for _, a := range acciones {
			for _, q := range actoresTodos {
				nombre := fmt.Sprintf("%s_%s_%s", e, a, q.Rol)
				t.Run(nombre, func(t *testing.T) {
					id := comun
					ok := permitido[clave{e, a, q.Rol}]
					if ok {
						id = preparar(e)
					}
					antes, _ := d.Historia(ctx, id)
					err := accionEn(d, id, a, q)
					despues, _ := d.Historia(ctx, id)
					c, _ := d.Caso(ctx, id)
					if ok {
						if err != nil {
							t.Fatalf("permitido pero: %v", err)
						}
						if len(despues) != len(antes)+1 {
							t.Fatalf("el paso no dejó su fila en la historia")
						}
						p, _ := flujo.DePaso(a)
						if p.Hasta != "" && c.Estado != p.Hasta {
							t.Fatalf("estado %s; quiere %s", c.Estado, p.Hasta)
						}
						return
					}
					if !esPaso(err) {
						t.Fatalf("quiere un rechazo con mensaje; err = %v", err)
					}
					if c.Estado != e || len(despues) != len(antes) {
						t.Fatalf("un paso rechazado cambió el caso: %s, historia %d → %d", c.Estado, len(antes), len(despues))
					}
				})
			}
		}
	}
}

func TestFlujo_dominio3_noProcedeSoloSiLaEvaluacionFalla(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	procede := abrir(t, d, nitEjemplo, sSecretaria)
	if _, err := d.Transicion(ctx, procede.ID, flujo.DeclararNoProcede, "", sSecretaria); !esPaso(err) {
		t.Fatalf("un caso que procede se cerró como no procede: %v", err)
	}
	debajo := abrir(t, d, nitDebajo, sSeccional)
	for _, q := range []ActorCaso{sSeccional, sComite, sAuditor, sAdmin} {
		if _, err := d.Transicion(ctx, debajo.ID, flujo.DeclararNoProcede, "", q); !esPaso(err) {
			t.Errorf("%s declaró no procede: %v", q.Rol, err)
		}
	}
	// The case that fails the test cannot be presented, even with criteria and informe.
	llevarEvaluacion(t, d, debajo.ID)
	if _, err := d.Transicion(ctx, debajo.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "no procede") {
		t.Fatalf("se presentó un caso que no cumple: %v", err)
	}
	c, err := d.Transicion(ctx, debajo.ID, flujo.DeclararNoProcede, "0,4968 % < 0,5 %", sSecretaria)
	if err != nil || c.Estado != flujo.NoProcede {
		t.Fatalf("no procede: %v %s", err, c.Estado)
	}
	for _, a := range []flujo.Accion{flujo.IniciarEvaluacion, flujo.Reevaluar, flujo.Presentar, flujo.EmitirConcepto, flujo.Cerrar} {
		if err := accionEn(d, debajo.ID, a, sSecretaria); !esPaso(err) {
			t.Errorf("%s sobre un caso no_procede: %v", a, err)
		}
	}
}

func llevarEvaluacion(t *testing.T, d *DB, id int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := d.Transicion(ctx, id, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	if err := d.GuardarCriterios(ctx, id, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := emitirInforme(d, id, sSecretaria); err != nil {
		t.Fatal(err)
	}
}

func TestFlujo_art25_presentarExigeCriteriosEInformeDeLaEvaluacionVigente(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := d.Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	falta := map[string]string{}
	for k, v := range criteriosCompletos {
		if k != "perjuicio_estado" {
			falta[k] = v
		}
	}
	if err := d.GuardarCriterios(ctx, c.ID, falta, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := emitirInforme(d, c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "criterios") {
		t.Fatalf("se presentó sin todos los criterios: %v", err)
	}
	if err := d.GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	// A re-evaluation makes the issued informe stale: a new version is needed.
	if _, err := d.Reevaluar(ctx, c.ID, "revisión de los actos", sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "informe") {
		t.Fatalf("se presentó con un informe de una evaluación anterior: %v", err)
	}
	if _, err := emitirInforme(d, c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	var aud string
	d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'caso.criterios' ORDER BY id DESC LIMIT 1`).Scan(&aud)
	if !strings.Contains(aud, `"antes"`) || !strings.Contains(aud, `"despues"`) || !strings.Contains(aud, "Tributos dejados") {
		t.Errorf("la auditoría de criterios no guarda antes y después: %s", aud)
	}
}

func TestReevaluar_nuevaVersionConMotivoNuncaCambioSilencioso(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := d.Reevaluar(ctx, c.ID, "  ", sSecretaria); err == nil {
		t.Fatal("se recalculó sin motivo")
	}
	v1, _ := d.UltimaEvaluacion(ctx, c.ID)
	// A data correction: act C was really 2.000.000 more.
	if _, err := d.Exec(`UPDATE actos SET valor_centavos = 1400000000 WHERE numero_acto = 'RS-1-C'`); err != nil {
		t.Fatal(err)
	}
	v2, err := d.Reevaluar(ctx, c.ID, "el acto RS-1-C se corrigió", sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := v1.Resultado(d.Referencia())
	r2, _ := v2.Resultado(d.Referencia())
	if v2.Version != 2 || r1.SumaSancionesCOP != "77000000" || r2.SumaSancionesCOP != "79000000" || v2.Motivo != "el acto RS-1-C se corrigió" {
		t.Fatalf("v%d S1=%s S2=%s motivo=%q", v2.Version, r1.SumaSancionesCOP, r2.SumaSancionesCOP, v2.Motivo)
	}
	evs, _ := d.Evaluaciones(ctx, c.ID)
	if len(evs) != 2 || evs[0].ResultadoJSON != v1.ResultadoJSON {
		t.Fatal("la versión 1 no se conservó igual")
	}
	if _, err := d.Exec(`UPDATE evaluaciones SET resultado_json = '{}' WHERE id = ?`, v1.ID); err == nil {
		t.Fatal("la base dejó modificar una instantánea")
	}
	h, _ := d.Historia(ctx, c.ID)
	if last := h[len(h)-1]; last.Accion != flujo.Reevaluar || last.EvaluacionVersion != 2 || !strings.Contains(last.Texto, "RS-1-C") {
		t.Fatalf("historia: %+v", last)
	}
}

func TestConcepto_dominio3_definitivoYCorreccionVinculada(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.EnComite)
	mal := conceptoMulta()
	mal.Decision = flujo.DecisionCancelacion // without criteria 5.1–5.7
	if _, err := conceptoEnSesion(d, c.ID, mal, sComite); err == nil {
		t.Fatal("se registró una cancelación sin criterios 5.1–5.7")
	} else {
		var ec *ErrConcepto
		if !errors.As(err, &ec) || ec.Campos["criterios_cancelacion"] == "" {
			t.Fatalf("err = %v", err)
		}
	}
	mal.CriteriosCancelacion = []string{"5.3", "5.7"}
	orig, err := conceptoEnSesion(d, c.ID, mal, sComite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conceptoEnSesion(d, c.ID, conceptoMulta(), sComite); !esPaso(err) {
		t.Fatalf("se registró un segundo concepto: %v", err)
	}
	for _, q := range []string{`UPDATE conceptos SET decision = 'multa_incrementada' WHERE id = ?`, `DELETE FROM conceptos WHERE id = ?`} {
		if _, err := d.Exec(q, orig.ID); err == nil {
			t.Fatalf("la base aceptó %s", q)
		}
	}
	*reloj = reloj.Add(24 * time.Hour)
	corregido := mal
	corregido.Miembros = []string{"Directora de Fiscalización", "Subdirector Jurídico", " directora  de fiscalización ", "Jefe de la División de Fiscalización"}
	if _, err := d.CorregirConcepto(ctx, c.ID, corregido, "", sComite); err == nil {
		t.Fatal("corrección sin motivo")
	}
	if _, err := d.CorregirConcepto(ctx, c.ID, corregido, "error", sSecretaria); !esPaso(err) {
		t.Fatalf("la Secretaría corrigió el concepto: %v", err)
	}
	// A concepto is final (Decreto Ley 920 de 2023, art. 25 by position): a correction never changes the decision.
	if _, err := d.CorregirConcepto(ctx, c.ID, conceptoMulta(), "la decisión votada fue la multa incrementada", sComite); err == nil {
		t.Fatal("una corrección cambió la decisión")
	} else if ec := (*ErrConcepto)(nil); !errors.As(err, &ec) || ec.Campos["decision"] == "" {
		t.Fatalf("err = %v", err)
	}
	// Its dates are checked like the original's: not before the presentation.
	antes := corregido
	antes.FechaSesion = fecha.Debe(2020, 1, 2)
	if _, err := d.CorregirConcepto(ctx, c.ID, antes, "fecha mal escrita", sComite); err == nil {
		t.Fatal("una corrección con la sesión antes de la presentación")
	}
	cor, err := d.CorregirConcepto(ctx, c.ID, corregido, "faltaba un miembro presente en la sesión", sComite)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := d.Conceptos(ctx, c.ID)
	if len(cs) != 2 || cs[0].ID != orig.ID || cs[1].Concepto.Decision != flujo.DecisionCancelacion || cs[1].CorrigeID != orig.ID || cor.MotivoCorreccion == "" {
		t.Fatalf("conceptos: %+v", cs)
	}
	if got := strings.Join(cs[1].Concepto.Miembros, "|"); got != "Directora de Fiscalización|Subdirector Jurídico|Jefe de la División de Fiscalización" {
		t.Fatalf("miembros repetidos no se quitaron: %q", got)
	}
	// The closing follows the concepto in force, and after it no correction.
	p, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 18), sSecretaria)
	if err != nil || p.Propuesta != flujo.DecisionCancelacion || p.Total != nil || p.ConceptoID != cor.ID {
		t.Fatalf("propuesta: %+v %v", p, err)
	}
	otra := corregido
	otra.Miembros = []string{"Otra persona"}
	if _, err := d.CorregirConcepto(ctx, c.ID, otra, "otro error", sComite); !esPaso(err) {
		t.Fatalf("corrección tras el cierre: %v", err)
	}
	if cs2, _ := d.Conceptos(ctx, c.ID); len(cs2) != 2 {
		t.Fatalf("conceptos tras el cierre: %d", len(cs2))
	}
}

func TestCerrar_art25_propuestaREAConMilUVTDelAnioDelREA(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.ConceptoEmitido)
	if _, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 16), sSecretaria); err == nil {
		t.Fatal("REA anterior a la sesión del Comité")
	}
	if _, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 17), sOtra); !errors.Is(err, ErrCasoNoExiste) {
		t.Fatalf("otra Seccional cerró el caso: %v", err)
	}
	*reloj = time.Date(2026, 4, 1, 15, 0, 0, 0, time.UTC)
	p, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2026, 4, 1), sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	// docs/reglas.md §2 worked example: 10.475.000 + 52.374.000 = 62.849.000 (UVT 2026).
	if p.Propuesta != flujo.DecisionMultaIncrementada || p.Total.String() != "62849000" || p.Incremento.UVTAnio != 2026 || p.Incremento.Incremento.String() != "52374000" {
		t.Fatalf("propuesta = %+v %+v", p, p.Incremento)
	}
	c, _ = d.Caso(ctx, c.ID)
	if c.Estado != flujo.Cerrado || c.FechaRequerimiento != fecha.Debe(2026, 4, 1) {
		t.Fatalf("caso %s REA %s", c.Estado, c.FechaRequerimiento)
	}
	if _, err := d.Exec(`UPDATE propuestas_rea SET total_centavos = 1 WHERE caso_id = ?`, c.ID); err == nil {
		t.Fatal("la base dejó cambiar la propuesta del REA")
	}
}

func TestCaso_otraSeccionalNoLoVeNiLoToca(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if PuedeVerCaso(sOtra.Rol, sOtra.Seccional, c) || !PuedeVerCaso(sSeccional.Rol, strings.ToUpper(secCartagena), c) || !PuedeVerCaso(flujo.RolAuditor, "", c) {
		t.Fatal("PuedeVerCaso")
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sOtra); !errors.Is(err, ErrCasoNoExiste) {
		t.Fatalf("err = %v; quiere ErrCasoNoExiste", err)
	}
	lista, _ := d.ListarCasos(ctx, FiltroCasos{Seccional: secBogota})
	if len(lista) != 0 {
		t.Fatalf("la lista de Bogotá tiene %d casos de Cartagena", len(lista))
	}
}

// An informe is built outside the write transaction and stored with the
// mark of what it was built from: a change in between (here the criteria)
// makes the store refuse it and write nothing.
func TestGuardarInforme_marcaCambiadaNoEscribeNada(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	f, err := d.FuenteInforme(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	contar := func() (n int) {
		d.QueryRow(`SELECT (SELECT count(*) FROM informes) + (SELECT count(*) FROM caso_eventos) + (SELECT count(*) FROM auditoria)`).Scan(&n)
		return n
	}
	otros := map[string]string{}
	for k, v := range criteriosCompletos {
		otros[k] = v + " Corregido."
	}
	if err := d.GuardarCriterios(ctx, c.ID, otros, sSecretaria); err != nil {
		t.Fatal(err)
	}
	antes := contar()
	nuevo := InformeNuevo{CasoID: c.ID, Version: 1, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca, Archivo: []byte("%PDF-1.3 x"),
		SHA256: "x", SHA256Contenido: "x", EmitidoEn: d.Ahora(), Texto: "Informe gerencial v1 emitido"}
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); !errors.Is(err, ErrDocumentoDesactualizado) || !strings.Contains(err.Error(), "No se guardó nada") {
		t.Fatalf("err = %v; quiere ErrDocumentoDesactualizado", err)
	}
	if despues := contar(); despues != antes {
		t.Fatalf("un informe desactualizado escribió %d filas", despues-antes)
	}
	// Read again, the same informe is stored.
	if f, err = d.FuenteInforme(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	nuevo.Marca = f.Marca
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); err != nil {
		t.Fatal(err)
	}
	// A second store of the same version (two people issuing at once) is refused.
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); !errors.Is(err, ErrDocumentoDesactualizado) {
		t.Fatalf("la misma versión se guardó dos veces: %v", err)
	}
}

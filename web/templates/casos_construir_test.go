package templates

import (
	"reflect"
	"testing"

	"comite/internal/calendario"
	"comite/internal/contrato"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/reincidencia"
	"comite/internal/valores"
	"comite/internal/web/urls"

	"github.com/shopspring/decimal"
)

func TestPlazoDeReporte(t *testing.T) {
	cal := calendario.Nuevo(nil)
	vence := fecha.Debe(2025, 3, 14) // a Friday
	casos := []struct {
		nombre       string
		hoy, reporte fecha.Fecha
		vence        fecha.Fecha
		color, texto string
	}{
		{"art25_dl920_reportado_dentro_del_plazo", fecha.Debe(2025, 4, 1), fecha.Debe(2025, 3, 10), vence, "verde", "Reportado dentro del plazo"},
		{"art25_dl920_reportado_el_ultimo_dia", fecha.Debe(2025, 4, 1), vence, vence, "verde", "Reportado dentro del plazo"},
		{"art25_dl920_reportado_tarde_no_anula_el_caso", fecha.Debe(2025, 4, 1), fecha.Debe(2025, 3, 18), vence, "rojo", "Reportado fuera del plazo (2 días hábiles tarde)"},
		// A case not reported yet takes the light of plazos with its own
		// text (texto "": any).
		{"art25_dl920_sin_reportar_a_tiempo", fecha.Debe(2025, 3, 3), fecha.Fecha{}, vence, "verde", ""},
		{"art25_dl920_sin_reportar_vence_pronto", fecha.Debe(2025, 3, 12), fecha.Fecha{}, vence, "amarillo", ""},
		{"art25_dl920_sin_reportar_vencido", fecha.Debe(2025, 3, 17), fecha.Fecha{}, vence, "rojo", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := PlazoDeReporte(cal, c.hoy, c.reporte, c.vence)
			if s.Color != c.color || s.Texto == "" || (c.texto != "" && s.Texto != c.texto) {
				t.Errorf("PlazoDeReporte = %+v; quiere {%s %s}", s, c.color, c.texto)
			}
		})
	}
}

func TestConceptoDe(t *testing.T) {
	c := dominio.ConceptoGuardado{
		ID: 7, EvaluacionID: 41, RegistradoPor: "secretaria", RegistradoEn: "2025-06-02T15:04:05Z",
		Concepto: flujo.Concepto{
			FechaSesion: fecha.Debe(2025, 6, 2), Miembros: []string{"Ana", "Luis"}, Decision: flujo.DecisionCancelacion,
			// Stored in any order: the page follows the order of the criteria.
			Motivacion:           map[string]string{"antecedentes": "Tres actos en firme.", "naturaleza_hechos": "Contrabando."},
			CriteriosCancelacion: []string{"5.3", "5.1"},
		},
	}
	casos := []struct {
		nombre     string
		versiones  map[int64]int
		evaluacion string
	}{
		{"art22_concepto_con_la_version_de_su_evaluacion", map[int64]int{41: 2}, "v2"},
		{"art22_concepto_sin_versiones", nil, ""},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			v := ConceptoDe(c, k.versiones)
			if v.Evaluacion != k.evaluacion {
				t.Errorf("Evaluacion = %q; quiere %q", v.Evaluacion, k.evaluacion)
			}
			if v.FechaSesion != "02/06/2025" || v.ID != 7 || !reflect.DeepEqual(v.Miembros, []string{"Ana", "Luis"}) {
				t.Errorf("ConceptoDe = %+v", v)
			}
			quiere := []Par{{Etiqueta: "Naturaleza de los hechos", Valor: "Contrabando."}, {Etiqueta: "Antecedentes del infractor", Valor: "Tres actos en firme."}}
			if !reflect.DeepEqual(v.Motivacion, quiere) {
				t.Errorf("Motivacion = %+v; quiere %+v", v.Motivacion, quiere)
			}
			// Criteria as recorded, each by its name in the decree.
			if !reflect.DeepEqual(v.Criterios, []string{"5.3 Vulneración de los intereses económicos del Estado", "5.1 Afectación a la seguridad nacional"}) {
				t.Errorf("Criterios = %q", v.Criterios)
			}
		})
	}
}

func TestPropuestaDe(t *testing.T) {
	total := decimal.RequireFromString("50000000")
	casos := []struct {
		nombre               string
		p                    dominio.PropuestaREA
		prevista, total, uvt string
	}{
		{"art25_inc1_multa_incrementada", dominio.PropuestaREA{
			Propuesta: flujo.DecisionMultaIncrementada, FechaREA: fecha.Debe(2025, 7, 1), Total: &total,
			Incremento: &dominio.IncrementoREA{UVTAnio: 2025, UVTValor: decimal.RequireFromString("49799"), UVTResolucion: "Resolución 193 de 2024", Incremento: decimal.RequireFromString("49799000")},
		}, "$ 201.000", "$ 50.000.000", "1.000 × UVT 2025 de $ 49.799, Resolución 193 de 2024"},
		{"art22_cancelacion_sin_monto", dominio.PropuestaREA{Propuesta: flujo.DecisionCancelacion, FechaREA: fecha.Debe(2025, 7, 1)}, "", "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v := PropuestaDe(c.p, decimal.RequireFromString("201000"))
			if v.Prevista != c.prevista || v.Total != c.total || v.UVT != c.uvt {
				t.Errorf("PropuestaDe = %+v; quiere prevista %q, total %q, UVT %q", v, c.prevista, c.total, c.uvt)
			}
			if v.FechaREA != "01/07/2025" || v.FechaREAISO != "2025-07-01" || v.Fundamento == "" {
				t.Errorf("PropuestaDe = %+v", v)
			}
		})
	}
	cancelacion := PropuestaDe(casos[1].p, decimal.Zero).Fundamento
	incremento := PropuestaDe(casos[0].p, decimal.Zero).Fundamento
	sustitucion := PropuestaDe(dominio.PropuestaREA{Propuesta: flujo.DecisionVistoBuenoCancelacion}, decimal.Zero).Fundamento
	if cancelacion == incremento || sustitucion == incremento || sustitucion == cancelacion {
		t.Errorf("cada propuesta cita su norma: cancelación %q, incremento %q, sustitución %q", cancelacion, incremento, sustitucion)
	}
}

func TestEvaluacionDe(t *testing.T) {
	si, no := true, false
	base := contrato.EvaluacionJSON{
		Periodo:     contrato.PeriodoJSON{Anio: 2024, Desde: "2024-01-01", Hasta: "2024-12-31", Anclaje: "comision"},
		NumeroActos: 3, SumaSancionesCOP: "30000000",
		Requisitos: contrato.RequisitosJSON{RegistroVigente: true, InfraccionGraveOGravisima: true, MinimoTresActos: true},
		Ruta:       string(reincidencia.RutaReincidencia),
		ActosComputados: []contrato.ComputadoJSON{
			{Acto: "A-1", FechaFirmeza: "2024-05-02", Gravedad: "grave", Sancion: "multa", ValorCOP: "10000000", AporteCOP: "10000000"},
		},
	}
	ev := dominio.Evaluacion{ID: 9, Version: 2, ConjuntoReglas: "DL920-2023", CreadoEn: "2025-03-01T14:00:00Z", CreadoPor: "analista"}
	ref := valores.Integrada()
	casos := []struct {
		nombre    string
		cambiar   func(*contrato.EvaluacionJSON)
		uvt       *UVTUsada
		o, n, umb string
		linea     bool
	}{
		{"art25_operaciones_no_cargadas_son_desconocidas_no_cero", func(*contrato.EvaluacionJSON) {}, nil,
			reincidencia.TextoDatosIncompletos(2024), reincidencia.TextoDatosIncompletos(2024), "", false},
		{"art25_operaciones_cargadas_con_su_umbral", func(r *contrato.EvaluacionJSON) {
			o, n := "1000000000", int64(1200)
			r.TotalOperacionesCOP, r.NumeroOperaciones, r.Requisitos.UmbralCeroCinco = &o, &n, &si
		}, &UVTUsada{Anio: 2024, ValorCOP: "47065", Resolucion: "Resolución 187 de 2023"},
			"$ 1.000.000.000", "1.200", "UVT 2024: $ 47.065 (Resolución 187 de 2023)", true},
		{"art25_operaciones_en_cero", func(r *contrato.EvaluacionJSON) {
			o, n := "0", int64(0)
			r.TotalOperacionesCOP, r.NumeroOperaciones, r.Requisitos.UmbralCeroCinco = &o, &n, &no
		}, nil, "$ 0", "0", "", true},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r := base
			c.cambiar(&r)
			v := EvaluacionDe(ev, r, reincidencia.Entrada{}, ref, c.uvt)
			if v.O != c.o || v.N != c.n || v.UVT != c.umb {
				t.Errorf("O = %q, N = %q, UVT = %q; quiere %q, %q, %q", v.O, v.N, v.UVT, c.o, c.n, c.umb)
			}
			if (v.LineaUmbral != "") != c.linea {
				t.Errorf("LineaUmbral = %q", v.LineaUmbral)
			}
			if v.S != "$ 30.000.000" || v.NumeroActos != "3" || v.Version != 2 || v.Periodo != "Año 2024: del 01/01/2024 al 31/12/2024" {
				t.Errorf("EvaluacionDe = %+v", v)
			}
			if len(v.Requisitos) != 4 || len(v.Computados) != 1 || v.Computados[0][4] != "$ 10.000.000" {
				t.Errorf("Requisitos = %+v, Computados = %q", v.Requisitos, v.Computados)
			}
		})
	}
	t.Run("art25_inc2_cancelacion_en_sustitucion_el_umbral_es_informativo", func(t *testing.T) {
		r := base
		r.Ruta = string(reincidencia.RutaCancelacionEnSustitucion)
		v := EvaluacionDe(ev, r, reincidencia.Entrada{}, ref, nil)
		for _, q := range v.Requisitos {
			if q.Informativo != (q.Nombre == "Sanciones iguales o superiores al 0,5 % de las operaciones") {
				t.Errorf("requisito %q informativo = %v", q.Nombre, q.Informativo)
			}
		}
	})
}

func TestGraficosDeCaso(t *testing.T) {
	casos := []struct {
		nombre string
		r      contrato.EvaluacionJSON
		n      int
	}{
		{"sin_periodo_ni_actos_no_hay_graficos", contrato.EvaluacionJSON{}, 0},
		{"art25_serie_de_cinco_anios_y_actos_por_gravedad", contrato.EvaluacionJSON{
			Periodo:         contrato.PeriodoJSON{Anio: 2024},
			ActosComputados: []contrato.ComputadoJSON{{Acto: "A-1", Gravedad: "grave"}},
		}, 3},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			gs, err := GraficosDeCaso(c.r, reincidencia.Entrada{}, valores.Integrada())
			if err != nil {
				t.Fatal(err)
			}
			if len(gs) != c.n {
				t.Errorf("%d gráficos; quiere %d", len(gs), c.n)
			}
		})
	}
}

// nombrar names accounts as the pages do, by name and never by login.
func nombrar(login string) string { return "Nombre de " + login }

func TestCasoDe(t *testing.T) {
	caso := dominio.Caso{
		ID: 3, Numero: "CF-2025-0003", Estado: flujo.Reportado, RazonSocial: "Agencia S.A.S.", NIT: "800191045-1",
		FechaComision: fecha.Debe(2025, 1, 10), FechaVerificacion: fecha.Debe(2025, 2, 3), FechaReporte: fecha.Debe(2025, 2, 10),
		SancionPrevista: decimal.RequireFromString("1234567"), PermiteCancelacion: true, CreadoPor: "seccional",
	}
	v := CasoDe(caso, nombrar)
	datos := map[string]string{}
	for _, p := range v.Datos {
		datos[p.Etiqueta] = p.Valor
	}
	casos := []struct{ etiqueta, quiere string }{
		{"Fecha de comisión", "10/01/2025"},
		{"Verificación de los hechos", "03/02/2025"},
		{"Multa prevista", "$ 1.234.567"},
		{"Permite cancelación en sustitución", "Sí"},
		{"Reportado", "10/02/2025 por Nombre de seccional"},
	}
	for _, c := range casos {
		if datos[c.etiqueta] != c.quiere {
			t.Errorf("%s = %q; quiere %q", c.etiqueta, datos[c.etiqueta], c.quiere)
		}
	}
	if v.Numero != "CF-2025-0003" || v.EstadoClave != string(flujo.Reportado) || v.Errores == nil || len(v.Datos) != 10 {
		t.Errorf("CasoDe = %+v", v)
	}
}

func TestVersionDe(t *testing.T) {
	si, no := true, false
	e := dominio.Evaluacion{Version: 3, CreadoEn: "2025-03-01T14:00:00Z", CreadoPor: "analista", Motivo: "corrección de operaciones"}
	casos := []struct {
		nombre string
		r      *contrato.EvaluacionJSON
		quiere string
	}{
		{"art25_procede", &contrato.EvaluacionJSON{ProcedeComite: &si}, "Procede"},
		{"art25_no_procede", &contrato.EvaluacionJSON{ProcedeComite: &no}, "No procede"},
		{"art25_desconocido_no_es_no", &contrato.EvaluacionJSON{Periodo: contrato.PeriodoJSON{Anio: 2024}}, reincidencia.TextoDatosIncompletos(2024)},
		{"instantanea_ilegible", nil, "No procede"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v := VersionDe(e, c.r, nombrar)
			if v.Procede != c.quiere || v.Por != "Nombre de analista" || v.Version != 3 || v.Motivo != e.Motivo {
				t.Errorf("VersionDe = %+v; quiere %q", v, c.quiere)
			}
		})
	}
}

func TestPlazoDe(t *testing.T) {
	cal := calendario.Nuevo(nil)
	vence := fecha.Debe(2025, 3, 14)
	casos := []struct {
		nombre  string
		reporte fecha.Fecha
		enPlazo bool
	}{
		{"art25_dl920_reporte_en_plazo", fecha.Debe(2025, 3, 14), true},
		{"art25_dl920_reporte_tardio_no_anula", fecha.Debe(2025, 3, 17), false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			caso := dominio.Caso{FechaVerificacion: fecha.Debe(2025, 2, 28), FechaReporte: c.reporte}
			v := PlazoDe(cal, fecha.Debe(2025, 4, 1), caso, vence)
			if v.EnPlazo != c.enPlazo || v.Vence != "14/03/2025" || v.Base == "" || v.Fundamento == "" || v.Texto == "" {
				t.Errorf("PlazoDe = %+v", v)
			}
			if v.Semaforo != PlazoDeReporte(cal, fecha.Debe(2025, 4, 1), c.reporte, vence) {
				t.Errorf("semáforo %+v", v.Semaforo)
			}
		})
	}
}

func TestHistoriaDe(t *testing.T) {
	hist := []dominio.EventoCaso{
		{AEstado: flujo.Reportado, Texto: "Reportado", Cuenta: "seccional", En: "2025-02-10T15:00:00Z", EvaluacionVersion: 1},
		{DeEstado: flujo.Reportado, AEstado: flujo.EnEvaluacion, Texto: "Iniciada", Cuenta: "secretaria", En: "2025-02-11T15:00:00Z"},
	}
	v := HistoriaDe(hist, nombrar)
	if len(v) != 2 {
		t.Fatalf("%d eventos", len(v))
	}
	// Newest first; the creation has no previous state.
	if v[0].Detalle != "Iniciada" || v[0].Cuenta != "Nombre de secretaria" || v[0].Evaluacion != "" || v[0].De != flujo.Reportado.Etiqueta() {
		t.Errorf("primero = %+v", v[0])
	}
	if v[1].De != "—" || v[1].Evaluacion != "v1" || v[1].A != flujo.Reportado.Etiqueta() {
		t.Errorf("segundo = %+v", v[1])
	}
}

func TestAccionesCaso(t *testing.T) {
	paso := func(a flujo.Accion) flujo.Paso { return flujo.Paso{Accion: a, Nombre: string(a)} }
	sesion := dominio.SesionDeCaso{ID: 5, Numero: "S-2025-02", Fecha: fecha.Debe(2025, 4, 8)}
	casos := []struct {
		nombre    string
		pasos     []flujo.Paso
		sesiones  []dominio.SesionDeCaso
		quiere    []AccionCaso
		pendiente bool
	}{
		{"iniciar_y_no_procede_con_nota", []flujo.Paso{paso(flujo.IniciarEvaluacion), paso(flujo.DeclararNoProcede)}, nil, []AccionCaso{
			{Clave: string(flujo.IniciarEvaluacion), Nombre: string(flujo.IniciarEvaluacion), Ruta: urls.CasoPaso(9, "iniciar"), Metodo: "post", ConNota: true},
			{Clave: string(flujo.DeclararNoProcede), Nombre: string(flujo.DeclararNoProcede), Ruta: urls.CasoPaso(9, "no-procede"), Metodo: "post", ConNota: true, Confirmar: "El caso quedará cerrado como «no procede». ¿Continuar?"},
		}, false},
		{"art22_concepto_en_la_sesion_mas_reciente", []flujo.Paso{paso(flujo.EmitirConcepto)}, []dominio.SesionDeCaso{sesion, {ID: 4}}, []AccionCaso{
			{Clave: string(flujo.EmitirConcepto), Nombre: "Registrar el concepto en la sesión S-2025-02 del 08/04/2025", Ruta: urls.Concepto(5, 9), Metodo: "get"},
		}, false},
		{"art22_concepto_sin_sesion_lleva_a_las_sesiones", []flujo.Paso{paso(flujo.EmitirConcepto)}, nil, []AccionCaso{
			{Clave: string(flujo.EmitirConcepto), Nombre: "Ir a las sesiones del Comité", Ruta: urls.Sesiones, Metodo: "get"},
		}, true},
		{"corregir_e_informe_van_aparte", []flujo.Paso{paso(flujo.CorregirConcepto), paso(flujo.EmitirInforme), paso(flujo.Cerrar)}, nil, []AccionCaso{
			{Clave: string(flujo.Cerrar), Nombre: string(flujo.Cerrar), Ruta: urls.CasoCierre(9), Metodo: "get"},
		}, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			a, p := AccionesCaso(9, c.pasos, c.sesiones)
			if !reflect.DeepEqual(a, c.quiere) || (p != "") != c.pendiente {
				t.Errorf("AccionesCaso = %+v, %q; quiere %+v", a, p, c.quiere)
			}
		})
	}
}

func TestCriteriosCasoDe(t *testing.T) {
	for _, segunda := range []bool{false, true} {
		ks := flujo.CriteriosDe(segunda)
		v := CriteriosCasoDe(segunda, map[string]string{ks[0].Clave: "escrito"})
		if len(v) != len(ks) || v[0].Texto != "escrito" || v[0].Etiqueta != ks[0].Etiqueta || (len(v) > 1 && v[1].Texto != "") {
			t.Errorf("segunda ruta %v: %+v", segunda, v)
		}
	}
}

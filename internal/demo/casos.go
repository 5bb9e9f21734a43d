package demo

// The demo's story: one case in every state of the workflow
// (docs/reglas.md §3) over the highlighted users, the Comité's sessions
// (three past ones with attendance, quorum, conceptos and acta; one upcoming
// with its orden del día), one concepto of each kind and one corrected, and
// one report made after its deadline. Nothing here writes a row: every step
// is an operation of the application (aplicacion.go) taken by a demo account
// with its role and Dirección Seccional, at the instant the story gives it,
// and the steps run in the order of those instants. A step the workflow
// does not allow fails the load, so the demo only holds states the
// application can produce.

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"
	"context"
	"fmt"
	"sort"
	"time"

	"comite/internal/calendario"
	"comite/internal/db"
	"comite/internal/fecha"
	wf "comite/internal/flujo"
	"comite/internal/plazos"
	"comite/internal/sancion"
	"comite/internal/seccionales"

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
	// sesion: index in sesionesDemo of the session whose orden del día
	// holds the case (and that decides it, when the case gets that far); -1: none.
	sesion int
	// corregido: the Comité corrects a material error of its concepto the day
	// of the session, before the acta is issued.
	corregido bool
}

var casosDemo = []casoDemo{
	// Cartagena (the demo seccional account's): reported, waiting for the Secretaría.
	{0, wf.Reportado, [2]int{9, 8}, [2]int{10, 6}, [2]int{10, 16}, [2]int{10, 22}, sancion.Gravisima, 10_475_000, "",
		"Declaraciones de importación con información inexacta sobre el valor en aduana.", false, -1, false},
	{1, wf.EnEvaluacion, [2]int{7, 14}, [2]int{8, 20}, [2]int{8, 29}, [2]int{9, 2}, sancion.Grave, 7_856_000, "",
		"Entrega de mercancía sin autorización de levante.", false, -1, false},
	// Presented to the Comité in July and still waiting: on the orden del día
	// of the upcoming session.
	{2, wf.EnComite, [2]int{6, 2}, [2]int{7, 1}, [2]int{7, 10}, [2]int{7, 15}, sancion.Gravisima, 26_187_000, "",
		"Transporte de mercancía sin manifiesto de carga.", false, 3, false},
	{3, wf.ConceptoEmitido, [2]int{4, 6}, [2]int{5, 4}, [2]int{5, 15}, [2]int{5, 20}, sancion.Gravisima, 52_374_000, wf.DecisionCancelacion,
		"Almacenamiento de mercancía no autorizada en el depósito.", false, 1, true},
	{4, wf.Cerrado, [2]int{2, 10}, [2]int{3, 2}, [2]int{3, 13}, [2]int{3, 20}, sancion.Grave, 10_475_000, wf.DecisionMultaIncrementada,
		"Ingreso de mercancía a zona franca sin el formulario de movimiento.", false, 0, false},
	// Just under the threshold: the test fails and the case is closed as no procede.
	{8, wf.NoProcede, [2]int{5, 11}, [2]int{6, 3}, [2]int{6, 12}, [2]int{6, 17}, sancion.Grave, 7_856_000, "",
		"Inconsistencias en la declaración de exportación.", false, -1, false},
	// Reported after its deadline (late does not void the case).
	{5, wf.Reportado, [2]int{3, 3}, [2]int{3, 17}, [2]int{3, 20}, [2]int{8, 10}, sancion.Gravisima, 15_712_000, "",
		"Reporte tardío: el expediente estaba completo desde marzo.", false, -1, false},
	// Second route: the infraction allows cancellation in substitution of the
	// fine; the user is under the 0,5 % (informative on this route); the
	// Comité gives no visto bueno and the REA proposes the foreseen fine
	// without the 1.000 UVT increment.
	{8, wf.Cerrado, [2]int{8, 4}, [2]int{8, 25}, [2]int{9, 3}, [2]int{9, 8}, sancion.Gravisima, 20_949_600, wf.DecisionSinVistoBueno,
		"Cancelación en sustitución: uso de la habilitación para almacenar mercancía de terceros no autorizados.", true, 2, false},
	// Cartagena again, with the concepto given: the demo seccional account's
	// own work in «Mis pendientes» (the REA proposal).
	{0, wf.ConceptoEmitido, [2]int{8, 3}, [2]int{9, 1}, [2]int{9, 10}, [2]int{9, 15}, sancion.Grave, 9_120_000, wf.DecisionMultaIncrementada,
		"Declaración de importación presentada sin los documentos soporte exigidos.", false, 2, false},
}

// sesionDemo is one session of the Comité in the story (dates of AnioFinal).
type sesionDemo struct {
	fecha     [2]int
	hora      string
	modalidad string
	convocada [2]int // the day the Secretaría convened it
}

// sesionesDemo are numbered SC-AAAA-001… in this order (the order they are
// convened). The last one is upcoming: convened, with its orden del día,
// no attendance yet.
var sesionesDemo = []sesionDemo{
	{[2]int{4, 16}, "09:00", "mixta", [2]int{4, 6}},
	{[2]int{6, 11}, "09:00", "presencial", [2]int{6, 1}},
	{[2]int{10, 1}, "09:00", "mixta", [2]int{9, 21}},
	{[2]int{12, 15}, "09:00", "mixta", [2]int{11, 20}},
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
	// quorumDemo is the quorum the demo's administrator configures: three members.
	quorumDemo = 3
	// ipDemo is the address the demo accounts work from (the audit and the
	// case's history record one for every step).
	ipDemo = "10.20.0.5"
)

// Cuentas are the demo accounts, one per role: the actors of the story and
// the accounts «comite serve --demo» creates (with the password it prints).
var Cuentas = []dominio.NuevaCuenta{
	{Usuario: "secretaria", Nombre: "Jorge Eliécer Díaz", Rol: permisos.RolSecretaria},
	{Usuario: "comite", Nombre: "Marta Lucía Ríos", Rol: permisos.RolComite},
	{Usuario: "seccional", Nombre: "Luis Alberto Pérez", Rol: permisos.RolSeccional, DireccionSeccional: "Dirección Seccional de Aduanas de Cartagena"},
	{Usuario: "auditor", Nombre: "Ana María Beltrán", Rol: permisos.RolAuditor},
	{Usuario: "admin", Nombre: "Carlos Andrés Rojas", Rol: permisos.RolAdmin},
}

// CargosDemo are the cargos of the people behind the demo accounts: the
// documents name them by name and cargo.
var CargosDemo = map[string]string{
	"secretaria": "Profesional especializado de la Secretaría Técnica",
	"comite":     "Directora de Gestión de Fiscalización",
	"seccional":  "Jefe de la División de Fiscalización Aduanera",
	"auditor":    "Profesional de la Oficina de Control Interno",
	"admin":      "Profesional de la Oficina de Tecnologías de la Información",
}

// CrearCuentaDemo creates a demo account with its cargo.
func CrearCuentaDemo(ctx context.Context, d *db.DB, c dominio.NuevaCuenta) error {
	if err := validar.NuevaCuenta(c); err != nil {
		return err
	}
	if _, err := d.CrearCuenta(ctx, c, dominio.Actor{Cuenta: "sistema"}); err != nil {
		return err
	}
	if err := validar.Cargo(CargosDemo[c.Usuario]); err != nil {
		return err
	}
	return d.FijarCargo(ctx, c.Usuario, CargosDemo[c.Usuario], dominio.Actor{Cuenta: "sistema"})
}

// catalogoDemo is the catalogue of Direcciones Seccionales of a new database.
var catalogoDemo = seccionales.DebeCatalogo(seccionales.Semilla)

// actor is the demo account named usuario taking a step, with its role and
// the code of its Dirección Seccional.
func actor(usuario string) dominio.ActorCaso {
	for _, c := range Cuentas {
		if c.Usuario == usuario {
			a := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: c.Usuario, IP: ipDemo}, Rol: c.Rol}
			if c.DireccionSeccional != "" {
				a.Seccional = catalogoDemo.Nombre(c.DireccionSeccional)
				if cod, err := catalogoDemo.Codigo(c.DireccionSeccional); err == nil {
					a.Seccional = cod
				}
			}
			return a
		}
	}
	panic("demo: no hay cuenta de demostración " + usuario)
}

// seccionalDe is who reports (and later proposes the REA for) a user's
// case: the demo seccional account for users of its own Dirección
// Seccional; for the others the Secretaría Técnica records the report it
// received from their Seccional, which has no account in the demo.
func seccionalDe(u *usuario) dominio.ActorCaso {
	if s := actor("seccional"); s.Seccional == u.seccional {
		return s
	}
	return actor("secretaria")
}

// enBogota is the instant of hh:mm, Colombian time (UTC−5), on day f.
func enBogota(f fecha.Fecha, hh, mm int) time.Time {
	return time.Date(f.Anio(), f.Mes(), f.Dia(), hh+5, mm, 0, 0, time.UTC)
}

func (g *generador) fecha(md [2]int) fecha.Fecha {
	return fecha.Debe(g.anioFinal, time.Month(md[0]), md[1])
}

// inicioHistoria is the instant of the load itself: the data are in the
// application before the first step of the story (2 January, 08:00).
func (g *generador) inicioHistoria() time.Time {
	return enBogota(fecha.Debe(g.anioFinal, 1, 2), 8, 0)
}

// suceso is one step of the story.
type suceso struct {
	en  time.Time
	que string // for errors: «caso 4: presentar»
	f   func() error
}

// historia writes the cases and sessions through the application, one step
// after another in the order of the story's clock (ties keep the order
// they were written in).
func (g *generador) historia(a *aplicacion) error {
	cal := calendario.Nuevo(nil)
	var ss []suceso
	poner := func(en time.Time, que string, f func() error) { ss = append(ss, suceso{en, que, f}) }
	secretaria, admin := actor("secretaria"), actor("admin")

	// With a password, the demo accounts exist from the start of the story,
	// so the documents it issues name the person who issued them.
	if g.o.ClaveCuentas != "" {
		poner(enBogota(fecha.Debe(g.anioFinal, 1, 2), 8, 5), "cuentas de demostración", func() error {
			for _, c := range Cuentas {
				c.Clave = g.o.ClaveCuentas
				if err := CrearCuentaDemo(a.ctx, a.d, c); err != nil {
					return fmt.Errorf("cuenta %s: %w", c.Usuario, err)
				}
			}
			return nil
		})
	}

	poner(enBogota(fecha.Debe(g.anioFinal, 1, 15), 9, 0), "quórum", func() error { return a.fijarQuorum(quorumDemo, admin) })
	// The administrator confirms the internal terms of each stage (the
	// stated defaults), so «Mis pendientes» shows them as set, with who and when.
	poner(enBogota(fecha.Debe(g.anioFinal, 1, 15), 9, 10), "términos internos", func() error {
		dias := map[plazos.Etapa]int{}
		for _, e := range plazos.Etapas {
			dias[e] = plazos.Predeterminados[e]
		}
		return a.terminos(dias, admin)
	})

	// Sessions: convened by the Secretaría; the ones that decide a case get
	// their attendance the morning they sit and their acta the next business day.
	sesiones := make([]int64, len(sesionesDemo))
	decide := make([]bool, len(sesionesDemo))
	for _, cd := range casosDemo {
		if cd.sesion >= 0 && cd.hasta != wf.EnComite {
			decide[cd.sesion] = true
		}
	}
	for j, sd := range sesionesDemo {
		j, f := j, g.fecha(sd.fecha)
		que := fmt.Sprintf("sesión %d", j+1)
		poner(enBogota(g.fecha(sd.convocada), 15, j), que+": convocar", func() error {
			id, err := a.convocar(wf.Sesion{Fecha: f, Hora: sd.hora, Modalidad: sd.modalidad, Lugar: lugarDemo,
				Preside: miembrosDemo[0].Nombre, Secretario: secretarioDemo}, secretaria)
			sesiones[j] = id
			return err
		})
		if !decide[j] {
			continue
		}
		poner(enBogota(f, 8, 30), que+": asistencia", func() error {
			return a.asistencia(sesiones[j], miembrosDemo[0].Nombre, secretarioDemo, miembrosDemo, secretaria)
		})
		poner(enBogota(cal.SumarDiasHabiles(f, 1), 16, 0), que+": acta", func() error { return a.emitirActa(sesiones[j], secretaria) })
	}

	casos := make([]int64, len(casosDemo))
	for i, cd := range casosDemo {
		if cd.usuario >= len(g.usuarios) {
			continue
		}
		g.historiaCaso(a, cal, poner, i, cd, casos, sesiones)
	}

	sort.SliceStable(ss, func(i, j int) bool { return ss[i].en.Before(ss[j].en) })
	for _, s := range ss {
		a.en(s.en)
		if err := s.f(); err != nil {
			return fmt.Errorf("%s (%s): %w", s.que, fecha.DeTiempo(s.en).DMA(), err)
		}
	}
	return nil
}

// historiaCaso puts the steps of one case in the story: report, evaluation,
// informe and presentation by the Secretaría, the orden del día and the
// concepto in its session, a correction, the REA proposal.
func (g *generador) historiaCaso(a *aplicacion, cal *calendario.Calendario, poner func(time.Time, string, func() error), i int, cd casoDemo, casos, sesiones []int64) {
	u := &g.usuarios[cd.usuario]
	secretaria, comite := actor("secretaria"), actor("comite")
	que := fmt.Sprintf("caso %d", i+1)
	llega := func(e wf.Estado) bool {
		orden := []wf.Estado{wf.Reportado, wf.EnEvaluacion, wf.EnComite, wf.ConceptoEmitido, wf.Cerrado}
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
	rep := g.fecha(cd.reporte)
	poner(enBogota(rep, 10, i), que+": reportar", func() error {
		c, err := a.reportar(dominio.NuevoCaso{
			NIT: u.nit, FechaComision: g.fecha(cd.comision), FechaVerificacion: g.fecha(cd.verificacion), FechaExpediente: g.fecha(cd.expediente),
			Gravedad: cd.gravedad, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(cd.prevista), PermiteCancelacion: cd.permite,
			Anclaje: sancion.AnclajeComision, Descripcion: cd.descripcion,
		}, informeDemo(i, cd, u, rep), seccionalDe(u))
		casos[i] = c.ID
		if err != nil || i%2 == 1 {
			return err
		}
		return a.adjuntar(c.ID, fotoDemo(i, u, g.fecha(cd.verificacion)), seccionalDe(u))
	})
	if cd.hasta == wf.Reportado {
		return
	}
	d1 := cal.SumarDiasHabiles(rep, 1)
	poner(enBogota(d1, 9, i), que+": iniciar la evaluación", func() error {
		return a.transicion(casos[i], wf.IniciarEvaluacion, "", secretaria)
	})
	poner(enBogota(d1, 11, i), que+": pruebas de la Secretaría", func() error {
		for _, f := range documentosSecretaria(i, cd, u, g.fecha(cd.verificacion)) {
			if err := a.adjuntar(casos[i], f, secretaria); err != nil {
				return err
			}
		}
		return nil
	})
	if cd.hasta == wf.NoProcede {
		poner(enBogota(d1, 16, i), que+": no procede", func() error {
			return a.transicion(casos[i], wf.DeclararNoProcede, "la participación de las sanciones en las operaciones del año de referencia no alcanza el 0,5 %", secretaria)
		})
		return
	}
	criterios := map[string]string{
		"tipo_usuario":      "Usuario aduanero con operación continua en la jurisdicción.",
		"perjuicio_estado":  "Riesgo para el control aduanero y tributos dejados de pagar en las declaraciones revisadas.",
		"naturaleza_hechos": cd.descripcion,
		"impacto_comercio":  "La medida afectaría a los clientes del usuario; hay otros operadores que pueden atenderlos.",
		"antecedentes":      fmt.Sprintf("%d actos graves o gravísimos en firme en %d.", u.actosRef, g.anioRef),
	}
	if cd.permite {
		criterios["transgresion_procedimientos"] = "Por acción: almacenó mercancía de terceros sin la autorización del depósito."
		criterios["incidencia_penal"] = "No se ha presentado denuncia penal; la conducta no constituye contrabando."
		criterios["otros_hechos"] = "Ninguno acreditado en el expediente."
	}
	if cd.hasta == wf.EnEvaluacion { // criteria half written
		delete(criterios, "impacto_comercio")
		delete(criterios, "antecedentes")
	}
	d2 := cal.SumarDiasHabiles(rep, 2)
	poner(enBogota(d2, 11, i), que+": criterios", func() error { return a.criterios(casos[i], criterios, secretaria) })
	if !llega(wf.EnComite) {
		return
	}
	d4 := cal.SumarDiasHabiles(rep, 4)
	poner(enBogota(d4, 10, i), que+": informe", func() error { return a.emitirInforme(casos[i], secretaria) })
	presentado := enBogota(d4, 15, i)
	poner(presentado, que+": presentar", func() error {
		if err := a.normaSiHaceFalta(casos[i], secretaria); err != nil {
			return err
		}
		return a.transicion(casos[i], wf.Presentar, "para la próxima sesión ordinaria", secretaria)
	})
	if cd.sesion < 0 {
		return
	}
	sd := sesionesDemo[cd.sesion]
	// On the orden del día once the case is presented and the session convened.
	alOrden := enBogota(g.fecha(sd.convocada), 15, cd.sesion)
	if presentado.After(alOrden) {
		alOrden = presentado
	}
	poner(alOrden.Add(time.Hour+time.Duration(i)*time.Minute), que+": orden del día", func() error {
		return a.agregarAlOrden(sesiones[cd.sesion], casos[i], secretaria)
	})
	if !llega(wf.ConceptoEmitido) {
		return
	}
	sesion := g.fecha(sd.fecha)
	c := wf.Concepto{
		Decision: cd.decision,
		Motivacion: map[string]string{
			"naturaleza_hechos": "Los hechos se repiten en el periodo y afectan el control aduanero.",
			"impacto_comercio":  "El impacto sobre el comercio exterior es acotado.",
			"antecedentes":      fmt.Sprintf("El usuario acumula %d actos graves o gravísimos en firme.", u.actosRef),
		},
	}
	if cd.decision.Cancela() {
		c.CriteriosCancelacion = []string{"5.3", "5.7"}
	}
	poner(enBogota(sesion, 9, 30).Add(time.Duration(20*i)*time.Minute), que+": concepto", func() error {
		return a.concepto(sesiones[cd.sesion], casos[i], c, comite)
	})
	if cd.corregido {
		poner(enBogota(sesion, 14, i), que+": corrección del concepto", func() error {
			v, err := a.vigente(casos[i])
			if err != nil {
				return err
			}
			n := v.Concepto
			n.Motivacion = map[string]string{}
			for k, t := range v.Concepto.Motivacion {
				n.Motivacion[k] = t
			}
			n.Motivacion["antecedentes"] += " Los actos se expidieron en la Dirección Seccional que reportó el caso."
			return a.corregir(casos[i], n, "Error material: la motivación sobre los antecedentes omitió la frase que el Comité aprobó sobre la Dirección Seccional de los actos.", comite)
		})
	}
	if !llega(wf.Cerrado) {
		return
	}
	rea := cal.SumarDiasHabiles(sesion, 5)
	poner(enBogota(rea, 11, i), que+": propuesta del REA", func() error { return a.cerrar(casos[i], rea, seccionalDe(u)) })
}

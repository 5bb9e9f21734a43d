package templates

import (
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
)

// sesionDePrueba is a session held on 02/03/2026 with three members and two
// cases: one decided in it, one still en_comite.
func sesionDePrueba() dominio.SesionComite {
	concepto := &dominio.ConceptoGuardado{Concepto: flujo.Concepto{Decision: flujo.DecisionMultaIncrementada}}
	return dominio.SesionComite{ID: 4, Numero: "SC-2026-004",
		Sesion: flujo.Sesion{Fecha: fecha.Debe(2026, 3, 2), Hora: "09:30", Modalidad: "mixta", Lugar: "Sala 5", Preside: "Ana", Secretario: "Jorge",
			Miembros: []flujo.MiembroSesion{{Nombre: "Ana", Cargo: "Directora"}, {Nombre: "Carlos", Cargo: "Subdirector"}, {Nombre: "Lucía", Cargo: "Subdirectora"}}},
		Orden: []dominio.PuntoOrden{
			{Posicion: 1, CasoID: 10, Numero: "CF-2026-0001", RazonSocial: "Uno S.A.S.", NIT: "800197268-4", Estado: flujo.ConceptoEmitido, Concepto: concepto, Vigente: concepto},
			{Posicion: 2, CasoID: 11, Numero: "CF-2026-0002", RazonSocial: "Dos S.A.S.", NIT: "900100200-0", Estado: flujo.EnComite},
		},
		Conceptos: 1, HayQuorum: true, TextoQuoro: "Hay quórum: 3 miembros presentes (mínimo 3).",
	}
}

// A concepto is recorded only inside a session already held, with quorum,
// for a case en_comite; the acta waits for every case of the agenda.
func TestSesionVistaDe_quorumYCelebracion(t *testing.T) {
	casos := []struct {
		nombre             string
		hoy                fecha.Fecha
		cambiar            func(*dominio.SesionComite)
		puede              PuedeEnSesion
		registrar, aplazar bool
		problema           string
	}{
		{"comite_sesion_celebrada_con_quorum", fecha.Debe(2026, 3, 2), nil, PuedeEnSesion{RegistrarConcepto: true}, true, false, "CF-2026-0002"},
		{"comite_sesion_aun_no_celebrada", fecha.Debe(2026, 3, 1), nil, PuedeEnSesion{RegistrarConcepto: true}, false, false, "aún no se ha celebrado"},
		{"comite_sin_quorum", fecha.Debe(2026, 3, 2), func(s *dominio.SesionComite) { s.HayQuorum, s.TextoQuoro = false, "Sin quórum." }, PuedeEnSesion{RegistrarConcepto: true}, false, false, "Sin quórum."},
		{"secretaria_gestiona_y_aplaza", fecha.Debe(2026, 3, 2), nil, PuedeEnSesion{Gestionar: true}, false, true, "CF-2026-0002"},
		{"auditoria_solo_lee", fecha.Debe(2026, 3, 2), nil, PuedeEnSesion{}, false, false, "CF-2026-0002"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := sesionDePrueba()
			if c.cambiar != nil {
				c.cambiar(&s)
			}
			v := SesionVistaDe(s, c.hoy, c.puede, "", nil, "")
			if v.Fecha != "02/03/2026, 09:30 (hora de Colombia)" || v.MiembrosTexto != "Ana; Directora\nCarlos; Subdirector\nLucía; Subdirectora" || len(v.Miembros) != 3 || !v.AsistenciaFija {
				t.Errorf("cabecera %+v", v)
			}
			if len(v.Orden) != 2 || v.Orden[0].Decision == "" || v.Orden[0].Registrar || v.Orden[0].Aplazar || v.Orden[0].Usuario != "Uno S.A.S. · NIT 800197268-4" {
				t.Fatalf("punto decidido %+v", v.Orden)
			}
			if v.Orden[1].Registrar != c.registrar || v.Orden[1].Aplazar != c.aplazar {
				t.Errorf("punto pendiente: registrar %v, aplazar %v; quiere %v, %v", v.Orden[1].Registrar, v.Orden[1].Aplazar, c.registrar, c.aplazar)
			}
			if !strings.Contains(v.ProblemaActa, c.problema) {
				t.Errorf("ProblemaActa %q; quiere …%s…", v.ProblemaActa, c.problema)
			}
			if v.Aplazable {
				t.Error("una sesión con conceptos no se aplaza")
			}
		})
	}
}

func TestSesionVistaDe_formularioTrasUnError(t *testing.T) {
	casos := []struct {
		nombre, form, quiere string
		errs                 map[string]string
	}{
		{"miembros_guardados", "", "Ana; Directora\nCarlos; Subdirector\nLucía; Subdirectora", nil},
		{"miembros_escritos", "Solo uno; cargo", "Solo uno; cargo", map[string]string{"miembros": "Faltan miembros."}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v := SesionVistaDe(sesionDePrueba(), fecha.Debe(2026, 3, 2), PuedeEnSesion{Gestionar: true}, "Revise el formulario.", c.errs, c.form)
			if v.MiembrosTexto != c.quiere || v.Mensaje != "Revise el formulario." || len(v.Errores) != len(c.errs) || v.Errores == nil {
				t.Errorf("formulario %q, errores %v", v.MiembrosTexto, v.Errores)
			}
		})
	}
}

func TestSesionResumenDeYTextos(t *testing.T) {
	s := sesionDePrueba()
	casos := []struct {
		nombre  string
		hoy     fecha.Fecha
		proxima bool
	}{
		{"el_mismo_dia_es_proxima", fecha.Debe(2026, 3, 2), true},
		{"antes_es_proxima", fecha.Debe(2026, 2, 1), true},
		{"despues_ya_paso", fecha.Debe(2026, 3, 3), false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r := SesionResumenDe(s, c.hoy)
			if r.Proxima != c.proxima || r.Fecha != "02/03/2026 09:30" || r.Casos != 2 || r.Conceptos != 1 || r.Modalidad == "" {
				t.Errorf("SesionResumenDe = %+v", r)
			}
		})
	}
	if got := TextoQuorum(4, true); got != "4 miembros" {
		t.Errorf("TextoQuorum(4) = %q", got)
	}
	if got := TextoQuorum(0, false); !strings.HasPrefix(got, "no configurado") {
		t.Errorf("TextoQuorum sin configurar = %q", got)
	}
	a := dominio.Aplazamiento{FechaAnterior: fecha.Debe(2026, 3, 2), HoraAnterior: "09:30", Fecha: fecha.Debe(2026, 3, 25), Hora: "10:00", Motivo: "Agenda del Director"}
	if got := AplazamientoTexto(a, "Sara"); got != "Del 02/03/2026, 09:30 al 25/03/2026, 10:00: Agenda del Director (registró Sara)" {
		t.Errorf("AplazamientoTexto = %q", got)
	}
	ops := OpcionesModalidad("mixta")
	n := 0
	for _, o := range ops {
		if o.Seleccionada {
			n++
			if o.Valor != "mixta" {
				t.Errorf("elegida %q", o.Valor)
			}
		}
	}
	if n != 1 || len(ops) != len(flujo.Modalidades) {
		t.Errorf("modalidades %+v", ops)
	}
}

func TestConceptoEnSesion(t *testing.T) {
	casos := []struct {
		nombre   string
		sesion   *dominio.SesionComite
		accion   string
		volver   string
		enSesion string
	}{
		{"fuera_de_sesion_no_cambia", nil, "/antes", "/volver", ""},
		{"en_sesion_toma_fecha_y_miembros", func() *dominio.SesionComite { s := sesionDePrueba(); return &s }(), "/sesiones/4/casos/11/concepto", "/sesiones/4", "Sesión SC-2026-004 del 02/03/2026, 09:30"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f := FormConcepto{CasoID: 11, Accion: "/antes", Volver: "/volver"}
			ConceptoEnSesion(&f, c.sesion)
			if f.Accion != c.accion || f.Volver != c.volver || f.EnSesion != c.enSesion {
				t.Errorf("form %+v", f)
			}
			if c.sesion != nil && (len(f.MiembrosSesion) != 3 || f.MiembrosSesion[0] != "Ana (Directora)") {
				t.Errorf("miembros %q", f.MiembrosSesion)
			}
		})
	}
}

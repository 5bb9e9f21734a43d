package expediente

// Fixtures of the application's tests: a temporary store with the worked
// example of docs/reglas.md §2 (users written directly, as the store's own
// tests do: data loaded before any case), and helpers that carry a case
// along its workflow through the application.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

const (
	secCartagena = "CARTAGENA"
	secBogota    = "BOGOTA"
	nitEjemplo   = "800191045-1" // the worked example of docs/reglas.md §2: procede
	nitDebajo    = "899999068-1" // the same acts with 15.500.000.000 of operations: 0,4968 %, no procede

	claveAuditoriaDePrueba = "sellado 0\n1 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
)

var (
	sSeccional  = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional", IP: "10.0.0.7"}, Rol: permisos.RolSeccional, Seccional: secCartagena}
	sSecretaria = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria", IP: "10.0.0.2"}, Rol: permisos.RolSecretaria}
	sComite     = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "comite", IP: "10.0.0.3"}, Rol: permisos.RolComite}
	sAuditor    = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "auditor", IP: "10.0.0.4"}, Rol: permisos.RolAuditor}
	sAdmin      = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "admin", IP: "10.0.0.5"}, Rol: permisos.RolAdmin}
	sOtra       = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional-bog", IP: "10.0.0.8"}, Rol: permisos.RolSeccional, Seccional: secBogota}

	actoresTodos = []dominio.ActorCaso{sSeccional, sSecretaria, sComite, sAuditor, sAdmin}
)

// baseCasos is a fresh store with the worked example's user (Cartagena) and
// one just under the threshold, the clock on 17/03/2026 10:00 in Bogotá,
// and cheap password hashing.
func baseCasos(t testing.TB) (*db.DB, *time.Time) {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	if err := os.WriteFile(db.RutaClaveAuditoria(ruta), []byte(claveAuditoriaDePrueba), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), ruta, db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	ahora := time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC)
	d.Now = func() time.Time { return ahora }
	sembrarEjemplo(t, d, 1, nitEjemplo, secCartagena, 1480000000000)
	sembrarEjemplo(t, d, 2, nitDebajo, secCartagena, 1550000000000)
	return d, &ahora
}

// sembrarEjemplo writes a user with the acts A–E of docs/reglas.md §2 and the
// given operations of 2025 (centavos) in 1.600 operations.
func sembrarEjemplo(t testing.TB, d *db.DB, id int64, n, seccional string, ops int64) {
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

func nuevoEjemplo(n string) dominio.NuevoCaso {
	return dominio.NuevoCaso{
		NIT: n, FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000), Descripcion: "Nueva infracción de prueba",
	}
}

func abrir(t testing.TB, d *db.DB, n string, quien dominio.ActorCaso) dominio.Caso {
	t.Helper()
	x := nuevoEjemplo(n)
	x.ConfirmarDuplicado = true // the tests open many cases of the same fact
	c, err := Nuevo(d).AbrirCaso(context.Background(), x, quien)
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

// aspectosSegundaRuta are the criteria and the three other aspects the
// Secretaría documents on the second route.
func aspectosSegundaRuta() map[string]string {
	m := map[string]string{}
	for k, v := range criteriosCompletos {
		m[k] = v
	}
	m["transgresion_procedimientos"] = "Omitió presentar la declaración anticipada."
	m["incidencia_penal"] = "Sin denuncia penal."
	m["otros_hechos"] = "Ninguno."
	return m
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
// quorum of one.
func conceptoEnSesion(d *db.DB, casoID int64, k flujo.Concepto, quien dominio.ActorCaso) (dominio.ConceptoGuardado, error) {
	ctx := context.Background()
	if _, ok, err := d.ParametroQuorum(ctx); err != nil {
		return dominio.ConceptoGuardado{}, err
	} else if !ok {
		if err := Nuevo(d).FijarQuorum(ctx, 1, sAdmin); err != nil {
			return dominio.ConceptoGuardado{}, err
		}
	}
	ses := flujo.Sesion{Fecha: k.FechaSesion, Hora: "09:30", Modalidad: "presencial", Lugar: "Sala del Comité, Nivel Central, Bogotá",
		Preside: "Presidencia del Comité", Secretario: "Secretaría Técnica"}
	for _, m := range k.Miembros {
		ses.Miembros = append(ses.Miembros, flujo.MiembroSesion{Nombre: m, Cargo: "miembro del Comité"})
	}
	s, err := Nuevo(d).ConvocarSesion(ctx, ses, sSecretaria)
	if err != nil {
		return dominio.ConceptoGuardado{}, err
	}
	if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, casoID, sSecretaria); err != nil {
		return dominio.ConceptoGuardado{}, err
	}
	return Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, casoID, k, quien)
}

// llevar moves a case of the worked example along the path up to hasta.
func llevar(t testing.TB, d *db.DB, id int64, hasta flujo.Estado) {
	t.Helper()
	ctx := context.Background()
	x := Nuevo(d)
	c, err := d.Caso(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for c.Estado != hasta {
		switch c.Estado {
		case flujo.Reportado:
			_, err = Nuevo(d).Transicion(ctx, id, flujo.IniciarEvaluacion, "", sSecretaria)
		case flujo.EnEvaluacion:
			if err = Nuevo(d).GuardarCriterios(ctx, id, criteriosCompletos, sSecretaria); err == nil {
				if _, err = x.EmitirInforme(ctx, id, sSecretaria); err == nil {
					_, err = Nuevo(d).Transicion(ctx, id, flujo.Presentar, "sesión ordinaria", sSecretaria)
				}
			}
		case flujo.EnComite:
			_, err = conceptoEnSesion(d, id, conceptoMulta(), sComite)
		case flujo.ConceptoEmitido:
			_, err = Nuevo(d).CerrarCaso(ctx, id, fecha.Debe(2026, 3, 17), sSecretaria)
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

// llevarEvaluacion starts the evaluation, writes the criteria and issues the informe.
func llevarEvaluacion(t *testing.T, d *db.DB, id int64) {
	t.Helper()
	llevarEvaluacionCon(t, Nuevo(d), id)
}

// llevarEvaluacionCon is llevarEvaluacion through x (signed when x.Firma is set).
func llevarEvaluacionCon(t *testing.T, x *Expediente, id int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := x.Transicion(ctx, id, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	if err := x.GuardarCriterios(ctx, id, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := x.EmitirInforme(ctx, id, sSecretaria); err != nil {
		t.Fatal(err)
	}
}

func esPaso(err error) bool {
	var e *flujo.ErrPaso
	return errors.As(err, &e)
}

func sesionEjemplo(miembros int) flujo.Sesion {
	todos := []flujo.MiembroSesion{
		{Nombre: "Ana María Rojas", Cargo: "Directora de Gestión de Fiscalización"},
		{Nombre: "Carlos Pérez", Cargo: "Subdirector de Gestión Jurídica Aduanera"},
		{Nombre: "Lucía Gómez", Cargo: "Subdirectora de Fiscalización Aduanera"},
	}
	return flujo.Sesion{Fecha: fecha.Debe(2026, 3, 17), Hora: "09:30", Modalidad: "mixta", Lugar: "Sala 5, Nivel Central, Bogotá",
		Preside: "Ana María Rojas", Secretario: "Jorge Díaz (Secretaría Técnica)", Miembros: todos[:miembros]}
}

// sesionConCasos convenes a session with n cases en_comite on its agenda.
func sesionConCasos(t *testing.T, d *db.DB, miembros, n int) (dominio.SesionComite, []dominio.Caso) {
	t.Helper()
	ctx := context.Background()
	s, err := Nuevo(d).ConvocarSesion(ctx, sesionEjemplo(miembros), sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	var cs []dominio.Caso
	for range n {
		c := abrir(t, d, nitEjemplo, sSeccional)
		llevar(t, d, c.ID, flujo.EnComite)
		if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, sSecretaria); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return s, cs
}

// adminUVT is the administrator who records UVT rows.
var adminUVT = dominio.Actor{Cuenta: "admin", IP: "10.0.0.9"}

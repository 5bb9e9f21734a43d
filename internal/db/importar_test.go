package db

import (
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"comite/internal/validar"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/importar"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

var fondo = context.Background()

var actorPrueba = dominio.Actor{Cuenta: "admin", IP: "127.0.0.1"}

const dirEjemplos = "../../testdata/importar"

func leerEjemplo(t testing.TB, clase filas.Clase, nombre string) *filas.Lote {
	t.Helper()
	f, err := os.Open(filepath.Join(dirEjemplos, nombre))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, ps := importar.Leer(clase, nombre, f)
	if len(ps) > 0 {
		t.Fatalf("%s: %v", nombre, ps)
	}
	return l
}

func importarEjemplo(t testing.TB, d *DB, clase filas.Clase, nombre string) Resumen {
	t.Helper()
	r, err := d.Importar(fondo, leerEjemplo(t, clase, nombre), actorPrueba, OpcionesImportacion{})
	if err != nil {
		t.Fatalf("importar %s: %v", nombre, err)
	}
	return r
}

func contarFilas(t testing.TB, d *DB, tabla string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM ` + tabla).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func montoPrueba(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// dbConEjemplo is a database with testdata/importar's users, acts and operations.
func dbConEjemplo(t testing.TB) *DB {
	d := abrirTemporal(t)
	importarEjemplo(t, d, filas.Usuarios, "usuarios.csv")
	importarEjemplo(t, d, filas.Sanciones, "sanciones.csv")
	importarEjemplo(t, d, filas.Operaciones, "operaciones.csv")
	importarEjemplo(t, d, filas.Operaciones, "operaciones_declaraciones.csv")
	return d
}

func TestImportar_ejemplosYIdempotencia(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	r := importarEjemplo(t, d, filas.Usuarios, "usuarios.csv")
	if r.Filas != 4 || r.Insertadas != 4 || r.UsuariosNuevos != 3 {
		t.Fatalf("usuarios: %+v", r)
	}
	r = importarEjemplo(t, d, filas.Sanciones, "sanciones.csv")
	if r.Filas != 8 || r.Insertadas != 8 || r.Actualizadas != 0 || r.SinCambios != 0 || r.AuditoriaID == 0 {
		t.Fatalf("sanciones: %+v", r)
	}
	importarEjemplo(t, d, filas.Operaciones, "operaciones.csv")
	importarEjemplo(t, d, filas.Operaciones, "operaciones_declaraciones.csv")
	antes := map[string]int{}
	for _, tabla := range []string{"usuarios_aduaneros", "registros", "actos", "operaciones_anuales", "declaraciones", "auditoria"} {
		antes[tabla] = contarFilas(t, d, tabla)
	}
	if antes["actos"] != 8 || antes["registros"] != 4 || antes["usuarios_aduaneros"] != 3 || antes["operaciones_anuales"] != 3 || antes["declaraciones"] != 3 {
		t.Fatalf("filas: %v", antes)
	}
	// The same files again (the Latin-1 copy of the acts too, and the XLSX): nothing changes;
	// the audit log gains only one event per import.
	for _, c := range []struct {
		clase  filas.Clase
		nombre string
	}{{filas.Usuarios, "usuarios.csv"}, {filas.Sanciones, "sanciones.csv"}, {filas.Sanciones, "sanciones_latin1.csv"},
		{filas.Sanciones, "sanciones.xlsx"}, {filas.Operaciones, "operaciones.csv"}, {filas.Operaciones, "operaciones_declaraciones.csv"}} {
		r := importarEjemplo(t, d, c.clase, c.nombre)
		if r.Insertadas != 0 || r.Actualizadas != 0 || r.SinCambios != r.Filas || r.UsuariosNuevos != 0 || r.UsuariosActualizados != 0 {
			t.Fatalf("%s otra vez: %+v", c.nombre, r)
		}
	}
	for tabla, n := range antes {
		quiere := n
		if tabla == "auditoria" {
			quiere = n + 6
		}
		if got := contarFilas(t, d, tabla); got != quiere {
			t.Errorf("%s: %d filas, quiere %d", tabla, got, quiere)
		}
	}
	if n, err := d.VerificarAuditoria(fondo); err != nil || n != int64(antes["auditoria"]+6) {
		t.Fatalf("VerificarAuditoria = %d, %v", n, err)
	}
}

func TestImportar_filaCambiadaEsActualizacionAuditada(t *testing.T) {
	t.Parallel()
	for _, filaAFila := range []bool{false, true} {
		t.Run(fmt.Sprintf("fila_a_fila_%t", filaAFila), func(t *testing.T) {
			t.Parallel()
			filaCambiada(t, OpcionesImportacion{FilaAFila: filaAFila})
		})
	}
}

func filaCambiada(t *testing.T, o OpcionesImportacion) {
	d := dbConEjemplo(t)
	texto := "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
		"800191045-1;RS-2025-0001;2025-03-04;grave;multa;41.000.000;no\n" + // valor changed
		"800191045-1;RS-2025-0002;2025-07-22;gravisima;multa;25000000;no\n" + // unchanged
		"800191045-1;RS-2026-0001;;grave;multa;1;no\n" // new
	l, ps := importar.Leer(filas.Sanciones, "correccion.csv", strings.NewReader(texto))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	r, err := d.Importar(fondo, l, dominio.Actor{Cuenta: "secretaria1", IP: "10.0.0.7"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Insertadas != 1 || r.Actualizadas != 1 || r.SinCambios != 1 {
		t.Fatalf("resumen %+v", r)
	}
	a, err := d.ActoPorNumero(fondo, "800.191.045-1", "RS-2025-0001")
	if err != nil || !a.Valor.Equal(montoPrueba("41000000")) {
		t.Fatalf("acto = %+v, %v", a, err)
	}
	// The file had no fecha_expedicion nor infraccion: the stored ones stay.
	if a.FechaExpedicion.String() != "2025-02-10" || a.Infraccion != "D920-36-2.1" {
		t.Fatalf("columnas opcionales ausentes borraron datos: %+v", a)
	}
	var cuenta, ip, detalle string
	err = d.QueryRow(`SELECT cuenta, ip, detalle_json FROM auditoria WHERE accion = 'acto.actualizar' AND objeto = 'acto:800191045-1/RS-2025-0001'`).Scan(&cuenta, &ip, &detalle)
	if err != nil {
		t.Fatal(err)
	}
	var det struct {
		Antes, Despues map[string]any
		Importacion    string
		Fila           int
	}
	if err := json.Unmarshal([]byte(detalle), &det); err != nil {
		t.Fatal(err)
	}
	if cuenta != "secretaria1" || ip != "10.0.0.7" || det.Antes["valor_cop"] != "40000000" || det.Despues["valor_cop"] != "41000000" ||
		det.Importacion != "correccion.csv" || det.Fila != 2 {
		t.Fatalf("auditoría: %s %s %s", cuenta, ip, detalle)
	}
}

func TestImportar_nitNoRegistradoNombraFilaYNoEscribe(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	importarEjemplo(t, d, filas.Usuarios, "usuarios.csv")
	auditAntes := contarFilas(t, d, "auditoria")
	_, err := d.Importar(fondo, leerEjemplo(t, filas.Sanciones, "sanciones_nit_no_registrado.csv"), actorPrueba, OpcionesImportacion{})
	var ei *ErrImportacion
	if !errors.As(err, &ei) || len(ei.Problemas) != 1 {
		t.Fatalf("err = %v", err)
	}
	if got := ei.Problemas[0].String(); !strings.HasPrefix(got, "fila 3, nit: el NIT 900000001-2 no está registrado") {
		t.Fatalf("problema = %q", got)
	}
	if contarFilas(t, d, "actos") != 0 || contarFilas(t, d, "auditoria") != auditAntes {
		t.Fatal("una importación rechazada escribió algo")
	}
}

func TestImportar_simularNoEscribe(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	importarEjemplo(t, d, filas.Usuarios, "usuarios.csv")
	audit := contarFilas(t, d, "auditoria")
	r, err := d.Importar(fondo, leerEjemplo(t, filas.Sanciones, "sanciones.csv"), actorPrueba, OpcionesImportacion{Simular: true})
	if err != nil || !r.Simulado || r.Insertadas != 8 || r.AuditoriaID != 0 {
		t.Fatalf("simulación = %+v, %v", r, err)
	}
	if contarFilas(t, d, "actos") != 0 || contarFilas(t, d, "auditoria") != audit {
		t.Fatal("la simulación escribió")
	}
	// A simulated usuarios file also sees users it would create.
	d2 := abrirTemporal(t)
	r, err = d2.Importar(fondo, leerEjemplo(t, filas.Usuarios, "usuarios.csv"), actorPrueba, OpcionesImportacion{Simular: true})
	if err != nil || r.UsuariosNuevos != 3 || contarFilas(t, d2, "usuarios_aduaneros") != 0 {
		t.Fatalf("simulación usuarios = %+v, %v", r, err)
	}
}

func TestImportar_operacionesNoMezclaFormasEnUnAnio(t *testing.T) {
	t.Parallel()
	d := dbConEjemplo(t)
	// 800197268-4 has declarations in 2025: a yearly total for 2025 is refused.
	l, ps := importar.Leer(filas.Operaciones, "o.csv", strings.NewReader("nit;anio;valor;numero_operaciones\n800197268-4;2025;1;1\n800197268-4;2024;1;1\n"))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	_, err := d.Importar(fondo, l, actorPrueba, OpcionesImportacion{})
	var ei *ErrImportacion
	if !errors.As(err, &ei) || len(ei.Problemas) != 1 || ei.Problemas[0].Fila != 2 || ei.Problemas[0].Campo != "anio" ||
		!strings.Contains(ei.Problemas[0].Mensaje, "ya tiene declaraciones cargadas para 2025") {
		t.Fatalf("err = %v", err)
	}
	// And a declaration of 2025 for 800191045-1, which has a yearly total.
	l, _ = importar.Leer(filas.Operaciones, "d.csv", strings.NewReader("nit;fecha;numero_declaracion;valor\n800191045-1;2025-05-05;X1;5\n"))
	_, err = d.Importar(fondo, l, actorPrueba, OpcionesImportacion{})
	if !errors.As(err, &ei) || !strings.Contains(ei.Problemas[0].Mensaje, "ya tiene un total anual cargado para 2025") {
		t.Fatalf("err = %v", err)
	}
	// The single-row methods refuse it too.
	_, err = d.GuardarOperacionAnual(fondo, dominio.OperacionAnual{NIT: "800197268-4", Anio: 2025, Valor: montoPrueba("1"), Numero: 1}, actorPrueba)
	var ef *ErrFormaOperaciones
	if !errors.As(err, &ef) || ef.Anio != 2025 {
		t.Fatalf("GuardarOperacionAnual = %v", err)
	}
	ops, err := d.OperacionesDeUsuario(fondo, "800197268-4")
	if err != nil || len(ops) != 1 || ops[0].Origen != "declaraciones" || ops[0].Numero != 3 || !ops[0].Valor.Equal(montoPrueba("633500000.5")) {
		t.Fatalf("operaciones = %+v, %v", ops, err)
	}
}

func TestGuardar_usuarioRegistroActoOperacionesAuditados(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	d.Now = func() time.Time { return time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC) }
	// The writer's contract: validar first, then the store.
	guardar := func(u dominio.UsuarioAduanero) (int64, Cambio, error) {
		if err := validar.Usuario(&u); err != nil {
			return 0, SinCambios, err
		}
		return d.GuardarUsuario(fondo, u, actorPrueba)
	}
	id, c, err := guardar(dominio.UsuarioAduanero{NIT: "800.191.045-1", RazonSocial: " Agencia Uno ", Tipo: "Agencia de aduanas"})
	if err != nil || c != Insertado || id == 0 {
		t.Fatalf("crear usuario = %d %v %v", id, c, err)
	}
	if _, c, _ = guardar(dominio.UsuarioAduanero{NIT: "800191045-1", RazonSocial: "Agencia Uno", Tipo: "agencia_de_aduanas"}); c != SinCambios {
		t.Fatalf("igual = %v", c)
	}
	if _, c, _ = guardar(dominio.UsuarioAduanero{NIT: "800191045-1", RazonSocial: "Agencia Uno S.A.S.", Tipo: "agencia_de_aduanas", DireccionSeccional: "Bogotá"}); c != Actualizado {
		t.Fatalf("cambio = %v", c)
	}
	if _, _, err := guardar(dominio.UsuarioAduanero{NIT: "800191045-2", RazonSocial: "X", Tipo: "otro"}); err == nil || !strings.Contains(err.Error(), "el correcto es 1") {
		t.Fatalf("DV errado = %v", err)
	}
	reg := dominio.RegistroUsuario{Clase: "registro", VigenteDesde: fecha.Debe(2019, 5, 2)}
	if c, err := d.GuardarRegistro(fondo, "800191045-1", reg, actorPrueba); err != nil || c != Insertado {
		t.Fatalf("registro = %v %v", c, err)
	}
	reg.VigenteHasta = fecha.Debe(2025, 12, 31)
	if c, err := d.GuardarRegistro(fondo, "800191045-1", reg, actorPrueba); err != nil || c != Actualizado {
		t.Fatalf("registro hasta = %v %v", c, err)
	}
	if _, err := d.GuardarRegistro(fondo, "899999068-1", reg, actorPrueba); !errors.Is(err, ErrUsuarioNoRegistrado) {
		t.Fatalf("registro de NIT no registrado = %v", err)
	}
	u, err := d.UsuarioPorNIT(fondo, "800191045-1")
	if err != nil || u.RazonSocial != "Agencia Uno S.A.S." || u.DireccionSeccional != "BOGOTA" || len(u.Registros) != 1 { // «Bogotá» stored as its catalogue code
		t.Fatalf("usuario = %+v, %v", u, err)
	}
	// docs/reglas.md §2.6: registro vigente on the date of commission, both ends inclusive.
	for f, quiere := range map[fecha.Fecha]bool{fecha.Debe(2019, 5, 1): false, fecha.Debe(2019, 5, 2): true, fecha.Debe(2025, 12, 31): true, fecha.Debe(2026, 1, 1): false} {
		if u.RegistroVigente(f) != quiere {
			t.Errorf("RegistroVigente(%s) = %v", f, !quiere)
		}
	}

	acto := dominio.ActoSancion{NIT: "800191045-1", NumeroActo: "RS-1", FechaFirmeza: fecha.Debe(2025, 3, 4), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: montoPrueba("40000000.5")}
	if c, err := d.GuardarActo(fondo, acto, actorPrueba); err != nil || c != Insertado {
		t.Fatalf("acto = %v %v", c, err)
	}
	if c, _ := d.GuardarActo(fondo, acto, actorPrueba); c != SinCambios {
		t.Fatalf("acto igual = %v", c)
	}
	acto.Allanamiento = true
	if c, _ := d.GuardarActo(fondo, acto, actorPrueba); c != Actualizado {
		t.Fatalf("acto con allanamiento = %v", c)
	}
	acto.Valor = montoPrueba("1.005")
	var ev *dominio.ErrValidacion
	if err := validar.Acto(&acto, d.Hoy()); !errors.As(err, &ev) || ev.Campo != "valor" || !strings.Contains(ev.Mensaje, "más de dos decimales") {
		t.Fatalf("tres decimales = %v", err)
	}
	actos, err := d.ActosDeUsuario(fondo, "800191045-1")
	if err != nil || len(actos) != 1 || !actos[0].Valor.Equal(montoPrueba("40000000.5")) || !actos[0].Allanamiento {
		t.Fatalf("actos = %+v, %v", actos, err)
	}
	if c, err := d.GuardarOperacionAnual(fondo, dominio.OperacionAnual{NIT: "800191045-1", Anio: 2025, Valor: montoPrueba("14800000000"), Numero: 1600}, actorPrueba); err != nil || c != Insertado {
		t.Fatalf("operaciones = %v %v", c, err)
	}
	if c, err := d.GuardarDeclaracion(fondo, dominio.Declaracion{NIT: "800191045-1", Numero: "D1", Fecha: fecha.Debe(2024, 6, 1), Valor: montoPrueba("10")}, actorPrueba); err != nil || c != Insertado {
		t.Fatalf("declaración = %v %v", c, err)
	}
	var acciones []string
	rows, _ := d.Query(`SELECT accion FROM auditoria ORDER BY id`)
	for rows.Next() {
		var a string
		rows.Scan(&a)
		acciones = append(acciones, a)
	}
	rows.Close()
	quiere := "usuario.crear usuario.actualizar registro.crear registro.actualizar acto.crear acto.actualizar operaciones.crear declaracion.crear"
	if strings.Join(acciones, " ") != quiere {
		t.Fatalf("auditoría:\n%s\nquiere\n%s", strings.Join(acciones, " "), quiere)
	}
	var det string
	d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'usuario.actualizar'`).Scan(&det)
	if !strings.Contains(det, `"antes":{"direccion_seccional":"","nit":"800191045-1","razon_social":"Agencia Uno"`) || !strings.Contains(det, `"razon_social":"Agencia Uno S.A.S."`) {
		t.Fatalf("detalle = %s", det)
	}
	// One act, one key: written with thousands dots it is the same act;
	// in Excel's scientific notation it is refused. The NIT with a leading
	// zero is the same user.
	mismo := acto
	mismo.NIT, mismo.NumeroActo, mismo.Valor = "0800191045-1", "202.501.000.123", montoPrueba("40000000.5")
	if err := validar.Acto(&mismo, d.Hoy()); err != nil {
		t.Fatalf("acto con puntos: %v", err)
	}
	if c, err := d.GuardarActo(fondo, mismo, actorPrueba); err != nil || c != Insertado {
		t.Fatalf("acto con puntos = %v %v", c, err)
	}
	mismo.NumeroActo = "202501000123"
	if err := validar.Acto(&mismo, d.Hoy()); err != nil {
		t.Fatalf("el mismo acto sin puntos: %v", err)
	}
	if c, err := d.GuardarActo(fondo, mismo, actorPrueba); err != nil || c != SinCambios {
		t.Fatalf("el mismo acto sin puntos = %v %v; quiere sin cambios", c, err)
	}
	mismo.NumeroActo = "2,02501E+11"
	var evc *dominio.ErrValidacion
	if err := validar.Acto(&mismo, d.Hoy()); !errors.As(err, &evc) || evc.Campo != "numero_acto" || !strings.Contains(evc.Mensaje, "notación científica") {
		t.Fatalf("acto en notación científica = %v", err)
	}
}

func TestBuscarUsuarios_porNITYRazonSocialPaginado(t *testing.T) {
	t.Parallel()
	d := dbConEjemplo(t)
	casos := []struct {
		nombre string
		f      FiltroUsuarios
		total  int
		primer string
	}{
		{"todos", FiltroUsuarios{}, 3, "800191045-1"},
		{"nit_con_puntos", FiltroUsuarios{Texto: "800.191"}, 1, "800191045-1"},
		{"nit_completo_con_dv", FiltroUsuarios{Texto: "899999068-1"}, 1, "899999068-1"},
		{"razon_social_sin_mayusculas", FiltroUsuarios{Texto: "zona franca"}, 1, "800197268-4"},
		{"seccional", FiltroUsuarios{Seccional: "CARTAGENA"}, 1, "899999068-1"}, // the code «Cartagena» became
		{"pagina_2_de_1", FiltroUsuarios{Limite: 1, Desde: 1}, 3, "899999068-1"},
		{"comodin_literal", FiltroUsuarios{Texto: "%"}, 0, ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			us, total, err := d.BuscarUsuarios(fondo, c.f)
			if err != nil || total != c.total {
				t.Fatalf("total = %d, %v", total, err)
			}
			if c.primer != "" && (len(us) == 0 || us[0].NIT != c.primer) {
				t.Fatalf("primero = %+v", us)
			}
		})
	}
}

func TestCentavosDe(t *testing.T) {
	t.Parallel()
	for in, quiere := range map[string]int64{"0": 0, "1": 100, "1.5": 150, "1.05": 105, "1.050": 105, "14800000000": 1480000000000, "999999999999999.99": 99999999999999999} {
		if c, err := dominio.CentavosDe(montoPrueba(in)); err != nil || c != quiere {
			t.Errorf("dominio.CentavosDe(%s) = %d, %v; quiere %d", in, c, err, quiere)
		}
	}
	for _, in := range []string{"1.005", "-1", "1000000000000000", "0.001"} {
		if _, err := dominio.CentavosDe(montoPrueba(in)); err == nil {
			t.Errorf("dominio.CentavosDe(%s) aceptado", in)
		}
	}
	if !PesosDeCentavos(105).Equal(montoPrueba("1.05")) {
		t.Error("PesosDeCentavos(105)")
	}
}

// docs/reglas.md §2, worked example, straight from the database through reincidencia.Evaluar.
func TestEvaluarUsuario_ejemploDominio2(t *testing.T) {
	t.Parallel()
	d := dbConEjemplo(t)
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: montoPrueba("10475000"),
	}
	e, r, err := evaluarUsuario(fondo, d, "800191045-1", nueva, sancion.AnclajeComision)
	if err != nil {
		t.Fatal(err)
	}
	if !e.Usuario.RegistroVigente || len(e.Actos) != 5 || len(e.Operaciones) != 2 {
		t.Fatalf("entrada = %+v", e)
	}
	if r.Periodo.Anio != 2025 || r.NumeroActos != 3 || !r.Suma.Equal(montoPrueba("77000000")) || !r.TotalOperaciones.Equal(montoPrueba("14800000000")) ||
		*r.NumeroOperaciones != 1600 || !r.ProcedeComite.EsSi() || r.PlazoReporte.String() != "2026-03-30" {
		t.Fatalf("resultado = %+v", r)
	}
	if r.SancionIncrementada == nil || !r.SancionIncrementada.Total.Equal(montoPrueba("62849000")) {
		t.Fatalf("sanción incrementada = %+v", r.SancionIncrementada)
	}
	// A día inhábil declared by the authority moves the deadline (docs/reglas.md §7).
	if _, err := d.Exec(`INSERT INTO dias_inhabiles(fecha, motivo, creado_por, creado_en) VALUES ('2026-03-20', 'cierre', 'actorPrueba', '2026-03-01T00:00:00Z')`); err != nil {
		t.Fatal(err)
	}
	if _, r, err = evaluarUsuario(fondo, d, "800191045-1", nueva, sancion.AnclajeComision); err != nil || r.PlazoReporte.String() != "2026-03-31" {
		t.Fatalf("plazo con día inhábil = %s, %v", r.PlazoReporte, err)
	}
	// Registro not in force on the date of commission.
	e, err = entradaEvaluacion(fondo, d, "899999068-1", reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2030, 1, 15)}, "")
	if err != nil || e.Usuario.RegistroVigente {
		t.Fatalf("vigencia 2030 = %+v, %v", e.Usuario, err)
	}
	if _, err := entradaEvaluacion(fondo, d, "900000001-2", nueva, ""); !errors.Is(err, ErrUsuarioNoRegistrado) {
		t.Fatalf("NIT no registrado = %v", err)
	}
}

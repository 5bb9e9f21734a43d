package db_test

import (
	"comite/internal/importar/filas"
	"context"
	"sort"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/importar"
	"comite/internal/plazos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// Each kind of write moves the data version in its own transaction — the
// customs data move both counters, the cases and the rest only the general
// one — and a read or a login moves neither. A write by another connection
// (as `comite importar` in another process) is seen too.
func TestVersionDatos_cadaEscrituraLaMueveYUnaLecturaNo(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	nit := nitsDe(t, d, 1)[0]
	admin := dominio.Actor{Cuenta: "admin"}
	otra, err := db.Open(ctx, d.Ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer otra.Close()
	pasos := []struct {
		nombre    string
		hacer     func() error
		aduaneros bool // moves Aduaneros (and General)
		general   bool // moves General
	}{
		{"lectura: perfil, lista de casos, tamizaje", func() error {
			if _, err := d.LeerPerfil(ctx, nit); err != nil {
				return err
			}
			if _, err := d.ListarCasos(ctx, db.FiltroCasos{}); err != nil {
				return err
			}
			_, err := d.ListarDiasInhabiles(ctx)
			return err
		}, false, false},
		{"cuenta nueva", func() error {
			_, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "nueva", Rol: permisos.RolAuditor, Clave: "una-clave-larga-1"}, admin)
			return err
		}, false, true},
		{"ingreso (sesión, intentos)", func() error { _, _, err := d.Ingresar(ctx, "nueva", "una-clave-larga-1", "127.0.0.1"); return err }, false, false},
		{"día inhábil", func() error { return d.AgregarDiaInhabil(ctx, fecha.Debe(2026, 4, 6), "prueba", admin) }, false, true},
		{"términos internos", func() error {
			return expediente.Nuevo(d).FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaEvaluacion: 7}, admin)
		}, false, true},
		{"quórum del Comité", func() error {
			return expediente.Nuevo(d).FijarQuorum(ctx, 3, dominio.ActorCaso{Actor: admin, Rol: permisos.RolAdmin})
		}, false, true},
		{"caso (cualquier escritura de la tabla)", func() error {
			_, err := d.Exec(`UPDATE casos SET descripcion = descripcion || ' ' WHERE id = (SELECT min(id) FROM casos)`)
			return err
		}, false, true},
		{"usuario aduanero", func() error {
			_, _, err := d.GuardarUsuario(ctx, dominio.UsuarioAduanero{NIT: nit, RazonSocial: "Otra Razón Social S.A.S.", Tipo: "agencia_aduanas", DireccionSeccional: "CARTAGENA"}, admin)
			return err
		}, true, true},
		{"acto", func() error {
			_, err := d.GuardarActo(ctx, dominio.ActoSancion{NIT: nit, NumeroActo: "NUEVO-1", FechaFirmeza: fecha.Debe(2025, 5, 5),
				FechaExpedicion: fecha.Debe(2025, 4, 5), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(1000)}, admin)
			return err
		}, true, true},
		{"operaciones anuales", func() error {
			_, err := d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nit, Anio: 2019, Valor: decimal.NewFromInt(5), Numero: 1}, admin)
			return err
		}, true, true},
		{"UVT", func() error {
			return d.GuardarUVT(ctx, 2027, decimal.NewFromInt(54000), "Resolución 000123 de 2026", validar.UVTEnTabla(2027, decimal.NewFromInt(54000)), admin)
		}, true, true},
		{"importación por otra conexión (otro proceso)", func() error {
			f, err := importar.Preparar(ctx, filas.Operaciones, "operaciones.csv",
				strings.NewReader("nit;anio;valor;numero_operaciones\n"+nit+";2018;1000;2\n"), db.OpcionesImportacion{}.Lectura)
			if err != nil {
				return err
			}
			_, err = otra.ImportarFuente(ctx, f, admin, db.OpcionesImportacion{})
			return err
		}, true, true},
		{"escritura rechazada (nada cambia)", func() error {
			if err := d.AgregarDiaInhabil(ctx, fecha.Debe(2026, 4, 6), "otra vez", admin); err == nil {
				t.Fatal("el día repetido no se rechazó")
			}
			return nil
		}, false, false},
	}
	antes, err := d.LeerVersionDatos(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pasos {
		t.Run(p.nombre, func(t *testing.T) {
			if err := p.hacer(); err != nil {
				t.Fatal(err)
			}
			v, err := d.LeerVersionDatos(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if g := v.CambioDesde(antes, true); g != p.aduaneros {
				t.Errorf("datos aduaneros cambiaron = %v, quería %v (%+v → %+v)", g, p.aduaneros, antes, v)
			}
			if g := v.CambioDesde(antes, false); g != p.general {
				t.Errorf("versión general cambió = %v, quería %v (%+v → %+v)", g, p.general, antes, v)
			}
			antes = v
		})
	}
}

// Every table gets the triggers of the data version, except those no cached
// page reads. A table added later without them fails here.
func TestVersionDatos_cadaTablaTieneSusDisparadores(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	sinVersion := map[string]bool{"auditoria": true, "sesiones": true, "intentos_ingreso": true, "bloqueos_ingreso": true,
		"calendario_tokens": true, "migraciones": true, "version_datos": true, "ancla_publicada": true, "nits_fusionados": true, "claves_fusionadas": true,
		// The API's credentials (their last use is written on every call)
		// and its replayed answers: no cached page reads them.
		"cuentas_servicio": true, "api_idempotencia": true,
		// The log of changed users is itself written by the triggers of the
		// data it follows, and read keyed by the version.
		"cambios_usuarios": true, "cambios_usuarios_poda": true,
		// The e-mail outbox (written by the sender all the time) and the
		// kinds of notice each person turned off: read only by their own
		// pages, never cached.
		"correos": true, "correo_avisos_apagados": true}
	filas, err := d.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tablas []string
	for filas.Next() {
		var n string
		filas.Scan(&n)
		tablas = append(tablas, n)
	}
	filas.Close()
	var faltan []string
	for _, tabla := range tablas {
		if sinVersion[tabla] {
			continue
		}
		for _, op := range []string{"insert", "update", "delete"} {
			var n int
			if err := d.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND name = ?`, tabla, "version_datos_"+tabla+"_"+op).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				faltan = append(faltan, tabla+" "+op)
			}
		}
	}
	sort.Strings(faltan)
	if len(faltan) > 0 {
		t.Fatalf("tablas sin disparador de la versión de los datos: %v", faltan)
	}
}

// PlazosReporte reads the deadline of the latest evaluation of exactly the
// cases asked: the same as reading each case, and nothing for an unknown id.
func TestPlazosReporte_soloLosCasosPedidos(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	casos, err := d.ListarCasos(ctx, db.FiltroCasos{})
	if err != nil || len(casos) < 2 {
		t.Fatal("sin casos", err)
	}
	pedidos := []int64{casos[0].ID, casos[1].ID, 999999}
	got, err := d.PlazosReporte(ctx, pedidos)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range pedidos {
		var s string
		err := d.QueryRow(`SELECT coalesce(json_extract(resultado_json, '$.plazo_reporte'), '') FROM evaluaciones WHERE caso_id = ? ORDER BY version DESC LIMIT 1`, id).Scan(&s)
		f, ok := got[id]
		switch {
		case err != nil || s == "":
			if ok {
				t.Errorf("caso %d sin evaluación tiene plazo %v", id, f)
			}
		case !ok || f.String() != s:
			t.Errorf("caso %d: plazo %v, quería %s", id, f, s)
		}
	}
	if len(got) > 2 {
		t.Fatalf("devolvió casos no pedidos: %v", got)
	}
}

// A UVT row written by another process is seen by the next Referencia of this
// one: its cache follows the data version, not only its own writes.
func TestReferencia_sigueLaUVTDeOtroProceso(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	if _, err := d.Referencia().UVTDe(2027); err == nil {
		t.Fatal("la UVT de 2027 ya está")
	}
	otra, err := db.Open(ctx, d.Ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer otra.Close()
	if err := otra.GuardarUVT(ctx, 2027, decimal.NewFromInt(54000), "Resolución 000123 de 2026", validar.UVTEnTabla(2027, decimal.NewFromInt(54000)), dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if u, err := d.Referencia().UVTDe(2027); err != nil || !u.Valor.Equal(decimal.NewFromInt(54000)) {
		t.Fatalf("la UVT de 2027 escrita por otro proceso no se ve: %v %v", u, err)
	}
}

// A large sanciones import takes out the per-row data-version triggers of
// actos for its own transaction (a million rows would move the counter a
// million times) and moves the version once, as the INSERT trigger would: the
// triggers come back exactly as stored, whatever the import ends in, and the
// version moves only when the import wrote something. A small import
// (below db.FilasImportacionMasiva rows) keeps the triggers and the schema as
// they are (a change of schema makes every connection read it again), and
// moves the version once per row written.
func TestVersionDatos_importacionDeActosLaMueveUnaVezYDejaLosDisparadores(t *testing.T) {
	t.Parallel()
	d := demoChica(t)
	ctx := context.Background()
	nit := nitsDe(t, d, 1)[0]
	admin := dominio.Actor{Cuenta: "admin"}
	disparadores := func() string {
		var s string
		if err := d.QueryRow(`SELECT group_concat(name || ': ' || sql, char(10)) FROM (SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'actos' ORDER BY name)`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	versionEsquema := func() int64 {
		var v int64
		if err := d.QueryRow(`PRAGMA schema_version`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	originales := disparadores()
	if strings.Count(originales, "CREATE TRIGGER version_datos_actos_") != 3 {
		t.Fatalf("actos no tiene sus tres disparadores de versión:\n%s", originales)
	}
	const cabecera = "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n"
	for _, modo := range []struct {
		nombre string
		desde  int // OpcionesImportacion.MasivaDesde
		masiva bool
	}{
		{"masiva", 1, true},
		{"pequeña", 0, false},
	} {
		// Act numbers of their own in each mode: the same file twice would change nothing.
		csv := func(filas ...string) string {
			return cabecera + strings.ReplaceAll(strings.Join(filas, "\n"), ";LOTE-", ";LOTE-"+modo.nombre+"-") + "\n"
		}
		nuevas := csv(nit+";LOTE-1;04/03/2025;grave;multa;1000;no", nit+";LOTE-2;05/03/2025;gravisima;multa;2000;no", nit+";LOTE-3;06/03/2025;leve;multa;3000;si")
		pasos := []struct {
			nombre   string
			archivo  string
			simular  bool
			falla    bool
			escritas int64 // rows inserted or changed
		}{
			{"tres actos nuevos", nuevas, false, false, 3},
			{"el mismo archivo otra vez: nada cambia, la versión tampoco", nuevas, false, false, 0},
			{"un valor cambiado", csv(nit + ";LOTE-1;04/03/2025;grave;multa;1500;no"), false, false, 1},
			{"un NIT no registrado: nada se escribe", csv(nit+";LOTE-4;04/03/2025;grave;multa;1000;no", "900000001-7;LOTE-5;04/03/2025;grave;multa;1000;no"), false, true, 0},
			{"simulación: nada se escribe", csv(nit + ";LOTE-6;04/03/2025;grave;multa;1000;no"), true, false, 0},
		}
		for _, p := range pasos {
			t.Run(modo.nombre+"/"+p.nombre, func(t *testing.T) {
				antes, err := d.LeerVersionDatos(ctx)
				if err != nil {
					t.Fatal(err)
				}
				esquema := versionEsquema()
				f, err := importar.Preparar(ctx, filas.Sanciones, "sanciones.csv", strings.NewReader(p.archivo), nil)
				if err != nil {
					t.Fatal(err)
				}
				_, err = d.ImportarFuente(ctx, f, admin, db.OpcionesImportacion{Simular: p.simular, MasivaDesde: modo.desde})
				if (err != nil) != p.falla {
					t.Fatalf("error = %v, quería error: %v", err, p.falla)
				}
				v, err := d.LeerVersionDatos(ctx)
				if err != nil {
					t.Fatal(err)
				}
				paso := p.escritas
				if modo.masiva && paso > 0 {
					paso = 1
				}
				if v.Aduaneros != antes.Aduaneros+paso || v.General != antes.General+paso {
					t.Errorf("versión %+v → %+v, quería +%d en cada contador", antes, v, paso)
				}
				if g := disparadores(); g != originales {
					t.Errorf("los disparadores de actos cambiaron:\n%s\nquería:\n%s", g, originales)
				}
				if g := versionEsquema(); !modo.masiva && g != esquema {
					t.Errorf("una importación pequeña cambió el esquema (schema_version %d → %d)", esquema, g)
				}
			})
		}
	}
	// The triggers put back still fire, row by row, for any other writer.
	antes, _ := d.LeerVersionDatos(ctx)
	if _, err := d.Exec(`UPDATE actos SET valor_centavos = valor_centavos + 1 WHERE numero_acto IN ('LOTE-masiva-1', 'LOTE-masiva-2')`); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.LeerVersionDatos(ctx); v.Aduaneros != antes.Aduaneros+2 {
		t.Errorf("tras la importación, dos filas cambiadas movieron la versión %+v → %+v", antes, v)
	}
}

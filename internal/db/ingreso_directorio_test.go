package db

import (
	"comite/internal/directorio"
	dp "comite/internal/directorio/directorioprueba"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

var (
	dirAna   = dp.Persona{UID: "ana", Clave: "clave-de-ana-en-el-directorio", Nombre: "Ana Gómez", Grupos: []string{dp.GrupoComite}}
	dirBeto  = dp.Persona{UID: "beto", Clave: "clave-de-beto-en-el-directorio", Nombre: "Beto Ruiz", Seccional: "MEDELLIN", Correo: "beto.ruiz@dian.gov.co", Grupos: []string{dp.GrupoSeccion}}
	dirAdmin = dp.Persona{UID: "admin", Clave: "clave-del-directorio-no-la-local", Nombre: "Impostor", Grupos: []string{dp.GrupoAdmin}}
)

// directorioDePrueba starts slapd and points the store at it.
func directorioDePrueba(t *testing.T, d *DB) *dp.Servidor {
	t.Helper()
	s := dp.Iniciar(t, dirAna, dirBeto, dirAdmin)
	c, err := directorio.LeerCorrespondencia(strings.NewReader(dp.GrupoAdmin + " admin\n" + dp.GrupoComite + " comite\n" +
		dp.GrupoSecret + " secretaria\n" + dp.GrupoSeccion + " seccional\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := directorio.Config{URL: s.URL, Base: dp.Base, BaseGrupos: dp.Grupos, AtributoSeccional: "departmentNumber", Correspondencia: c, TLS: s.TLS}
	d.FijarDirectorio(func(ctx context.Context, usuario, clave string) (RespuestaDirectorio, error) {
		r, err := directorio.Autenticar(ctx, cfg, usuario, clave)
		return RespuestaDirectorio{Motivo: r.Motivo, Nombre: r.Nombre, Correo: r.Correo, Rol: r.Rol, Seccional: r.Seccional}, err
	})
	return s
}

func accionesAuditadas(t *testing.T, d *DB, objeto string) []string {
	t.Helper()
	filas, _, err := d.ListarAuditoria(context.Background(), FiltroAuditoria{Objeto: objeto, PorPagina: 100, Pagina: 1})
	if err != nil {
		t.Fatal(err)
	}
	var r []string
	for i := len(filas) - 1; i >= 0; i-- {
		r = append(r, filas[i].Accion+" "+filas[i].Detalle)
	}
	return r
}

func TestDirectorioIngresoCreaLaCuentaConRolDelGrupo(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	if r := intentar(t, d, ahora, time.Second, "ana", "equivocada", "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("clave equivocada: %v", r.Resultado)
	}
	r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1")
	if r.Resultado != IngresoCorrecto || r.Cuenta.Rol != permisos.RolComite || r.Cuenta.Nombre != "Ana Gómez" || r.Cuenta.ID == 0 {
		t.Fatalf("clave correcta: %v %+v", r.Resultado, r.Cuenta)
	}
	var origen, hash string
	if err := d.QueryRow(`SELECT origen, clave_hash FROM cuentas WHERE usuario = 'ana'`).Scan(&origen, &hash); err != nil || origen != OrigenDirectorio || hash != "" {
		t.Fatalf("cuenta: origen %q, clave %q, %v", origen, hash, err)
	}
	// The second login reuses the account.
	if r2 := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1"); r2.Cuenta.ID != r.Cuenta.ID {
		t.Fatalf("segunda vez: %+v", r2.Cuenta)
	}
	a := strings.Join(accionesAuditadas(t, d, "cuenta:ana"), "\n")
	for _, w := range []string{`sesion.ingreso {"exito":false,"motivo":"clave_incorrecta","origen":"directorio"}`, `cuenta.crear`, `"motivo":"correcto"`} {
		if !strings.Contains(a, w) {
			t.Errorf("la auditoría no dice %s:\n%s", w, a)
		}
	}
}

func TestDirectorioSeccionalDelAtributo(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	r := intentar(t, d, ahora, time.Second, "beto", dirBeto.Clave, "10.0.0.1")
	if r.Resultado != IngresoCorrecto || r.Cuenta.Rol != permisos.RolSeccional || r.Cuenta.DireccionSeccional != "MEDELLIN" {
		t.Fatalf("%v %+v", r.Resultado, r.Cuenta)
	}
	// The directory's mail attribute is the account's address (audited);
	// an account without one in the directory keeps the administrator's.
	if dir, err := d.CorreoDeCuenta(context.Background(), r.Cuenta.ID); err != nil || dir != "beto.ruiz@dian.gov.co" {
		t.Errorf("correo %q, %v", dir, err)
	}
	if a := strings.Join(accionesAuditadas(t, d, "cuenta:beto"), "\n"); !strings.Contains(a, `cuenta.correo {"antes":"","despues":"beto.ruiz@dian.gov.co"}`) {
		t.Errorf("la auditoría no dice el correo del directorio:\n%s", a)
	}
}

func TestDirectorioQuitadoDelGrupoRechazadoYSinSesiones(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	s := directorioDePrueba(t, d)
	ctx := context.Background()
	r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1")
	if r.Resultado != IngresoCorrecto {
		t.Fatal(r.Resultado)
	}
	token, _, err := d.CrearSesion(ctx, r.Cuenta.ID, "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	s.QuitarDeGrupo(dirAna, dp.GrupoComite)
	if r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("quitada del grupo: %v", r.Resultado)
	}
	if _, _, err := d.SesionVigente(ctx, token); err != ErrSinSesion {
		t.Fatalf("su sesión siguió viva: %v", err)
	}
	a := strings.Join(accionesAuditadas(t, d, "cuenta:ana"), "\n")
	if !strings.Contains(a, `"motivo":"sin_grupo"`) || !strings.Contains(a, "sesion.cerrada_por_directorio") {
		t.Fatalf("auditoría:\n%s", a)
	}
	// Back in another group: another role, audited as a role change.
	s.AgregarAGrupo(dirAna, dp.GrupoSecret)
	if r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1"); r.Resultado != IngresoCorrecto || r.Cuenta.Rol != permisos.RolSecretaria {
		t.Fatalf("de vuelta: %v %+v", r.Resultado, r.Cuenta)
	}
	if a := strings.Join(accionesAuditadas(t, d, "cuenta:ana"), "\n"); !strings.Contains(a, `cuenta.cambiar_rol {"a":"secretaria","de":"comite"`) {
		t.Fatalf("el cambio de rol no quedó en la auditoría:\n%s", a)
	}
}

// The local break-glass administrator keeps its local password even when the
// directory has a user of the same name: the directory is not asked.
func TestDirectorioAdministradorLocalSigueEntrando(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	if r := intentar(t, d, ahora, time.Second, "admin", "clave-correcta-de-ana", "10.0.0.1"); r.Resultado != IngresoCorrecto {
		t.Fatalf("administrador local: %v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "admin", dirAdmin.Clave, "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("la clave del directorio entró a la cuenta local: %v", r.Resultado)
	}
	// A local account cannot take the name of a directory account.
	intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1")
	if _, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "ana", Rol: permisos.RolAdmin, Clave: "otra-clave-larga-local"}, dominio.Actor{Cuenta: "admin"}); err != ErrCuentaExiste {
		t.Fatalf("cuenta local con el nombre de una del directorio: %v", err)
	}
}

// Without the directory, a directory account cannot log in (it has no local password).
func TestDirectorioSinConfigurarNoEntra(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1")
	d.FijarDirectorio(nil)
	if r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("%v", r.Resultado)
	}
	if r := intentar(t, d, ahora, time.Second, "ana", "", "10.0.0.1"); r.Resultado != IngresoFallido {
		t.Fatalf("clave vacía: %v", r.Resultado)
	}
}

// The throttle still applies to directory logins.
func TestDirectorioRespetaElLimitador(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	for i := 0; i < MaxFallosPar; i++ {
		intentar(t, d, ahora, time.Second, "ana", "mala", "10.0.0.1")
	}
	if r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1"); r.Resultado != IngresoBloqueado {
		t.Fatalf("%v", r.Resultado)
	}
}

// A directory account has no local password to change or reset.
func TestDirectorioSinClaveLocal(t *testing.T) {
	d, ahora := ingresoDePrueba(t)
	directorioDePrueba(t, d)
	r := intentar(t, d, ahora, time.Second, "ana", dirAna.Clave, "10.0.0.1")
	ctx := context.Background()
	if _, err := d.RestablecerClave(ctx, r.Cuenta.ID, dominio.Actor{Cuenta: "admin"}); !errors.Is(err, ErrClaveDelDirectorio) {
		t.Fatalf("restablecer: %v", err)
	}
	err := d.CambiarClave(ctx, r.Cuenta.ID, dirAna.Clave, "otra-clave-larga-nueva", func(string) error { return nil }, dominio.Actor{Cuenta: "ana"})
	var ev *dominio.ErrValidacion
	if !errors.As(err, &ev) || ev.Campo != "actual" {
		t.Fatalf("cambiar: %v", err)
	}
}

package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
)

// argon2Barato is the argon2id cost of the test stores (hash format and
// checks unchanged); abrirTemporal opens with it.
var argon2Barato = ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}

// relojFijo makes d.Now a clock the test moves.
func relojFijo(d *DB, t0 time.Time) *time.Time {
	ahora := t0
	d.Now = func() time.Time { return ahora }
	return &ahora
}

func TestCuentas_HashClave_formatoPHCyVerificacion(t *testing.T) {
	t.Parallel()
	h, err := HashClave(argon2Barato, "una clave larga")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash sin formato PHC: %s", h)
	}
	if !VerificarClave("una clave larga", h) {
		t.Fatal("la clave correcta no verifica")
	}
	casos := map[string]string{
		"clave_distinta":      "una clave larga.",
		"clave_vacia":         "",
		"mayusculas_importan": "UNA CLAVE LARGA",
	}
	for nombre, c := range casos {
		t.Run(nombre, func(t *testing.T) {
			if VerificarClave(c, h) {
				t.Fatalf("%q verificó", c)
			}
		})
	}
	for _, malo := range []string{"", "$argon2i$v=19$m=1024,t=1,p=1$AAAA$AAAA", "$argon2id$v=19$m=0,t=1,p=1$AAAA$AAAA", h[:len(h)-3] + "!!!"} {
		if VerificarClave("una clave larga", malo) {
			t.Fatalf("hash inválido %q verificó", malo)
		}
	}
	h2, _ := HashClave(argon2Barato, "una clave larga")
	if h == h2 {
		t.Fatal("dos hashes de la misma clave son iguales: falta la sal aleatoria")
	}
}

func TestCuentas_CrearValidaYAudita(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	quien := dominio.Actor{Cuenta: "admin", IP: "127.0.0.1"}
	casos := []struct {
		nombre string
		n      dominio.NuevaCuenta
		campo  string
	}{
		{"sin_usuario", dominio.NuevaCuenta{Rol: permisos.RolAdmin, Clave: "0123456789ab"}, "usuario"},
		{"usuario_con_espacio", dominio.NuevaCuenta{Usuario: "a b", Rol: permisos.RolAdmin, Clave: "0123456789ab"}, "usuario"},
		{"rol_desconocido", dominio.NuevaCuenta{Usuario: "x", Rol: "jefe", Clave: "0123456789ab"}, "rol"},
		{"seccional_sin_direccion", dominio.NuevaCuenta{Usuario: "x", Rol: permisos.RolSeccional, Clave: "0123456789ab"}, "seccional"},
		{"clave_de_once_caracteres", dominio.NuevaCuenta{Usuario: "x", Rol: permisos.RolAdmin, Clave: "0123456789a"}, "clave"},
		{"usuario_con_espacio_de_ancho_cero", dominio.NuevaCuenta{Usuario: "a\u200bb", Rol: permisos.RolAdmin, Clave: "0123456789ab"}, "usuario"},
		{"usuario_con_separador_de_linea", dominio.NuevaCuenta{Usuario: "a\u2028b", Rol: permisos.RolAdmin, Clave: "0123456789ab"}, "usuario"},
		{"usuario_de_uso_privado", dominio.NuevaCuenta{Usuario: "a\ue000b", Rol: permisos.RolAdmin, Clave: "0123456789ab"}, "usuario"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			err := validar.NuevaCuenta(c.n)
			if err == nil {
				_, err = d.CrearCuenta(ctx, c.n, quien)
			}
			var ev *dominio.ErrValidacion
			if !errors.As(err, &ev) || ev.Campo != c.campo {
				t.Fatalf("error = %v, quiere campo %s", err, c.campo)
			}
		})
	}
	c, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "Ana", Nombre: "Ana Pérez", Rol: permisos.RolSeccional, DireccionSeccional: "Dirección Seccional de Aduanas de Cartagena", Clave: "0123456789ab"}, quien)
	if err != nil {
		t.Fatalf("clave de doce caracteres: %v", err)
	}
	if c.ID == 0 || !c.Activa || c.Rol != permisos.RolSeccional {
		t.Fatalf("cuenta = %+v", c)
	}
	if _, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "ANA", Rol: permisos.RolAdmin, Clave: "0123456789ab"}, quien); !errors.Is(err, ErrCuentaExiste) {
		t.Fatalf("nombre repetido sin distinguir mayúsculas: %v", err)
	}
	var n int
	if c.Usuario != "ana" {
		t.Fatalf("el nombre se guarda normalizado y plegado: %q", c.Usuario)
	}
	// Full-width letters and other compatibility forms are the same name.
	for _, igual := range []string{"ａｎａ", "ＡＮＡ", " Ana "} {
		if _, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: igual, Rol: permisos.RolAdmin, Clave: "0123456789ab"}, quien); !errors.Is(err, ErrCuentaExiste) {
			t.Fatalf("%q junto a ana: %v", igual, err)
		}
	}
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'cuenta.crear' AND objeto = 'cuenta:ana' AND cuenta = 'admin'`).Scan(&n)
	if n != 1 {
		t.Fatalf("filas de auditoría de la creación = %d", n)
	}
	if _, err := d.VerificarAuditoria(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestCuentas_IngresarRegistraCadaIntento(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	relojFijo(d, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
	c, _ := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "sec", Rol: permisos.RolSecretaria, Clave: "clave-secreta-1"}, dominio.Actor{Cuenta: "sistema"})
	casos := []struct {
		nombre, usuario, clave string
		quiere                 ResultadoIngreso
	}{
		{"clave_correcta", "sec", "clave-secreta-1", IngresoCorrecto},
		{"usuario_sin_distinguir_mayusculas", "SEC", "clave-secreta-1", IngresoCorrecto},
		{"clave_incorrecta", "sec", "otra", IngresoFallido},
		{"usuario_desconocido", "nadie", "clave-secreta-1", IngresoFallido},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			got, r, err := d.Ingresar(ctx, k.usuario, k.clave, "10.0.0.1")
			if err != nil || r != k.quiere {
				t.Fatalf("Ingresar = %v, %v; quiere %v", r, err, k.quiere)
			}
			if r == IngresoCorrecto && got.ID != c.ID {
				t.Fatalf("cuenta = %+v", got)
			}
		})
	}
	if err := d.CambiarEstadoCuenta(ctx, c.ID, false, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if _, r, _ := d.Ingresar(ctx, "sec", "clave-secreta-1", "10.0.0.1"); r != IngresoFallido {
		t.Fatalf("cuenta deshabilitada ingresó: %v", r)
	}
	var intentos, auditados int
	d.QueryRow(`SELECT count(*) FROM intentos_ingreso`).Scan(&intentos)
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'sesion.ingreso'`).Scan(&auditados)
	if intentos != 5 || auditados != 5 {
		t.Fatalf("intentos = %d, auditados = %d; quiere 5 y 5", intentos, auditados)
	}
}

func TestSesiones_VencenPorInactividadYDuracionMaxima(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 2, 13, 0, 0, 0, time.UTC)
	ahora := relojFijo(d, t0)
	c, _ := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "aud", Rol: permisos.RolAuditor, Clave: "clave-secreta-1"}, dominio.Actor{})

	casos := []struct {
		nombre  string
		pasos   []time.Duration // each step: advance the clock, then use the session
		vigente bool
	}{
		{"inactividad_29_minutos_sigue", []time.Duration{29 * time.Minute}, true},
		{"inactividad_30_minutos_vence", []time.Duration{30 * time.Minute}, false},
		{"uso_cada_20_minutos_hasta_11h59", pasosCada(20*time.Minute, 12*time.Hour-time.Minute), true},
		{"uso_cada_20_minutos_vence_a_las_12h", pasosCada(20*time.Minute, 12*time.Hour), false},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			*ahora = t0
			token, _, err := d.CrearSesion(ctx, c.ID, "10.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			var errUlt error
			for _, p := range k.pasos {
				*ahora = ahora.Add(p)
				_, _, errUlt = d.SesionVigente(ctx, token)
			}
			if k.vigente != (errUlt == nil) {
				t.Fatalf("vigente = %v, quiere %v (%v)", errUlt == nil, k.vigente, errUlt)
			}
		})
	}
}

// pasosCada returns steps of paso whose sum is total (the last one shorter).
func pasosCada(paso, total time.Duration) []time.Duration {
	var out []time.Duration
	for total > 0 {
		p := min(paso, total)
		out = append(out, p)
		total -= p
	}
	return out
}

func TestSesiones_TokenNuevoSoloHashYCierre(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	c, _ := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "adm", Rol: permisos.RolAdmin, Clave: "clave-secreta-1"}, dominio.Actor{})
	t1, s1, _ := d.CrearSesion(ctx, c.ID, "ip")
	t2, s2, _ := d.CrearSesion(ctx, c.ID, "ip")
	if t1 == t2 || s1.CSRF == s2.CSRF || len(t1) < 40 {
		t.Fatal("cada ingreso debe dar un token y un CSRF nuevos y largos")
	}
	var n int
	d.QueryRow(`SELECT count(*) FROM sesiones WHERE token_hash = ? OR csrf = ?`, t1, t1).Scan(&n)
	if n != 0 {
		t.Fatal("el token se guardó en claro")
	}
	if _, got, err := d.SesionVigente(ctx, t1); err != nil || got.Usuario != "adm" {
		t.Fatalf("SesionVigente = %+v, %v", got, err)
	}
	if _, _, err := d.SesionVigente(ctx, t1+"x"); !errors.Is(err, ErrSinSesion) {
		t.Fatalf("token alterado: %v", err)
	}
	if err := d.CerrarSesion(ctx, t1, dominio.Actor{Cuenta: "adm"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.SesionVigente(ctx, t1); !errors.Is(err, ErrSinSesion) {
		t.Fatalf("sesión cerrada sigue vigente: %v", err)
	}
	if _, _, err := d.SesionVigente(ctx, t2); err != nil {
		t.Fatalf("cerrar una sesión cerró otra: %v", err)
	}
	// Disabling the account ends its sessions.
	if err := d.CambiarEstadoCuenta(ctx, c.ID, false, dominio.Actor{Cuenta: "otro"}); err != nil {
		t.Fatal(err)
	}
	if k, _ := d.ContarSesiones(ctx, c.ID); k != 0 {
		t.Fatalf("sesiones tras deshabilitar = %d", k)
	}
	if _, _, err := d.SesionVigente(ctx, t2); !errors.Is(err, ErrSinSesion) {
		t.Fatalf("sesión de cuenta deshabilitada: %v", err)
	}
}

func TestAdministracion_DiasInhabilesYAuditoriaFiltrada(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	relojFijo(d, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
	q := dominio.Actor{Cuenta: "adm", IP: "1.2.3.4"}
	f := fecha.Debe(2026, 4, 6)
	if err := d.AgregarDiaInhabil(ctx, f, "Resolución 0001 de 2026", q); err != nil {
		t.Fatal(err)
	}
	if err := d.AgregarDiaInhabil(ctx, f, "otra vez", q); !errors.Is(err, ErrDiaInhabilExiste) {
		t.Fatalf("fecha repetida: %v", err)
	}
	var ev *dominio.ErrValidacion
	if _, err := validar.DiaInhabil(fecha.Debe(2026, 4, 7), " "); !errors.As(err, &ev) || ev.Campo != "motivo" {
		t.Fatalf("sin motivo: %v", err)
	}
	dias, _ := d.ListarDiasInhabiles(ctx)
	if len(dias) != 1 || !dias[0].Fecha.Igual(f) || dias[0].CreadoPor != "adm" {
		t.Fatalf("días = %+v", dias)
	}
	if err := d.QuitarDiaInhabil(ctx, f, q); err != nil {
		t.Fatal(err)
	}
	if err := d.QuitarDiaInhabil(ctx, f, q); !errors.Is(err, ErrDiaInhabilNoExiste) {
		t.Fatalf("quitar dos veces: %v", err)
	}
	filas, total, err := d.ListarAuditoria(ctx, FiltroAuditoria{Accion: "dia_inhabil.", Cuenta: "ADM"})
	if err != nil || total != 2 || len(filas) != 2 || filas[0].Accion != "dia_inhabil.quitar" {
		t.Fatalf("auditoría filtrada = %d %+v %v", total, filas, err)
	}
	// 15:00 UTC is 10:00 in Bogotá, 2 March: inside [02/03, 02/03], outside [03/03, …].
	if _, total, _ := d.ListarAuditoria(ctx, FiltroAuditoria{Desde: fecha.Debe(2026, 3, 2), Hasta: fecha.Debe(2026, 3, 2)}); total != 2 {
		t.Fatalf("filtro del mismo día = %d", total)
	}
	if _, total, _ := d.ListarAuditoria(ctx, FiltroAuditoria{Desde: fecha.Debe(2026, 3, 3)}); total != 0 {
		t.Fatalf("filtro desde el día siguiente = %d", total)
	}
	if _, total, _ := d.ListarAuditoria(ctx, FiltroAuditoria{Objeto: "2026-04"}); total != 2 {
		t.Fatalf("filtro por objeto = %d", total)
	}
}

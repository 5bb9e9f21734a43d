package web

import (
	"comite/internal/permisos"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/graficos"

	"github.com/PuerkitoBio/goquery"
)

func TestCuentas_crearConErroresJuntoAlCampoYLuegoCorrecta(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	doc := documento(t, e.pedir("GET", "/admin/cuentas/nueva", &s, nil))
	for _, c := range []string{"usuario", "nombre", "rol", "seccional", "clave"} {
		if testid(doc, "campo-"+c).Find("label").Length() != 1 {
			t.Fatalf("el campo %s no tiene etiqueta", c)
		}
	}
	casos := []struct {
		nombre string
		form   url.Values
		campo  string
	}{
		{"clave_corta", url.Values{"usuario": {"jperez"}, "rol": {"comite"}, "clave": {"123"}}, "clave"},
		{"sin_rol", url.Values{"usuario": {"jperez"}, "rol": {""}, "clave": {claveTest}}, "rol"},
		{"seccional_sin_direccion", url.Values{"usuario": {"jperez"}, "rol": {"seccional"}, "clave": {claveTest}}, "seccional"},
		{"usuario_repetido", url.Values{"usuario": {"ADMIN2"}, "rol": {"comite"}, "clave": {claveTest}}, "usuario"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("POST", "/admin/cuentas", &s, c.form)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if testid(doc, "error-"+c.campo).Text() == "" {
				t.Fatalf("no hay mensaje junto al campo %s", c.campo)
			}
			if v, _ := doc.Find(`input[name="usuario"]`).Attr("value"); v != c.form.Get("usuario") {
				t.Fatalf("el formulario no conserva lo escrito: %q", v)
			}
			if _, ok := doc.Find(`input[name="clave"]`).Attr("value"); ok {
				t.Fatal("el formulario devuelve la clave")
			}
		})
	}
	rec := e.pedir("POST", "/admin/cuentas", &s, url.Values{"usuario": {"jperez"}, "nombre": {"Juan Pérez"}, "rol": {"seccional"},
		"seccional": {"Dirección Seccional de Aduanas de Bogotá"}, "clave": {claveTest}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/cuentas?aviso=cuenta_creada" {
		t.Fatalf("crear: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	doc = documento(t, e.pedir("GET", rec.Header().Get("Location"), &s, nil))
	if !strings.Contains(testid(doc, "aviso").Text(), "Cuenta creada") {
		t.Fatal("falta el aviso")
	}
	if fila := testid(doc, "cuenta-jperez").Text(); !strings.Contains(fila, "Juan Pérez") || !strings.Contains(fila, "BOGOTA") { // the catalogue code (internal/seccionales)
		t.Fatalf("fila = %q", fila)
	}
	var quien, ip string
	e.d.QueryRow(`SELECT cuenta, ip FROM auditoria WHERE accion = 'cuenta.crear' AND objeto = 'cuenta:jperez'`).Scan(&quien, &ip)
	if quien != "admin" || ip != "127.0.0.1" {
		t.Fatalf("auditoría: cuenta %q ip %q", quien, ip)
	}
	// The new account can sign in.
	if rec := e.navegador().login("jperez", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("la cuenta nueva no ingresa: %d", rec.Code)
	}
}

func TestCuentas_auditorVeLaListaSinFormularios(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("auditor")
	doc := documento(t, e.pedir("GET", "/admin/cuentas", &s, nil))
	if testid(doc, "tabla-cuentas").Find("tbody tr").Length() != len(e.cuentas) {
		t.Fatal("la lista no tiene todas las cuentas")
	}
	if testid(doc, "crear-cuenta").Length() != 0 || doc.Find(`[data-testid^="editar-"]`).Length() != 0 || doc.Find("form[method=post]").Length() != 1 {
		t.Fatal("el auditor ve formularios de cambio (solo debe ver el de salir)")
	}
}

func TestCuentas_cambiarRolYDeshabilitarCierranSesiones(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	victima := e.ingresar("comite")
	id := strconv.FormatInt(e.cuentas["comite"].ID, 10)

	rec := e.pedir("POST", "/admin/cuentas/"+id+"/rol", &s, url.Values{"rol": {"seccional"}})
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-seccional").Text() == "" {
		t.Fatalf("rol seccional sin Seccional: %d", rec.Code)
	}
	rec = e.pedir("POST", "/admin/cuentas/"+id+"/rol", &s, url.Values{"rol": {"auditor"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("cambiar rol: %d", rec.Code)
	}
	if r := e.pedir("GET", "/", &victima, nil); r.Code != http.StatusSeeOther {
		t.Fatal("la sesión sigue abierta tras cambiar el rol")
	}
	c, _ := e.d.CuentaPorID(t.Context(), e.cuentas["comite"].ID)
	if c.Rol != permisos.RolAuditor {
		t.Fatalf("rol = %s", c.Rol)
	}

	victima = e.ingresar("comite")
	rec = e.pedir("POST", "/admin/cuentas/"+id+"/estado", &s, url.Values{"activa": {"no"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("deshabilitar: %d", rec.Code)
	}
	if n, _ := e.d.ContarSesiones(t.Context(), e.cuentas["comite"].ID); n != 0 {
		t.Fatalf("sesiones tras deshabilitar = %d", n)
	}
	if r := e.pedir("GET", "/", &victima, nil); r.Code != http.StatusSeeOther {
		t.Fatal("la sesión de la cuenta deshabilitada sigue abierta")
	}
	doc := documento(t, e.pedir("GET", "/admin/cuentas/"+id, &s, nil))
	if testid(doc, "estado-cuenta").Text() != "Deshabilitada" || testid(doc, "habilitar").Length() != 1 {
		t.Fatal("la página no muestra la cuenta deshabilitada con la opción de habilitarla")
	}
	if e.contarAuditoria("cuenta.deshabilitar") != 1 || e.contarAuditoria("cuenta.cambiar_rol") != 1 {
		t.Fatal("los cambios no quedaron en la auditoría")
	}
}

func TestCuentas_adminNoSeBloqueaASiMismo(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	id := strconv.FormatInt(e.cuentas["admin"].ID, 10)
	if rec := e.pedir("POST", "/admin/cuentas/"+id+"/estado", &s, url.Values{"activa": {"no"}}); rec.Code != http.StatusForbidden {
		t.Fatalf("deshabilitarse: %d", rec.Code)
	}
	rec := e.pedir("POST", "/admin/cuentas/"+id+"/rol", &s, url.Values{"rol": {"auditor"}})
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-rol").Text() == "" {
		t.Fatalf("quitarse el rol: %d", rec.Code)
	}
	if testid(documento(t, e.pedir("GET", "/admin/cuentas/"+id, &s, nil)), "form-estado").Length() != 0 {
		t.Fatal("ofrece deshabilitar la propia cuenta")
	}
}

func TestDiasInhabiles_agregarQuitarYErrores(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	casos := []struct {
		nombre string
		form   url.Values
		campo  string
	}{
		{"fecha_vacia", url.Values{"fecha": {""}, "motivo": {"x"}}, "fecha"},
		{"fecha_inexistente", url.Values{"fecha": {"31/02/2026"}, "motivo": {"x"}}, "fecha"},
		{"sin_motivo", url.Values{"fecha": {"06/04/2026"}, "motivo": {" "}}, "motivo"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("POST", "/admin/dias-inhabiles", &s, c.form)
			if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-"+c.campo).Text() == "" {
				t.Fatalf("estado %d sin error junto a %s", rec.Code, c.campo)
			}
		})
	}
	rec := e.pedir("POST", "/admin/dias-inhabiles", &s, url.Values{"fecha": {"06/04/2026"}, "motivo": {"Resolución 0001 de 2026"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("agregar: %d", rec.Code)
	}
	doc := documento(t, e.pedir("GET", "/admin/dias-inhabiles", &s, nil))
	if fila := testid(doc, "dia-2026-04-06").Text(); !strings.Contains(fila, "06/04/2026") || !strings.Contains(fila, "lunes") || !strings.Contains(fila, "secretaria") {
		t.Fatalf("fila = %q", fila)
	}
	rec = e.pedir("POST", "/admin/dias-inhabiles", &s, url.Values{"fecha": {"2026-04-06"}, "motivo": {"otra"}})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(testid(documento(t, rec), "error-fecha").Text(), "ya está registrada") {
		t.Fatal("fecha repetida sin mensaje")
	}
	if rec := e.pedir("POST", "/admin/dias-inhabiles/2026-04-06/quitar", &s, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("quitar: %d", rec.Code)
	}
	if rec := e.pedir("POST", "/admin/dias-inhabiles/2026-04-06/quitar", &s, url.Values{}); rec.Code != http.StatusNotFound {
		t.Fatalf("quitar dos veces: %d", rec.Code)
	}
	if e.contarAuditoria("dia_inhabil.agregar") != 1 || e.contarAuditoria("dia_inhabil.quitar") != 1 {
		t.Fatal("auditoría de días inhábiles")
	}
	// The auditor reads the list without forms.
	a := e.ingresar("auditor")
	if testid(documento(t, e.pedir("GET", "/admin/dias-inhabiles", &a, nil)), "form-dia").Length() != 0 {
		t.Fatal("el auditor ve el formulario")
	}
}

func TestAuditoria_filtrosPaginacionYVerificacion(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("auditor")
	// The fixture wrote 6 cuenta.crear rows; add 60 more changes.
	adm := e.ingresar("admin")
	for i := 0; i < 60; i++ {
		e.pedir("POST", "/admin/dias-inhabiles", &adm, url.Values{"fecha": {fmt.Sprintf("%02d/01/2030", i%28+1)}, "motivo": {"m"}})
		e.pedir("POST", fmt.Sprintf("/admin/dias-inhabiles/2030-01-%02d/quitar", i%28+1), &adm, url.Values{})
	}
	doc := documento(t, e.pedir("GET", "/auditoria", &s, nil))
	if n := testid(doc, "fila-auditoria").Length(); n != 50 {
		t.Fatalf("filas en la primera página = %d", n)
	}
	if testid(doc, "pagina-siguiente").Length() != 1 || testid(doc, "pagina-anterior").Length() != 0 {
		t.Fatal("paginación de la primera página")
	}
	doc = documento(t, e.pedir("GET", "/auditoria?accion=cuenta.crear", &s, nil))
	if n := testid(doc, "fila-auditoria").Length(); n != 6 || !strings.Contains(testid(doc, "total-auditoria").Text(), "6 registros") {
		t.Fatalf("filtro por acción: %d filas", n)
	}
	doc = documento(t, e.pedir("GET", "/auditoria?objeto=cuenta:admin2", &s, nil))
	if n := testid(doc, "fila-auditoria").Length(); n != 1 {
		t.Fatalf("filtro por objeto: %d filas", n)
	}
	// 15:00 UTC = 10:00 Bogotá on 02/03/2026.
	doc = documento(t, e.pedir("GET", "/auditoria?desde=03/03/2026", &s, nil))
	if testid(doc, "sin-registros").Length() != 1 {
		t.Fatal("filtro por fecha posterior")
	}
	rec := e.pedir("GET", "/auditoria?desde=99/99/2026", &s, nil)
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-desde").Text() == "" {
		t.Fatal("fecha inválida sin mensaje junto al campo")
	}
	doc = documento(t, e.pedir("GET", "/auditoria/verificar", &s, nil))
	if r := testid(doc, "resultado-verificacion").Text(); !strings.Contains(r, "íntegra") || strings.Contains(r, "NO") {
		t.Fatalf("verificación = %q", r)
	}
	// Tamper with a row (bypassing the trigger) and check again.
	if _, err := e.d.Exec(`DROP TRIGGER auditoria_sin_update`); err != nil {
		t.Fatal(err)
	}
	e.d.Exec(`UPDATE auditoria SET cuenta = 'intruso' WHERE id = 3`)
	doc = documento(t, e.pedir("GET", "/auditoria/verificar", &s, nil))
	if r := testid(doc, "resultado-verificacion").Text(); !strings.Contains(r, "NO es íntegra") || !strings.Contains(r, "fila 3") {
		t.Fatalf("verificación de la cadena alterada = %q", r)
	}
}

// Inicio: honest empty states, and the chart of acts by gravedad from the data.
func TestInicio_tarjetasYGrafico(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", "/", &s, nil))
	if !strings.Contains(testid(doc, "tarjeta-por-evaluar").Text(), "Sin casos pendientes") {
		t.Fatal("la tarjeta vacía no lo dice")
	}
	if testid(doc, "sin-actos").Length() != 1 || doc.Find(`script[src*="echarts"]`).Length() != 0 {
		t.Fatal("sin actos: debe decirlo y no cargar ECharts")
	}
	sembrarActos(t, e.d)
	doc = documento(t, e.pedir("GET", "/", &s, nil))
	g := testid(doc, graficos.IDActosPorGravedad)
	datosID, _ := g.Attr("data-grafico")
	datos := doc.Find(`script#` + datosID)
	if g.Length() != 1 || datos.Length() != 1 {
		t.Fatal("falta el gráfico o sus datos")
	}
	if tipo, _ := datos.Attr("type"); tipo != "application/json" {
		t.Fatalf("tipo del script de datos = %q", tipo)
	}
	var opcion map[string]any
	if err := json.Unmarshal([]byte(datos.Text()), &opcion); err != nil {
		t.Fatal(err)
	}
	serie := opcion["series"].([]any)[0].(map[string]any)["data"].([]any)
	if serie[0].(map[string]any)["value"].(float64) != 1 || serie[1].(map[string]any)["value"].(float64) != 2 || serie[2].(map[string]any)["value"].(float64) != 1 {
		t.Fatalf("datos = %v", serie)
	}
	if doc.Find(`script[src*="echarts.min.js"]`).Length() != 1 {
		t.Fatal("no carga ECharts")
	}
	// No inline script anywhere: every script has src or is JSON data.
	doc.Find("script").Each(func(_ int, sc *goquery.Selection) {
		_, src := sc.Attr("src")
		tipo, _ := sc.Attr("type")
		if !src && tipo != "application/json" {
			t.Errorf("script en línea: %s", sc.Text())
		}
	})
	// The seccional counts only its own Dirección Seccional.
	sec := e.ingresar("seccional")
	doc = documento(t, e.pedir("GET", "/", &sec, nil))
	datosID, _ = testid(doc, graficos.IDActosPorGravedad).Attr("data-grafico")
	json.Unmarshal([]byte(doc.Find(`script#`+datosID).Text()), &opcion)
	serie = opcion["series"].([]any)[0].(map[string]any)["data"].([]any)
	if serie[1].(map[string]any)["value"].(float64) != 1 || serie[0].(map[string]any)["value"].(float64) != 0 {
		t.Fatalf("la Seccional ve actos de otras: %v", serie)
	}
	// The admin has no chart (it does not read customs data).
	a := e.ingresar("admin")
	if testid(documento(t, e.pedir("GET", "/", &a, nil)), "panel-grafico").Length() != 0 {
		t.Fatal("el administrador ve datos aduaneros")
	}
}

// sembrarActos writes two customs users (Cartagena and Bogotá) and four acts.
func sembrarActos(t *testing.T, d *db.DB) {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Agencia </script><script>alert(1)</script>', 'agencia_de_aduanas', 'CARTAGENA', 'x', 'x')`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (2, '899999068-1', 'Otra', 'declarante', 'BOGOTA', 'x', 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'A1', '2025-03-04', 'grave', 'multa', 4000000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'A2', '2025-03-04', 'grave', 'multa', 100, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'A3', '2025-03-04', 'leve', 'amonestacion', 0, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'A4', NULL, 'gravisima', 'multa', 100, 0, 'x')`,
	} {
		if _, err := d.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	// Rows written here by hand move the data version like any other write
	// (the database's triggers), so the figures of Inicio follow them.
}

// The counts of Inicio are links to the list they count, and the sentence
// agrees in number: «1 cuenta registrada.», «2 cuentas registradas.».
func TestInicio_conteosSonEnlacesYConcuerdan(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	doc := documento(t, e.pedir("GET", "/", &s, nil))
	a := testid(doc, "conteo-tarjeta-cuentas")
	if href, _ := a.Attr("href"); href != "/admin/cuentas" {
		t.Fatalf("el conteo de cuentas no enlaza a la lista: %q", href)
	}
	n, err := e.d.ContarCuentas(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	quiere := formato.Concordar(n, "cuenta registrada.", "cuentas registradas.")
	if got := strings.Join(strings.Fields(a.Text()), " "); got != strconv.Itoa(n)+" "+quiere {
		t.Fatalf("conteo = %q, quiere %q", got, strconv.Itoa(n)+" "+quiere)
	}
	if strings.Contains(doc.Find("main").Text(), "1 cuentas") {
		t.Fatal("«1 cuentas»")
	}
}

package web

import (
	"comite/internal/dominio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/graficos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

const (
	nitEjemplo  = "800191045-1" // the worked example of docs/reglas.md §2 (Cartagena)
	nitDeposito = "899999068-1" // another Seccional (Bogotá)
)

var seccionalBogota = "BOGOTA"

// sembrarDatos writes, through the store, the worked example of docs/reglas.md
// §2 (acts A–E, operations of 2025) for a user of Cartagena, and a second
// user of Bogotá. The entorno's clock is 2026-03-02: reference year 2025.
func (e *entorno) sembrarDatos() {
	e.t.Helper()
	ctx, a := context.Background(), dominio.Actor{Cuenta: "sistema", IP: "127.0.0.1"}
	dec := func(s string) decimal.Decimal { return decimal.RequireFromString(s) }
	for _, u := range []dominio.UsuarioAduanero{
		{NIT: nitEjemplo, RazonSocial: "Agencia Ejemplo S.A.S.", Tipo: "agencia_de_aduanas", DireccionSeccional: seccionalCartagena},
		{NIT: nitDeposito, RazonSocial: "Depósito Ejemplo Ltda.", Tipo: "deposito_habilitado", DireccionSeccional: seccionalBogota},
	} {
		if _, _, err := e.d.GuardarUsuario(ctx, u, a); err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.d.GuardarRegistro(ctx, u.NIT, dominio.RegistroUsuario{Clase: "autorizacion", Numero: "RES-" + u.NIT[:3], VigenteDesde: fecha.Debe(2019, 5, 2)}, a); err != nil {
			e.t.Fatal(err)
		}
	}
	if _, err := e.d.GuardarRegistro(ctx, nitEjemplo, dominio.RegistroUsuario{Clase: "habilitacion", Numero: "HAB-7", VigenteDesde: fecha.Debe(2015, 1, 1), VigenteHasta: fecha.Debe(2018, 12, 31)}, a); err != nil {
		e.t.Fatal(err)
	}
	actos := []dominio.ActoSancion{
		{NumeroActo: "A", FechaFirmeza: fecha.Debe(2025, 3, 4), Gravedad: sancion.Grave, Valor: dec("40000000")},
		{NumeroActo: "B", FechaFirmeza: fecha.Debe(2025, 7, 22), Gravedad: sancion.Gravisima, Valor: dec("25000000")},
		{NumeroActo: "C", FechaFirmeza: fecha.Debe(2025, 11, 28), Gravedad: sancion.Grave, Valor: dec("12000000")},
		{NumeroActo: "D", FechaFirmeza: fecha.Debe(2025, 9, 1), Gravedad: sancion.Grave, Valor: dec("30000000"), Allanamiento: true},
		{NumeroActo: "E", FechaFirmeza: fecha.Debe(2024, 12, 31), Gravedad: sancion.Grave, Valor: dec("50000000")},
	}
	for _, x := range actos {
		x.NIT, x.Sancion, x.Infraccion, x.FechaExpedicion = nitEjemplo, sancion.Multa, "D920-36-2.1", x.FechaFirmeza.MasDias(-20)
		if _, err := e.d.GuardarActo(ctx, x, a); err != nil {
			e.t.Fatal(err)
		}
	}
	if _, err := e.d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nitEjemplo, Anio: 2025, Valor: dec("14800000000"), Numero: 1600}, a); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nitEjemplo, Anio: 2024, Valor: dec("9000000000"), Numero: 1000}, a); err != nil {
		e.t.Fatal(err)
	}
}

func TestUsuarios_buscarPorNITYPorRazonSocial(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	casos := []struct {
		nombre, q string
		quiere    []string
	}{
		{"nit_sin_digito", "800191045", []string{nitEjemplo}},
		{"nit_con_puntos_y_digito", "800.191.045-1", []string{nitEjemplo}},
		{"dominio7_nit_con_digito_sin_guion", "8001910451", []string{nitEjemplo}},
		{"razon_social_sin_tildes_ni_mayusculas", "EJEMPLO LTDA", []string{nitDeposito}},
		{"parte_de_la_razon_social", "ejemplo ltda", []string{nitDeposito}},
		{"comun_a_los_dos", "Ejemplo", []string{nitEjemplo, nitDeposito}},
		{"ninguno", "no existe", nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("GET", "/usuarios?q="+url.QueryEscape(c.q), &s, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			filas := doc.Find(`[data-testid="tabla-usuarios"] tbody tr`)
			if filas.Length() != len(c.quiere) {
				t.Fatalf("%d filas, quiere %d", filas.Length(), len(c.quiere))
			}
			for _, n := range c.quiere {
				fila := testid(doc, "usuario-"+n)
				if fila.Length() != 1 {
					t.Fatalf("falta la fila de %s", n)
				}
				if href, _ := fila.Find("a").Attr("href"); href != "/usuarios/"+n {
					t.Fatalf("enlace al perfil = %q", href)
				}
			}
			if len(c.quiere) == 0 && !strings.Contains(testid(doc, "sin-resultados").Text(), "Ningún usuario") {
				t.Fatal("no dice que no hay resultados")
			}
		})
	}
}

// A seccional account sees only the users of its Dirección Seccional; the
// profile of another Seccional's user is 404 (its existence is not revealed).
func TestUsuarios_seccionalSoloLaSuya(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("seccional")
	doc := documento(t, e.pedir("GET", "/usuarios?q=Ejemplo", &s, nil))
	if testid(doc, "usuario-"+nitEjemplo).Length() != 1 || testid(doc, "usuario-"+nitDeposito).Length() != 0 {
		t.Fatalf("la seccional ve usuarios de otra Seccional: %s", doc.Find("tbody").Text())
	}
	if rec := e.pedir("GET", "/usuarios/"+nitDeposito, &s, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("perfil de otra Seccional: %d, quiere 404", rec.Code)
	}
	if rec := e.pedir("GET", "/usuarios/"+nitEjemplo, &s, nil); rec.Code != http.StatusOK {
		t.Fatalf("perfil propio: %d", rec.Code)
	}
	a := e.ingresar("auditor")
	if rec := e.pedir("GET", "/usuarios/"+nitDeposito, &a, nil); rec.Code != http.StatusOK {
		t.Fatalf("el auditor no ve el perfil: %d", rec.Code)
	}
}

// The profile shows the acts, the registros with their validity, the quick
// evaluation of docs/reglas.md §2's worked example and the three charts' JSON.
func TestPerfil_actosEvaluacionYGraficos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("comite")
	rec := e.pedir("GET", "/usuarios/"+nitEjemplo, &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("estado %d", rec.Code)
	}
	doc := documento(t, rec)
	if got := testid(doc, "razon-social").Text(); got != "Agencia Ejemplo S.A.S." {
		t.Fatalf("razón social = %q", got)
	}
	if n := doc.Find(`[data-testid="tabla-actos"] tbody tr`).Length(); n != 5 {
		t.Fatalf("%d actos en la tabla, quiere 5", n)
	}
	fila := testid(doc, "acto-A").Text()
	for _, w := range []string{"04/03/2025", "Grave", "Multa", "$ 40.000.000", "D920-36-2.1"} {
		if !strings.Contains(fila, w) {
			t.Errorf("la fila del acto A no muestra %q: %q", w, fila)
		}
	}
	if !strings.Contains(testid(doc, "acto-D").Text(), "Sí") {
		t.Error("el acto D no muestra el allanamiento")
	}
	if got := testid(doc, "registro-0").Text(); !strings.Contains(got, "Vencido") || !strings.Contains(got, "31/12/2018") {
		t.Errorf("registro vencido = %q", got)
	}
	if got := testid(doc, "registro-1").Text(); !strings.Contains(got, "Vigente") || !strings.Contains(got, "Indefinida") {
		t.Errorf("registro vigente = %q", got)
	}
	if got := testid(doc, "operaciones-2025").Text(); !strings.Contains(got, "$ 14.800.000.000") || !strings.Contains(got, "1.600") {
		t.Errorf("operaciones 2025 = %q", got)
	}
	// Quick evaluation (docs/reglas.md §2 worked example, reference year 2025).
	quiere := map[string]string{
		"evaluacion-actos":         "3",
		"evaluacion-s":             "$ 77.000.000",
		"evaluacion-o":             "$ 14.800.000.000",
		"evaluacion-participacion": "0,5203 %",
		"evaluacion-resultado":     "Procedería el Comité",
		"serie-2025":               "0,5203 %",
		"serie-2024":               "0,5556 %", // E alone: 50.000.000 / 9.000.000.000
	}
	for id, w := range quiere {
		if got := testid(doc, id).Text(); !strings.Contains(got, w) {
			t.Errorf("%s = %q, quiere que contenga %q", id, got, w)
		}
	}
	if got := testid(doc, "evaluacion-participacion").Text(); !strings.Contains(got, "$ 74.000.000") {
		t.Errorf("el umbral de 0,5 %% de O no se muestra: %q", got)
	}
	// The three charts: an element with the fixed id and its option as JSON.
	for _, id := range []string{graficos.IDSancionesVsUmbral, graficos.IDSancionesYOperaciones, graficos.IDActosPorGravedad} {
		if doc.Find("#"+id+"[data-grafico]").Length() != 1 {
			t.Fatalf("falta el elemento del gráfico %s", id)
		}
		js := doc.Find(`script#` + id + `-datos[type="application/json"]`).Text()
		var opcion map[string]any
		if err := json.Unmarshal([]byte(js), &opcion); err != nil {
			t.Fatalf("el JSON del gráfico %s no se lee: %v", id, err)
		}
		if _, ok := opcion["series"]; !ok {
			t.Fatalf("el gráfico %s no tiene series", id)
		}
	}
	js := doc.Find(`script#` + graficos.IDSancionesVsUmbral + `-datos`).Text()
	for _, w := range []string{`"2021"`, `"2025"`, `77`, `74`} {
		if !strings.Contains(js, w) {
			t.Errorf("el gráfico de sanciones y umbral no contiene %s: %s", w, js)
		}
	}
	if testid(doc, "registrar-acto").Length() != 0 {
		t.Fatal("el Comité ve el botón de registrar acto")
	}
	s2 := e.ingresar("secretaria")
	if testid(documento(t, e.pedir("GET", "/usuarios/"+nitEjemplo, &s2, nil)), "registrar-acto").Length() != 1 {
		t.Fatal("la secretaría no ve el botón de registrar acto")
	}
	if rec := e.pedir("GET", "/usuarios/800191045-2", &s, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("NIT con dígito equivocado: %d, quiere 404", rec.Code)
	}
}

func TestFormUsuario_NITConDigitoEquivocadoDiceElCorrecto(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", "/usuarios/nuevo", &s, nil))
	for _, c := range []string{"nit", "razon_social", "tipo", "direccion_seccional"} {
		if testid(doc, "campo-"+c).Find("label").Length() != 1 {
			t.Fatalf("el campo %s no tiene etiqueta", c)
		}
	}
	form := url.Values{"nit": {"800191045-2"}, "razon_social": {"Agencia Nueva S.A.S."}, "tipo": {"agencia_de_aduanas"}, "direccion_seccional": {seccionalCartagena}}
	rec := e.pedir("POST", "/usuarios", &s, form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("estado %d", rec.Code)
	}
	doc = documento(t, rec)
	if got := testid(doc, "error-nit").Text(); !strings.Contains(got, "el correcto es 1") {
		t.Fatalf("mensaje del NIT = %q", got)
	}
	if v, _ := doc.Find(`input[name="razon_social"]`).Attr("value"); v != "Agencia Nueva S.A.S." {
		t.Fatalf("el formulario no conserva lo escrito: %q", v)
	}
	if e.contarAuditoria("usuario.crear") != 0 {
		t.Fatal("se creó un usuario con un NIT inválido")
	}
	casos := []struct {
		nombre, campo string
		form          url.Values
	}{
		{"sin_razon_social", "razon_social", url.Values{"nit": {nitEjemplo}, "tipo": {"oea"}}},
		{"sin_tipo", "tipo", url.Values{"nit": {nitEjemplo}, "razon_social": {"X"}}},
		{"nit_sin_digito", "nit", url.Values{"nit": {"800191045"}, "razon_social": {"X"}, "tipo": {"oea"}}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			doc := documento(t, e.pedir("POST", "/usuarios", &s, c.form))
			if testid(doc, "error-"+c.campo).Text() == "" {
				t.Fatalf("no hay mensaje junto al campo %s", c.campo)
			}
		})
	}
	form.Set("nit", "800.191.045-1")
	rec = e.pedir("POST", "/usuarios", &s, form)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/usuarios/"+nitEjemplo+"?aviso=usuario_creado" {
		t.Fatalf("crear: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if e.contarAuditoria("usuario.crear") != 1 {
		t.Fatal("la creación no quedó en la auditoría")
	}
	// The same NIT again is refused beside the field.
	if got := testid(documento(t, e.pedir("POST", "/usuarios", &s, form)), "error-nit").Text(); !strings.Contains(got, "Ya hay un usuario") {
		t.Fatalf("NIT repetido: %q", got)
	}
	// Correction: the same form filled in; the audit keeps before and after.
	doc = documento(t, e.pedir("GET", "/usuarios/"+nitEjemplo+"/editar", &s, nil))
	if v, _ := doc.Find(`input[name="razon_social"]`).Attr("value"); v != "Agencia Nueva S.A.S." {
		t.Fatalf("corrección sin datos previos: %q", v)
	}
	form.Set("razon_social", "Agencia Corregida S.A.S.")
	rec = e.pedir("POST", "/usuarios/"+nitEjemplo, &s, form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("corregir: %d", rec.Code)
	}
	var detalle string
	e.d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'usuario.actualizar'`).Scan(&detalle)
	if !strings.Contains(detalle, "Agencia Nueva S.A.S.") || !strings.Contains(detalle, "Agencia Corregida S.A.S.") {
		t.Fatalf("la auditoría no guarda antes y después: %s", detalle)
	}
	var cuenta, ip string
	e.d.QueryRow(`SELECT cuenta, ip FROM auditoria WHERE accion = 'usuario.actualizar'`).Scan(&cuenta, &ip)
	if cuenta != "secretaria" || ip != "127.0.0.1" {
		t.Fatalf("actor de la auditoría = %q %q", cuenta, ip)
	}
}

func TestFormRegistro_registrarYCorregirVigencia(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	ruta := "/usuarios/" + nitDeposito + "/registros"
	doc := documento(t, e.pedir("POST", ruta, &s, url.Values{"clase": {"registro"}, "numero": {"R-9"}, "vigente_desde": {"31/02/2020"}}))
	if !strings.Contains(testid(doc, "error-vigente_desde").Text(), "Fecha inválida") {
		t.Fatalf("fecha inválida: %q", testid(doc, "error-vigente_desde").Text())
	}
	doc = documento(t, e.pedir("POST", ruta, &s, url.Values{"clase": {"registro"}, "numero": {"R-9"}, "vigente_desde": {"01/02/2020"}, "vigente_hasta": {"01/01/2020"}}))
	if !strings.Contains(testid(doc, "error-vigente_hasta").Text(), "anterior") {
		t.Fatalf("hasta antes de desde: %q", testid(doc, "error-vigente_hasta").Text())
	}
	if rec := e.pedir("POST", ruta, &s, url.Values{"clase": {"registro"}, "numero": {"R-9"}, "vigente_desde": {"01/02/2020"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("registrar: %d", rec.Code)
	}
	u, _ := e.d.UsuarioPorNIT(t.Context(), nitDeposito)
	var id string
	for _, r := range u.Registros {
		if r.Numero == "R-9" {
			id = decimal.NewFromInt(r.ID).String()
		}
	}
	doc = documento(t, e.pedir("GET", "/usuarios/"+nitDeposito+"/registros/"+id+"/editar", &s, nil))
	if v, _ := doc.Find(`input[name="vigente_desde"]`).Attr("value"); v != "01/02/2020" {
		t.Fatalf("corrección sin la fecha inicial: %q", v)
	}
	rec := e.pedir("POST", ruta, &s, url.Values{"corregir": {"si"}, "clase": {"registro"}, "numero": {"R-9"}, "vigente_desde": {"01/02/2020"}, "vigente_hasta": {"28/02/2026"}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=registro_corregido") {
		t.Fatalf("corregir: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if e.contarAuditoria("registro.actualizar") != 1 {
		t.Fatal("la corrección no quedó en la auditoría")
	}
}

func TestFormActo_registrarMontoColombianoYCorregir(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	ruta := "/usuarios/" + nitEjemplo + "/actos"
	doc := documento(t, e.pedir("GET", ruta+"/nuevo", &s, nil))
	for _, c := range []string{"numero_acto", "fecha_expedicion", "fecha_firmeza", "infraccion", "gravedad", "sancion", "valor", "allanamiento"} {
		if testid(doc, "campo-"+c).Find("label").Length() != 1 {
			t.Fatalf("el campo %s no tiene etiqueta", c)
		}
	}
	casos := []struct {
		nombre, campo, texto string
		form                 url.Values
	}{
		{"monto_ambiguo", "valor", "ambiguo", url.Values{"numero_acto": {"F"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1.234"}}},
		{"multa_en_cero", "valor", "mayor que cero", url.Values{"numero_acto": {"F"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"0"}}},
		{"sin_gravedad", "gravedad", "gravedad", url.Values{"numero_acto": {"F"}, "sancion": {"multa"}, "valor": {"1"}}},
		{"firmeza_antes_de_expedicion", "fecha_firmeza", "anterior", url.Values{"numero_acto": {"F"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1"},
			"fecha_expedicion": {"10/03/2025"}, "fecha_firmeza": {"01/03/2025"}}},
		{"numero_repetido", "numero_acto", "ya tiene el acto A", url.Values{"numero_acto": {"A"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1"}}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("POST", ruta, &s, c.form)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			if got := testid(documento(t, rec), "error-"+c.campo).Text(); !strings.Contains(got, c.texto) {
				t.Fatalf("error de %s = %q, quiere %q", c.campo, got, c.texto)
			}
		})
	}
	antes := e.contarAuditoria("acto.crear")
	rec := e.pedir("POST", ruta, &s, url.Values{"numero_acto": {"RS-2026-0009"}, "fecha_expedicion": {"2026-01-15"}, "fecha_firmeza": {"20/02/2026"},
		"gravedad": {"Gravísima"}, "sancion": {"multa"}, "valor": {"$ 1.234.567,89"}, "allanamiento": {"si"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("registrar: %d %s", rec.Code, rec.Body.String())
	}
	a, err := e.d.ActoPorNumero(t.Context(), nitEjemplo, "RS-2026-0009")
	if err != nil || !a.Valor.Equal(decimal.RequireFromString("1234567.89")) || a.Gravedad != sancion.Gravisima || !a.Allanamiento ||
		!a.FechaExpedicion.Igual(fecha.Debe(2026, 1, 15)) {
		t.Fatalf("acto guardado = %+v, %v", a, err)
	}
	if e.contarAuditoria("acto.crear") != antes+1 {
		t.Fatal("el registro no quedó en la auditoría")
	}
	doc = documento(t, e.pedir("GET", ruta+"/editar?numero=RS-2026-0009", &s, nil))
	if v, _ := doc.Find(`input[name="valor"]`).Attr("value"); v != "1.234.567,89" {
		t.Fatalf("valor prellenado = %q", v)
	}
	if _, ok := doc.Find(`input[name="allanamiento"]`).Attr("checked"); !ok {
		t.Fatal("allanamiento no prellenado")
	}
	if doc.Find(`select[name="gravedad"] option[selected]`).AttrOr("value", "") != "gravisima" {
		t.Fatal("gravedad no prellenada")
	}
	rec = e.pedir("POST", ruta, &s, url.Values{"corregir": {"si"}, "numero_acto": {"RS-2026-0009"}, "fecha_expedicion": {"15/01/2026"}, "fecha_firmeza": {"20/02/2026"},
		"gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"2.000.000"}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=acto_corregido") {
		t.Fatalf("corregir: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	var detalle string
	e.d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'acto.actualizar'`).Scan(&detalle)
	if !strings.Contains(detalle, "1234567.89") || !strings.Contains(detalle, "2000000") {
		t.Fatalf("la auditoría no guarda antes y después: %s", detalle)
	}
	doc = documento(t, e.pedir("GET", "/usuarios/"+nitEjemplo+"?aviso=acto_corregido", &s, nil))
	if !strings.Contains(testid(doc, "aviso").Text(), "Acto corregido") || !strings.Contains(testid(doc, "acto-RS-2026-0009").Text(), "$ 2.000.000") {
		t.Fatal("el perfil no muestra la corrección")
	}
	if rec := e.pedir("GET", ruta+"/editar?numero=NO-EXISTE", &s, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("acto inexistente: %d", rec.Code)
	}
}

func TestFormOperaciones_registrarYCorregirUnAnio(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	ruta := "/usuarios/" + nitEjemplo + "/operaciones"
	casos := []struct {
		nombre, campo, texto string
		form                 url.Values
	}{
		{"anio_ya_cargado", "anio", "ya está registrado", url.Values{"anio": {"2025"}, "valor": {"1"}, "numero_operaciones": {"1"}}},
		{"anio_invalido", "anio", "Año inválido", url.Values{"anio": {"25"}, "valor": {"1"}, "numero_operaciones": {"1"}}},
		{"valor_invalido", "valor", "Monto inválido", url.Values{"anio": {"2023"}, "valor": {"12,5,3"}, "numero_operaciones": {"1"}}},
		{"numero_negativo", "numero_operaciones", "", url.Values{"anio": {"2023"}, "valor": {"1"}, "numero_operaciones": {"-3"}}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("POST", ruta, &s, c.form)
			got := testid(documento(t, rec), "error-"+c.campo).Text()
			if rec.Code != http.StatusUnprocessableEntity || got == "" || !strings.Contains(got, c.texto) {
				t.Fatalf("estado %d, error de %s = %q", rec.Code, c.campo, got)
			}
		})
	}
	if rec := e.pedir("POST", ruta, &s, url.Values{"anio": {"2023"}, "valor": {"$ 3.500.000.000"}, "numero_operaciones": {"1.200"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("registrar: %d", rec.Code)
	}
	doc := documento(t, e.pedir("GET", ruta+"/2023/editar", &s, nil))
	if v, _ := doc.Find(`input[name="valor"]`).Attr("value"); v != "3.500.000.000" {
		t.Fatalf("valor prellenado = %q", v)
	}
	if v, _ := doc.Find(`input[name="numero_operaciones"]`).Attr("value"); v != "1.200" {
		t.Fatalf("número prellenado = %q", v)
	}
	rec := e.pedir("POST", ruta, &s, url.Values{"corregir": {"si"}, "anio": {"2023"}, "valor": {"3.600.000.000"}, "numero_operaciones": {"1.200"}})
	if rec.Code != http.StatusSeeOther || e.contarAuditoria("operaciones.actualizar") != 1 {
		t.Fatalf("corregir: %d", rec.Code)
	}
	if got := testid(documento(t, e.pedir("GET", "/usuarios/"+nitEjemplo, &s, nil)), "operaciones-2023").Text(); !strings.Contains(got, "$ 3.600.000.000") {
		t.Fatalf("perfil: %q", got)
	}
}

package web

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"

	"github.com/PuerkitoBio/goquery"
	"github.com/shopspring/decimal"
)

// nitSinOps is a Cartagena user with three acts that count in 2025 and no
// operations loaded for 2025 (2024 is loaded): the committee test is unknown.
var nitSinOps = nitCon("900555777")

const textoIncompleto = "Datos incompletos: cargue las operaciones de 2025"

func (e *entorno) sembrarSinOperaciones() {
	e.t.Helper()
	e.sembrarTamizaje()
	ctx, a := context.Background(), dominio.Actor{Cuenta: "sistema", IP: "127.0.0.1"}
	u := dominio.UsuarioAduanero{NIT: nitSinOps, RazonSocial: "Sin Operaciones Cargadas S.A.S.", Tipo: "declarante", DireccionSeccional: seccionalCartagena}
	if _, _, err := e.d.GuardarUsuario(ctx, u, a); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.d.GuardarRegistro(ctx, u.NIT, dominio.RegistroUsuario{Clase: "registro", Numero: "R-SO", VigenteDesde: fecha.Debe(2019, 1, 1)}, a); err != nil {
		e.t.Fatal(err)
	}
	for i, f := range []fecha.Fecha{fecha.Debe(2025, 2, 3), fecha.Debe(2025, 5, 3), fecha.Debe(2025, 9, 3)} {
		x := dominio.ActoSancion{NIT: nitSinOps, NumeroActo: "SO-" + string(rune('A'+i)), FechaFirmeza: f, FechaExpedicion: f.MasDias(-20),
			Gravedad: sancion.Grave, Sancion: sancion.Multa, Infraccion: "D920-38-2.1", Valor: decimal.NewFromInt(20_000_000)}
		if _, err := e.d.GuardarActo(ctx, x, a); err != nil {
			e.t.Fatal(err)
		}
	}
	if _, err := e.d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nitSinOps, Anio: 2024, Valor: decimal.NewFromInt(3_000_000_000), Numero: 300}, a); err != nil {
		e.t.Fatal(err)
	}
}

// Art. 25 inc. 1 with the operations of 2025 never loaded: the screening
// shows the user in a group of its own after the ranked ones, with the
// year to load, never "Sí" in "Procede"; the group can be filtered, and the
// export carries the reason.
func TestTamizaje_art25_datosIncompletosGrupoAparteFiltrableYExportado(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje?anio=2026")
	var orden []string
	doc.Find(`[data-testid="tabla-tamizaje"] tbody tr[data-testid^="tamizaje-"]`).Each(func(_ int, x *goquery.Selection) {
		v, _ := x.Attr("data-testid")
		orden = append(orden, strings.TrimPrefix(v, "tamizaje-"))
	})
	if len(orden) == 0 || orden[len(orden)-1] != nitSinOps {
		t.Fatalf("orden %v: el usuario sin operaciones debe ir al final", orden)
	}
	fila := testid(doc, "tamizaje-"+nitSinOps)
	if got := strings.TrimSpace(fila.Find(`[data-testid="datos-incompletos"]`).Text()); got != textoIncompleto {
		t.Fatalf("fila: %q", got)
	}
	if fila.Find(`[data-testid="procede-si"]`).Length() != 0 || strings.TrimSpace(fila.Find(`[data-testid="posicion"]`).Text()) != "—" {
		t.Fatal("un resultado desconocido no procede ni se ordena")
	}
	if testid(doc, "grupo-datos-incompletos").Length() != 1 || testid(doc, "ver-cobertura").AttrOr("href", "") != "/cobertura?anio=2025" {
		t.Fatal("falta el encabezado del grupo o el enlace al reporte de cobertura")
	}
	if got := strings.TrimSpace(testid(doc, "resumen-datos-incompletos").Find("strong").Text()); got != "1" {
		t.Errorf("resumen de datos incompletos: %q", got)
	}

	solo := filasTabla(e.tamizaje(&s, "/tamizaje?anio=2026&datos=incompletos"))
	if len(solo) != 2 || solo[1] != nitSinOps { // the group heading and the row
		t.Errorf("filtro incompletos: %v", solo)
	}
	for _, n := range filasTabla(e.tamizaje(&s, "/tamizaje?anio=2026&datos=completos")) {
		if n == nitSinOps {
			t.Error("filtro completos incluye el usuario sin operaciones")
		}
	}

	rec := e.pedir("GET", "/tamizaje/exportar.csv?anio=2026&datos=incompletos", &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("exportar: %d", rec.Code)
	}
	csv := rec.Body.String()
	if !strings.Contains(csv, nitSinOps) || !strings.Contains(csv, textoIncompleto) || strings.Contains(csv, nitEjemplo) {
		t.Errorf("CSV de incompletos:\n%s", csv)
	}
}

// The profile says which year to load instead of a result.
func TestPerfil_art25_datosIncompletos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	s := e.ingresar("comite")
	rec := e.pedir("GET", "/usuarios/"+nitSinOps, &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("perfil: %d", rec.Code)
	}
	doc := documento(t, rec)
	res := testid(doc, "evaluacion-resultado")
	if !strings.Contains(res.Text(), textoIncompleto) || strings.Contains(res.Text(), "Procedería") {
		t.Fatalf("resultado del perfil: %q", res.Text())
	}
	if o := testid(doc, "evaluacion-o").Text(); !strings.Contains(o, textoIncompleto) || strings.Contains(o, "$ 0") {
		t.Errorf("O del perfil: %q", o)
	}
	if fila := testid(doc, "serie-2025").Text(); !strings.Contains(fila, "sin cargar") || !strings.Contains(fila, textoIncompleto) {
		t.Errorf("serie 2025: %q", fila)
	}
	js := doc.Find(`script#grafico-sanciones-umbral-datos`).Text()
	if js == "" || !strings.Contains(js, `"-"`) {
		t.Errorf("el año sin operaciones debe ser un hueco en el gráfico: %s", js)
	}
}

// The coverage report lists the users with acts that count and no operations
// for the year, with a link to load them for the roles that may; a seccional
// sees its own Dirección Seccional only; once the year is loaded (even in
// zero) the user leaves the report and the screening knows the result.
func TestCobertura_art25_listaCargaYSale(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	sec := e.ingresar("secretaria")
	doc := e.tamizaje(&sec, "/cobertura?anio=2025")
	fila := testid(doc, "cobertura-"+nitSinOps)
	if fila.Length() != 1 || !strings.Contains(fila.Text(), textoIncompleto) {
		t.Fatalf("la fila falta: %s", doc.Text())
	}
	cargar := fila.Find(`[data-testid="cargar-operaciones"]`).AttrOr("href", "")
	if cargar != "/usuarios/"+nitSinOps+"/operaciones/nuevo?anio=2025" {
		t.Fatalf("enlace para cargar: %q", cargar)
	}
	if n := doc.Find(`[data-testid="tabla-cobertura"] tbody tr`).Length(); n != 1 {
		t.Errorf("%d filas; solo el usuario sin operaciones tiene actos que cuentan sin operaciones", n)
	}
	// The form opens with the year.
	form := documento(t, e.pedir("GET", cargar, &sec, nil))
	if v := form.Find(`input[name="anio"]`).AttrOr("value", ""); v != "2025" {
		t.Errorf("año precargado: %q", v)
	}

	com := e.ingresar("comite")
	d := e.tamizaje(&com, "/cobertura?anio=2025")
	if f := testid(d, "cobertura-"+nitSinOps); f.Length() != 1 || f.Find(`[data-testid="cargar-operaciones"]`).Length() != 0 {
		t.Error("el Comité ve la fila sin el enlace para cargar")
	}
	secc := e.ingresar("seccional") // Cartagena
	if testid(e.tamizaje(&secc, "/cobertura?anio=2025"), "cobertura-"+nitSinOps).Length() != 1 {
		t.Error("la seccional de Cartagena debe ver a su usuario")
	}
	bog, err := e.d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "bogota", Nombre: "Bogotá", Rol: permisos.RolSeccional, DireccionSeccional: seccionalBogota, Clave: claveTest}, dominio.Actor{Cuenta: "sistema"})
	if err != nil {
		t.Fatal(err)
	}
	e.cuentas["bogota"] = bog
	sb := e.ingresar("bogota")
	if testid(e.tamizaje(&sb, "/cobertura?anio=2025"), "cobertura-"+nitSinOps).Length() != 0 {
		t.Error("otra Dirección Seccional no debe ver al usuario")
	}

	// Loading the year in zero (declared: no operations) resolves it.
	rec := e.pedir("POST", "/usuarios/"+nitSinOps+"/operaciones", &sec, url.Values{"anio": {"2025"}, "valor": {"0"}, "numero_operaciones": {"0"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("cargar operaciones: %d %s", rec.Code, rec.Body.String())
	}
	if testid(e.tamizaje(&sec, "/cobertura?anio=2025"), "cobertura-"+nitSinOps).Length() != 0 {
		t.Error("el usuario sigue en el reporte después de cargar el año")
	}
	f := testid(e.tamizaje(&sec, "/tamizaje?anio=2026"), "tamizaje-"+nitSinOps)
	if f.Find(`[data-testid="datos-incompletos"]`).Length() != 0 || f.Find(`[data-testid="procede-si"]`).Length() != 1 {
		t.Errorf("con operaciones declaradas en cero el resultado es conocido: %s", f.Text())
	}
}

// A case reported for the user shows the unknown result on its page, in the
// informe page and in the Inicio portfolio, never "procede"; it cannot be
// presented nor closed as «no procede» until the year is loaded.
func TestCaso_art25_datosIncompletosEnCasoInformeEInicio(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	ruta := e.reportar("seccional", formCaso(nitSinOps))
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	if got := strings.TrimSpace(testid(doc, "resultado-incompleto").Text()); got != textoIncompleto {
		t.Fatalf("resultado del caso: %q", testid(doc, "resultado").Text())
	}
	if strings.Contains(testid(doc, "resultado").Text(), "Procede el Comité") || !strings.Contains(testid(doc, "cifra-o").Text(), textoIncompleto) {
		t.Fatalf("cifras: %q / %q", testid(doc, "resultado").Text(), testid(doc, "cifra-o").Text())
	}
	if testid(doc, "requisito-umbral_cero_cinco").Find(`[data-testid="datos-incompletos"]`).Length() != 1 {
		t.Error("el requisito del 0,5 % debe decir «Datos incompletos»")
	}
	e.postOK("secretaria", ruta+"/iniciar", url.Values{"nota": {"datos revisados"}})
	e.postOK("secretaria", ruta+"/criterios", criteriosForm())
	id := strings.TrimPrefix(ruta, "/casos/")
	for _, paso := range []string{"/presentar", "/no-procede"} {
		e.pedir("POST", ruta+paso, &s, url.Values{})
		var estado string
		e.d.QueryRow(`SELECT estado FROM casos WHERE id = ?`, id).Scan(&estado)
		if estado != "en_evaluacion" {
			t.Fatalf("%s con datos incompletos dejó el caso en %s", paso, estado)
		}
	}
	inf := e.pedir("GET", ruta+"/informe", &s, nil)
	if inf.Code != http.StatusOK || !strings.Contains(inf.Body.String(), textoIncompleto) || strings.Contains(inf.Body.String(), "Procede el Comité") {
		t.Errorf("informe: %d", inf.Code)
	}
}

// The Inicio portfolio counts the unknown results apart, never among those
// for whom the Comité would proceed, and points to the coverage report.
func TestCartera_datosIncompletosAparte(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	s := e.ingresar("secretaria")
	doc := e.inicioListo(&s)
	if got := filaCartera(doc, "total"); got != "0 1 0 0 1" {
		t.Fatalf("el usuario sin operaciones no debe contar entre los que proceden: %q", got)
	}
	if got := filaCartera(doc, "datos-incompletos"); got != "0 0 0 0 1" {
		t.Fatalf("datos incompletos = %q", got)
	}
	aviso := testid(doc, "cartera-aviso-incompletos")
	if !strings.Contains(aviso.Text(), "1 usuario con datos incompletos: cargue las operaciones de 2025") ||
		testid(doc, "cartera-ver-cobertura").AttrOr("href", "") != "/cobertura?anio=2025" {
		t.Fatalf("aviso: %q", aviso.Text())
	}
	adm := e.ingresar("admin")
	if testid(e.inicioListo(&adm), "cartera-ver-cobertura").Length() != 0 {
		t.Error("el administrador no puede abrir el reporte de cobertura: no se le muestra el enlace")
	}
}

// A case evaluated by the first version of the rules (its stored snapshot
// said "procede" with the operations of 2025 never loaded) is shown as the
// rules read the same stored input today: datos incompletos, with a notice,
// and it cannot be presented.
func TestCaso_art25_instantaneaVersion1ReleidaPorElNucleo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	ruta := e.reportar("seccional", formCaso(nitSinOps))
	id := strings.TrimPrefix(ruta, "/casos/")
	var entrada string
	if err := e.d.QueryRow(`SELECT entrada_json FROM evaluaciones WHERE caso_id = ? AND version = 1`, id).Scan(&entrada); err != nil {
		t.Fatal(err)
	}
	v1, err := os.ReadFile("../../testdata/instantaneas/v1_ejemplo_dominio.resultado.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.d.Exec(`INSERT INTO evaluaciones(caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en)
		VALUES (?, 2, 'DL920-2023', ?, ?, '{}', 'instantánea de la versión anterior', 'sistema', '2026-03-02T15:00:00Z')`, id, entrada, string(v1)); err != nil {
		t.Fatal(err)
	}
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	if got := strings.TrimSpace(testid(doc, "resultado-incompleto").Text()); got != textoIncompleto {
		t.Fatalf("resultado: %q", testid(doc, "resultado").Text())
	}
	if !strings.Contains(doc.Find(`[data-testid="alerta"]`).Text(), "versión anterior de las reglas") {
		t.Error("falta el aviso de la evaluación releída")
	}
	e.postOK("secretaria", ruta+"/iniciar", url.Values{"nota": {"datos revisados"}})
	e.postOK("secretaria", ruta+"/criterios", criteriosForm())
	e.pedir("POST", ruta+"/presentar", &s, url.Values{})
	var estado string
	e.d.QueryRow(`SELECT estado FROM casos WHERE id = ?`, id).Scan(&estado)
	if estado != "en_evaluacion" {
		t.Fatalf("una instantánea releída como incompleta se presentó: %s", estado)
	}
}

// The list of cases (and its export) tells a case whose result the rules
// could not decide (art. 25: the operations of the reference year were never
// loaded) from a case never evaluated, and filters the first ones apart.
func TestListaCasos_art25_datosIncompletosNoEsSinEvaluacion(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSinOperaciones()
	ruta := e.reportar("seccional", formCaso(nitSinOps))
	numero := ""
	if err := e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, strings.TrimPrefix(ruta, "/casos/")).Scan(&numero); err != nil {
		t.Fatal(err)
	}
	s := e.ingresar("secretaria")
	rec := e.pedir("GET", "/casos/exportar.csv?resultado=incompletos", &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("CSV: %d", rec.Code)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\ufeff")))
	r.Comma = ';'
	filas, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(filas) != 2 || filas[1][0] != numero {
		t.Fatalf("el filtro de datos incompletos trae %v; quiere solo %s", filas, numero)
	}
	if !strings.HasPrefix(filas[1][11], "Datos incompletos") {
		t.Fatalf("resultado del caso sin operaciones: %q", filas[1][11])
	}
}

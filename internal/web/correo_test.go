package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/flujo"

	"github.com/PuerkitoBio/goquery"
)

// «Mis avisos»: every kind is on until the person unchecks it; saving
// records the unchecked kinds (audited), a forged form (no CSRF token) or
// a value that is not a check box changes nothing; the page says when the
// account has no address and when the server sends no mail.
func TestAvisos_preferenciasConCSRFYAuditoria(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", "/cuenta/avisos", &s, nil))
	if testid(doc, "sin-direccion").Length() != 1 || testid(doc, "correo-apagado").Length() != 1 {
		t.Error("la página no dice que la cuenta no tiene dirección y que el servidor no envía correo")
	}
	if n := doc.Find(`form[data-testid="form-avisos"] input[type="checkbox"][checked]`).Length(); n != len(correo.Clases) {
		t.Errorf("casillas marcadas %d; quiere todas (%d)", n, len(correo.Clases))
	}
	// The Secretaría is never on the orden del día's notice (the Comité is).
	if got := testid(doc, "campo-aviso_orden_del_dia").Text(); !strings.Contains(got, "Su rol no recibe este aviso") {
		t.Errorf("la casilla del orden del día dice %q", got)
	}
	id := e.cuentas["secretaria"].ID
	for _, c := range []struct {
		nombre string
		form   url.Values
		estado int
	}{
		{"sin token CSRF", url.Values{"_csrf": {"otro"}, "aviso_acta": {"si"}}, http.StatusForbidden},
		{"valor que no es una casilla", url.Values{"aviso_acta": {"talvez"}}, http.StatusBadRequest},
	} {
		if rec := e.pedir("POST", "/cuenta/avisos", &s, c.form); rec.Code != c.estado {
			t.Errorf("%s: %d; quiere %d", c.nombre, rec.Code, c.estado)
		}
	}
	if a, _ := e.d.AvisosApagados(context.Background(), id); len(a) != 0 || e.contarAuditoria("cuenta.avisos") != 0 {
		t.Fatalf("un formulario rechazado cambió los avisos: %v", a)
	}
	rec := e.pedir("POST", "/cuenta/avisos", &s, url.Values{"aviso_acta": {"si"}, "aviso_plazo_vencido": {"si"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/cuenta/avisos?aviso=avisos_guardados" {
		t.Fatalf("guardar: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	a, err := e.d.AvisosApagados(context.Background(), id)
	if err != nil || strings.Join(a, ",") != "caso_reportado,concepto,orden_del_dia,plazo_por_vencer" {
		t.Errorf("apagados %v, %v", a, err)
	}
	if e.contarAuditoria("cuenta.avisos") != 1 {
		t.Error("el cambio de avisos no quedó en la auditoría")
	}
	// The same choice again is no change: no second audit row.
	e.pedir("POST", "/cuenta/avisos", &s, url.Values{"aviso_acta": {"si"}, "aviso_plazo_vencido": {"si"}})
	if e.contarAuditoria("cuenta.avisos") != 1 {
		t.Error("guardar lo mismo dejó otra fila de auditoría")
	}
	doc = documento(t, e.pedir("GET", "/cuenta/avisos", &s, nil))
	var marcadas []string
	doc.Find(`input[type="checkbox"][checked]`).Each(func(_ int, x *goquery.Selection) {
		marcadas = append(marcadas, x.AttrOr("name", ""))
	})
	if strings.Join(marcadas, ",") != "aviso_acta,aviso_plazo_vencido" {
		t.Errorf("marcadas %v", marcadas)
	}
}

// The administrator writes an account's address (checked, audited); the
// person then sees where the notices go.
func TestCuentaCorreo_elAdministradorEscribeLaDireccion(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	ruta := fmt.Sprintf("/admin/cuentas/%d/correo", e.cuentas["secretaria"].ID)
	for _, malo := range []string{"no es un correo", "Sara <sara@dian.gov.co>", "sara@localhost"} {
		rec := e.pedir("POST", ruta, &s, url.Values{"correo": {malo}})
		if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-correo").Length() != 1 {
			t.Errorf("%q: %d sin el error del campo", malo, rec.Code)
		}
	}
	if rec := e.pedir("POST", ruta, &s, url.Values{"correo": {" sara@dian.gov.co "}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("dirección válida: %d", rec.Code)
	}
	if e.contarAuditoria("cuenta.correo") != 1 {
		t.Error("la dirección no quedó en la auditoría")
	}
	ss := e.ingresar("secretaria")
	if got := testid(documento(t, e.pedir("GET", "/cuenta/avisos", &ss, nil)), "direccion").Text(); !strings.Contains(got, "sara@dian.gov.co") {
		t.Errorf("la página de avisos dice %q", got)
	}
}

// The administrator's page shows the configuration (never a password), the
// counts and each message with its subject and last error; a failed one is
// put back in the queue (audited).
func TestCorreos_administradorVeLaColaYReintenta(t *testing.T) {
	e := nuevoEntorno(t)
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Correo: &ConfigCorreo{Servidor: "smtp://smtp.office365.com:587", Remitente: "comite@dian.gov.co", Usuario: "comite@dian.gov.co", DiasAviso: 5}})
	e.d.ActivarAvisosCorreo()
	ctx := context.Background()
	if err := e.d.FijarCorreoCuenta(ctx, e.cuentas["secretaria"].ID, "sara@dian.gov.co", dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	err := e.d.EnEscritura(ctx, func(w *db.Escritura) error {
		cs, err := w.CuentasAvisables()
		if err != nil {
			return err
		}
		return expediente.Encolar(w, correo.Evento{Clase: correo.CasoReportado, Estado: flujo.Reportado, Seccional: seccionalCartagena}, "1",
			correo.Aviso{Caso: "CF-2026-0001", CasoID: 1}, expediente.CuentasCorreo(cs))
	})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := e.d.ListarCorreos(ctx, db.CorreoPendiente, 10)
	if err != nil || len(cs) != 1 {
		t.Fatal(cs, err)
	}
	if err := e.d.MarcarCorreoFallo(ctx, cs[0].ID, "535 credenciales rechazadas", cs[0].ProximoIntento, true); err != nil {
		t.Fatal(err)
	}
	s := e.ingresar("admin")
	rec := e.pedir("GET", "/admin/correos", &s, nil)
	doc := documento(t, rec)
	if got := testid(doc, "correo-conteos").Text(); !strings.Contains(got, "Pendientes: 0") || !strings.Contains(got, "Fallidos: 1") {
		t.Errorf("conteos %q", got)
	}
	fila := testid(doc, "correo-fallido")
	for _, s := range []string{"sara@dian.gov.co", "Caso CF-2026-0001 reportado a la Secretaría Técnica", "535 credenciales rechazadas"} {
		if !strings.Contains(fila.Text(), s) {
			t.Errorf("la fila no dice %q: %s", s, fila.Text())
		}
	}
	if !strings.Contains(testid(doc, "correo-config").Text(), "smtp.office365.com") {
		t.Error("la página no muestra el servidor")
	}
	if doc := documento(t, e.pedir("GET", "/admin/correos?estado=enviado", &s, nil)); testid(doc, "sin-correos").Length() != 1 {
		t.Error("el filtro de enviados muestra correos que no se enviaron")
	}
	if doc := documento(t, e.pedir("GET", "/admin/correos?estado=fallido", &s, nil)); testid(doc, "correo-fallido").Length() != 1 {
		t.Error("el filtro de fallidos no muestra el fallido")
	}
	accion, _ := fila.Find("form").Attr("action")
	if rec := e.pedir("POST", accion, &s, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("reintentar: %d", rec.Code)
	}
	if n, _ := e.d.ContarCorreos(ctx); n[db.CorreoPendiente] != 1 || e.contarAuditoria("correo.reintentar") != 1 {
		t.Errorf("tras reintentar: %v", n)
	}
	// A message that is not failed is not retried.
	if rec := e.pedir("POST", accion, &s, url.Values{}); rec.Code != http.StatusUnprocessableEntity && rec.Code != http.StatusBadRequest {
		t.Errorf("reintentar un pendiente: %d", rec.Code)
	}
}

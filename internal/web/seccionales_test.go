package web

import (
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"comite/internal/permisos"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/importar"
)

// Cartagena written six ways in one import file, and one user of Bogotá.
var (
	nitsCartagena = []string{nitCon("800100001"), nitCon("800100002"), nitCon("800100003"), nitCon("800100004"), nitCon("800100005"), nitCon("800100006")}
	nitBogotaSec  = nitCon("800100007")
	nitNoExiste   = nitCon("800100008")
)

func (e *entorno) sembrarSeccionales() {
	e.t.Helper()
	escritas := []string{"Cartagena", "CARTAGENA", "cartagena", "Dirección Seccional de Aduanas de Cartagena",
		"DIRECCIÓN SECCIONAL DE IMPUESTOS Y ADUANAS DE CARTAGENA", "Cartagena de Indias"}
	csv := "nit;razon_social;tipo;direccion_seccional;registro_vigente_desde\n"
	for i, n := range nitsCartagena {
		csv += n + ";Usuario Cartagena " + string(rune('A'+i)) + ";Agencia de aduanas;" + escritas[i] + ";01/01/2015\n"
	}
	csv += nitBogotaSec + ";Usuario Bogotá;Agencia de aduanas;Bogotá;01/01/2015\n"
	if _, err := importarCSV(e.d, filas.Usuarios, csv); err != nil {
		e.t.Fatal(err)
	}
	// A second account of Cartagena, created with a short name in lower case.
	c, err := e.d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "seccional2", Rol: permisos.RolSeccional, DireccionSeccional: "cartagena de indias", Clave: claveTest}, dominio.Actor{Cuenta: "admin"})
	if err != nil {
		e.t.Fatal(err)
	}
	e.cuentas[c.Usuario] = c
}

// TestSeccional_art25_unaSolaRespuestaEnTodasPartes: whatever way the file
// and the account wrote Cartagena, the accounts of Cartagena see exactly its
// users in the search, the profiles, the tamizaje, its export, the cases and
// the case pages; the Bogotá user is invisible everywhere (404 like a NIT
// that does not exist), and reporting a case for it gets the same answer as
// an unregistered NIT.
func TestSeccional_art25_unaSolaRespuestaEnTodasPartes(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarSeccionales()
	var guardadas []string
	rows, _ := e.d.Query(`SELECT DISTINCT direccion_seccional FROM usuarios_aduaneros ORDER BY 1`)
	for rows.Next() {
		var s string
		rows.Scan(&s)
		guardadas = append(guardadas, s)
	}
	rows.Close()
	if strings.Join(guardadas, ",") != "BOGOTA,CARTAGENA" || e.cuentas["seccional2"].DireccionSeccional != "CARTAGENA" {
		t.Fatalf("códigos guardados: %v, cuenta %q", guardadas, e.cuentas["seccional2"].DireccionSeccional)
	}
	// The Secretaría reports a case of Bogotá.
	rutaBog := e.reportar("secretaria", formCaso(nitBogotaSec))
	for _, cuenta := range []string{"seccional", "seccional2"} {
		t.Run(cuenta, func(t *testing.T) {
			s := e.ingresar(cuenta)
			lista := e.pedir("GET", "/usuarios?q=Usuario", &s, nil).Body.String()
			for _, n := range nitsCartagena {
				if !strings.Contains(lista, n) {
					t.Errorf("búsqueda: falta %s", n)
				}
				if c := e.pedir("GET", "/usuarios/"+n, &s, nil).Code; c != http.StatusOK {
					t.Errorf("perfil %s: %d", n, c)
				}
			}
			if strings.Contains(lista, nitBogotaSec) {
				t.Error("búsqueda: ve el usuario de Bogotá")
			}
			if c := e.pedir("GET", "/usuarios/"+nitBogotaSec, &s, nil).Code; c != http.StatusNotFound {
				t.Errorf("perfil de Bogotá: %d", c)
			}
			filas := filasTabla(e.tamizaje(&s, "/tamizaje"))
			if len(filas) != len(nitsCartagena) || strings.Contains(strings.Join(filas, ","), nitBogotaSec) {
				t.Errorf("tamizaje: %v", filas)
			}
			csv := e.pedir("GET", "/tamizaje/exportar.csv", &s, nil).Body.String()
			if strings.Contains(csv, nitBogotaSec) || !strings.Contains(csv, nitsCartagena[5]) {
				t.Error("exportación del tamizaje")
			}
			if c := e.pedir("GET", rutaBog, &s, nil).Code; c != http.StatusNotFound {
				t.Errorf("caso de Bogotá: %d", c)
			}
			if strings.Contains(e.pedir("GET", "/casos", &s, nil).Body.String(), nitBogotaSec) {
				t.Error("la lista de casos muestra el de Bogotá")
			}
			// Reporting for the Bogotá NIT: the same answer as for a NIT
			// that does not exist (the refusal reveals nothing).
			otra := e.pedir("POST", "/casos", &s, formCaso(nitBogotaSec))
			nadie := e.pedir("POST", "/casos", &s, formCaso(nitNoExiste))
			mOtra := strings.ReplaceAll(testid(documento(t, otra), "error-nit").Text(), nitBogotaSec, "NIT")
			mNadie := strings.ReplaceAll(testid(documento(t, nadie), "error-nit").Text(), nitNoExiste, "NIT")
			if otra.Code != nadie.Code || otra.Code != http.StatusUnprocessableEntity || mOtra == "" || mOtra != mNadie {
				t.Errorf("rechazo distinto: %d %q / %d %q", otra.Code, mOtra, nadie.Code, mNadie)
			}
			// A user of its own Seccional, written any way, can be reported.
			ruta := e.reportar(cuenta, formCaso(nitsCartagena[4]))
			if c := e.pedir("GET", ruta, &s, nil).Code; c != http.StatusOK {
				t.Errorf("caso propio: %d", c)
			}
		})
	}
	if n := e.contar(`SELECT count(*) FROM casos WHERE direccion_seccional = 'CARTAGENA'`); n != 2 {
		t.Fatalf("casos de Cartagena: %d", n)
	}
}

// TestSeccional_importacionConNombreDesconocido: an unknown name is an
// error of its row and field that lists the accepted names; nothing is written.
func TestSeccional_importacionConNombreDesconocido(t *testing.T) {
	e := nuevoEntorno(t)
	csv := "nit;razon_social;tipo;direccion_seccional;registro_vigente_desde\n" +
		nitsCartagena[0] + ";A;Agencia de aduanas;Cartagena;01/01/2015\n" +
		nitsCartagena[1] + ";B;Agencia de aduanas;Cartagenita;01/01/2015\n"
	_, err := importarCSV(e.d, filas.Usuarios, csv)
	var ei *db.ErrImportacion
	if !errors.As(err, &ei) || len(ei.Problemas) != 1 || ei.Problemas[0].Fila != 3 || ei.Problemas[0].Campo != "direccion_seccional" ||
		!strings.Contains(ei.Problemas[0].Mensaje, "«Cartagenita»") || !strings.Contains(ei.Problemas[0].Mensaje, "Barranquilla") {
		t.Fatalf("err = %v", err)
	}
	if n := e.contar(`SELECT count(*) FROM usuarios_aduaneros`); n != 0 {
		t.Fatalf("se escribieron %d usuarios", n)
	}
}

// TestSeccional_catalogoEditableYAuditado: the administrator adds a short
// name; from then on it is accepted; the change is audited; other roles
// cannot change the catalogue.
func TestSeccional_catalogoEditableYAuditado(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	doc := documento(t, e.pedir("GET", "/admin/seccionales", &s, nil))
	if testid(doc, "seccional-CARTAGENA").Length() != 1 || testid(doc, "form-seccional").Length() != 1 {
		t.Fatal("la pantalla no muestra el catálogo o el formulario")
	}
	rec := e.pedir("POST", "/admin/seccionales", &s, url.Values{"codigo": {"CARTAGENA"}, "nombre": {"Dirección Seccional de Aduanas de Cartagena"},
		"nombres_cortos": {"Cartagena\nCartagena de Indias\nCTG"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("guardar: %d %s", rec.Code, rec.Body.String())
	}
	if cod, err := e.d.CodigoSeccional(context.Background(), "ctg"); err != nil || cod != "CARTAGENA" {
		t.Fatalf("nombre corto nuevo: %q %v", cod, err)
	}
	if n := e.contar(`SELECT count(*) FROM auditoria WHERE accion = 'seccional.cambiar' AND objeto = 'seccional:CARTAGENA' AND detalle_json LIKE '%CTG%'`); n != 1 {
		t.Fatal("el cambio no quedó en la auditoría")
	}
	// A short name of another Seccional is refused.
	rec = e.pedir("POST", "/admin/seccionales", &s, url.Values{"codigo": {"BOGOTA"}, "nombre": {"Dirección Seccional de Aduanas de Bogotá"}, "nombres_cortos": {"CTG"}})
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-nombres_cortos").Text() == "" {
		t.Fatalf("nombre repetido: %d", rec.Code)
	}
	sec := e.ingresar("secretaria")
	if doc := documento(t, e.pedir("GET", "/admin/seccionales", &sec, nil)); testid(doc, "form-seccional").Length() != 0 {
		t.Fatal("la Secretaría ve el formulario")
	}
	if c := e.pedir("POST", "/admin/seccionales", &sec, url.Values{"codigo": {"X1"}, "nombre": {"X"}}).Code; c != http.StatusForbidden {
		t.Fatalf("la Secretaría cambió el catálogo: %d", c)
	}
}

// importarCSV reads a CSV with internal/importar and writes it, as the
// secretaria, with db.ImportarFuente.
func importarCSV(d *db.DB, clase filas.Clase, csv string) (db.Resumen, error) {
	f, err := importar.Preparar(context.Background(), clase, string(clase)+".csv", strings.NewReader(csv), nil)
	if err != nil {
		return db.Resumen{}, err
	}
	return d.ImportarFuente(context.Background(), f, dominio.Actor{Cuenta: "secretaria"}, db.OpcionesImportacion{})
}

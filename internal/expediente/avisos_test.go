package expediente

import (
	"context"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/flujo"
	"comite/internal/permisos"
)

// Each step that causes a notice queues it in its own transaction, for the
// roles of the next step within the case's Dirección Seccional: the report
// to the Secretaría, the orden del día to the Comité, the concepto to the
// Secretaría and the Seccional of the case (not another one), the acta with
// its SHA-256 to the Secretaría and the Comité. A refused step queues
// nothing.
func TestAvisos_cadaPasoEncolaEnSuTransaccion(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	d.ActivarAvisosCorreo()
	for _, c := range []dominio.NuevaCuenta{
		{Usuario: "secretaria", Nombre: "Sara", Rol: permisos.RolSecretaria},
		{Usuario: "comite", Nombre: "Carlos", Rol: permisos.RolComite},
		{Usuario: "ctg", Nombre: "Carla", Rol: permisos.RolSeccional, DireccionSeccional: secCartagena},
		{Usuario: "bog", Nombre: "Bruno", Rol: permisos.RolSeccional, DireccionSeccional: secBogota},
		{Usuario: "auditor", Nombre: "Aura", Rol: permisos.RolAuditor},
	} {
		c.Clave = "Una-clave-larga-de-prueba-2026"
		cu, err := d.CrearCuenta(ctx, c, sAdmin.Actor)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.FijarCorreoCuenta(ctx, cu.ID, c.Usuario+"@dian.gov.co", sAdmin.Actor); err != nil {
			t.Fatal(err)
		}
	}
	caso := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, caso.ID, flujo.ConceptoEmitido)
	ss, err := d.SesionesDelCaso(ctx, caso.ID)
	if err != nil || len(ss) != 1 {
		t.Fatal(ss, err)
	}
	if err := Nuevo(d).AgregarAlOrden(ctx, ss[0].ID, caso.ID, sSecretaria); err == nil {
		t.Fatal("el caso entró dos veces al orden del día")
	}
	acta, err := Nuevo(d).EmitirActa(ctx, ss[0].ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := d.ListarCorreos(ctx, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := len(cs) - 1; i >= 0; i-- {
		got = append(got, cs[i].Clase+">"+cs[i].Usuario)
	}
	quiere := "caso_reportado>secretaria orden_del_dia>comite concepto>secretaria concepto>ctg acta>secretaria acta>comite"
	if strings.Join(got, " ") != quiere {
		t.Errorf("encolados\n %s\nquiere\n %s", strings.Join(got, " "), quiere)
	}
	if !strings.Contains(string(cs[0].Datos), `"sha256":"`+acta.SHA256+`"`) {
		t.Errorf("el aviso del acta no lleva su SHA-256: %s", cs[0].Datos)
	}
	for _, c := range cs {
		if c.Estado != db.CorreoPendiente {
			t.Errorf("%s: %s", c.Clave, c.Estado)
		}
	}
}

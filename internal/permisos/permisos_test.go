package permisos

import (
	"strings"
	"testing"
)

// Every row names at least one role and says why; no role outside Roles;
// an action with no row is refused to everyone, including Publica (the
// allowlist of routes without a session is not a permission).
func TestTabla_cadaFilaConRolesYRazon(t *testing.T) {
	validos := map[Rol]bool{}
	for _, r := range Roles {
		validos[r] = true
	}
	for _, f := range Tabla {
		if len(f.Roles) == 0 {
			t.Errorf("%s: sin roles", f.Accion)
		}
		if len(strings.TrimSpace(f.Razon)) < 20 {
			t.Errorf("%s: la razón de la fila no explica nada: %q", f.Accion, f.Razon)
		}
		for _, r := range f.Roles {
			if !validos[r] {
				t.Errorf("%s: rol desconocido %q", f.Accion, r)
			}
		}
	}
	for _, r := range Roles {
		if Puede(r, Publica) || Puede(r, Accion("inexistente")) {
			t.Errorf("%s puede una acción sin fila", r)
		}
	}
}

// Least privilege where the table says so: the administrator manages
// accounts and tables, not cases; the auditor reads and changes nothing of
// the workflow; only the Comité records the concepto; the informe is the
// Secretaría's own permission, not borrowed from another step.
func TestTabla_minimoPrivilegio(t *testing.T) {
	casos := []struct {
		rol    Rol
		accion Accion
		puede  bool
	}{
		{RolAdmin, VerCasos, false},
		{RolAdmin, VerTamizaje, false},
		{RolAdmin, GestionarCuentas, true},
		{RolAuditor, VerAuditoria, true},
		{RolAuditor, EvaluarCaso, false},
		{RolAuditor, RegistrarConcepto, false},
		{RolAuditor, GestionarSesiones, false},
		{RolComite, RegistrarConcepto, true},
		{RolSecretaria, RegistrarConcepto, false},
		{RolSecretaria, EmitirInforme, true},
		{RolComite, EmitirInforme, false},
		{RolSeccional, EmitirInforme, false},
		{RolSeccional, CerrarCaso, true},
		{RolSeccional, EvaluarCaso, false},
	}
	for _, c := range casos {
		if Puede(c.rol, c.accion) != c.puede {
			t.Errorf("Puede(%s, %s) = %v; quiere %v (%s)", c.rol, c.accion, !c.puede, c.puede, RazonDe(c.accion))
		}
	}
}

func TestParseRol_soloLosCinco(t *testing.T) {
	for _, r := range Roles {
		if got, err := ParseRol(string(r)); err != nil || got != r {
			t.Errorf("ParseRol(%q) = %q, %v", r, got, err)
		}
	}
	for _, s := range []string{"", "Admin", "secretaría", "root"} {
		if _, err := ParseRol(s); err == nil {
			t.Errorf("ParseRol(%q) aceptó", s)
		}
	}
}

package pruebas

import "testing"

func TestBuscar_programaInexistenteDaVacio(t *testing.T) {
	if p := Buscar("programa-que-no-existe-en-ninguna-maquina"); p != "" {
		t.Fatalf("Buscar = %q", p)
	}
	if p := Buscar("programa-que-no-existe", "sh"); p == "" {
		t.Fatal("sh debía encontrarse en el PATH")
	}
}

func TestEnCI(t *testing.T) {
	for v, quiere := range map[string]bool{"true": true, "1": true, "TRUE": true, "": false, "false": false} {
		t.Setenv("CI", v)
		if EnCI() != quiere {
			t.Errorf("CI=%q: EnCI = %v", v, !quiere)
		}
	}
}

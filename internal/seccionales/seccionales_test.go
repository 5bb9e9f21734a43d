package seccionales

import (
	"strings"
	"testing"
)

// TestArt25_nombresDeUnaMismaSeccional: every way of writing a Dirección
// Seccional gives its one code (case, accents, short names, official name,
// the code itself, both official prefixes).
func TestArt25_nombresDeUnaMismaSeccional(t *testing.T) {
	cat := DebeCatalogo(Semilla)
	casos := []struct{ nombre, texto, codigo string }{
		{"art25_corto", "Cartagena", "CARTAGENA"},
		{"art25_mayusculas", "CARTAGENA", "CARTAGENA"},
		{"art25_minusculas", "cartagena", "CARTAGENA"},
		{"art25_espacios", "  Cartagena  de   Indias ", "CARTAGENA"},
		{"art25_oficial", "Dirección Seccional de Aduanas de Cartagena", "CARTAGENA"},
		{"art25_oficial_mayusculas_sin_tildes", "DIRECCION SECCIONAL DE ADUANAS DE CARTAGENA", "CARTAGENA"},
		{"art25_otro_prefijo", "Dirección Seccional de Impuestos y Aduanas de Cartagena", "CARTAGENA"},
		{"art25_codigo", "CARTAGENA", "CARTAGENA"},
		{"art25_tilde_de_mas", "Cártagena", "CARTAGENA"},
		{"art25_bogota_sin_tilde", "bogota", "BOGOTA"},
		{"art25_bogota_dc", "Bogotá, D.C.", "BOGOTA"},
		{"art25_san_andres_codigo", "SAN_ANDRES", "SAN_ANDRES"},
		{"art25_san_andres", "San Andrés Isla", "SAN_ANDRES"},
		{"art25_cucuta", "CÚCUTA", "CUCUTA"},
		{"art25_uraba", "Dirección Seccional de Impuestos y Aduanas de Urabá", "URABA"},
		{"art25_dian", "DIAN Medellín", "MEDELLIN"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			got, ok := cat.Resolver(c.texto)
			if !ok || got != c.codigo {
				t.Fatalf("Resolver(%q) = %q, %v; quiere %s", c.texto, got, ok, c.codigo)
			}
		})
	}
	for _, malo := range []string{"", "  ", "Cartagenas", "Dirección Seccional de Impuestos de Bogotá", "Seccional", "Atlántico"} {
		if got, ok := cat.Resolver(malo); ok {
			t.Errorf("Resolver(%q) = %q; quiere desconocida", malo, got)
		}
	}
	_, err := cat.Codigo("Cartagenas")
	if err == nil || !strings.Contains(err.Error(), "«Cartagenas»") || !strings.Contains(err.Error(), "Cartagena") || !strings.Contains(err.Error(), "Barranquilla") {
		t.Fatalf("el error no nombra el valor y los aceptados: %v", err)
	}
}

// TestSemilla_codigosYNombresUnicos: the seed is a valid catalogue (no name
// of one Seccional is a name of another) and lists every customs city of the national list.
func TestSemilla_codigosYNombresUnicos(t *testing.T) {
	cat, err := NuevoCatalogo(Semilla)
	if err != nil {
		t.Fatal(err)
	}
	for _, ciudad := range []string{"Barranquilla", "Bogotá", "Bucaramanga", "Buenaventura", "Cali", "Cartagena", "Cúcuta", "Medellín", "Pereira",
		"Riohacha", "Santa Marta", "Ipiales", "Leticia", "San Andrés", "Urabá", "Maicao", "Manizales", "Armenia", "Pasto", "Villavicencio", "Tunja",
		"Neiva", "Ibagué", "Montería", "Sincelejo", "Valledupar", "Popayán", "Quibdó", "Arauca", "Yopal", "Florencia", "Puerto Asís", "Inírida",
		"Mitú", "Puerto Carreño", "San José del Guaviare", "Barrancabermeja", "Girardot", "Sogamoso", "Tuluá", "Palmira", "Cartago"} {
		if _, ok := cat.Resolver(ciudad); !ok {
			t.Errorf("falta %s", ciudad)
		}
	}
	if _, err := NuevoCatalogo(append(Semilla, Seccional{"OTRA", "Otra", []string{"Cartagena"}})); err == nil {
		t.Fatal("un nombre corto de dos Seccionales")
	}
	if _, err := NuevoCatalogo([]Seccional{{"mal código", "X", nil}}); err == nil {
		t.Fatal("código inválido")
	}
}

// TestArt25_accedeUnaSolaRegla: the one access rule, by role and code.
func TestArt25_accedeUnaSolaRegla(t *testing.T) {
	casos := []struct {
		nombre      string
		seccional   bool
		cuenta, obj string
		quiere      bool
	}{
		{"art25_otro_rol_ve_todo", false, "", "BOGOTA", true},
		{"art25_misma_seccional", true, "CARTAGENA", "CARTAGENA", true},
		{"art25_otra_seccional", true, "CARTAGENA", "BOGOTA", false},
		{"art25_cuenta_sin_seccional", true, "", "", false},
		{"art25_objeto_sin_seccional", true, "CARTAGENA", "", false},
		{"art25_espacios", true, " CARTAGENA", "CARTAGENA ", true},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Accede(c.seccional, c.cuenta, c.obj); got != c.quiere {
				t.Fatalf("Accede = %v", got)
			}
		})
	}
}

func FuzzClave(f *testing.F) {
	for _, s := range Semilla {
		f.Add(s.Nombre)
	}
	cat := DebeCatalogo(Semilla)
	f.Fuzz(func(t *testing.T, s string) {
		k := Clave(s)
		if Clave(k) != k {
			t.Fatalf("Clave no es idempotente: %q → %q → %q", s, k, Clave(k))
		}
		if cod, ok := cat.Resolver(s); ok {
			if again, ok2 := cat.Resolver(cod); !ok2 || again != cod {
				t.Fatalf("el código %s no se resuelve a sí mismo", cod)
			}
		}
	})
}

package informe

import "testing"

// An emitted informe prints the head of the audit chain at its emission, so a
// copy on paper anchors the log outside the database.
func TestSecciones_cabezaDelRegistroDeAuditoria(t *testing.T) {
	d := datosEjemplo(t)
	buscar := func(d Datos) string {
		ss, err := Secciones(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			for _, b := range s.Bloques {
				for _, p := range b.Pares {
					if p.Etiqueta == "Registro de auditoría al emitir" {
						return p.Valor
					}
				}
			}
		}
		return ""
	}
	if v := buscar(d); v != "" {
		t.Fatalf("sin cabeza (vista previa) no debe imprimirse: %q", v)
	}
	d.Emision.CabezaAuditoria = "fila 42, hash 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	if v := buscar(d); v != d.Emision.CabezaAuditoria {
		t.Fatalf("cabeza impresa = %q", v)
	}
	if _, err := PDF(d); err != nil {
		t.Fatal(err)
	}
}

package expediente

import (
	"context"
	"strings"
	"testing"

	"comite/internal/adjunto"
	"comite/internal/fallo"
)

// File 004: the Dirección Seccional reports "un informe junto con las
// pruebas y demás antecedentes de los hechos". Reportar takes the informe
// or the reason it is missing; the case and its informe are written in one
// transaction, and every error comes back at once.
func TestReportar_informeOMotivoEnLaMismaTransaccion(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	x := Nuevo(d)
	contar := func(q string) int {
		var n int
		if err := d.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	n := nuevoEjemplo(nitEjemplo)
	n.ConfirmarDuplicado = true

	cases := []struct {
		name   string
		inf    InformeAlReportar
		campos []string // the fields refused; none: reported
	}{
		{"sin informe ni motivo", InformeAlReportar{MotivoSinInforme: "  "}, []string{"informe_archivo"}},
		{"motivo demasiado largo", InformeAlReportar{MotivoSinInforme: strings.Repeat("x", 1001)}, []string{"motivo_sin_informe"}},
		{"informe que no es lo que dice", InformeAlReportar{Nombre: "informe.pdf", Datos: adjunto.Muestra(adjunto.PNG, "x")}, []string{"informe_archivo"}},
		{"informe con descripción de varias líneas", InformeAlReportar{Nombre: "informe.pdf", Datos: adjunto.Muestra(adjunto.PDF, "x"), Descripcion: "a\nb"}, []string{"informe_descripcion"}},
		{"con el informe", InformeAlReportar{Nombre: "informe.pdf", Datos: adjunto.Muestra(adjunto.PDF, "x")}, nil},
		{"con el motivo", InformeAlReportar{MotivoSinInforme: "Se envía por correo certificado."}, nil},
	}
	for _, c := range cases {
		antes := contar(`SELECT count(*) FROM casos`) + contar(`SELECT count(*) FROM adjuntos`) + contar(`SELECT count(*) FROM auditoria`)
		caso, err := x.Reportar(ctx, n, c.inf, sSeccional)
		if c.campos == nil {
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			continue
		}
		fe := fallo.De(err)
		if fe == nil || fe.Codigo != fallo.Invalido || caso.ID != 0 {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, k := range c.campos {
			if fe.Campos[k] == "" {
				t.Errorf("%s: sin error en %s: %v", c.name, k, fe.Campos)
			}
		}
		if despues := contar(`SELECT count(*) FROM casos`) + contar(`SELECT count(*) FROM adjuntos`) + contar(`SELECT count(*) FROM auditoria`); despues != antes {
			t.Errorf("%s: quedaron %d filas escritas", c.name, despues-antes)
		}
	}
	if got := contar(`SELECT count(*) FROM adjuntos WHERE tipo = 'informe_seccional' AND descripcion = 'Informe de la Dirección Seccional al reportar el caso'`); got != 1 {
		t.Fatalf("%d informes adjuntos", got)
	}
	if got := contar(`SELECT count(*) FROM caso_eventos WHERE detalle_json LIKE '%motivo: Se envía por correo certificado.%'`); got != 1 {
		t.Fatalf("%d filas de la historia con el motivo", got)
	}

	// A case error and an informe error come back together.
	mal := n
	mal.Descripcion = ""
	mal.NIT = "123"
	_, err := x.Reportar(ctx, mal, InformeAlReportar{}, sSeccional)
	fe := fallo.De(err)
	if fe == nil || fe.Campos["nit"] == "" || fe.Campos["informe_archivo"] == "" {
		t.Fatalf("errores juntos: %v", err)
	}
}

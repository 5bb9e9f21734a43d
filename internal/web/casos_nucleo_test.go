package web

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"comite/internal/contrato"
)

// One rule, one place: for the same data the form of a new case refuses what
// `comite evaluar` refuses, with the core's words, and accepts what it
// accepts; the stored evaluation is what the core gives for the stored input.
func TestCasos_art25_formularioYNucleoDicenLoMismo(t *testing.T) {
	cases := []struct {
		name, campo, valor string
		error              string // the core's line for the field, "" = accepted
	}{
		{"art25_verificacion_antes_de_la_comision", "fecha_verificacion", "2026-02-09",
			"La verificación de los hechos (09/02/2026) no puede ser anterior a la comisión de la infracción (10/02/2026)."},
		{"art25_gravisima_con_amonestacion", "sancion", "amonestacion",
			"Una infracción gravísima no se sanciona con amonestación (nueva_infraccion.gravedad): la amonestación es la sanción de las infracciones leves."},
		{"art25_expediente_antes_de_la_verificacion_se_admite", "fecha_expediente", "2026-02-15", ""},
		{"art25_multa_prevista_cero_se_admite", "sancion_prevista", "0", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := nuevoEntorno(t)
			e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
			s := e.ingresar("secretaria")
			f := formCaso(nitCaso)
			f.Set(c.campo, c.valor)
			if c.campo == "sancion" {
				f.Del("sancion_prevista")
			}
			rec := e.pedir("POST", "/casos", &s, f)
			if c.error != "" {
				if rec.Code != http.StatusUnprocessableEntity {
					t.Fatalf("el núcleo lo rechaza y el formulario responde %d", rec.Code)
				}
				if got := testid(documento(t, rec), "error-"+c.campo).Text(); !strings.Contains(got, c.error) {
					t.Fatalf("mensaje %q; el núcleo dice %q", got, c.error)
				}
				return
			}
			m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
			if rec.Code != http.StatusSeeOther || m == nil {
				t.Fatalf("el núcleo lo admite y el formulario responde %d", rec.Code)
			}
			id, _ := strconv.ParseInt(m[1], 10, 64)
			ev, err := e.d.UltimaEvaluacion(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			cli, err := contrato.Evaluar([]byte(ev.EntradaJSON))
			if err != nil {
				t.Fatalf("comite evaluar rechaza la entrada guardada: %v", err)
			}
			guardada, _ := contrato.LeerResultado([]byte(ev.ResultadoJSON))
			nucleo, _ := contrato.LeerResultado(cli)
			if guardada.Procede() != nucleo.Procede() || guardada.SumaSancionesCOP != nucleo.SumaSancionesCOP || guardada.PlazoReporte != nucleo.PlazoReporte {
				t.Errorf("guardada: procede %v S %s plazo %s; comite evaluar: %v %s %s", guardada.Procede(), guardada.SumaSancionesCOP, guardada.PlazoReporte,
					nucleo.Procede(), nucleo.SumaSancionesCOP, nucleo.PlazoReporte)
			}
		})
	}
}

// The foreseen fine is used exactly as entered, cents and finer included: the
// form takes a multa with three decimals as the core does, the case keeps it
// as entered, and the stored evaluation is what the core gives for it.
func TestCasos_multaConTresDecimalesComoElNucleo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("secretaria")
	f := formCaso(nitCaso)
	f.Set("sancion_prevista", "1234567,891")
	rec := e.pedir("POST", "/casos", &s, f)
	m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
	if rec.Code != http.StatusSeeOther || m == nil {
		t.Fatalf("el núcleo admite la multa y el formulario responde %d %s", rec.Code, rec.Body.String())
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	ctx := context.Background()
	caso, err := e.d.Caso(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if caso.SancionPrevista.String() != "1234567.891" {
		t.Fatalf("multa guardada %s; quiere 1234567.891", caso.SancionPrevista)
	}
	ev, err := e.d.UltimaEvaluacion(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var ent struct {
		Nueva struct {
			SancionPrevistaCOP string `json:"sancion_prevista_cop"`
		} `json:"nueva_infraccion"`
	}
	if err := json.Unmarshal([]byte(ev.EntradaJSON), &ent); err != nil || ent.Nueva.SancionPrevistaCOP != "1234567.891" {
		t.Fatalf("entrada guardada con multa %q (%v); quiere 1234567.891", ent.Nueva.SancionPrevistaCOP, err)
	}
	cli, err := contrato.Evaluar([]byte(ev.EntradaJSON))
	if err != nil {
		t.Fatalf("comite evaluar rechaza la entrada guardada: %v", err)
	}
	var guardada, nucleo any
	if err := json.Unmarshal([]byte(ev.ResultadoJSON), &guardada); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(cli, &nucleo); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(guardada, nucleo) {
		t.Errorf("evaluación guardada:\n%s\ncomite evaluar:\n%s", ev.ResultadoJSON, cli)
	}
	// The liquidation of the case calculates with the same amount.
	rec = e.pedir("GET", "/casos/"+m[1]+"/liquidacion", &s, nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "valor_1=1.234.567%2C891") {
		t.Errorf("la liquidación del caso (%d) no lleva la multa exacta 1.234.567,891", rec.Code)
	}
}

package web

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// Corte Constitucional C-072 de 2025: after 20/06/2026 no rule set held is
// confirmed in force. The profile's quick evaluation says so as prominently
// as the case page does (an alert, data-testid aviso-vigencia).
func TestPerfil_c072_avisoDeVigenciaEnLaEvaluacionRapida(t *testing.T) {
	cases := []struct {
		name  string
		hoy   time.Time
		aviso bool
	}{
		{"c072_ultimo_dia_de_vigencia_sin_aviso", time.Date(2026, 6, 20, 15, 0, 0, 0, time.UTC), false},
		{"c072_dia_siguiente_norma_sin_vigencia_confirmada", time.Date(2026, 6, 21, 15, 0, 0, 0, time.UTC), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := nuevoEntorno(t)
			e.sembrarSinOperaciones()
			*e.ahora = c.hoy
			s := e.ingresar("comite")
			rec := e.pedir("GET", "/usuarios/"+nitSinOps, &s, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("perfil: %d", rec.Code)
			}
			doc := documento(t, rec)
			sel := doc.Find(`[data-testid="evaluacion-rapida"] [data-testid="aviso-vigencia"][role="alert"]`)
			if hay := sel.Length() == 1; hay != c.aviso {
				t.Fatalf("aviso de vigencia = %v", hay)
			}
			if c.aviso && !strings.Contains(sel.Text(), "confirme la norma aplicable") {
				t.Errorf("aviso: %q", sel.Text())
			}
		})
	}
}

package templates

import (
	"fmt"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func TestEvaluacionRapidaDe_art25(t *testing.T) {
	hoy := fecha.Debe(2026, 3, 2)
	p := valores.Parametros{Nombre: "Decreto Ley 920 de 2023", MinimoActos: 3}
	o, n, part := decimal.NewFromInt(3_000_000_000), int64(300), decimal.RequireFromString("2.0000")
	cero, ceroN := decimal.Zero, int64(0)
	umbral := decimal.NewFromInt(15_000_000)
	base := func() reincidencia.Resultado {
		return reincidencia.Resultado{
			Periodo:     reincidencia.Periodo{Anio: 2025, Desde: fecha.Debe(2025, 1, 1), Hasta: fecha.Debe(2025, 12, 31)},
			NumeroActos: 3, Suma: decimal.NewFromInt(60_000_000), TotalOperaciones: &o, NumeroOperaciones: &n,
			Participacion: &part, ParticipacionTexto: "2 %",
			Requisitos:    reincidencia.Requisitos{RegistroVigente: true, InfraccionGraveOGravisima: true, MinimoTresActos: true, UmbralCeroCinco: reincidencia.Si},
			ProcedeComite: reincidencia.Si,
		}
	}
	serie := []reincidencia.PuntoAnual{
		{Anio: 2024, NumeroActos: 1, Suma: decimal.NewFromInt(1_000_000), CumpleUmbral: reincidencia.Desconocido},
		{Anio: 2025, NumeroActos: 3, Suma: decimal.NewFromInt(60_000_000), Operaciones: &o, Numero: &n, Umbral: &umbral, CumpleUmbral: reincidencia.Si, CumpleMinimo: true, Participacion: &part, ParticipacionTexto: "2 %"},
	}
	casos := []struct {
		nombre    string
		cambiar   func(*reincidencia.Resultado)
		sinCifras bool
		serie     []reincidencia.PuntoAnual
		// what the page shows
		o, umbral, estado, incompletos, alerta string
		procede                                bool
	}{
		{"art25_procede_con_los_cuatro_requisitos", nil, false, serie,
			"$ 3.000.000.000", "$ 15.000.000", "Se cumple", "", "", true},
		{"art25_sin_serie_umbral_desconocido", nil, false, nil,
			"$ 3.000.000.000", "desconocido", "Se cumple", "", "", true},
		{"art25_operaciones_nunca_cargadas_datos_incompletos", func(r *reincidencia.Resultado) {
			r.TotalOperaciones, r.NumeroOperaciones, r.Participacion = nil, nil, nil
			r.Requisitos.UmbralCeroCinco, r.ProcedeComite = reincidencia.Desconocido, reincidencia.Desconocido
			r.Alertas = []reincidencia.Alerta{reincidencia.FaltanOperaciones}
		}, false, nil,
			"Datos incompletos: cargue las operaciones de 2025", "desconocido", "Datos incompletos: cargue las operaciones de 2025",
			"Datos incompletos: cargue las operaciones de 2025", "Datos incompletos: cargue las operaciones de 2025: sin ellas", false},
		{"art25_operaciones_cargadas_en_cero", func(r *reincidencia.Resultado) {
			r.TotalOperaciones, r.NumeroOperaciones, r.Participacion = &cero, &ceroN, nil
			r.Alertas = []reincidencia.Alerta{reincidencia.SinOperaciones}
		}, false, nil,
			"$ 0", "desconocido", "Se cumple", "", "Operaciones de 2025 cargadas en cero", true},
		{"no_calculada", nil, true, nil, "", "", "", "", "", false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var r *reincidencia.Resultado
			if !c.sinCifras {
				x := base()
				if c.cambiar != nil {
					c.cambiar(&x)
				}
				r = &x
			}
			ev := EvaluacionRapidaDe(hoy, p, r, c.serie)
			if ev.Hoy != "02/03/2026" || ev.MinimoActos != "3" || ev.Reglas != p.Nombre {
				t.Fatalf("cabecera %+v", ev)
			}
			if c.sinCifras {
				if ev.Error == "" || ev.AnioReferencia != "" {
					t.Errorf("sin cifras: %+v", ev)
				}
				return
			}
			if ev.Error != "" || ev.AnioReferencia != "2025" || ev.O != c.o || ev.Umbral != c.umbral || ev.EstadoUmbral != c.estado ||
				ev.DatosIncompletos != c.incompletos || ev.Procede != c.procede {
				t.Errorf("EvaluacionRapidaDe = %+v", ev)
			}
			if got := strings.Join(ev.Alertas, "|"); (c.alerta == "" && got != "") || !strings.HasPrefix(got, c.alerta) {
				t.Errorf("alertas %q; quiere %q…", got, c.alerta)
			}
			if len(ev.Serie) != len(c.serie) {
				t.Fatalf("serie %+v", ev.Serie)
			}
			if len(c.serie) > 0 && (ev.Serie[0].Operaciones != "sin cargar" || ev.Serie[0].Participacion != "—" || ev.Serie[0].EstadoUmbral != "Datos incompletos: cargue las operaciones de 2024") {
				t.Errorf("año sin operaciones %+v", ev.Serie[0])
			}
		})
	}
}

// The profile shows 50 acts a page but counts every act in its chart by
// gravedad (art. 25 inc. 1: every act firm in the reference year counts).
func TestPerfilUsuarioDe_art25_actosEnPaginas(t *testing.T) {
	hoy := fecha.Debe(2026, 3, 2)
	u := dominio.UsuarioAduanero{NIT: "800197268-4", RazonSocial: "Muchos Actos S.A.S.", Tipo: "declarante",
		Registros: []dominio.RegistroUsuario{{ID: 7, Clase: "registro", Numero: "R-1", VigenteDesde: fecha.Debe(2019, 1, 1)},
			{ID: 8, Clase: "registro", Numero: "R-2", VigenteDesde: fecha.Debe(2019, 1, 1), VigenteHasta: fecha.Debe(2020, 1, 1)}}}
	actos := func(n int) []dominio.ActoSancion {
		var out []dominio.ActoSancion
		for i := range n {
			f := fecha.Debe(2024, 1, 1).MasDias(i)
			out = append(out, dominio.ActoSancion{NumeroActo: fmt.Sprintf("M-%03d", i), FechaExpedicion: f, FechaFirmeza: f,
				Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(1_000_000)})
		}
		return out
	}
	casos := []struct {
		nombre          string
		actos, pagina   int
		filas, de, en   int
		anterior, sigue bool
	}{
		{"art25_sin_actos", 0, 1, 0, 1, 1, false, false},
		{"art25_primera_pagina", 120, 1, 50, 3, 1, false, true},
		{"art25_pagina_intermedia", 120, 2, 50, 3, 2, true, true},
		{"art25_ultima_pagina", 120, 3, 20, 3, 3, true, false},
		{"art25_mas_alla_de_la_ultima", 120, 99, 20, 3, 3, true, false},
		{"art25_pagina_cero_es_la_primera", 120, 0, 50, 3, 1, false, true},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v, err := PerfilUsuarioDe(DatosPerfil{Usuario: u, Seccional: "Cartagena", Hoy: hoy, Actos: actos(c.actos), PaginaActos: c.pagina})
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Actos) != c.filas || v.PaginasActos != c.de || v.PaginaActos != c.en || v.TotalActos != c.actos ||
				(v.ActosAnterior != "") != c.anterior || (v.ActosSiguiente != "") != c.sigue {
				t.Errorf("página: %d filas, %d de %d, anterior %q, siguiente %q", len(v.Actos), v.PaginaActos, v.PaginasActos, v.ActosAnterior, v.ActosSiguiente)
			}
			if c.sigue && !strings.HasSuffix(v.ActosSiguiente, "#panel-actos") {
				t.Errorf("siguiente %q", v.ActosSiguiente)
			}
			if len(v.Graficos) != 1 {
				t.Errorf("%d gráficos; sin serie solo el de actos por gravedad", len(v.Graficos))
			}
			if !v.RegistroVigente || len(v.Registros) != 2 || !v.Registros[0].Vigente || v.Registros[0].Hasta != "Indefinida" || v.Registros[1].Vigente || v.Registros[1].Hasta != "01/01/2020" {
				t.Errorf("registros %+v", v.Registros)
			}
			if v.Tipo != "Importador / exportador (declarante)" || v.Ruta != "/usuarios/800197268-4" {
				t.Errorf("identificación %q %q", v.Tipo, v.Ruta)
			}
		})
	}
}

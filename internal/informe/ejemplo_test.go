package informe

import (
	"comite/internal/flujo"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"comite/internal/contrato"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// instante is a fixed instant in Bogotá (tests never read the clock).
func instante(anio int, mes time.Month, dia, hora, min int) time.Time {
	return time.Date(anio, mes, dia, hora, min, 0, 0, fecha.Bogota)
}

// desdeEntrada evaluates an entrada the way a case stores it: the contract's
// JSON output read back with LeerResultado, plus the yearly series.
func desdeEntrada(t testing.TB, ent reincidencia.Entrada) (contrato.EvaluacionJSON, []reincidencia.PuntoAnual) {
	t.Helper()
	res, err := reincidencia.Evaluar(ent, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	js, err := contrato.EscribirEvaluacion(res)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := contrato.LeerResultado(js)
	if err != nil {
		t.Fatal(err)
	}
	serie, err := reincidencia.Serie(ent, valores.Integrada(), ev.Periodo.Anio-4, ev.Periodo.Anio)
	if err != nil {
		t.Fatal(err)
	}
	return ev, serie
}

// datosEjemplo is the worked example of docs/reglas.md §2 (testdata/evaluar/
// ejemplo_dominio.json and its stored evaluation) with a concepto.
func datosEjemplo(t testing.TB) Datos {
	t.Helper()
	entrada, err := os.ReadFile(filepath.Join("..", "..", "testdata", "evaluar", "ejemplo_dominio.json"))
	if err != nil {
		t.Fatal(err)
	}
	ent, err := contrato.LeerEvaluacion(entrada)
	if err != nil {
		t.Fatal(err)
	}
	// The stored snapshot: the output of `comite evaluar` on that file
	// (`go run ./cmd/comite evaluar testdata/evaluar/ejemplo_dominio.json`).
	salida, err := os.ReadFile(filepath.Join("..", "..", "testdata", "evaluar", "ejemplo_dominio.salida.json"))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := contrato.LeerResultado(salida)
	if err != nil {
		t.Fatal(err)
	}
	serie, err := reincidencia.Serie(ent, valores.Integrada(), 2021, 2025)
	if err != nil {
		t.Fatal(err)
	}
	return Datos{
		Caso:               "CF-2026-0007",
		DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá",
		Usuario:            ent.Usuario,
		Nueva:              ent.Nueva,
		Evaluacion:         ev,
		Serie:              serie,
		FechaReporte:       fecha.Debe(2026, 3, 27),
		Criterios: Criterios{
			TipoUsuario:      "Agencia de aduanas con autorización vigente; actúa como declarante por cuenta de terceros, lo que amplía el efecto de sus infracciones sobre el control aduanero.",
			PerjuicioEstado:  "Los hechos afectaron el recaudo de tributos aduaneros por un valor estimado de $ 320.000.000 y obligaron a tres inspecciones físicas adicionales. ¿Hubo devolución? No: el perjuicio persiste.",
			NaturalezaHechos: "Declaraciones con subfacturación reiterada en mercancía de alto riesgo; la nueva infracción es gravísima.",
			ImpactoComercio:  "La agencia atiende a 140 importadores; la cancelación exigiría reasignar sus trámites. ¡Impacto moderado!",
			Antecedentes:     "Tres actos en firme en 2025 (uno gravísimo) y uno con allanamiento aceptado.",
		},
		Historia: []Paso{
			{instante(2026, 3, 27, 9, 15), "seccional.bogota", "", "reportado", "Reporte de la nueva infracción y expediente completo."},
			{instante(2026, 3, 31, 14, 2), "Sara Ruiz Gómez (Secretaría Técnica)", "reportado", "en_evaluacion", "Verificación de datos y criterios cualitativos."},
			{instante(2026, 4, 8, 10, 0), "Sara Ruiz Gómez (Secretaría Técnica)", "en_evaluacion", "en_comite", "Presentado en la sesión ordinaria de abril."},
			{instante(2026, 4, 8, 12, 30), "Andrés Felipe Castaño (Comité de Fiscalización)", "en_comite", "concepto_emitido", "Concepto registrado."},
		},
		Concepto: &Concepto{
			FechaSesion:          fecha.Debe(2026, 4, 8),
			Miembros:             []string{"Directora de Gestión de Fiscalización", "Director de Gestión Jurídica", "Subdirectora de Fiscalización Aduanera"},
			Decision:             flujo.DecisionCancelacion,
			Motivacion:           []Motivacion{{"Naturaleza de los hechos", "Subfacturación reiterada en mercancía sensible."}, {"Impacto en el comercio exterior", "Moderado: existen agencias que pueden asumir los trámites."}, {"Antecedentes", "Tres actos graves o gravísimos en firme en 2025."}},
			CriteriosCancelacion: []string{"5.3", "5.7"},
			RegistradoPor:        "Andrés Felipe Castaño (Comité de Fiscalización)",
			RegistradoEn:         instante(2026, 4, 8, 12, 30),
			Correcciones: []Correccion{
				{instante(2026, 4, 9, 8, 45), "Andrés Felipe Castaño (Comité de Fiscalización)", "Error material en el nombre de un miembro.", "Donde dice «Director de Gestión Jurídica» debe decir «Directora de Gestión Jurídica»."},
			},
		},
		Instantanea: Instantanea{ID: "inst-7f3a9c", Version: 1, Creada: instante(2026, 3, 27, 9, 15)},
		Emision: Emision{Version: 1, EmitidoPor: "Sara Ruiz Gómez, Profesional especializada (Secretaría Técnica)", Instante: instante(2026, 4, 1, 16, 20),
			Firmantes: []Firmante{{Nombre: "Sara Ruiz Gómez", Cargo: "Profesional especializada", Papel: "Secretaría Técnica del Comité de Fiscalización — emite el informe gerencial"}}},
		EvaluacionJSON: salida,
	}
}

// datosLargos is a case with 50 acts over five years, to exercise page breaks
// and repeated table headers.
func datosLargos(t testing.TB) Datos {
	t.Helper()
	ent := reincidencia.Entrada{
		Usuario: reincidencia.Usuario{NIT: "899999068-1", RazonSocial: "Depósito Habilitado del Caribe Ltda.", Tipo: "deposito_habilitado", RegistroVigente: true},
		Nueva: reincidencia.NuevaInfraccion{
			FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13),
			FechaRequerimiento: fecha.Debe(2026, 5, 4),
			Gravedad:           sancion.Grave, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(20_000_000),
		},
		Anclaje: sancion.AnclajeComision,
	}
	grav := []sancion.Gravedad{sancion.Grave, sancion.Gravisima, sancion.Leve, sancion.Grave, sancion.Grave}
	for i := 0; i < 50; i++ {
		anio := 2021 + i%5
		a := reincidencia.Acto{
			Numero:       fmt.Sprintf("RS-%d-%04d", anio, 100+i),
			FechaFirmeza: fecha.Debe(anio, time.Month(1+i%12), 1+i%28),
			Gravedad:     grav[(i/5)%5],
			Sancion:      sancion.Multa,
			Valor:        decimal.NewFromInt(int64(3_000_000 + 750_000*(i%9))),
			Allanamiento: i%7 == 3,
		}
		if i%11 == 5 {
			a.FechaFirmeza = fecha.Fecha{}
		}
		if i == 24 {
			a.Sancion, a.Valor = sancion.Suspension, decimal.Zero
		}
		ent.Actos = append(ent.Actos, a)
	}
	for y := 2021; y <= 2025; y++ {
		ent.Operaciones = append(ent.Operaciones, reincidencia.Operaciones{Anio: y, Valor: decimal.NewFromInt(int64(4_000_000_000 + 600_000_000*(y-2021))), Numero: int64(900 + 80*(y-2021))})
	}
	ev, serie := desdeEntrada(t, ent)
	d := datosEjemplo(t)
	d.Caso = "CF-2026-0042"
	d.DireccionSeccional = "Dirección Seccional de Aduanas de Cartagena"
	d.Usuario, d.Nueva, d.Evaluacion, d.Serie = ent.Usuario, ent.Nueva, ev, serie
	d.FechaReporte = fecha.Debe(2026, 4, 6) // after the 30/03/2026 deadline
	d.Concepto = nil
	d.Criterios.Antecedentes = ""
	for i := 0; i < 12; i++ {
		d.Historia = append(d.Historia, Paso{instante(2026, 4, 10+i, 9, i), "Sara Ruiz Gómez (Secretaría Técnica)", "en_evaluacion", "en_evaluacion", fmt.Sprintf("Revisión %d de los soportes del acto RS-2025-%04d.", i+1, 104+5*i)})
	}
	return d
}

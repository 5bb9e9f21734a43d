package reincidencia

import (
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Decidir on each side of each boundary of art. 25 (inc. 1: 0,5 % compared
// exactly, three acts, registro, gravedad; inc. 3: the second route waives
// only the 0,5 %), with unknown and zero operations.
func TestDecidir_art25(t *testing.T) {
	p, _ := valores.Integrada().ConjuntoPara(fecha.Debe(2026, 1, 1))
	d := decimal.RequireFromString
	base := Cuentas{NumeroActos: 3, Suma: d("5000000"), OperacionesCargadas: true, TotalOperaciones: d("1000000000"), RegistroVigente: true, Gravedad: sancion.Grave}
	casos := []struct {
		nombre          string
		cambiar         func(*Cuentas)
		umbral, procede Tri
		faltan, sinOps  bool
	}{
		{"art25_inc1_en_la_linea_exacta_cumple", func(*Cuentas) {}, Si, Si, false, false},
		{"art25_inc1_un_centavo_bajo_la_linea_no_cumple", func(c *Cuentas) { c.Suma = d("4999999.99") }, No, No, false, false},
		{"art25_inc1_dos_actos_no_procede", func(c *Cuentas) { c.NumeroActos = 2 }, Si, No, false, false},
		{"art25_inc1_sin_registro_no_procede", func(c *Cuentas) { c.RegistroVigente = false }, Si, No, false, false},
		{"art25_inc1_nueva_leve_no_procede", func(c *Cuentas) { c.Gravedad = sancion.Leve }, Si, No, false, false},
		{"art25_inc1_operaciones_sin_cargar_con_sanciones_desconocido", func(c *Cuentas) { c.OperacionesCargadas = false }, Desconocido, Desconocido, true, false},
		{"art25_inc1_operaciones_sin_cargar_sin_sanciones_no", func(c *Cuentas) { c.OperacionesCargadas, c.Suma = false, decimal.Zero }, No, No, false, false},
		{"criterio_operaciones_en_cero_con_sanciones_cumple", func(c *Cuentas) { c.TotalOperaciones = decimal.Zero }, Si, Si, false, true},
		{"criterio_operaciones_en_cero_sin_sanciones_no", func(c *Cuentas) { c.TotalOperaciones, c.Suma = decimal.Zero, decimal.Zero }, No, No, false, false},
		{"art25_inc3_cancelacion_en_sustitucion_sin_umbral", func(c *Cuentas) { c.Suma, c.PermiteCancelacion = d("1"), true }, No, Si, false, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			in := base
			c.cambiar(&in)
			v := Decidir(in, p)
			if v.Requisitos.UmbralCeroCinco != c.umbral || v.ProcedeComite != c.procede || v.FaltanOperaciones != c.faltan || v.SinOperaciones != c.sinOps {
				t.Errorf("umbral %v procede %v faltan %v sin %v; se esperaba %v %v %v %v", v.Requisitos.UmbralCeroCinco, v.ProcedeComite, v.FaltanOperaciones, v.SinOperaciones, c.umbral, c.procede, c.faltan, c.sinOps)
			}
		})
	}
}

// ExclusionActo: one reason per act, in the order period, gravedad,
// allanamiento, firmeza (art. 25 inc. 1 and 2).
func TestExclusionActo_art25_ordenDeMotivos(t *testing.T) {
	per := PeriodoDelAnio(2025)
	casos := []struct {
		nombre  string
		firmeza fecha.Fecha
		g       sancion.Gravedad
		allan   bool
		motivo  Motivo
	}{
		{"art25_inc1_primero_de_enero_cuenta", fecha.Debe(2025, 1, 1), sancion.Grave, false, ""},
		{"art25_inc1_treinta_y_uno_de_diciembre_cuenta", fecha.Debe(2025, 12, 31), sancion.Gravisima, false, ""},
		{"art25_inc1_dia_anterior_fuera_de_periodo", fecha.Debe(2024, 12, 31), sancion.Leve, true, FueraDePeriodo},
		{"art25_inc1_leve_antes_que_allanamiento", fecha.Debe(2025, 6, 1), sancion.Leve, true, GravedadLeve},
		{"art25_inc2_allanamiento", fecha.Debe(2025, 6, 1), sancion.Grave, true, ConAllanamiento},
		{"art25_inc1_sin_firmeza", fecha.Fecha{}, sancion.Grave, false, SinFirmeza},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := ExclusionActo(c.firmeza, c.g, c.allan, per); got != c.motivo {
				t.Errorf("motivo %q, se esperaba %q", got, c.motivo)
			}
		})
	}
	if AportaSuma(sancion.Cancelacion) || AportaSuma(sancion.Suspension) || !AportaSuma(sancion.Multa) || !AportaSuma(sancion.Amonestacion) {
		t.Error("cancelación y suspensión cuentan y suman 0; multa y amonestación suman su monto")
	}
}

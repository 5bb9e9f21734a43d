package lectura_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"comite/internal/contrato"
	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"

	"github.com/shopspring/decimal"
)

func abrirTamizaje(t *testing.T) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// entradaCompleta builds the input of `comite evaluar` for a user from ALL its
// rows (every act, every year of operations), with plain SQL independent of
// RecorrerTamizaje: the case path, committed and verified on 1 January of y.
func entradaCompleta(t *testing.T, d *db.DB, uid int64, y int) reincidencia.Entrada {
	t.Helper()
	f := fecha.Debe(y, 1, 1)
	e := reincidencia.Entrada{
		Nueva:   reincidencia.NuevaInfraccion{FechaComision: f, FechaVerificacion: f, Gravedad: sancion.Grave, Sancion: sancion.Multa, SancionPrevista: decimal.Zero},
		Anclaje: sancion.AnclajeComision,
	}
	var vig int
	if err := d.QueryRow(`SELECT nit, razon_social, tipo,
		(SELECT count(*) FROM registros r WHERE r.usuario_id = u.id AND r.vigente_desde <= ?2 AND (r.vigente_hasta IS NULL OR r.vigente_hasta >= ?2))
		FROM usuarios_aduaneros u WHERE id = ?1`, uid, f.String()).Scan(&e.Usuario.NIT, &e.Usuario.RazonSocial, &e.Usuario.Tipo, &vig); err != nil {
		t.Fatal(err)
	}
	e.Usuario.RegistroVigente = vig > 0
	rows, err := d.Query(`SELECT numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento FROM actos WHERE usuario_id = ? ORDER BY id`, uid)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a reincidencia.Acto
		var firm sql.NullString
		var grav, sanc string
		var cent int64
		var allan int
		if err := rows.Scan(&a.Numero, &firm, &grav, &sanc, &cent, &allan); err != nil {
			t.Fatal(err)
		}
		if firm.Valid {
			if a.FechaFirmeza, err = fecha.ParseISO(firm.String); err != nil {
				t.Fatal(err)
			}
		}
		a.Gravedad, a.Sancion, a.Valor, a.Allanamiento = sancion.Gravedad(grav), sancion.Tipo(sanc), decimal.New(cent, -2), allan == 1
		e.Actos = append(e.Actos, a)
	}
	rows.Close()
	rows, err = d.Query(`SELECT anio, valor_centavos, numero FROM operaciones_anuales WHERE usuario_id = ?1
		UNION ALL SELECT anio, valor_centavos, 1 FROM declaraciones WHERE usuario_id = ?1`, uid)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var o reincidencia.Operaciones
		var cent int64
		if err := rows.Scan(&o.Anio, &cent, &o.Numero); err != nil {
			t.Fatal(err)
		}
		o.Valor = decimal.New(cent, -2)
		e.Operaciones = append(e.Operaciones, o)
	}
	rows.Close()
	return e
}

// evaluarContrato runs `comite evaluar`'s code path on the JSON of the input.
func evaluarContrato(t *testing.T, e reincidencia.Entrada) contrato.EvaluacionJSON {
	t.Helper()
	in, err := contrato.EscribirEntrada(e)
	if err != nil {
		t.Fatal(err)
	}
	out, err := contrato.Evaluar(in)
	if err != nil {
		t.Fatalf("%s: %v\n%s", e.Usuario.NIT, err, in)
	}
	r, err := contrato.LeerResultado(out)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// triTexto writes a three-valued answer as JSON does: true, false or null.
func triTexto(t reincidencia.Tri) string {
	if p := t.Puntero(); p != nil {
		return fmt.Sprint(*p)
	}
	return "null"
}

func nulo[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func textoNulo(d *decimal.Decimal) string {
	if d == nil {
		return "null"
	}
	return d.StringFixed(4)
}

func comparar(t *testing.T, nombre string, p tamizaje.Punto, r contrato.EvaluacionJSON) {
	t.Helper()
	if d := diferenciaPunto(p, r); d != "" {
		t.Errorf("%s:%s", nombre, d)
	}
}

// The screening agrees, for every user of a demo database and for both
// reference years it shows, with `comite evaluar` run on the user's full
// input (all acts, all operations): Decreto Ley 920 de 2023 art. 25 inc. 1
// and 2 computed by one core (docs/reglas.md §2).
func TestTamizaje_art25_coincideConEvaluarParaCadaUsuarioDeLaDemo(t *testing.T) {
	for _, semilla := range []int64{3, 11} {
		t.Run(fmt.Sprint("semilla_", semilla), func(t *testing.T) {
			d := abrirTamizaje(t)
			res, err := demo.Generar(context.Background(), d, demo.Opciones{Usuarios: 150, Anios: 4, Semilla: semilla})
			if err != nil {
				t.Fatal(err)
			}
			anio := res.AnioReferencia + 1
			filas, err := lectura.Filas(context.Background(), d, anio)
			if err != nil {
				t.Fatal(err)
			}
			if len(filas) != 150 {
				t.Fatalf("%d filas, se esperaban 150", len(filas))
			}
			procede := 0
			for _, f := range filas {
				comparar(t, f.Usuario.NIT+" año "+fmt.Sprint(anio), f.Punto, evaluarContrato(t, entradaCompleta(t, d, f.Usuario.ID, anio)))
				comparar(t, f.Usuario.NIT+" año "+fmt.Sprint(anio-1), f.Anterior, evaluarContrato(t, entradaCompleta(t, d, f.Usuario.ID, anio-1)))
				if f.ProcedeComite.EsSi() {
					procede++
				}
			}
			// The highlighted users of the demo are where the generator put them.
			porNIT := map[string]tamizaje.Fila{}
			for _, f := range filas {
				porNIT[f.Usuario.NIT] = f
			}
			for _, u := range res.MuyPorEncima {
				if !porNIT[u.NIT].ProcedeComite.EsSi() {
					t.Errorf("%s (muy por encima) no procede", u.NIT)
				}
			}
			for _, u := range res.DosActos {
				if f := porNIT[u.NIT]; f.NumeroActos != 2 || !f.TieneAlerta(tamizaje.DosActos) {
					t.Errorf("%s (dos actos): %d actos, alertas %v", u.NIT, f.NumeroActos, f.Tempranas)
				}
			}
			for _, u := range res.RegistroVencido {
				if f := porNIT[u.NIT]; f.ProcedeComite.EsSi() || f.RegistroVigente {
					t.Errorf("%s (registro vencido): procede %v, vigente %v", u.NIT, f.ProcedeComite, f.RegistroVigente)
				}
			}
			if procede == 0 || filas[0].Posicion != 1 || !filas[0].ProcedeComite.EsSi() {
				t.Errorf("el primero del tamizaje debería proceder: %+v", filas[0].Punto)
			}
		})
	}
}

// base is a hand-made database for the edge cases, written with plain SQL.
type base struct {
	t  *testing.T
	d  *db.DB
	id int64
}

func (b *base) usuario(nit, tipo, seccional string) int64 {
	b.t.Helper()
	r, err := b.d.Exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?,?,?,?, 'x','x')`,
		nit, "Usuario "+nit, tipo, seccional)
	if err != nil {
		b.t.Fatal(err)
	}
	id, _ := r.LastInsertId()
	return id
}

func (b *base) registro(uid int64, desde string, hasta any) {
	b.t.Helper()
	if _, err := b.d.Exec(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde, vigente_hasta) VALUES (?, 'registro', ?, ?, ?)`, uid, fmt.Sprint("R", uid, desde), desde, hasta); err != nil {
		b.t.Fatal(err)
	}
}

func (b *base) acto(uid int64, firmeza any, gravedad, sanc string, pesos int64, allan int) {
	b.t.Helper()
	b.id++
	if _, err := b.d.Exec(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?,?,?,?,?,?,?, 'x')`,
		uid, fmt.Sprint("RS-", b.id), firmeza, gravedad, sanc, pesos*100, allan); err != nil {
		b.t.Fatal(err)
	}
}

func (b *base) ops(uid int64, anio int, centavos int64, numero int64) {
	b.t.Helper()
	if _, err := b.d.Exec(`INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (?,?,?,?, 'x')`, uid, anio, centavos, numero); err != nil {
		b.t.Fatal(err)
	}
}

func (b *base) declaracion(uid int64, fechaISO string, anio int, centavos int64) {
	b.t.Helper()
	b.id++
	if _, err := b.d.Exec(`INSERT INTO declaraciones(usuario_id, numero_declaracion, fecha, anio, valor_centavos, actualizado_en) VALUES (?,?,?,?,?, 'x')`,
		uid, fmt.Sprint("D-", b.id), fechaISO, anio, centavos); err != nil {
		b.t.Fatal(err)
	}
}

// tresActos writes the three counting acts of the worked example (docs/reglas.md §2): S = 77.000.000.
func (b *base) tresActos(uid int64) {
	b.acto(uid, "2025-03-04", "grave", "multa", 40_000_000, 0)
	b.acto(uid, "2025-07-22", "gravisima", "multa", 25_000_000, 0)
	b.acto(uid, "2025-11-28", "grave", "multa", 12_000_000, 0)
}

// nitDe adds the check digit (docs/reglas.md §7) to a base.
func nitDe(t *testing.T, base string) string {
	t.Helper()
	dv, err := nit.DV(base)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s-%d", base, dv)
}

func TestTamizaje_casosLimite(t *testing.T) {
	d := abrirTamizaje(t)
	b := &base{t: t, d: d}
	const bog, ctg = "BOGOTA", "CARTAGENA"

	// Worked example of docs/reglas.md §2: A, B, C count; D allanamiento; E outside 2025.
	ejemplo := b.usuario("800191045-1", "agencia_de_aduanas", bog)
	b.registro(ejemplo, "2020-01-01", nil)
	b.tresActos(ejemplo)
	b.acto(ejemplo, "2025-09-01", "grave", "multa", 30_000_000, 1)
	b.acto(ejemplo, "2024-12-31", "grave", "multa", 50_000_000, 0)
	b.ops(ejemplo, 2025, 14_800_000_000_00, 1600)
	b.ops(ejemplo, 2024, 10_000_000_000_00, 1000)

	// Exactly 0,5 %: 77.000.000 × 1000 = 15.400.000.000 × 5.
	exacto := b.usuario("899999068-1", "declarante", ctg)
	b.registro(exacto, "2020-01-01", nil)
	b.tresActos(exacto)
	b.ops(exacto, 2025, 15_400_000_000_00, 10)

	// Just below: 15.400.000.000,01 of operations.
	debajo := b.usuario("800197268-4", "declarante", ctg)
	b.registro(debajo, "2020-01-01", nil)
	b.tresActos(debajo)
	b.ops(debajo, 2025, 15_400_000_000_01, 10)

	// No acts at all, with operations.
	sinActos := b.usuario(nitDe(t, "900000001"), "transportador", bog)
	b.registro(sinActos, "2020-01-01", nil)
	b.ops(sinActos, 2025, 1_000_000_00, 3)

	// Operations of 2025 never loaded, three acts: unknown (datos
	// incompletos), never "procede", ranked after everyone.
	sinOps := b.usuario(nitDe(t, "900000002"), "oea", bog)
	b.registro(sinOps, "2020-01-01", nil)
	b.tresActos(sinOps)

	// Operations of 2025 declared in zero, three acts: threshold met by the
	// Secretaría's criterion, with the alert sin_operaciones.
	enCero := b.usuario(nitDe(t, "900000010"), "oea", bog)
	b.registro(enCero, "2020-01-01", nil)
	b.tresActos(enCero)
	b.ops(enCero, 2025, 0, 0)

	// Registro ended on 31/12/2025: not vigente on 1 January 2026.
	vencido := b.usuario(nitDe(t, "900000003"), "agencia_de_aduanas", bog)
	b.registro(vencido, "2020-01-01", "2025-12-31")
	b.tresActos(vencido)
	b.ops(vencido, 2025, 1_000_000_000_00, 10)

	// Registro whose last day is 1 January 2026: vigente (≤ is inclusive).
	ultimoDia := b.usuario(nitDe(t, "900000004"), "agencia_de_aduanas", bog)
	b.registro(ultimoDia, "2020-01-01", "2026-01-01")
	b.tresActos(ultimoDia)
	b.ops(ultimoDia, 2025, 1_000_000_000_00, 10)

	// Registro starting on 2 January 2026: not yet vigente.
	posterior := b.usuario(nitDe(t, "900000005"), "agencia_de_aduanas", bog)
	b.registro(posterior, "2026-01-02", nil)
	b.tresActos(posterior)
	b.ops(posterior, 2025, 1_000_000_000_00, 10)

	// Exactly two acts, well over the line: early warning dos_actos.
	dos := b.usuario(nitDe(t, "900000006"), "declarante", bog)
	b.registro(dos, "2020-01-01", nil)
	b.acto(dos, "2025-02-01", "grave", "multa", 10_000_000, 0)
	b.acto(dos, "2025-03-01", "gravisima", "multa", 10_000_000, 0)
	b.ops(dos, 2025, 1_000_000_000_00, 10)

	// Acts that cannot count: leve, allanamiento, not firm, firm on 01/01/2026,
	// and a cancelación that counts with 0. Operations as declarations.
	mezcla := b.usuario(nitDe(t, "900000007"), "otro", bog)
	b.registro(mezcla, "2020-01-01", nil)
	b.acto(mezcla, "2025-05-05", "leve", "multa", 99_000_000, 0)
	b.acto(mezcla, "2025-05-06", "grave", "multa", 99_000_000, 1)
	b.acto(mezcla, nil, "grave", "multa", 99_000_000, 0)
	b.acto(mezcla, "2026-01-01", "grave", "multa", 99_000_000, 0)
	b.acto(mezcla, "2025-12-31", "gravisima", "cancelacion", 0, 0)
	b.acto(mezcla, "2025-01-01", "grave", "multa", 4_000_000, 0)
	b.declaracion(mezcla, "2025-02-01", 2025, 500_000_000_00)
	b.declaracion(mezcla, "2025-08-01", 2025, 500_000_000_00)

	// 80 % of the line exactly (S = 4.000.000, line 5.000.000) and one peso below.
	ochenta := b.usuario(nitDe(t, "900000008"), "declarante", bog)
	b.registro(ochenta, "2020-01-01", nil)
	b.acto(ochenta, "2025-06-01", "grave", "multa", 4_000_000, 0)
	b.ops(ochenta, 2025, 1_000_000_000_00, 10)
	bajoOchenta := b.usuario(nitDe(t, "900000009"), "declarante", bog)
	b.registro(bajoOchenta, "2020-01-01", nil)
	b.acto(bajoOchenta, "2025-06-01", "grave", "multa", 3_999_999, 0)
	b.ops(bajoOchenta, 2025, 1_000_000_000_00, 10)

	filas, err := lectura.Filas(context.Background(), d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	por := map[int64]tamizaje.Fila{}
	for _, f := range filas {
		por[f.Usuario.ID] = f
	}
	casos := []struct {
		nombre    string
		uid       int64
		actos     int
		s, o      string
		part      string
		cumple    string // true, false or null
		vigente   bool
		procede   string
		tempranas []tamizaje.Alerta
		alertas   []reincidencia.Alerta
	}{
		{"art25_inc1_ejemplo_del_dominio_procede", ejemplo, 3, "77000000", "14800000000", "0.5203", "true", true, "true", nil, nil},
		{"art25_inc1_umbral_exacto_cero_cinco_cumple", exacto, 3, "77000000", "15400000000", "0.5000", "true", true, "true", nil, nil},
		{"art25_inc1_un_centavo_mas_de_operaciones_no_cumple", debajo, 3, "77000000", "15400000000.01", "0.5000", "false", true, "false", []tamizaje.Alerta{tamizaje.OchentaPorCiento}, nil},
		{"art25_inc1_sin_actos_no_procede", sinActos, 0, "0", "1000000", "0.0000", "false", true, "false", nil, nil},
		{"art25_inc1_operaciones_no_cargadas_datos_incompletos", sinOps, 3, "77000000", "null", "null", "null", true, "null", nil, []reincidencia.Alerta{reincidencia.FaltanOperaciones}},
		{"art25_inc1_operaciones_en_cero_cumple_con_alerta", enCero, 3, "77000000", "0", "null", "true", true, "true", nil, []reincidencia.Alerta{reincidencia.SinOperaciones}},
		{"art25_inc1_registro_vencido_el_31_12_no_procede", vencido, 3, "77000000", "1000000000", "7.7000", "true", false, "false", nil, nil},
		{"art25_inc1_registro_hasta_el_1_1_vigente", ultimoDia, 3, "77000000", "1000000000", "7.7000", "true", true, "true", nil, nil},
		{"art25_inc1_registro_desde_el_2_1_no_vigente", posterior, 3, "77000000", "1000000000", "7.7000", "true", false, "false", nil, nil},
		{"art25_inc1_dos_actos_alerta_temprana", dos, 2, "20000000", "1000000000", "2.0000", "true", true, "false", []tamizaje.Alerta{tamizaje.DosActos}, nil},
		{"art25_inc1_inc2_excluidos_y_cancelacion_suma_cero", mezcla, 2, "4000000", "1000000000", "0.4000", "false", true, "false", []tamizaje.Alerta{tamizaje.DosActos, tamizaje.OchentaPorCiento}, nil},
		{"alerta_ochenta_por_ciento_exacto", ochenta, 1, "4000000", "1000000000", "0.4000", "false", true, "false", []tamizaje.Alerta{tamizaje.OchentaPorCiento}, nil},
		{"alerta_ochenta_por_ciento_un_peso_debajo", bajoOchenta, 1, "3999999", "1000000000", "0.4000", "false", true, "false", nil, nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f, ok := por[c.uid]
			if !ok {
				t.Fatal("el usuario no está en el tamizaje")
			}
			got := fmt.Sprintf("actos=%d S=%s O=%s part=%s cumple=%s vigente=%v procede=%s tempranas=%v alertas=%v",
				f.NumeroActos, f.Suma, nulo(f.TotalOperaciones), textoNulo(f.Participacion), triTexto(f.CumpleUmbral), f.RegistroVigente, triTexto(f.ProcedeComite), f.Tempranas, f.Alertas)
			want := fmt.Sprintf("actos=%d S=%s O=%s part=%s cumple=%s vigente=%v procede=%s tempranas=%v alertas=%v",
				c.actos, c.s, c.o, c.part, c.cumple, c.vigente, c.procede, c.tempranas, c.alertas)
			if got != want {
				t.Errorf("\n got  %s\n want %s", got, want)
			}
			// And the same as `comite evaluar` on the full input.
			comparar(t, c.nombre, f.Punto, evaluarContrato(t, entradaCompleta(t, d, c.uid, 2026)))
		})
	}

	t.Run("declaraciones_suman_valor_y_numero", func(t *testing.T) {
		if f := por[mezcla]; f.NumeroOperaciones == nil || *f.NumeroOperaciones != 2 {
			t.Errorf("N = %s, se esperaban 2 declaraciones", nulo(f.NumeroOperaciones))
		}
	})
	t.Run("variacion_contra_el_anio_anterior", func(t *testing.T) {
		f := por[ejemplo]
		// 2024: only E (firm 31/12/2024) counts: 1 act, 50.000.000 / 10.000.000.000 = 0,5 %.
		if f.Anterior.AnioReferencia != 2024 || f.Anterior.NumeroActos != 1 || f.Anterior.Suma.String() != "50000000" || textoNulo(f.Anterior.Participacion) != "0.5000" {
			t.Errorf("anterior = %+v", f.Anterior)
		}
		if f.VariacionActos != 2 || textoNulo(f.VariacionParticipacion) != "0.0203" {
			t.Errorf("variación actos %d, participación %s", f.VariacionActos, textoNulo(f.VariacionParticipacion))
		}
	})
	t.Run("orden_primero_los_que_proceden", func(t *testing.T) {
		visto := false
		for i, f := range filas {
			if f.Posicion != i+1 {
				t.Fatalf("posición %d en el índice %d", f.Posicion, i)
			}
			if !f.ProcedeComite.EsSi() {
				visto = true
			} else if visto {
				t.Errorf("%s procede pero aparece después de uno que no", f.Usuario.NIT)
			}
		}
		// Among those that procede: operations declared in zero (infinitely
		// over the line) first, then 7,7 %, 0,5203 %, and the exact 0,5 % fourth.
		if filas[0].Usuario.ID != enCero || por[exacto].Posicion != 4 {
			t.Errorf("primero %s; el del 0,5 %% exacto en la posición %d", filas[0].Usuario.NIT, por[exacto].Posicion)
		}
		// Among the known results, the user with no acts and almost no
		// sanctions is last (distance 2); the unknown one comes after, in
		// its own group.
		n := len(filas)
		if last := filas[n-1]; last.Usuario.ID != sinOps || !last.DatosIncompletos() {
			t.Errorf("último %s, datos incompletos %v", last.Usuario.NIT, last.DatosIncompletos())
		}
		if prev := filas[n-2]; prev.Usuario.ID != sinActos || prev.Distancia.String() != "2" {
			t.Errorf("penúltimo %s con distancia %s", prev.Usuario.NIT, prev.Distancia)
		}
	})
	t.Run("filtro_por_tipo_y_seccional", func(t *testing.T) {
		sel := tamizaje.Filtrar(filas, tamizaje.Filtro{Tipo: "declarante", Seccional: "CARTAGENA"})
		if len(sel) != 2 || sel[0].Usuario.ID != exacto || sel[1].Usuario.ID != debajo {
			t.Errorf("filtro: %d filas", len(sel))
		}
	})
}

func TestTamizaje_anioFueraDeRango(t *testing.T) {
	d := abrirTamizaje(t)
	for _, anio := range []int{tamizaje.AnioMinimo - 1, tamizaje.AnioMaximo + 1} {
		if _, err := lectura.Filas(context.Background(), d, anio); err == nil {
			t.Errorf("año %d: se esperaba un error", anio)
		}
	}
	if filas, err := lectura.Filas(context.Background(), d, tamizaje.AnioMinimo); err != nil || len(filas) != 0 {
		t.Errorf("base vacía: %v, %d filas", err, len(filas))
	}
}

// The compact screening and its rows agree: the headline counted on the
// compact rows is Resumir's on the rows, the filter keeps the national
// positions, and the JSON written from the compact rows is the rows' JSON.
func TestNacional_resumenFiltroYJSONComoLasFilas(t *testing.T) {
	d := abrirTamizaje(t)
	if _, err := demo.Generar(context.Background(), d, demo.Opciones{Usuarios: 120, Anios: 3, Semilla: 7}); err != nil {
		t.Fatal(err)
	}
	tz, err := lectura.Nacional(context.Background(), d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	filas := tz.Filas()
	if got, want := tz.Resumen(), tamizaje.Resumir(filas); got != want {
		t.Errorf("resumen %+v, Resumir da %+v", got, want)
	}
	f := tamizaje.Filtro{Tipo: "agencia_de_aduanas", Seccional: "bogota"}
	sel := tz.Filtrar(f)
	quiere := tamizaje.Filtrar(filas, f)
	if sel.Len() != len(quiere) || sel.Len() == 0 {
		t.Fatalf("%d filas filtradas, Filtrar da %d", sel.Len(), len(quiere))
	}
	for i := range quiere {
		if g := sel.Fila(i); g.Usuario.NIT != quiere[i].Usuario.NIT || g.Posicion != quiere[i].Posicion {
			t.Errorf("fila %d: %s en %d, se esperaba %s en %d", i, g.Usuario.NIT, g.Posicion, quiere[i].Usuario.NIT, quiere[i].Posicion)
		}
	}
	var a, b bytes.Buffer
	if err := tz.EscribirJSON(&a); err != nil {
		t.Fatal(err)
	}
	if err := tamizaje.EscribirJSON(&b, filas); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("el JSON de las filas compactas no es el de las filas")
	}
}

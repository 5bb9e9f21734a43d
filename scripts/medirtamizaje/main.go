// Command medirtamizaje measures the screening of one year (docs/rendimiento.md,
// «Tamizaje cerca del piso») against the floor the database sets: the same rows read by a
// bare SQL aggregate in the same driver. Each mode runs in its own process so
// /usr/bin/time gives its peak memory; scripts/medir-tamizaje.sh runs them all.
//
//	go run ./scripts/medirtamizaje --db F --anio 2026 --modo tamizaje|piso|piso1|piso2
//
// tamizaje: lectura.Nacional (the read, each act judged by the core as it
// streams, reincidencia.Decidir per user for the reference years anio−1 and
// anio−2, the ranking), without making the rows for display. piso: the bare
// aggregate over the rows the screening reads (acts firm in anio−2 … anio−1
// and the operations of those years). piso1: the aggregate of the brief over
// the reference year only (acts that count in anio−1 and its operations).
// piso2: the aggregate of the brief over both reference years (acts that
// count in anio−2 and in anio−1, by user and year, and their operations).
// --sin-indice reads the acts with a full scan (the screening's plan) instead
// of the planner's choice (the index actos_firmeza); the report takes the
// cheaper of the two as the floor.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"comite/internal/db"
	"comite/internal/tamizaje/lectura"
)

func main() {
	ruta := flag.String("db", "", "base de datos")
	anio := flag.Int("anio", 2026, "año Y del tamizaje")
	modo := flag.String("modo", "tamizaje", "tamizaje, piso, piso1 o piso2")
	veces := flag.Int("veces", 1, "repeticiones (se informa cada una)")
	sinIndice := flag.Bool("sin-indice", false, "piso: leer actos recorriendo la tabla (NOT INDEXED), el plan que usa el tamizaje")
	flag.Parse()
	ctx := context.Background()
	d, err := db.Open(ctx, *ruta)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer d.Close()
	for v := 0; v < *veces; v++ {
		t0 := time.Now()
		var resumen string
		switch *modo {
		case "tamizaje":
			t, err := lectura.Nacional(ctx, d, *anio)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			r := t.Resumen()
			resumen = fmt.Sprintf("usuarios=%d procede=%d cumple_umbral=%d dos_actos=%d ochenta=%d", r.Usuarios, r.ProcedeComite, r.CumpleUmbral, r.DosActos, r.OchentaPorCiento)
		case "piso", "piso1", "piso2":
			resumen, err = piso(ctx, d, *anio, *modo, *sinIndice)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		default:
			fmt.Fprintln(os.Stderr, "--modo debe ser tamizaje, piso, piso1 o piso2")
			os.Exit(2)
		}
		fmt.Printf("%s\t%.3f s\t%s\n", *modo, time.Since(t0).Seconds(), resumen)
	}
}

// piso runs the bare aggregates and reads their (small) results.
func piso(ctx context.Context, d *db.DB, anio int, modo string, sinIndice bool) (string, error) {
	desde, hasta := fmt.Sprintf("%04d-01-01", anio-2), fmt.Sprintf("%04d-12-31", anio-1)
	qa := `SELECT usuario_id, count(*), sum(valor_centavos) FROM actos WHERE fecha_firmeza BETWEEN ?1 AND ?2 GROUP BY usuario_id`
	a0 := anio - 2
	switch modo {
	case "piso2":
		qa = `SELECT usuario_id, count(*), sum(valor_centavos) FROM actos WHERE fecha_firmeza BETWEEN ?1 AND ?2 AND gravedad IN ('grave','gravisima') AND allanamiento = 0 GROUP BY usuario_id, substr(fecha_firmeza, 1, 4)`
	case "piso1":
		desde = fmt.Sprintf("%04d-01-01", anio-1)
		a0 = anio - 1
		qa = `SELECT usuario_id, count(*), sum(valor_centavos) FROM actos WHERE fecha_firmeza BETWEEN ?1 AND ?2 AND gravedad IN ('grave','gravisima') AND allanamiento = 0 GROUP BY usuario_id`
	}
	if sinIndice {
		qa = strings.Replace(qa, "FROM actos", "FROM actos NOT INDEXED", 1)
	}
	filas, actos, ops := 0, int64(0), 0
	rows, err := d.QueryContext(ctx, qa, desde, hasta)
	if err != nil {
		return "", err
	}
	for rows.Next() {
		var u, n, s int64
		if err := rows.Scan(&u, &n, &s); err != nil {
			return "", err
		}
		filas++
		actos += n
	}
	rows.Close()
	rows, err = d.QueryContext(ctx, `SELECT usuario_id, anio, sum(valor_centavos), sum(numero) FROM (
		SELECT usuario_id, anio, valor_centavos, numero FROM operaciones_anuales WHERE anio BETWEEN ?1 AND ?2
		UNION ALL SELECT usuario_id, anio, valor_centavos, 1 FROM declaraciones WHERE anio BETWEEN ?1 AND ?2)
		GROUP BY usuario_id, anio`, a0, anio-1)
	if err != nil {
		return "", err
	}
	for rows.Next() {
		var u, a, s, n int64
		if err := rows.Scan(&u, &a, &s, &n); err != nil {
			return "", err
		}
		ops++
	}
	rows.Close()
	return fmt.Sprintf("usuarios_con_actos=%d actos=%d filas_operaciones=%d", filas, actos, ops), rows.Err()
}

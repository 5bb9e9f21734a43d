package demo

import (
	"comite/internal/dominio"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"testing"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/sancion"
)

// proyecciones are the demo's data rows as the application sees them: no
// internal ids, no instants of writing.
var proyecciones = []string{
	`SELECT nit, razon_social, tipo, direccion_seccional FROM usuarios_aduaneros ORDER BY nit`,
	`SELECT u.nit, r.clase, coalesce(r.numero, ''), r.vigente_desde, coalesce(r.vigente_hasta, '') FROM registros r JOIN usuarios_aduaneros u ON u.id = r.usuario_id ORDER BY 1, 2, 3, 4`,
	`SELECT u.nit, a.numero_acto, coalesce(a.fecha_expedicion, ''), coalesce(a.fecha_firmeza, ''), a.infraccion, a.gravedad, a.sancion, coalesce(a.valor_centavos, -1), a.allanamiento
		FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id ORDER BY 1, 2`,
	`SELECT u.nit, o.anio, o.valor_centavos, o.numero FROM operaciones_anuales o JOIN usuarios_aduaneros u ON u.id = o.usuario_id ORDER BY 1, 2`,
	`SELECT u.nit, x.numero_declaracion, x.fecha, x.anio, x.valor_centavos FROM declaraciones x JOIN usuarios_aduaneros u ON u.id = x.usuario_id ORDER BY 1, 2`,
}

func huellaDatos(t *testing.T, d *db.DB) []string {
	t.Helper()
	var out []string
	for _, q := range proyecciones {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		h := sha256.New()
		n := 0
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			n++
			fmt.Fprintln(h, vals...)
		}
		rows.Close()
		out = append(out, fmt.Sprintf("%d filas %s", n, hex.EncodeToString(h.Sum(nil))[:16]))
	}
	return out
}

func leerFecha(t *testing.T, s sql.NullString) fecha.Fecha {
	t.Helper()
	if !s.Valid || s.String == "" {
		return fecha.Fecha{}
	}
	f, err := fecha.Parse(s.String)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The data the demo writes with prepared INSERTs (for speed) are rows the
// application accepts: every user, registro, act, yearly operation and
// declaración, entered again one by one through the store's own entry
// operations (the ones behind the forms; the import validates the same
// fields), is accepted and gives exactly the same data.
func TestGenerar_filasMasivasQueLaAplicacionAcepta(t *testing.T) {
	t.Parallel()
	origen, _ := generar(t, Opciones{Usuarios: MinUsuarios + 6, Anios: 3})
	destino := abrir(t)
	ctx := context.Background()
	quien := dominio.Actor{Cuenta: "secretaria"}
	consulta := func(q string, f func(r *sql.Rows)) {
		t.Helper()
		rows, err := origen.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			f(rows)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	consulta(`SELECT nit, razon_social, tipo, direccion_seccional FROM usuarios_aduaneros ORDER BY id`, func(r *sql.Rows) {
		var u dominio.UsuarioAduanero
		if err := r.Scan(&u.NIT, &u.RazonSocial, &u.Tipo, &u.DireccionSeccional); err != nil {
			t.Fatal(err)
		}
		if _, _, err := destino.GuardarUsuario(ctx, u, quien); err != nil {
			t.Errorf("usuario %s rechazado: %v", u.NIT, err)
		}
	})
	consulta(`SELECT u.nit, r.clase, coalesce(r.numero, ''), r.vigente_desde, r.vigente_hasta FROM registros r JOIN usuarios_aduaneros u ON u.id = r.usuario_id ORDER BY r.id`, func(r *sql.Rows) {
		var nitU string
		var g dominio.RegistroUsuario
		var desde, hasta sql.NullString
		if err := r.Scan(&nitU, &g.Clase, &g.Numero, &desde, &hasta); err != nil {
			t.Fatal(err)
		}
		g.VigenteDesde, g.VigenteHasta = leerFecha(t, desde), leerFecha(t, hasta)
		if _, err := destino.GuardarRegistro(ctx, nitU, g, quien); err != nil {
			t.Errorf("registro %s de %s rechazado: %v", g.Numero, nitU, err)
		}
	})
	consulta(`SELECT u.nit, a.numero_acto, a.fecha_expedicion, a.fecha_firmeza, a.infraccion, a.gravedad, a.sancion, a.valor_centavos, a.allanamiento
		FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id ORDER BY a.id`, func(r *sql.Rows) {
		var a dominio.ActoSancion
		var exp, firme sql.NullString
		var grav, sanc string
		var cent sql.NullInt64
		if err := r.Scan(&a.NIT, &a.NumeroActo, &exp, &firme, &a.Infraccion, &grav, &sanc, &cent, &a.Allanamiento); err != nil {
			t.Fatal(err)
		}
		a.FechaExpedicion, a.FechaFirmeza = leerFecha(t, exp), leerFecha(t, firme)
		a.Gravedad, a.Sancion = sancion.Gravedad(grav), sancion.Tipo(sanc)
		if cent.Valid {
			a.Valor = db.PesosDeCentavos(cent.Int64)
		}
		if _, err := destino.GuardarActo(ctx, a, quien); err != nil {
			t.Errorf("acto %s de %s rechazado: %v", a.NumeroActo, a.NIT, err)
		}
	})
	consulta(`SELECT u.nit, o.anio, o.valor_centavos, o.numero FROM operaciones_anuales o JOIN usuarios_aduaneros u ON u.id = o.usuario_id ORDER BY 1, 2`, func(r *sql.Rows) {
		var o dominio.OperacionAnual
		var cent int64
		if err := r.Scan(&o.NIT, &o.Anio, &cent, &o.Numero); err != nil {
			t.Fatal(err)
		}
		o.Valor = db.PesosDeCentavos(cent)
		if _, err := destino.GuardarOperacionAnual(ctx, o, quien); err != nil {
			t.Errorf("operaciones %d de %s rechazadas: %v", o.Anio, o.NIT, err)
		}
	})
	consulta(`SELECT u.nit, x.numero_declaracion, x.fecha, x.valor_centavos FROM declaraciones x JOIN usuarios_aduaneros u ON u.id = x.usuario_id ORDER BY x.id`, func(r *sql.Rows) {
		var o dominio.Declaracion
		var f sql.NullString
		var cent int64
		if err := r.Scan(&o.NIT, &o.Numero, &f, &cent); err != nil {
			t.Fatal(err)
		}
		o.Fecha, o.Valor = leerFecha(t, f), db.PesosDeCentavos(cent)
		if _, err := destino.GuardarDeclaracion(ctx, o, quien); err != nil {
			t.Errorf("declaración %s de %s rechazada: %v", o.Numero, o.NIT, err)
		}
	})
	a, b := huellaDatos(t, origen), huellaDatos(t, destino)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("%s\n  demostración: %s\n  por la aplicación: %s", proyecciones[i], a[i], b[i])
		}
	}
}

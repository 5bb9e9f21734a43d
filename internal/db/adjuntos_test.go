package db

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"comite/internal/fecha"
)

// casoParaAdjuntos writes a bare case of user 1 and returns its id.
func casoParaAdjuntos(t testing.TB, d *DB, numero string) int64 {
	t.Helper()
	res, err := d.Exec(`INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
		VALUES (?, 1, ?, 'reportado', '2026-01-10', '2026-01-20', '2026-03-01', 'grave', 'multa', 100, 'ana', 'x')`, numero, secCartagena)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

func TestAdjuntosInsertarListarRetirar(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	caso := casoParaAdjuntos(t, d, "CF-2026-0001")
	otro := casoParaAdjuntos(t, d, "CF-2026-0002")
	binario := []byte("%PDF-1.4\x00\xff\xfe contenido binario\r\n%%EOF")
	f, _ := fecha.ParseISO("2026-02-14")
	var primero Adjunto
	err := d.EnEscritura(ctx, func(w *Escritura) error {
		var err error
		primero, err = w.InsertarAdjunto(AdjuntoNuevo{CasoID: caso, Tipo: "informe_seccional", Descripcion: "Informe", FechaDocumento: &f,
			Nombre: "informe.pdf", Formato: "pdf", SHA256: strings.Repeat("a", 64), Contenido: binario, Marcas: []string{"pdf_javascript"}, Cuenta: "ana"})
		if err != nil {
			return err
		}
		if _, err := w.InsertarAdjunto(AdjuntoNuevo{CasoID: caso, Tipo: "fotografia", Descripcion: "Foto", Nombre: "f.png", Formato: "png",
			SHA256: strings.Repeat("b", 64), Contenido: []byte{1, 2, 3}, Cuenta: "ana"}); err != nil {
			return err
		}
		_, err = w.InsertarAdjunto(AdjuntoNuevo{CasoID: otro, Tipo: "otro", Descripcion: "x", Nombre: "x.csv", Formato: "csv",
			SHA256: strings.Repeat("c", 64), Contenido: []byte("a;b"), Cuenta: "ana"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if primero.Numero != 1 || primero.Tamano != int64(len(binario)) || primero.FechaDocumento == nil || *primero.FechaDocumento != f ||
		len(primero.Marcas) != 1 || primero.Retiro != nil {
		t.Fatalf("%+v", primero)
	}
	if err := d.EnEscritura(ctx, func(w *Escritura) error { return w.RetirarAdjunto(primero.ID, "archivo equivocado", "beto") }); err != nil {
		t.Fatal(err)
	}
	lista, err := d.Adjuntos(ctx, caso)
	if err != nil || len(lista) != 2 || lista[1].Numero != 2 || lista[0].Retiro == nil || lista[0].Retiro.Motivo != "archivo equivocado" || lista[1].Retiro != nil {
		t.Fatalf("%+v %v", lista, err)
	}
	a, contenido, err := d.ContenidoAdjunto(ctx, caso, 1)
	if err != nil || !bytes.Equal(contenido, binario) || a.Retiro == nil {
		t.Fatalf("contenido %q, %v", contenido, err)
	}
	if _, _, err := d.ContenidoAdjunto(ctx, otro, 2); !errors.Is(err, ErrAdjuntoNoExiste) {
		t.Fatalf("adjunto 2 del otro caso: %v", err)
	}
	// Insert-only: neither the file nor its withdrawal changes or goes.
	for _, q := range []string{
		`UPDATE adjuntos SET contenido = x'00' WHERE id = 1`,
		`DELETE FROM adjuntos WHERE id = 1`,
		`UPDATE adjuntos_retiros SET motivo = 'otro'`,
		`DELETE FROM adjuntos_retiros`,
	} {
		if _, err := d.Exec(q); err == nil || !strings.Contains(err.Error(), "no se puede") {
			t.Errorf("%s: %v", q, err)
		}
	}
	// A file is withdrawn once.
	if err := d.EnEscritura(ctx, func(w *Escritura) error { return w.RetirarAdjunto(primero.ID, "otra vez", "beto") }); err == nil {
		t.Fatal("se retiró dos veces")
	}
}

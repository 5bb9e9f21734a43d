package db

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// xlsxSanciones is a sanciones workbook of n rows; fila 2 is bad when mala.
func xlsxSanciones(t *testing.T, n int, mala bool) []byte {
	t.Helper()
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"nit", "numero_acto", "fecha_firmeza", "gravedad", "sancion", "valor", "allanamiento"})
	for i := 0; i < n; i++ {
		valor := "1000"
		if mala && i == 0 {
			valor = "12,5,3"
		}
		celda, _ := excelize.CoordinatesToCellName(1, i+2)
		f.SetSheetRow("Sheet1", celda, &[]any{"800191045-1", fmt.Sprintf("RS-%d", i), "01/03/2025", "grave", "multa", valor, "no"})
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A bad XLSX is refused without taking the write lock: it is read and
// validated whole before the transaction, so while another connection
// holds the lock the answer is the file's problems, not a busy database.
// A busy database, when the file is good, is an error EsOcupada knows.
func TestImportarArchivo_xlsxSeValidaAntesDelBloqueo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := abrirTemporal(t)
	d, err := Open(ctx, base.Ruta, EsperaOcupada(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	tx, err := base.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE bloqueo_prueba(x INTEGER)`); err != nil {
		t.Fatal(err)
	}

	_, err = importarArchivo(d, ctx, filas.Sanciones, "s.xlsx", bytes.NewReader(xlsxSanciones(t, 50, true)), dominio.Actor{Cuenta: "prueba"}, OpcionesImportacion{})
	var ei *ErrImportacion
	if !errors.As(err, &ei) || !strings.Contains(ei.Error(), "fila 2, valor") {
		t.Fatalf("err = %v, quiere los problemas del archivo", err)
	}
	if EsOcupada(err) {
		t.Fatal("un archivo malo esperó el bloqueo")
	}
	_, err = importarArchivo(d, ctx, filas.Sanciones, "s.xlsx", bytes.NewReader(xlsxSanciones(t, 50, false)), dominio.Actor{Cuenta: "prueba"}, OpcionesImportacion{})
	if !EsOcupada(err) {
		t.Fatalf("err = %v, quiere base ocupada", err)
	}
}

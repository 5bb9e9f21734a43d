package expediente

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/adjunto"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/fecha"
	"comite/internal/flujo"
)

func adjuntoDe(casoID int64, tipo, nombre string, datos []byte) NuevoAdjunto {
	f := fecha.Debe(2026, 3, 1)
	return NuevoAdjunto{CasoID: casoID, Tipo: tipo, Descripcion: "Documento de prueba", FechaDocumento: &f, Nombre: nombre, Datos: datos}
}

// TestAdjuntos_quienAdjuntaYCuando: the Seccional attaches while the case
// is reportado, the Secretaría until it presents the informe; the other
// roles never. Each attachment is audited.
func TestAdjuntos_quienAdjuntaYCuando(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	x := Nuevo(d)
	c := abrir(t, d, nitEjemplo, sSeccional)
	pdf := adjunto.Muestra(adjunto.PDF, "informe")
	casos := []struct {
		estado flujo.Estado
		quien  dominio.ActorCaso
		puede  bool
	}{
		{flujo.Reportado, sSeccional, true},
		{flujo.Reportado, sSecretaria, true},
		{flujo.Reportado, sComite, false},
		{flujo.Reportado, sAuditor, false},
		{flujo.Reportado, sAdmin, false},
		{flujo.EnEvaluacion, sSeccional, false},
		{flujo.EnEvaluacion, sSecretaria, true},
		{flujo.EnComite, sSecretaria, false},
	}
	for _, k := range casos {
		llevar(t, d, c.ID, k.estado)
		a, err := x.Adjuntar(ctx, adjuntoDe(c.ID, "informe_seccional", "informe.pdf", pdf), k.quien)
		if k.puede != (err == nil) {
			t.Fatalf("%s en %s: %v", k.quien.Rol, k.estado, err)
		}
		if err == nil && (a.SHA256 == "" || a.Formato != "pdf" || a.AdjuntadoPor != k.quien.Cuenta) {
			t.Fatalf("%+v", a)
		}
	}
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'caso.adjuntar'`).Scan(&n); err != nil || n != 3 {
		t.Fatalf("%d filas de auditoría, %v", n, err)
	}
}

func TestAdjuntos_rechazosPorCampo(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	x := Nuevo(d)
	c := abrir(t, d, nitEjemplo, sSeccional)
	futura := fecha.Debe(2027, 1, 1)
	casos := []struct {
		nombre string
		n      NuevoAdjunto
		campo  string
		texto  string
	}{
		{"tipo", adjuntoDe(c.ID, "virus", "a.pdf", adjunto.Muestra(adjunto.PDF, "x")), "tipo", "tipo"},
		{"descripcion", func() NuevoAdjunto {
			n := adjuntoDe(c.ID, "otro", "a.pdf", adjunto.Muestra(adjunto.PDF, "x"))
			n.Descripcion = " "
			return n
		}(), "descripcion", "descripción"},
		{"fecha_futura", func() NuevoAdjunto {
			n := adjuntoDe(c.ID, "otro", "a.pdf", adjunto.Muestra(adjunto.PDF, "x"))
			n.FechaDocumento = &futura
			return n
		}(), "fecha_documento", "posterior a hoy"},
		{"no_coincide", adjuntoDe(c.ID, "fotografia", "foto.jpg", adjunto.Muestra(adjunto.PNG, "x")), "archivo", "parece una imagen PNG"},
		{"grande", adjuntoDe(c.ID, "otro", "a.csv", append([]byte("a;b\n"), bytes.Repeat([]byte("x"), int(adjunto.MaxArchivo))...)), "archivo", "10 MiB"},
	}
	for _, k := range casos {
		_, err := x.Adjuntar(context.Background(), k.n, sSeccional)
		var f *fallo.Error
		if !errors.As(err, &f) || f.Codigo != fallo.Invalido || !strings.Contains(f.Campos[k.campo], k.texto) {
			t.Errorf("%s: %v", k.nombre, err)
		}
	}
	if l, _ := x.Adjuntos(context.Background(), c.ID, sSeccional); len(l) != 0 {
		t.Fatalf("quedaron %d adjuntos de los rechazos", len(l))
	}
}

// TestAdjuntos_limitePorCaso: the files of a case, withdrawn ones
// included, add up to at most 50 MiB.
func TestAdjuntos_limitePorCaso(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	x := Nuevo(d)
	c := abrir(t, d, nitEjemplo, sSeccional)
	grande := append([]byte("a;b\n"), bytes.Repeat([]byte("x"), int(adjunto.MaxArchivo)-4)...)
	for i := 0; i < 5; i++ {
		if _, err := x.Adjuntar(context.Background(), adjuntoDe(c.ID, "otro", "a.csv", grande), sSecretaria); err != nil {
			t.Fatal(i, err)
		}
	}
	_, err := x.Adjuntar(context.Background(), adjuntoDe(c.ID, "otro", "b.csv", []byte("a;b\n")), sSecretaria)
	if err == nil || !strings.Contains(err.Error(), "50 MiB") {
		t.Fatalf("%v", err)
	}
}

// TestAdjuntos_retiroYAislamiento: a withdrawal needs a reason, keeps the
// file and is audited; a Seccional neither lists nor reads another's
// files, with the same answer as a missing one.
func TestAdjuntos_retiroYAislamiento(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	x := Nuevo(d)
	c := abrir(t, d, nitEjemplo, sSeccional)
	datos := adjunto.Muestra(adjunto.DOCX, "declaración")
	if _, err := x.Adjuntar(ctx, adjuntoDe(c.ID, "declaracion", "declaracion.docx", datos), sSeccional); err != nil {
		t.Fatal(err)
	}
	if err := x.RetirarAdjunto(ctx, c.ID, 1, "  ", sSeccional); !fallo.Es(err, fallo.Invalido) {
		t.Fatalf("sin motivo: %v", err)
	}
	if err := x.RetirarAdjunto(ctx, c.ID, 1, "archivo equivocado", sOtra); !errors.Is(err, db.ErrCasoNoExiste) {
		t.Fatalf("otra Seccional retira: %v", err)
	}
	if err := x.RetirarAdjunto(ctx, c.ID, 1, "archivo equivocado", sSeccional); err != nil {
		t.Fatal(err)
	}
	if err := x.RetirarAdjunto(ctx, c.ID, 1, "otra vez", sSeccional); !fallo.Es(err, fallo.Conflicto) {
		t.Fatalf("segundo retiro: %v", err)
	}
	a, contenido, err := x.Adjunto(ctx, c.ID, 1, sComite)
	if err != nil || !bytes.Equal(contenido, datos) || a.Retiro == nil || a.Retiro.Motivo != "archivo equivocado" {
		t.Fatalf("%+v %v", a, err)
	}
	if _, err := x.Adjuntos(ctx, c.ID, sOtra); !errors.Is(err, db.ErrCasoNoExiste) {
		t.Fatalf("otra Seccional lista: %v", err)
	}
	_, _, errOtra := x.Adjunto(ctx, c.ID, 1, sOtra)
	_, _, errFalta := x.Adjunto(ctx, c.ID, 99, sSeccional)
	_, _, errSinCaso := x.Adjunto(ctx, 9999, 1, sSeccional)
	for _, e := range []error{errOtra, errFalta, errSinCaso} {
		if !errors.Is(e, db.ErrAdjuntoNoExiste) {
			t.Fatalf("%v %v %v", errOtra, errFalta, errSinCaso)
		}
	}
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'caso.retirar_adjunto'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d filas de auditoría, %v", n, err)
	}
}

// TestAdjuntos_informeLosListaConSuSHA256: the informe gerencial lists the
// files attached by its issue (kind, description, date, SHA-256), read back
// with poppler; one attached after the issue is not in that version.
func TestAdjuntos_informeLosListaConSuSHA256(t *testing.T) {
	t.Parallel()
	d, ahora := baseCasos(t)
	ctx := context.Background()
	x := Nuevo(d)
	c := abrir(t, d, nitEjemplo, sSeccional)
	a, err := x.Adjuntar(ctx, adjuntoDe(c.ID, "acta_inspeccion", "acta.pdf", adjunto.Muestra(adjunto.PDF, "acta")), sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	if err := x.GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	inf, err := x.EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	*ahora = ahora.Add(time.Hour)
	despues, err := x.Adjuntar(ctx, adjuntoDe(c.ID, "fotografia", "f.png", adjunto.Muestra(adjunto.PNG, "f")), sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	_, pdf, err := d.InformePDF(ctx, c.ID, inf.Version)
	if err != nil {
		t.Fatal(err)
	}
	texto := textoPDF(t, pdf)
	for _, quiere := range []string{"Pruebas y antecedentes adjuntos", "Acta de inspección o aprehensión", "Documento de prueba", "01/03/2026", a.SHA256} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el informe no dice %q:\n%s", quiere, texto)
		}
	}
	if strings.Contains(texto, despues.SHA256) {
		t.Error("el informe lista un adjunto posterior a su emisión")
	}
}

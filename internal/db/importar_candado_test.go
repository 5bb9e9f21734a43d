package db

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"comite/internal/permisos"
)

// An import holds the write lock only for its write phase: the file is read
// and validated first, outside any transaction, so other writers go on while
// it is read; what they changed meanwhile is seen by the write phase, as if
// the import had started after them.

// lectorDetenido serves the first half of a file, then says so on
// enLaMitad and waits for seguir before serving the rest: an import held
// in the middle of reading its file.
type lectorDetenido struct {
	datos     []byte
	mitad     int
	enLaMitad chan struct{}
	seguir    chan struct{}
	detenido  bool
}

func nuevoLectorDetenido(datos []byte) *lectorDetenido {
	return &lectorDetenido{datos: datos, mitad: len(datos) / 2, enLaMitad: make(chan struct{}), seguir: make(chan struct{})}
}

func (l *lectorDetenido) Read(p []byte) (int, error) {
	if len(l.datos) == 0 {
		return 0, io.EOF
	}
	if !l.detenido {
		if l.mitad == 0 {
			l.detenido = true
			close(l.enLaMitad)
			<-l.seguir
		} else {
			n := copy(p, l.datos[:l.mitad])
			l.datos, l.mitad = l.datos[n:], l.mitad-n
			return n, nil
		}
	}
	n := copy(p, l.datos)
	l.datos = l.datos[n:]
	return n, nil
}

// importacionDetenida starts importing datos (sanciones) into d and returns
// once its reader is held in the middle of the file; seguir lets it go on
// and returns its result.
func importacionDetenida(t *testing.T, d *DB, nombre string, datos []byte) (seguir func() (Resumen, error)) {
	t.Helper()
	l := nuevoLectorDetenido(datos)
	type resultado struct {
		r   Resumen
		err error
	}
	fin := make(chan resultado, 1)
	go func() {
		r, err := importarArchivo(d, fondo, filas.Sanciones, nombre, l, actorPrueba, OpcionesImportacion{})
		fin <- resultado{r, err}
	}()
	select {
	case <-l.enLaMitad:
	case res := <-fin:
		t.Fatalf("la importación terminó sin leer el archivo entero: %+v, %v", res.r, res.err)
	}
	return func() (Resumen, error) {
		close(l.seguir)
		res := <-fin
		return res.r, res.err
	}
}

// otraConexion opens the same database again, as a second process would,
// waiting at most a moment for the write lock (a writer kept waiting fails
// with an error EsOcupada rather than hang the test).
func otraConexion(t *testing.T, d *DB) *DB {
	t.Helper()
	o, err := Open(fondo, d.Ruta, ConArgon2(argon2Barato), EsperaOcupada(200*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	o.Now = d.Now
	return o
}

func TestImportarFuente_otrasEscriturasNoEsperanLaLecturaDelArchivo(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 300)
	const n = 3*filas.FilasPorParte + 100
	seguir := importacionDetenida(t, d, "grande.csv", archivoGrande(t, nits, n, nil))

	otra := otraConexion(t, d)
	escrituras := []struct {
		nombre   string
		escribir func() error
	}{
		{"crear una cuenta", func() error {
			_, err := otra.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "durante", Rol: permisos.RolAuditor, Clave: "tres tigres comen trigo"}, actorPrueba)
			return err
		}},
		{"registrar un usuario aduanero", func() error {
			_, _, err := otra.GuardarUsuario(fondo, dominio.UsuarioAduanero{NIT: "900000001-2", RazonSocial: "Nueva S.A.S.", Tipo: "agencia_de_aduanas"}, actorPrueba)
			return err
		}},
		{"reportar un acto", func() error {
			_, err := otra.GuardarActo(fondo, dominio.ActoSancion{NIT: nits[0], NumeroActo: "DURANTE-1", Gravedad: "grave", Sancion: "multa", Valor: montoPrueba("5")}, actorPrueba)
			return err
		}},
	}
	for _, e := range escrituras {
		if err := e.escribir(); err != nil {
			t.Errorf("%s mientras se lee el archivo: %v (¿la importación tomó el bloqueo de escritura al leer?; ocupada: %v)", e.nombre, err, EsOcupada(err))
		}
	}

	r, err := seguir()
	if err != nil {
		t.Fatal(err)
	}
	if r.Filas != n || r.Insertadas != n {
		t.Fatalf("resumen = %+v, quiere %d filas insertadas", r, n)
	}
	if got := contarFilas(t, d, "actos"); got != n+1 {
		t.Fatalf("actos = %d, quiere %d (el archivo y el acto reportado durante la lectura)", got, n+1)
	}
}

// What other writers changed while the file was read, or after the stored
// acts were read for the comparison, is what the write phase compares with:
// the result (summary, rows, audit log) is the one of the same writes
// followed by the whole import, one after the other.
func TestImportarFuente_cambiosDuranteLaLecturaMismoResultadoQueEnSerie(t *testing.T) {
	t.Parallel()
	const n = 2*filas.FilasPorParte + 50
	const nitNuevo = "900000001-2"
	ahora := func() time.Time { return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) }
	preparar := func(t *testing.T) (*DB, []string, []byte) {
		d := abrirTemporal(t)
		d.Now = ahora
		nits := crearUsuariosMasivo(t, d, 300)
		if _, err := importarArchivo(d, fondo, filas.Sanciones, "base.csv", bytes.NewReader(archivoGrande(t, nits, n, nil)), actorPrueba, OpcionesImportacion{}); err != nil {
			t.Fatal(err)
		}
		// The second file: one act changed, two acts of a user that is
		// registered only while the file is read, the rest as stored.
		datos := archivoGrande(t, nits, n, func(i int, fila string) string {
			switch i {
			case 5:
				return strings.Replace(fila, ";gravísima;", ";leve;", 1)
			case 20, filas.FilasPorParte + 20:
				return strings.Replace(fila, nits[i%len(nits)], nitNuevo, 1)
			}
			return fila
		})
		return d, nits, datos
	}
	// Meanwhile: the user registered, and one act of the file changed by hand
	// (the file then puts it back as it was: an update).
	cambios := func(t *testing.T, d *DB, nits []string) {
		if _, _, err := d.GuardarUsuario(fondo, dominio.UsuarioAduanero{NIT: nitNuevo, RazonSocial: "Nueva S.A.S.", Tipo: "agencia_de_aduanas"}, actorPrueba); err != nil {
			t.Fatal(err)
		}
		a, err := d.ActoPorNumero(fondo, nits[10], fmt.Sprintf("RS-%07d", 10))
		if err != nil {
			t.Fatal(err)
		}
		a.Valor = montoPrueba("7")
		if c, err := d.GuardarActo(fondo, a, actorPrueba); err != nil || c != Actualizado {
			t.Fatalf("GuardarActo = %v, %v", c, err)
		}
	}

	enSerie, nitsS, datosS := preparar(t)
	cambios(t, enSerie, nitsS)
	rs, err := importarArchivo(enSerie, fondo, filas.Sanciones, "segundo.csv", bytes.NewReader(datosS), actorPrueba, OpcionesImportacion{})
	if err != nil {
		t.Fatal(err)
	}

	momentos := []struct {
		nombre string
		tras   bool // after the previa (the acts and NITs read before the write phase)
	}{
		{"mientras se lee el archivo", false},
		{"entre la lectura previa de lo guardado y la escritura", true},
	}
	for _, m := range momentos {
		t.Run(m.nombre, func(t *testing.T) {
			durante, nitsD, datosD := preparar(t)
			var rd Resumen
			var err error
			if m.tras {
				otra := otraConexion(t, durante)
				durante.trasLecturaPrevia = func() { cambios(t, otra, nitsD) }
				rd, err = importarArchivo(durante, fondo, filas.Sanciones, "segundo.csv", bytes.NewReader(datosD), actorPrueba, OpcionesImportacion{})
			} else {
				seguir := importacionDetenida(t, durante, "segundo.csv", datosD)
				cambios(t, otraConexion(t, durante), nitsD)
				rd, err = seguir()
			}
			if err != nil {
				t.Fatal(err)
			}
			if rs != rd {
				t.Fatalf("en serie %+v\ndurante  %+v", rs, rd)
			}
			if rd.Insertadas != 2 || rd.Actualizadas != 2 || rd.SinCambios != n-4 {
				t.Fatalf("resumen = %+v, quiere 2 insertadas (el usuario registrado durante la importación) y 2 actualizadas", rd)
			}
			for _, q := range []string{
				`SELECT * FROM actos ORDER BY id`, `SELECT * FROM usuarios_aduaneros ORDER BY id`,
				`SELECT id, en, cuenta, accion, objeto, detalle_json, hash FROM auditoria ORDER BY id`,
			} {
				if s, d := volcado(t, enSerie, q), volcado(t, durante, q); s != d {
					t.Errorf("%s difiere:\nen serie:\n%s\ndurante la importación:\n%s", q, s, d)
				}
			}
		})
	}
}

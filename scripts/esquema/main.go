// Command esquema completes a small demo database with what a real office
// would have done through the application: accounts, imports from files,
// case steps and informes issued by the Secretaría, each recorded in the
// audit log. scripts/guardar-esquema.sh runs it, from the commit of a
// published version, to keep that version's database in testdata/esquemas
// (docs/operacion.md, «Agregar la base de una versión publicada»).
//
//	go run ./scripts/esquema BASE
package main

import (
	"comite/internal/importar/filas"
	"context"
	"fmt"
	"os"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/flujo"
	"comite/internal/importar"
)

// ClaveCuentas is the password of the accounts it creates: the upgrade test
// signs in with it, so an upgrade that loses the stored password hashes fails.
const ClaveCuentas = "clave-esquema-guardado-larga"

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "uso: go run ./scripts/esquema BASE")
		os.Exit(2)
	}
	if err := completar(context.Background(), os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "esquema:", err)
		os.Exit(1)
	}
}

func completar(ctx context.Context, ruta string) error {
	d, err := db.Open(ctx, ruta)
	if err != nil {
		return err
	}
	defer d.Close()
	sistema := dominio.Actor{Cuenta: "sistema", IP: "127.0.0.1"}
	for _, c := range []dominio.NuevaCuenta{
		{Usuario: "secretaria", Nombre: "Secretaría (base guardada)", Rol: permisos.RolSecretaria, Clave: ClaveCuentas},
		{Usuario: "admin", Nombre: "Administración (base guardada)", Rol: permisos.RolAdmin, Clave: ClaveCuentas},
		{Usuario: "auditor", Nombre: "Auditoría (base guardada)", Rol: permisos.RolAuditor, Clave: ClaveCuentas},
	} {
		if err := validar.NuevaCuenta(c); err != nil {
			return fmt.Errorf("cuenta %s: %w", c.Usuario, err)
		}
		if _, err := d.CrearCuenta(ctx, c, sistema); err != nil {
			return fmt.Errorf("cuenta %s: %w", c.Usuario, err)
		}
	}
	sec := dominio.Actor{Cuenta: "secretaria", IP: "10.0.0.7"}
	for _, x := range []struct {
		clase filas.Clase
		ruta  string
	}{
		{filas.Usuarios, "testdata/importar/usuarios.csv"},
		{filas.Sanciones, "testdata/importar/sanciones.csv"},
		{filas.Operaciones, "testdata/importar/operaciones.csv"},
	} {
		f, err := os.Open(x.ruta)
		if err != nil {
			return err
		}
		fuente, err := importar.Preparar(ctx, x.clase, x.ruta, f, nil)
		if err == nil {
			_, err = d.ImportarFuente(ctx, fuente, sec, db.OpcionesImportacion{})
		}
		f.Close()
		if err != nil {
			return fmt.Errorf("importar %s: %w", x.ruta, err)
		}
	}
	quien := dominio.ActorCaso{Actor: sec, Rol: permisos.RolSecretaria}
	x := expediente.Nuevo(d)
	var reportado int64
	if err := d.QueryRowContext(ctx, "SELECT id FROM casos WHERE estado = 'reportado' ORDER BY id LIMIT 1").Scan(&reportado); err != nil {
		return fmt.Errorf("caso reportado: %w", err)
	}
	if _, err := x.Transicion(ctx, reportado, flujo.IniciarEvaluacion, "inicio de la evaluación en la base guardada", quien); err != nil {
		return fmt.Errorf("iniciar la evaluación del caso %d: %w", reportado, err)
	}
	enEvaluacion, err := casosEnEvaluacion(ctx, d)
	if err != nil {
		return err
	}
	emitidos := 0
	for _, id := range enEvaluacion {
		if emitidos == 3 {
			break
		}
		i, err := x.EmitirInforme(ctx, id, quien)
		if err != nil {
			for _, segunda := range []bool{false, true} {
				criterios := map[string]string{}
				for _, c := range flujo.CriteriosDe(segunda) {
					criterios[c.Clave] = "Texto escrito en la base guardada."
				}
				if err := x.GuardarCriterios(ctx, id, criterios, quien); err != nil {
					continue
				}
				if i, err = x.EmitirInforme(ctx, id, quien); err == nil {
					break
				}
			}
		}
		if err != nil {
			return fmt.Errorf("informe del caso %d: %w", id, err)
		}
		emitidos++
		fmt.Printf("caso %d: informe v%d, SHA-256 %s\n", id, i.Version, i.SHA256)
	}
	if emitidos == 0 {
		return fmt.Errorf("solo %d informes emitidos", emitidos)
	}
	n, err := d.VerificarAuditoria(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("registro de auditoría íntegro: %d filas\n", n)
	return nil
}

// casosEnEvaluacion: the cases in evaluation (the demo no longer leaves
// cases 1 to 3 there); completar emits the informe of the first three,
// writing first the criteria they still lack.
func casosEnEvaluacion(ctx context.Context, d *db.DB) ([]int64, error) {
	var ids []int64
	filas, err := d.QueryContext(ctx, "SELECT id FROM casos WHERE estado = 'en_evaluacion' ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer filas.Close()
	for filas.Next() {
		var id int64
		if err := filas.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, filas.Err()
}

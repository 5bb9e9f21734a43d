// Package lectura reads the screening from the store: it streams the
// compact rows of every customs user (db.LeerTamizaje) into the pure
// screening of package tamizaje (tamizaje.Acumulador), which judges and
// ranks them, and reads again only the users a change touched to bring a
// screening or a portfolio up to date. Every decision is tamizaje's and the
// core's; this package only reads.
package lectura

import (
	"context"
	"fmt"

	"comite/internal/db"
	"comite/internal/tamizaje"
)

// Nacional screens every customs user in the store for year anio (`comite
// tamizaje`): the committee test of every user as the core gives it, with the
// store's reference, ranked as tamizaje.Ordenar does. This is the one place
// that orchestrates the screening; the store only reads rows
// (db.LeerTamizaje), every act is judged by the core as it is read
// (tamizaje.Acumulador) and each year's verdict is the core's
// (reincidencia.Decidir). Nothing per act is kept: the read is added up per
// user as it streams.
func Nacional(ctx context.Context, d *db.DB, anio int) (*tamizaje.Tamizado, error) {
	return nacional(ctx, d, anio, nil)
}

// NacionalDe is Nacional of only the users whose ids are given (those that
// still exist), read through the store's indexes by user
// (db.LeerTamizajeDe): the rows Tamizado.Actualizar puts into a screening
// kept from before a change. Its positions are among those users only.
func NacionalDe(ctx context.Context, d *db.DB, anio int, ids []int64) (*tamizaje.Tamizado, error) {
	if ids == nil {
		ids = []int64{}
	}
	return nacional(ctx, d, anio, ids)
}

// nacional is Nacional of every user (ids nil) or of those ids.
func nacional(ctx context.Context, d *db.DB, anio int, ids []int64) (*tamizaje.Tamizado, error) {
	a, err := tamizaje.NuevoAcumulador(anio, d.Referencia())
	if err != nil {
		return nil, err
	}
	// The read leaves out, in SQL, the acts the core says can never count in
	// either reference year; every act read is still judged by the core.
	filtro := db.FiltroActos(a.Preseleccion())
	l := db.LectorTamizaje{Usuarios: a.Usuarios, Usuario: a.Usuario, Registro: a.Registro, Acto: a.Acto, Operaciones: a.Operaciones}
	if ids == nil {
		err = d.LeerTamizaje(ctx, anio-2, anio-1, filtro, l)
	} else {
		err = d.LeerTamizajeDe(ctx, ids, anio-2, anio-1, filtro, l)
	}
	if err != nil {
		return nil, fmt.Errorf("tamizaje %d: %w", anio, err)
	}
	return a.Tamizado(), nil
}

// Filas is the ranked screening of year anio as rows (Nacional, every row
// made).
func Filas(ctx context.Context, d *db.DB, anio int) ([]tamizaje.Fila, error) {
	t, err := Nacional(ctx, d, anio)
	if err != nil {
		return nil, err
	}
	return t.Filas(), nil
}

// Incremental is the screening of the current data made from anterior, a
// national screening (Nacional, not filtered) of the same year computed
// before some changes, and cambiados, the ids of every user those changes
// may have touched (db.CambiosUsuariosDesde): only those users are read and
// evaluated again (NacionalDe), then put in place (Tamizado.Actualizar). The
// result is what Nacional would give now.
func Incremental(ctx context.Context, d *db.DB, anterior *tamizaje.Tamizado, cambiados []int64) (*tamizaje.Tamizado, error) {
	if len(cambiados) == 0 {
		return anterior, nil
	}
	nuevos, err := NacionalDe(ctx, d, anterior.Anio(), cambiados)
	if err != nil {
		return nil, err
	}
	return anterior.Actualizar(cambiados, nuevos)
}

// CarteraNacional counts the portfolio ending in year hasta
// (tamizaje.NuevaCartera) from the national screenings of
// tamizaje.AniosLeidos(hasta). deHasta, when not nil, is the national
// screening of hasta already made (the screen's default year, kept by the
// web); the others are read, counted and dropped.
func CarteraNacional(ctx context.Context, d *db.DB, hasta int, deHasta *tamizaje.Tamizado) (*tamizaje.Cartera, error) {
	return tamizaje.NuevaCartera(hasta, func(y int) (*tamizaje.Tamizado, error) {
		if y == hasta && deHasta != nil {
			return deHasta, nil
		}
		return Nacional(ctx, d, y)
	})
}

// ActualizarCartera is k with the users of cambiados counted again, read
// after every change they name (tamizaje.Cartera.Actualizar over
// NacionalDe): what CarteraNacional would count from the current data. It
// changes nothing of k.
func ActualizarCartera(ctx context.Context, d *db.DB, k *tamizaje.Cartera, cambiados []int64) (*tamizaje.Cartera, error) {
	return k.Actualizar(cambiados, func(y int) (*tamizaje.Tamizado, error) {
		return NacionalDe(ctx, d, y, cambiados)
	})
}

package memoria

import (
	"context"

	"comite/internal/seccionales"
)

// claveCatalogo is the catalog of Direcciones Seccionales, built once per
// change of the customs data instead of on every page that names a
// seccional: the table of Seccionales moves that version (db.VersionDatos),
// and a case reported or moved does not make the catalog read again. It is
// not per object: the pages built without cache (SinCache) still share it.
type claveCatalogo struct{}

// Catalogo is the catalog of Direcciones Seccionales for the current data.
func (m *Memoria) Catalogo(ctx context.Context) (*seccionales.Catalogo, error) {
	x, err := m.Obtener(ctx, claveCatalogo{}, func(ctx context.Context) (any, error) {
		return m.d.CatalogoSeccionales(ctx)
	})
	if err != nil {
		return nil, err
	}
	return x.(*seccionales.Catalogo), nil
}

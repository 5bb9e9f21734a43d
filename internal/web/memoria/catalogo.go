package memoria

import (
	"context"

	"comite/internal/seccionales"
)

// claveCatalogo is the catalog of Direcciones Seccionales, built once per
// audited change (DeTodo: an edit of the catalog is audited) instead of on
// every page that names a seccional. It is not per object: the pages built
// without cache (SinCache) still share it.
type claveCatalogo struct{}

func (claveCatalogo) DeTodo() {}

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

package web

import (
	"context"

	"comite/internal/seccionales"
)

// claveCatalogo is the catalog of Direcciones Seccionales, built once per
// audited change (deTodo: an edit of the catalog is audited) instead of on
// every page that names a seccional. It is not per object: the pages built
// without cache (Config.SinCachePaginas) still share it.
type claveCatalogo struct{}

func (claveCatalogo) deTodo() {}

// catalogo is the catalog of Direcciones Seccionales for the current data.
func (h *handler) catalogo(ctx context.Context) (*seccionales.Catalogo, error) {
	x, err := h.memo.obtener(ctx, claveCatalogo{}, func(ctx context.Context) (any, error) {
		return h.d.CatalogoSeccionales(ctx)
	})
	if err != nil {
		return nil, err
	}
	return x.(*seccionales.Catalogo), nil
}

package web

import (
	"encoding/base64"
	"fmt"
	"net/http"

	"comite/internal/formato"
	"comite/internal/informe"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// informeImprimir is the print view of the informe gerencial: the same
// sections as the PDF, built from the stored snapshot (the latest issued
// version's data when there is one, else a draft), with the same chart images.
func (h *handler) informeImprimir(c echo.Context) error {
	ctx := c.Request().Context()
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	datos, err := h.x.DatosInforme(ctx, caso.ID, actorCaso(c))
	if err != nil {
		return err
	}
	secs, err := informe.Secciones(datos)
	if err != nil {
		return err
	}
	imagenes := map[string]templates.BloqueInforme{}
	for _, g := range informe.Graficos(datos) {
		png, err := g.PNG()
		if err != nil {
			return err
		}
		imagenes[g.Clave] = templates.BloqueInforme{Tipo: "grafico", Titulo: g.Titulo, Nota: g.Nota,
			Imagen: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}
	}
	v := templates.InformeImpresion{CasoID: caso.ID, Numero: caso.Numero, Volver: urls.Caso(caso.ID)}
	infs, err := h.d.Informes(ctx, caso.ID)
	if err != nil {
		return err
	}
	if n := len(infs); n > 0 && infs[n-1].Version == datos.Emision.Version {
		v.Version = fmt.Sprintf("Versión %d emitida el %s por %s · SHA-256 del PDF %s", datos.Emision.Version, formato.Instante(datos.Emision.Instante), datos.Emision.EmitidoPor, infs[n-1].SHA256)
		v.PDF = urls.CasoInforme(caso.ID, infs[n-1].Version)
	} else {
		v.Version = fmt.Sprintf("Borrador sin emitir, con la evaluación v%d (la versión %d se registra al emitirla)", datos.Instantanea.Version, datos.Emision.Version)
	}
	for _, s := range secs {
		sv := templates.SeccionInforme{Clave: s.Clave, Titulo: s.Titulo}
		for _, b := range s.Bloques {
			bv := templates.BloqueInforme{Tipo: string(b.Tipo), Texto: b.Texto}
			for _, p := range b.Pares {
				bv.Pares = append(bv.Pares, templates.Par{Etiqueta: p.Etiqueta, Valor: p.Valor})
			}
			if b.Tabla != nil {
				for _, col := range b.Tabla.Columnas {
					bv.Columnas = append(bv.Columnas, templates.ColumnaInforme{Titulo: col.Titulo, Derecha: col.Derecha})
				}
				bv.Filas, bv.Vacia = b.Tabla.Filas, b.Tabla.Vacia
			}
			if b.Tipo == informe.BloqueGrafico {
				bv = imagenes[b.Grafico]
			}
			sv.Bloques = append(sv.Bloques, bv)
		}
		v.Secciones = append(v.Secciones, sv)
	}
	return h.render(c, http.StatusOK, templates.InformeImpresionPagina(h.pagina(c, "Informe gerencial · "+caso.Numero, "casos"), v))
}

package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/web/middleware"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// auditoriaVerificar walks the hash chain of the audit log and shows the
// result above the log. It only reads.
func (h *handler) auditoriaVerificar(c echo.Context) error {
	n, err := h.d.VerificarAuditoria(c.Request().Context())
	ver := &templates.Verificacion{}
	var rota *db.ErrCadenaRota
	switch {
	case errors.As(err, &rota):
		ver.Mensaje = "La cadena NO es íntegra: " + rota.Error() + ". Avise al administrador y conserve una copia de la base de datos."
	case err != nil:
		h.log.ErrorContext(c.Request().Context(), "no se pudo verificar la cadena de auditoría", "id", middleware.ID(c), "error", err.Error())
		ver.Mensaje = "No se pudo verificar la cadena: falta en el servidor la clave de auditoría o el archivo ancla. Avise al administrador."
	default:
		ver.Correcta = true
		ver.Mensaje = "La cadena es íntegra: " + formato.Plural(int(n), "registro verificado", "registros verificados") + ", cada uno coincide con su resumen (firmado con la clave de auditoría) y con el anterior, y la última cabeza publicada fuera de la base sigue en ella."
		if cab, err := h.d.CabezaAuditoria(c.Request().Context()); err == nil && cab.ID > 0 {
			ver.Mensaje += " Cabeza actual: " + cab.Texto() + "."
		}
	}
	v, err := h.vistaAuditoria(c)
	if err != nil {
		return err
	}
	v.Verificacion = ver
	return h.render(c, http.StatusOK, templates.AuditoriaPagina(h.pagina(c, "Auditoría", "auditoria"), v))
}

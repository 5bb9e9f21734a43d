package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/formato"
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
		return err
	default:
		ver.Correcta = true
		ver.Mensaje = "La cadena es íntegra: " + formato.Entero(n) + " registros verificados, cada uno coincide con su resumen y con el anterior."
	}
	v, err := h.vistaAuditoria(c)
	if err != nil {
		return err
	}
	v.Verificacion = ver
	return h.render(c, http.StatusOK, templates.AuditoriaPagina(h.pagina(c, "Auditoría", "auditoria"), v))
}

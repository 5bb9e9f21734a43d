package web

import (
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"comite/internal/formato"
	"comite/internal/respaldo"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

// respaldosMostrar shows the administrator the last scheduled backup, its
// size and its check, and warns when it is older than its period.
func (h *handler) respaldosMostrar(c echo.Context) error {
	v := vistaRespaldos(h.cfg.Respaldos, time.Now())
	return h.render(c, http.StatusOK, templates.RespaldosPagina(h.pagina(c, "Respaldos", "respaldos"), v))
}

func vistaRespaldos(p *respaldo.Programa, ahora time.Time) templates.Respaldos {
	if p == nil {
		return templates.Respaldos{}
	}
	e := p.Estado()
	v := templates.Respaldos{
		Configurado: true, Carpeta: e.Dir, Periodo: "cada " + duracionTexto(e.Cada), Conservar: e.Conservar,
		Guardados: e.Guardados, EnCurso: e.EnCurso, Vencido: e.Vencido(ahora), UltimoError: e.UltimoError,
	}
	if e.UltimoError != "" {
		v.UltimoErrorEn = formato.Instante(e.UltimoErrorEn)
	}
	if u := e.Ultimo; u != nil {
		v.HayUltimo, v.Archivo, v.Fecha = true, filepath.Base(u.Archivo), formato.Instante(u.Inicio)
		v.Edad = "hace " + duracionTexto(ahora.Sub(u.Inicio))
		v.Tamano = fmt.Sprintf("%s bytes (%s MB)", formato.Entero(u.Bytes), formato.Numero(decimal.NewFromInt(u.Bytes).Div(decimal.NewFromInt(1<<20)), 1))
		v.SHA256 = u.SHA256
		if v.SHA256 == "" {
			v.SHA256 = "desconocido (falta el archivo .sha256 al lado del respaldo)"
		}
		if e.Verificado {
			x := u.Verificacion
			v.Verificacion = fmt.Sprintf("Íntegro: PRAGMA integrity_check «%s»; cadena de auditoría íntegra (%s filas); esquema %s; %s casos, %s conceptos, %s informes.",
				x.Integridad, formato.Entero(x.FilasAuditoria), x.Esquema(), formato.Entero(x.Casos), formato.Entero(x.Conceptos), formato.Entero(x.Informes))
		} else {
			v.Verificacion = "Hecho antes de iniciar este servidor: se verificó al escribirlo (un respaldo solo recibe su nombre después de verificarse). Para revisarlo otra vez: comite respaldo verificar ARCHIVO."
		}
	}
	return v
}

// duracionTexto writes a duration for people: "24 horas", "1 hora y 30 minutos", "menos de un minuto".
func duracionTexto(d time.Duration) string {
	if d < time.Minute {
		return "menos de un minuto"
	}
	dias, horas, minutos := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	if dias >= 2 {
		return plural(dias, "día", "días") + conY(horas, "hora", "horas")
	}
	horas += 24 * dias
	if horas > 0 {
		return plural(horas, "hora", "horas") + conY(minutos, "minuto", "minutos")
	}
	return plural(minutos, "minuto", "minutos")
}

func plural(n int, uno, varios string) string {
	if n == 1 {
		return "1 " + uno
	}
	return fmt.Sprintf("%d %s", n, varios)
}

func conY(n int, uno, varios string) string {
	if n == 0 {
		return ""
	}
	return " y " + plural(n, uno, varios)
}

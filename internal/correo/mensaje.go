package correo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
	"time"
)

// Aviso is the plain values a notice is worded from, kept with the queued
// row: only what its recipient may see of the case or the session, already
// formatted for people (dates as 31/12/2025). CasoID or SesionID name the
// page the link opens (the sender builds it with the configured base).
type Aviso struct {
	Clase        Clase  `json:"clase"`
	Destinatario string `json:"destinatario"` // the person's name
	Caso         string `json:"caso,omitempty"`
	Seccional    string `json:"seccional,omitempty"`
	Estado       string `json:"estado,omitempty"`
	Sesion       string `json:"sesion,omitempty"` // «Sesión ordinaria del 10/03/2026»
	Etapa        string `json:"etapa,omitempty"`
	Vence        string `json:"vence,omitempty"`
	Termino      string `json:"termino,omitempty"` // «15 días hábiles»
	Decision     string `json:"decision,omitempty"`
	ActaNumero   int    `json:"acta_numero,omitempty"`
	SHA256       string `json:"sha256,omitempty"`
	CasoID       int64  `json:"caso_id,omitempty"`
	SesionID     int64  `json:"sesion_id,omitempty"`
	// The recipient's role and Seccional when it was queued: a message is
	// sent only while the account still has them (what it may see).
	RolDestinatario       string `json:"rol_destinatario,omitempty"`
	SeccionalDestinatario string `json:"seccional_destinatario,omitempty"`
}

// Mensaje is a worded notice: subject, plain text and HTML.
type Mensaje struct {
	Asunto string
	Texto  string
	HTML   string
}

// Asunto is the subject of a notice (it needs no link).
func (a Aviso) Asunto() string {
	switch a.Clase {
	case CasoReportado:
		return "Caso " + a.Caso + " reportado a la Secretaría Técnica"
	case EnOrdenDelDia:
		return "Caso " + a.Caso + " en el orden del día: " + a.Sesion
	case ConceptoRegistrado:
		return "Concepto del Comité registrado en el caso " + a.Caso
	case ActaExpedida:
		return fmt.Sprintf("Acta expedida (versión %d): %s", a.ActaNumero, a.Sesion)
	case PlazoPorVencer:
		return "Caso " + a.Caso + ": el término interno vence el " + a.Vence
	case PlazoVencido:
		return "Caso " + a.Caso + ": el término interno venció el " + a.Vence
	}
	return "Aviso del Comité de Fiscalización"
}

// parrafos are what the notice says, one sentence each, before the link.
func (a Aviso) parrafos() []string {
	switch a.Clase {
	case CasoReportado:
		return []string{fmt.Sprintf("La Dirección Seccional %s reportó el caso %s a la Secretaría Técnica del Comité de Fiscalización.", a.Seccional, a.Caso),
			"El caso espera que la Secretaría Técnica inicie su evaluación."}
	case EnOrdenDelDia:
		return []string{fmt.Sprintf("El caso %s (Dirección Seccional %s) quedó en el orden del día de la %s.", a.Caso, a.Seccional, lower1(a.Sesion)),
			"El Comité registrará su concepto en esa sesión."}
	case ConceptoRegistrado:
		p := []string{fmt.Sprintf("El Comité de Fiscalización registró su concepto en el caso %s (Dirección Seccional %s).", a.Caso, a.Seccional)}
		if a.Decision != "" {
			p = append(p, "Concepto: "+a.Decision+".")
		}
		return append(p, "Sigue registrar la propuesta del requerimiento especial aduanero.")
	case ActaExpedida:
		return []string{fmt.Sprintf("Se expidió la versión %d del acta de la %s.", a.ActaNumero, lower1(a.Sesion)),
			"SHA-256 del PDF: " + a.SHA256 + ". El acta se descarga en la aplicación; este correo no la adjunta."}
	case PlazoPorVencer:
		return []string{fmt.Sprintf("El término interno de la etapa «%s» del caso %s (%s) vence el %s.", a.Etapa, a.Caso, a.Termino, a.Vence),
			"Estado del caso: " + a.Estado + "."}
	case PlazoVencido:
		return []string{fmt.Sprintf("El término interno de la etapa «%s» del caso %s (%s) venció el %s y el paso sigue pendiente.", a.Etapa, a.Caso, a.Termino, a.Vence),
			"Estado del caso: " + a.Estado + "."}
	}
	return nil
}

func lower1(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

var plantillaHTML = template.Must(template.New("aviso").Parse(`<!DOCTYPE html>
<html lang="es-CO"><head><meta charset="utf-8"><title>{{.Asunto}}</title></head>
<body style="font-family: sans-serif; color: #1a1a1a">
<p>{{.Saludo}}</p>
{{range .Parrafos}}<p>{{.}}</p>
{{end}}{{if .Enlace}}<p><a href="{{.Enlace}}">Abrir en la aplicación</a></p>
{{end}}<p style="color: #555">{{.Pie}}</p>
</body></html>
`))

const pie = "Este aviso lo envía la aplicación del Comité de Fiscalización. Para dejar de recibir esta clase de avisos, entre a la aplicación y abra «Mis avisos»."

// Redactar words a notice; enlace is the whole address of the page it
// points to ("" none: no public address configured).
func Redactar(a Aviso, enlace string) Mensaje {
	saludo := "Buen día:"
	if a.Destinatario != "" {
		saludo = "Buen día, " + a.Destinatario + ":"
	}
	ps := a.parrafos()
	var t strings.Builder
	t.WriteString(saludo + "\n\n")
	for _, p := range ps {
		t.WriteString(p + "\n\n")
	}
	if enlace != "" {
		t.WriteString("Abrir en la aplicación: " + enlace + "\n\n")
	}
	t.WriteString("-- \n" + pie + "\n")
	var h bytes.Buffer
	// The template and its values are ours; it cannot fail.
	_ = plantillaHTML.Execute(&h, map[string]any{"Asunto": a.Asunto(), "Saludo": saludo, "Parrafos": ps, "Enlace": template.URL(enlace), "Pie": pie})
	return Mensaje{Asunto: a.Asunto(), Texto: t.String(), HTML: h.String()}
}

// MIME is the whole message as it travels: headers and a
// multipart/alternative body with the plain text first and the HTML second,
// both UTF-8 quoted-printable. cuando is the Date header; id the unique
// part of the Message-ID (the queued row's key).
func MIME(de, para string, m Mensaje, cuando time.Time, id string) []byte {
	var b bytes.Buffer
	frontera := sha256.Sum256([]byte(id + "\x00" + m.Texto))
	w := multipart.NewWriter(&b)
	_ = w.SetBoundary("comite-" + hex.EncodeToString(frontera[:12]))
	dominio := de[strings.LastIndex(de, "@")+1:]
	cab := []string{
		"From: " + de,
		"To: " + para,
		"Subject: " + mime.QEncoding.Encode("utf-8", m.Asunto),
		"Date: " + cuando.Format(time.RFC1123Z),
		"Message-ID: <" + strings.NewReplacer(":", ".", "/", ".").Replace(id) + "@" + dominio + ">",
		"MIME-Version: 1.0",
		"Content-Type: multipart/alternative; boundary=\"" + w.Boundary() + "\"",
		"Auto-Submitted: auto-generated",
	}
	var out bytes.Buffer
	out.WriteString(strings.Join(cab, "\r\n") + "\r\n\r\n")
	for _, parte := range []struct{ tipo, cuerpo string }{{"text/plain", m.Texto}, {"text/html", m.HTML}} {
		pw, _ := w.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {parte.tipo + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		qp := quotedprintable.NewWriter(pw)
		_, _ = qp.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(parte.cuerpo, "\r\n", "\n"), "\n", "\r\n")))
		_ = qp.Close()
	}
	_ = w.Close()
	out.Write(b.Bytes())
	return out.Bytes()
}

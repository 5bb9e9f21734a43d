package informe

// The acta of a session of the Comité de Fiscalización: orden del día,
// attendance, quorum and, for each case of the agenda, the decision and its
// motivation with the corrections linked to it. Drawn with the informe's
// page style (header with the session number, "Página X de Y", Go fonts,
// metadata from the stored data): the same stored session gives the same
// bytes.

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
)

const tituloActa = "Acta de sesión — Comité de Fiscalización"

// Acta is what the acta of a session says, all from stored data.
type Acta struct {
	Numero     string // SC-2026-001
	Fecha      fecha.Fecha
	Hora       string
	Modalidad  string // label
	Lugar      string
	Preside    string
	Secretario string
	Miembros   []flujo.MiembroSesion
	// The quorum in force at the issue (configured by the administrator).
	QuorumConfigurado bool
	QuorumMinimo      int
	TextoQuorum       string
	Puntos            []PuntoActa
	Version           int
	EmitidoPor        string
	Instante          time.Time // of the issue; from stored data, never the clock
	// FirmaSujeto is the subject of the certificate the file is signed with
	// ("": issued without digital signature); Firmantes sign the acta.
	FirmaSujeto string
	Firmantes   []Firmante
}

// PuntoActa is one case of the orden del día.
type PuntoActa struct {
	Posicion    int
	Caso        string
	RazonSocial string
	NIT         string
	Estado      string // label of the case's state at the issue
	Concepto    *Concepto
	Aplazado    string // the reason it was postponed ("" when it was not)
	// Resultado is what the decision results in (ResultadoDecision) and
	// Fundamento the article it rests on; "" without concepto.
	Resultado, Fundamento string
	// Adjuntos are the case's files as they stood at the issue, for a case
	// decided in the session.
	Adjuntos []AdjuntoGuardado
}

// PDFActa writes the acta as PDF bytes.
func PDFActa(a Acta) ([]byte, error) {
	autor := "Secretaría de la sesión del Comité de Fiscalización"
	if a.EmitidoPor != "" {
		autor = a.EmitidoPor + " — " + autor
	}
	leyenda := LeyendaFirma(a.FirmaSujeto, a.Instante)
	return Documento{Clase: "acta",
		Meta: Metadatos{Titulo: "Acta de la sesión " + a.Numero + " del Comité de Fiscalización", Autor: autor,
			Asunto:     fmt.Sprintf("Acta de la sesión %s del %s, versión %d", a.Numero, a.Fecha.DMA(), a.Version),
			Referencia: a.Numero, Palabras: actaPalabras(a), Instante: a.Instante},
		Titulo: tituloActa, Referencia: "Sesión " + a.Numero, Pie: pieActa(a), PieFirma: pieFirma(a.FirmaSujeto),
		Portada: Portada{Titulo: "Acta de la sesión " + a.Numero,
			Emision: textoEmision(a.Version, a.EmitidoPor, formato.Instante(a.Instante), a.EmitidoPor == BorradorSinEmitir)},
		Secciones:    SeccionesActa(a),
		TituloFirmas: "5. Firmas", Firmantes: a.Firmantes, Leyenda: leyenda,
		Cierre: Cierre{Alto: 20, Antes: 4, Texto: "Documento generado por la aplicación del Comité de Fiscalización a partir de los datos guardados de la sesión. " +
			"La huella SHA-256 de esta acta se registra al emitirla; cualquier copia puede verificarse contra ella."},
	}.PDF()
}

// SeccionesActa is the content of the acta, shared by the PDF and tests.
func SeccionesActa(a Acta) []Seccion {
	datos := Seccion{Clave: "sesion", Titulo: "1. Datos de la sesión", Bloques: []Bloque{{Tipo: BloquePares, Pares: []Par{
		{"Sesión", a.Numero},
		{"Fecha y hora", a.Fecha.DMA() + ", " + a.Hora + " (hora de Colombia)"},
		{"Modalidad", textoOGuion(a.Modalidad)},
		{"Lugar", textoOGuion(a.Lugar)},
		{"Preside", textoOGuion(a.Preside)},
		{"Secretario de la sesión", textoOGuion(a.Secretario)},
	}}}}

	asis := &Tabla{Columnas: []Columna{{Titulo: "N.º", Ancho: 0.08}, {Titulo: "Miembro presente", Ancho: 0.46}, {Titulo: "Cargo", Ancho: 0.46}},
		Vacia: "No se registró la asistencia de la sesión."}
	for i, m := range a.Miembros {
		asis.Filas = append(asis.Filas, []string{strconv.Itoa(i + 1), m.Nombre, m.Cargo})
	}
	quorum := []Bloque{{Tipo: BloqueTabla, Tabla: asis}}
	minimo := "no configurado por el administrador"
	if a.QuorumConfigurado {
		minimo = strconv.Itoa(a.QuorumMinimo) + " miembros"
	}
	quorum = append(quorum, Bloque{Tipo: BloquePares, Pares: []Par{
		{"Miembros presentes", strconv.Itoa(len(a.Miembros))},
		{"Quórum mínimo (parámetro interno)", minimo},
	}}, Bloque{Tipo: BloqueParrafo, Texto: a.TextoQuorum +
		" El quórum es un parámetro interno que configura el administrador de la aplicación; no lo fija el Decreto Ley 920 de 2023."})
	asistencia := Seccion{Clave: "asistencia", Titulo: "2. Asistencia y quórum", Bloques: quorum}

	orden := &Tabla{Columnas: []Columna{{Titulo: "Punto", Ancho: 0.08}, {Titulo: "Caso", Ancho: 0.18}, {Titulo: "Usuario aduanero", Ancho: 0.44}, {Titulo: "Resultado", Ancho: 0.30}},
		Vacia: "La sesión no tiene casos en su orden del día."}
	for _, p := range a.Puntos {
		res := "Sin concepto registrado en la sesión (estado: " + p.Estado + ")"
		switch {
		case p.Concepto != nil:
			res = p.Concepto.Decision.Etiqueta()
		case p.Aplazado != "":
			res = "Aplazado: " + p.Aplazado
		}
		orden.Filas = append(orden.Filas, []string{strconv.Itoa(p.Posicion), p.Caso, p.RazonSocial + " (NIT " + textoOGuion(p.NIT) + ")", res})
	}
	agenda := Seccion{Clave: "orden", Titulo: "3. Orden del día", Bloques: []Bloque{{Tipo: BloqueTabla, Tabla: orden}}}

	decisiones := Seccion{Clave: "decisiones", Titulo: "4. Decisiones del Comité", Bloques: nil}
	if len(a.Puntos) == 0 {
		decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueParrafo, Texto: "Sin casos en el orden del día."})
	}
	for _, p := range a.Puntos {
		decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueSubtitulo, Texto: fmt.Sprintf("Punto %d. Caso %s — %s", p.Posicion, p.Caso, p.RazonSocial)})
		c := p.Concepto
		if c == nil && p.Aplazado != "" {
			decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueAviso, Texto: "El Comité aplazó este caso para una sesión posterior. Motivo: " + p.Aplazado + ". Estado del caso: " + p.Estado + "."})
			continue
		}
		if c == nil {
			decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueAviso, Texto: "El Comité no registró concepto sobre este caso en la sesión. Estado del caso: " + p.Estado + "."})
			continue
		}
		pares := []Par{{"Decisión", c.Decision.Etiqueta()}, {"Resultado", p.Resultado}, {"Fundamento", p.Fundamento},
			{"Registrada por", c.RegistradoPor + ", " + formato.Instante(c.RegistradoEn)}}
		if len(c.CriteriosCancelacion) > 0 {
			pares = append(pares, Par{"Criterios de cancelación (art. 22 num. 5)", strings.Join(c.CriteriosCancelacion, ", ")})
		}
		decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloquePares, Pares: pares})
		for _, m := range c.Motivacion {
			decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueParrafo, Texto: m.Criterio + ": " + m.Texto})
		}
		for i, x := range c.Correcciones {
			decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueAviso, Texto: fmt.Sprintf("Corrección %d (registro enlazado, %s, %s). Motivo: %s. %s",
				i+1, formato.Instante(x.Instante), x.Cuenta, x.Motivo, x.Texto)})
		}
		if len(p.Adjuntos) == 0 {
			// Like the informe's section: an acta of cases without files
			// reads as it did before files could be attached.
			continue
		}
		decisiones.Bloques = append(decisiones.Bloques, Bloque{Tipo: BloqueParrafo, Texto: "Pruebas y antecedentes adjuntos al caso:"})
		decisiones.Bloques = append(decisiones.Bloques, BloquesAdjuntos(p.Adjuntos)...)
	}
	return []Seccion{datos, asistencia, agenda, decisiones}
}

// pieActa is the footer of the acta: its issue, or that it is a draft.
func pieActa(a Acta) string {
	if a.EmitidoPor == BorradorSinEmitir {
		return fmt.Sprintf("Sesión %s · Borrador del acta, sin emitir · datos registrados al %s", a.Numero, formato.Instante(a.Instante))
	}
	return fmt.Sprintf("Sesión %s · Acta, versión %d · emitida el %s", a.Numero, a.Version, formato.Instante(a.Instante))
}

func actaPalabras(a Acta) []string {
	p := []string{"acta", "sesión", "Comité de Fiscalización", "DIAN", a.Numero}
	for _, x := range a.Puntos {
		p = append(p, x.Caso)
	}
	return p
}

package templates

// AdjuntoVista is one file attached to a case, as the case page and the
// session's list of what the acta cites show it.
type AdjuntoVista struct {
	Numero                   int
	Tipo, Descripcion, Fecha string
	Nombre, Formato, Tamano  string
	SHA256, Por, En          string
	Marcas                   []string
	// Retiro is the withdrawal in the list's words: on the case page who,
	// when and why, in the acta's list why ("" while in force).
	Retiro           string
	Ruta, RutaRetiro string
	RutaVisor        string // the sandboxed viewer ("": not shown there)
}

// GrupoAdjuntos are the attachments of one kind.
type GrupoAdjuntos struct {
	Tipo     string
	Adjuntos []AdjuntoVista
}

// VisorAdjunto is the sandboxed viewer of one attachment.
type VisorAdjunto struct {
	Titulo, Nombre, SHA256, Tamano string
	Retiro                         string // why it was withdrawn ("": in force)
	PDF                            string // the framed PDF's route ("": not a PDF shown)
	Imagen                         string // the re-encoded image's route ("": not an image shown)
	Motivo                         string // why nothing is shown
	Descarga, Caso, Hoja, Icono    string
}

package templates

// AdjuntoVista is one file attached to a case, as the case page lists it.
type AdjuntoVista struct {
	Numero                  int
	Descripcion, Fecha      string
	Nombre, Formato, Tamano string
	SHA256, Por, En         string
	Marcas                  []string
	Retiro                  string // "" while in force
	Ruta, RutaRetiro        string
}

// GrupoAdjuntos are the attachments of one kind.
type GrupoAdjuntos struct {
	Tipo     string
	Adjuntos []AdjuntoVista
}

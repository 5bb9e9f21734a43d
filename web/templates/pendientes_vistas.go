package templates

// PendienteFila is a case waiting for the account, with its due dates.
type PendienteFila struct {
	Numero, Ruta, Usuario, NIT, Seccional string
	Estado, EstadoClave                   string
	Accion                                string // the step that waits
	EnEstadoDesde, DiasEnEstado           string
	Etapa, Termino, Vence                 string // internal term of the current stage
	Semaforo                              Semaforo
	PlazoLegal                            string // legal term of the report
	SemaforoLegal                         Semaforo
}

// TerminoVista is the internal term of a stage.
type TerminoVista struct {
	Clave, Etapa, Dias, Origen string
	Error                      string
}

// Pendientes is «Mis pendientes»: the account's queue, oldest first.
type Pendientes struct {
	Ver                 bool
	Filas               []PendienteFila
	Vencidos, PorVencer int
	Explicacion         string
	Terminos            []TerminoVista
	SinCola             string
	// Panel is PendientesPanel of this same view already rendered (the
	// server renders a queue once and shows it on every visit), or "".
	Panel string
}

// TerminosForm is the administrator's table of internal terms.
type TerminosForm struct {
	Terminos []TerminoVista
	Error    string
}

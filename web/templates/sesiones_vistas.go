package templates

// SesionResumen is one row of the list of sessions.
type SesionResumen struct {
	ID        int64
	Numero    string
	Fecha     string // DD/MM/AAAA HH:MM
	Modalidad string
	Lugar     string
	Casos     int
	Conceptos int
	Proxima   bool
}

// FormSesion is the form to convene a session.
type FormSesion struct {
	Fecha, Hora, Modalidad, Lugar, Preside, Secretario string
	Miembros                                           string // "Nombre; cargo" one a line
	Modalidades                                        []Opcion
	Errores                                            Errores
}

// SesionesVista is the list of sessions and the convening form.
type SesionesVista struct {
	Sesiones   []SesionResumen
	Gestiona   bool
	Form       FormSesion
	Quorum     string // "3 miembros" or "no configurado"
	Configura  bool   // the administrator sets the quorum
	MensajeErr string
}

// PuntoVista is one case of the orden del día.
type PuntoVista struct {
	Posicion   int
	CasoID     int64
	Numero     string
	Usuario    string
	Estado     string
	Decision   string // "" while no concepto was recorded in the session
	Registrar  bool   // the account may record its concepto now
	Correccion int    // linked corrections
	Aplazado   string // the reason it was postponed in the session
	Aplazar    bool   // the account may postpone it now
	// Adjuntos are the files of a decided case, as the acta lists them.
	Adjuntos []AdjuntoVista
}

// ActaVista is one issued version of the acta.
type ActaVista struct {
	Version   int
	Emitida   string
	Por       string
	SHA256    string
	Contenido string
	Firma     string
}

// SesionVista is a session's page.
type SesionVista struct {
	ID                   int64
	Numero               string
	Fecha                string
	Modalidad            string
	Lugar                string
	Preside              string
	Secretario           string
	Miembros             []Par // name, cargo
	Quorum               string
	HayQuorum            bool
	Orden                []PuntoVista
	Candidatos           []Opcion // cases en_comite not yet on the agenda
	Actas                []ActaVista
	Gestiona             bool
	AsistenciaFija       bool
	MiembrosTexto        string
	FirmaConfigurada     string // who signs, or "" without certificate
	Errores              Errores
	Mensaje              string
	PresideForm          string
	SecretarioForm       string
	CasosComiteSinOrden  int
	ConceptosRegistrados int
	// ProblemaActa says why the acta cannot be issued yet ("" when it can).
	ProblemaActa string
	// Aplazable: the session decided nothing yet and the account may postpone it.
	Aplazable     bool
	Aplazamientos []string
	// Form of the postponement, with what was written when refused.
	AplazarFecha, AplazarHora, AplazarMotivo string
}

// hayDecididos says whether a case of the orden del día has its concepto.
func hayDecididos(orden []PuntoVista) bool {
	for _, o := range orden {
		if o.Decision != "" {
			return true
		}
	}
	return false
}

package templates

// Respaldos is the administrator's page of scheduled backups.
type Respaldos struct {
	Configurado bool // `comite serve --respaldos DIR` was given
	Carpeta     string
	Periodo     string // "cada 24 horas"
	Conservar   int
	Guardados   int
	EnCurso     bool

	HayUltimo    bool
	Archivo      string
	Fecha        string // when the snapshot was taken, Bogotá time
	Edad         string // "hace 3 horas"
	Tamano       string
	SHA256       string
	Verificacion string
	Vencido      bool // older than its period (or none)

	UltimoError   string
	UltimoErrorEn string
}

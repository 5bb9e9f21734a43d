package demo

// The files of the demo's cases: the Dirección Seccional's informe (or, for
// one case, the reason it was reported without it) and a photograph with
// the report, then the Secretaría's inspection record and one more
// document, so every kind of attachment and the formats a viewer shows
// (PDF, PNG, JPEG) appear, together with a CSV and an XLSX. Each file is
// generated from the case's own data (adjunto.Muestra): the same seed
// gives the same bytes.

import (
	"fmt"

	"comite/internal/adjunto"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
)

// casoSinInforme is the case reported without the Seccional's informe.
const casoSinInforme = 1

// informeDemo is what the Dirección Seccional sends with the report of
// case i: its informe, dated the day of the report, or why it is missing.
func informeDemo(i int, cd casoDemo, u *usuario, rep fecha.Fecha) expediente.InformeAlReportar {
	if i == casoSinInforme {
		return expediente.InformeAlReportar{MotivoSinInforme: "El informe está en revisión jurídica de la División de Fiscalización; se adjunta en cuanto se firme."}
	}
	return expediente.InformeAlReportar{
		Nombre: fmt.Sprintf("informe-seccional-%s.pdf", u.nit),
		Datos: adjunto.Muestra(adjunto.PDF, fmt.Sprintf("Informe de la Dirección Seccional sobre %s (NIT %s): %s Reportado el %s.",
			u.razon, u.nit, cd.descripcion, rep.DMA())),
		Descripcion:    "Informe de la Dirección Seccional con la relación de los hechos",
		FechaDocumento: &rep,
	}
}

// adjuntoDemo is a file attached to a demo case after its report.
type adjuntoDemo struct {
	tipo        adjunto.Tipo
	descripcion string
	nombre      string
	datos       []byte
	fecha       *fecha.Fecha
}

// fotoDemo is the photograph the Dirección Seccional attaches to case i: a
// JPEG whose EXIF says where it was taken (the viewer shows it without).
func fotoDemo(i int, u *usuario, verif fecha.Fecha) adjuntoDemo {
	return adjuntoDemo{adjunto.Fotografia, "Fotografía de la mercancía en la diligencia de verificación", fmt.Sprintf("foto-%s-%d.jpg", u.nit, i+1),
		adjunto.FotoConExif(u.nit, "GPS 10.3910 -75.4794; Camara DIAN-"+u.nit), &verif}
}

// documentosSecretaria are the files the Secretaría Técnica adds to case i
// once it starts the evaluation: the inspection record and one more
// document, of a kind and format that changes from case to case.
func documentosSecretaria(i int, cd casoDemo, u *usuario, verif fecha.Fecha) []adjuntoDemo {
	acta := adjuntoDemo{adjunto.Acta, "Acta de la diligencia de inspección", fmt.Sprintf("acta-inspeccion-%s.pdf", u.nit),
		adjunto.Muestra(adjunto.PDF, fmt.Sprintf("Acta de inspección a %s (NIT %s) del %s.", u.razon, u.nit, verif.DMA())), &verif}
	otros := []adjuntoDemo{
		{adjunto.Declaracion, "Declaraciones de importación revisadas", fmt.Sprintf("declaraciones-%s.xlsx", u.nit),
			adjunto.Muestra(adjunto.XLSX, "Declaraciones de "+u.razon), nil},
		{adjunto.DocumentoSoporte, "Captura del sistema de control de inventarios", fmt.Sprintf("inventario-%s.png", u.nit),
			adjunto.Muestra(adjunto.PNG, u.nit), nil},
		{adjunto.ActoAdministrativo, "Requerimiento especial aduanero", fmt.Sprintf("requerimiento-%s.pdf", u.nit),
			adjunto.Muestra(adjunto.PDF, fmt.Sprintf("Requerimiento especial aduanero a %s (NIT %s): %s", u.razon, u.nit, cd.descripcion)), nil},
		{adjunto.Otro, "Relación de operaciones del periodo (CSV)", fmt.Sprintf("operaciones-%s.csv", u.nit),
			adjunto.Muestra(adjunto.CSV, u.razon), nil},
	}
	return []adjuntoDemo{acta, otros[i%len(otros)]}
}

// adjuntar attaches f to caso as quien.
func (a *aplicacion) adjuntar(caso int64, f adjuntoDemo, quien dominio.ActorCaso) error {
	_, err := a.x.Adjuntar(a.ctx, expediente.NuevoAdjunto{CasoID: caso, Tipo: string(f.tipo), Descripcion: f.descripcion,
		FechaDocumento: f.fecha, Nombre: f.nombre, Datos: f.datos}, quien)
	return err
}

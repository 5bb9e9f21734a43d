package expediente

// A case reported through the Dirección Seccional's form carries the
// Seccional's own informe ("un informe junto con las pruebas y demás
// antecedentes de los hechos"): the file, attached as an informe de la
// Seccional, or the written reason it is not attached, recorded in the
// case's history and audit. The case and the file go in one transaction.

import (
	"context"
	"errors"
	"strings"

	"comite/internal/adjunto"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
)

// InformeAlReportar is the Dirección Seccional's informe sent with a
// report: the file (Nombre and Datos) or, without it, MotivoSinInforme.
type InformeAlReportar struct {
	Nombre         string
	Datos          []byte
	Descripcion    string // empty: descripcionInformeAlReportar
	FechaDocumento *fecha.Fecha
	// MotivoSinInforme is why the informe is not attached; ignored when it is.
	MotivoSinInforme string
}

// descripcionInformeAlReportar describes an informe attached without a
// description of its own.
const descripcionInformeAlReportar = "Informe de la Dirección Seccional al reportar el caso"

// maxMotivoSinInforme is the longest reason for reporting without the informe.
const maxMotivoSinInforme = 1000

// Reportar opens a case as AbrirCaso does and, in the same transaction,
// attaches the Dirección Seccional's informe or records why it is not
// attached. The errors of the case and of the informe come back together,
// the informe's under the fields informe_archivo, informe_descripcion,
// informe_fecha_documento and motivo_sin_informe.
func (x *Expediente) Reportar(ctx context.Context, n dominio.NuevoCaso, inf InformeAlReportar, quien dominio.ActorCaso) (dominio.Caso, error) {
	if _, err := validarPaso(flujo.Reportar, quien, flujo.Contexto{}); err != nil {
		return dominio.Caso{}, err
	}
	campos := map[string]string{}
	conArchivo := inf.Nombre != "" || len(inf.Datos) > 0
	motivo := strings.TrimSpace(inf.MotivoSinInforme)
	archivo := NuevoAdjunto{Tipo: string(adjunto.InformeSeccional), Descripcion: inf.Descripcion, FechaDocumento: inf.FechaDocumento,
		Nombre: inf.Nombre, Datos: inf.Datos}
	if conArchivo {
		motivo = ""
		if strings.TrimSpace(archivo.Descripcion) == "" {
			archivo.Descripcion = descripcionInformeAlReportar
		}
		for k, m := range revisarDatosAdjunto(&archivo) {
			campos["informe_"+k] = m
		}
	} else {
		switch {
		case motivo == "":
			campos["informe_archivo"] = "Adjunte el informe de la Dirección Seccional o escriba por qué no lo adjunta."
		case len([]rune(motivo)) > maxMotivoSinInforme:
			campos["motivo_sin_informe"] = "El motivo admite a lo sumo 1.000 caracteres."
		}
	}
	var caso dominio.Caso
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		c, err := abrirCaso(w, n, quien, motivo)
		var ef *db.ErrFormulario
		if errors.As(err, &ef) {
			for k, m := range campos {
				if _, ya := ef.Campos[k]; !ya {
					ef.Campos[k] = m
				}
			}
			return ef
		}
		if err != nil {
			return err
		}
		if !conArchivo && len(campos) > 0 {
			return &db.ErrFormulario{Campos: campos}
		}
		if conArchivo {
			if _, err := adjuntarEn(ctx, w, c, archivo, quien, campos, "informe_"); err != nil {
				return err
			}
		}
		caso = c
		return nil
	})
	if err != nil {
		return dominio.Caso{}, err
	}
	return caso, nil
}

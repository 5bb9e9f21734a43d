package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

	"comite/internal/db"
	"comite/internal/expediente"
)

const usoActa = `uso: comite acta --sesion ID --db ARCHIVO -o ARCHIVO.pdf
` + usoFirmaDocumento + `Escribe el acta de una sesión del Comité de Fiscalización: orden del día, asistencia,
quórum y, para cada caso, la decisión con su motivación y sus correcciones. Sin firma
escribe el archivo de su última versión emitida tal como se registró o, si no hay una
al día, el acta construida desde los datos guardados de la sesión (nunca desde el reloj:
la misma sesión guardada da los mismos bytes).
  --sesion ID   número de la sesión (SC-2026-001) o su número interno
` + usoOpcionesDocumento + `Con firma, firma el contenido del acta construido desde los datos guardados, escribe
el PDF firmado e imprime en la salida de error el SHA-256 del contenido sin firmar, el
del archivo firmado y el sujeto del certificado.
`

// docActa is `comite acta --sesion ID --db F -o X.pdf`: without a signature,
// the latest issued version as recorded when it is up to date, else the
// acta built from the stored session.
var docActa = documentoCLI{
	nombre: "acta", resumen: "escribe el PDF del acta de una sesión del Comité (los mismos datos dan los mismos bytes)",
	opcion: "sesion", uso: usoActa,
	falta: "falta el número de la sesión (por ejemplo SC-2026-001)", noExiste: "no existe la sesión %q en %s",
	buscar: func(ctx context.Context, d *db.DB, ref string) (int64, string, error) {
		s, err := d.SesionPorReferencia(ctx, strings.TrimSpace(ref))
		return s.ID, s.Numero, err
	},
	errNoExiste: db.ErrSesionNoExiste,
	objeto:      "sesión",
	pdf: func(ctx context.Context, d *db.DB, id int64, numero string, conFirma bool) ([]byte, string, error) {
		contenido, err := expediente.Nuevo(d).PDFActa(ctx, id)
		if err != nil {
			return nil, "", fmt.Errorf("sesión %s: %w", numero, err)
		}
		origen := "construida desde los datos guardados de la sesión"
		if conFirma {
			return contenido, origen, nil
		}
		// The latest issued version, as recorded, when it is up to date.
		v, archivo, err := d.ActaPDF(ctx, id, 0)
		if err == nil && v.SHA256Contenido == fmt.Sprintf("%x", sha256.Sum256(contenido)) {
			return archivo, fmt.Sprintf("versión %d emitida, %s", v.Version, db.TextoFirma(v.FirmaSujeto)), nil
		} else if err != nil && !errors.Is(err, db.ErrActaNoExiste) {
			return nil, "", err
		}
		return contenido, origen, nil
	},
	motivo:  func(numero string) string { return "Acta de la sesión " + numero + " del Comité de Fiscalización" },
	escrito: func(numero string) string { return "Acta de la sesión " + numero + " escrita" },
	firmado: "; firmada",
}

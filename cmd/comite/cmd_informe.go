package main

import (
	"context"
	"fmt"

	"comite/internal/db"
	"comite/internal/expediente"
)

const usoInforme = `uso: comite informe --caso ID --db ARCHIVO -o ARCHIVO.pdf
` + usoFirmaDocumento + `Escribe el informe gerencial de resultados de un caso: los bytes de su última versión
emitida o, si aún no se ha emitido, el PDF construido desde la evaluación guardada del
caso (nunca desde datos vivos ni del reloj: el mismo caso guardado da los mismos bytes).
  --caso ID     número del caso (CF-2026-0001) o su número interno
` + usoOpcionesDocumento + `Con firma, escribe el PDF firmado (sus bytes cambian en cada firma: la firma lleva su
hora) e imprime en la salida de error el SHA-256 del contenido sin firmar, el del archivo
firmado y el sujeto del certificado.
`

// docInforme is `comite informe --caso ID --db F -o ARCHIVO.pdf`: the bytes of
// the latest issued version or, when none was issued, the informe built
// from the case's stored evaluation.
var docInforme = documentoCLI{
	nombre: "informe", resumen: "escribe el PDF del informe gerencial de un caso (los mismos datos dan los mismos bytes)",
	opcion: "caso", uso: usoInforme,
	falta: "falta el número del caso (por ejemplo CF-2026-0001)", noExiste: "no existe el caso %q en %s",
	buscar: func(ctx context.Context, d *db.DB, ref string) (int64, string, error) {
		c, err := d.CasoPorReferencia(ctx, ref)
		return c.ID, c.Numero, err
	},
	errNoExiste: db.ErrCasoNoExiste,
	objeto:      "caso",
	pdf: func(ctx context.Context, d *db.DB, id int64, numero string, _ bool) ([]byte, string, error) {
		pdf, emitido, err := expediente.Nuevo(d).PDFInforme(ctx, id)
		if err != nil {
			return nil, "", fmt.Errorf("caso %s: %w", numero, err)
		}
		if emitido {
			return pdf, "última versión emitida", nil
		}
		return pdf, "construido desde la evaluación guardada (sin emitir)", nil
	},
	motivo:  func(numero string) string { return "Informe gerencial de resultados del caso " + numero },
	escrito: func(numero string) string { return "Informe del caso " + numero + " escrito" },
	firmado: "; firmado",
}

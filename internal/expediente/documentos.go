// Package expediente is the application layer of a case and of the
// Comité's sessions: each operation combines the rule core (flujo,
// reincidencia, informe) with the store (internal/db) and the documents of
// the expediente (the informe gerencial and the acta, signed when a
// certificate is configured).
//
// A document is built and rendered OUTSIDE the write transaction (rendering
// and signing take tens of milliseconds, and SQLite has one writer): the
// stored values are read with a mark of what they are, the PDF is built and
// signed, and the store keeps it in one short transaction only if the mark
// is still the same — if a step, an evaluation or a concepto came in
// between, nothing is written and the person is told to issue it again.
package expediente

import (
	"comite/internal/contrato"
	"comite/internal/dominio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/informe"
)

// Expediente runs the operations of cases and sessions over a store.
type Expediente struct {
	d *db.DB
}

// Nuevo is the application over the store d (its Firma, when set, signs
// the documents it issues).
func Nuevo(d *db.DB) *Expediente { return &Expediente{d: d} }

// LugarFirma is the place written in a signature: the Comité sits at the
// DIAN's central level, in Bogotá.
const LugarFirma = "Bogotá D.C., Colombia"

func instante(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// firmar signs pdf with the configured certificate, when there is one. It
// returns the file to store, its SHA-256, the unsigned content's SHA-256
// and the signer's subject ("" when unsigned).
func (x *Expediente) firmar(pdf []byte, motivo string, ahora string) (archivo []byte, hash, hashContenido, sujeto string, err error) {
	suma := sha256.Sum256(pdf)
	hashContenido = hex.EncodeToString(suma[:])
	if x.d.Firma == nil {
		return pdf, hashContenido, hashContenido, "", nil
	}
	firmado, err := x.d.Firma.Firmar(pdf, motivo, LugarFirma, instante(ahora))
	if err != nil {
		return nil, "", "", "", fmt.Errorf("firmar el documento: %w", err)
	}
	s := sha256.Sum256(firmado)
	return firmado, hex.EncodeToString(s[:]), hashContenido, x.d.Firma.Sujeto(), nil
}

// nombre is how a document names the account that acted: by the person's
// name, cargo and role (db.Personas), never the login; an account that no
// longer exists, or a process, as recorded.
func nombre(personas map[string]string, login string) string {
	if p, ok := personas[login]; ok {
		return p
	}
	return login
}

// conceptos turns stored conceptos into the informe's, naming people.
func conceptos(cs []dominio.ConceptoGuardado, personas map[string]string) []informe.ConceptoGuardado {
	var out []informe.ConceptoGuardado
	for _, c := range cs {
		out = append(out, informe.ConceptoGuardado{Concepto: c.Concepto, RegistradoPor: nombre(personas, c.RegistradoPor), RegistradoEn: c.Instante(), MotivoCorreccion: c.MotivoCorreccion})
	}
	return out
}

// fuente turns what the store read into the informe's plain values, with
// the Secretaría's criteria as they stood at the issue.
func fuente(f db.FuenteInforme, ev dominio.Evaluacion, criterios map[string]string) (informe.Fuente, error) {
	ent, err := contrato.EntradaDe(ev)
	if err != nil {
		return informe.Fuente{}, fmt.Errorf("entrada guardada de la evaluación v%d ilegible: %w", ev.Version, err)
	}
	res, err := contrato.ResultadoDe(ev, f.Referencia)
	if err != nil {
		return informe.Fuente{}, err
	}
	c := f.Caso
	out := informe.Fuente{
		Caso: c.Numero, DireccionSeccional: c.NombreSeccional, FechaReporte: c.FechaReporte, Criterios: criterios,
		Entrada: ent, Evaluacion: res, Referencia: f.Referencia,
		Instantanea:    informe.Instantanea{ID: fmt.Sprint(ev.ID), Version: ev.Version, Creada: instante(ev.CreadoEn)},
		Conceptos:      conceptos(f.Conceptos, f.Personas),
		EvaluacionJSON: []byte(ev.ResultadoJSON),
	}
	if n := f.Norma; n != nil && res.AvisoVigencia() != "" {
		out.NormaInstante = n.Instante()
		out.NormaAplicable = "Norma aplicable confirmada por " + nombre(f.Personas, n.RegistradaPor) + " el " + formato.Instante(n.Instante()) + ": " + n.Texto
	}
	for _, h := range f.Historia {
		out.Historia = append(out.Historia, informe.PasoGuardado{Instante: h.Instante(), Cuenta: nombre(f.Personas, h.Cuenta), Desde: string(h.DeEstado), Hacia: string(h.AEstado),
			Texto: h.Texto, EvaluacionVersion: h.EvaluacionVersion})
	}
	if p := f.Propuesta; p != nil {
		ip := &informe.Propuesta{FechaREA: p.FechaREA, Decision: p.Propuesta, Total: p.Total, RegistradoPor: nombre(f.Personas, p.RegistradoPor), RegistradoEn: instante(p.RegistradoEn)}
		if p.Incremento != nil {
			ip.UVTAnio, ip.UVTValor, ip.Incremento = p.Incremento.UVTAnio, p.Incremento.UVTValor, p.Incremento.Incremento
		}
		out.Propuesta = ip
	}
	return out, nil
}

// armar builds the informe of the latest snapshot for the issue em.
func armar(f db.FuenteInforme, em informe.Emision) (informe.Datos, error) {
	src, err := fuente(f, f.Evaluacion, f.Caso.Criterios)
	if err != nil {
		return informe.Datos{}, err
	}
	return informe.Armar(src, em)
}

// DatosInforme builds the informe of a case from its latest snapshot, for the
// print view and `comite informe`. Version and instant are those of the
// latest issued version of that snapshot when there is one; otherwise the
// next version number and the instant of the case's latest recorded step —
// taken from stored data, never from the clock, so the same stored case
// gives the same informe.
func (x *Expediente) DatosInforme(ctx context.Context, casoID int64) (informe.Datos, error) {
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	em := emisionVigente(f)
	if err := x.firmantesInforme(ctx, &em); err != nil {
		return informe.Datos{}, err
	}
	return armar(f, em)
}

// borradorSinEmitir is what a draft says in place of who issued it.
const borradorSinEmitir = informe.BorradorSinEmitir

// PapelInforme is the role in the procedure of who issues the informe.
const PapelInforme = "Secretaría Técnica del Comité de Fiscalización — emite el informe gerencial"

// firmantesInforme names who issued em (its EmitidoPor, a login) and puts
// them in its signature block; a draft has no signer.
func (x *Expediente) firmantesInforme(ctx context.Context, em *informe.Emision) error {
	login := em.EmitidoPor
	var err error
	if em.EmitidoPor, err = x.persona(ctx, login); err != nil || login == "" || login == borradorSinEmitir {
		return err
	}
	f, err := x.d.Firmante(ctx, login)
	if err != nil {
		return err
	}
	em.Firmantes = []informe.Firmante{{Nombre: f.Nombre, Cargo: f.Cargo, Papel: PapelInforme}}
	return nil
}

// sujetoFirma is the subject of the configured certificate ("": none).
func (x *Expediente) sujetoFirma() string {
	if x.d.Firma == nil {
		return ""
	}
	return x.d.Firma.Sujeto()
}

// persona is how a document names who issued it: the person's name and the
// role they act in (db.Persona), never the login; a draft says so.
func (x *Expediente) persona(ctx context.Context, login string) (string, error) {
	if login == "" || login == borradorSinEmitir {
		return login, nil
	}
	return x.d.Persona(ctx, login)
}

func emisionVigente(f db.FuenteInforme) informe.Emision {
	vs := f.Informes
	em := informe.Emision{Version: len(vs) + 1}
	if n := len(vs); n > 0 && vs[n-1].EvaluacionID == f.Evaluacion.ID {
		return informe.Emision{Version: vs[n-1].Version, EmitidoPor: vs[n-1].EmitidoPor, Instante: vs[n-1].Instante(), FirmaSujeto: vs[n-1].FirmaSujeto}
	}
	if n := len(f.Historia); n > 0 {
		em.Instante, em.EmitidoPor = f.Historia[n-1].Instante(), borradorSinEmitir
	}
	return em
}

// PDFInforme is the informe of a case for the expediente: the bytes of its
// latest issued version, or, when none was issued, the PDF built from the
// stored snapshot (DatosInforme: the same stored case gives the same bytes).
func (x *Expediente) PDFInforme(ctx context.Context, casoID int64) ([]byte, bool, error) {
	_, pdf, err := x.d.InformePDF(ctx, casoID, 0)
	if err == nil {
		return pdf, true, nil
	}
	if !errors.Is(err, db.ErrInformeNoExiste) {
		return nil, false, err
	}
	datos, err := x.DatosInforme(ctx, casoID)
	if err != nil {
		return nil, false, err
	}
	pdf, err = informe.PDF(datos)
	return pdf, false, err
}

// EmitirInforme issues a new version of the informe gerencial of a case from
// its latest snapshot: the PDF, its SHA-256, who and when, in the case's
// history and the audit log. The Secretaría Técnica issues it while the case
// is en_evaluacion (flujo.EmitirInforme): what the Comité receives. The PDF
// is built and signed outside the write transaction and stored only if the
// case did not change meanwhile (db.ErrDocumentoDesactualizado otherwise).
func (x *Expediente) EmitirInforme(ctx context.Context, casoID int64, quien dominio.ActorCaso) (db.InformeEmitido, error) {
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	if !puedeVer(quien, f.Caso) {
		return db.InformeEmitido{}, db.ErrCasoNoExiste
	}
	cx, err := x.d.Contexto(ctx, f.Caso)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	if _, err := flujo.Validar(flujo.EmitirInforme, quien.Rol, cx); err != nil {
		return db.InformeEmitido{}, err
	}
	version := 1
	if n := len(f.Informes); n > 0 {
		version = f.Informes[n-1].Version + 1
	}
	ahora := x.d.Ahora()
	// The head of the audit chain when the informe was built is printed on
	// it, and whether it is signed right after (the certificate's subject).
	em := informe.Emision{Version: version, EmitidoPor: quien.Cuenta, Instante: instante(ahora), CabezaAuditoria: f.Cabeza.Texto(), FirmaSujeto: x.sujetoFirma()}
	if err := x.firmantesInforme(ctx, &em); err != nil {
		return db.InformeEmitido{}, err
	}
	datos, err := armar(f, em)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	pdf, err := informe.PDF(datos)
	if err != nil {
		return db.InformeEmitido{}, fmt.Errorf("generar el PDF del informe: %w", err)
	}
	// Signing is a step of the issue: the stored file is the signed one
	// when a certificate is configured.
	archivo, hash, contenido, sujeto, err := x.firmar(pdf, "Informe gerencial de resultados del caso "+f.Caso.Numero, ahora)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	texto := fmt.Sprintf("Informe gerencial v%d emitido (SHA-256 %s)", version, hash)
	if sujeto != "" {
		texto = fmt.Sprintf("Informe gerencial v%d emitido, %s (SHA-256 del archivo firmado %s; del contenido sin firmar %s)", version, db.TextoFirma(sujeto), hash, contenido)
	} else {
		texto += ", " + db.TextoFirma("")
	}
	sumaEv := sha256.Sum256(datos.EvaluacionJSON)
	return x.d.GuardarInforme(ctx, db.InformeNuevo{CasoID: casoID, Version: version, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca,
		Archivo: archivo, SHA256: hash, SHA256Contenido: contenido, FirmaSujeto: sujeto, EmitidoEn: ahora, Texto: texto,
		SHA256Evaluacion: hex.EncodeToString(sumaEv[:])}, quien)
}

// ReproducirInforme rebuilds the PDF of one issued version of a case's
// informe from the stored data it was built from — the evaluation snapshot
// it names, the case's history up to its issue, the concepto registered by
// then and the Secretaría's criteria as they were at that instant — and
// returns its bytes and SHA-256. The same stored data give the same bytes.
func (x *Expediente) ReproducirInforme(ctx context.Context, casoID int64, version int) ([]byte, string, error) {
	i, _, err := x.d.InformePDF(ctx, casoID, version)
	if err != nil {
		return nil, "", err
	}
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return nil, "", err
	}
	ev, err := x.d.EvaluacionPorID(ctx, i.EvaluacionID)
	if err != nil {
		return nil, "", fmt.Errorf("evaluación %d del informe v%d: %w", i.EvaluacionID, version, err)
	}
	em := informe.Emision{Version: i.Version, EmitidoPor: i.EmitidoPor, Instante: i.Instante(), FirmaSujeto: i.FirmaSujeto}
	if err := x.firmantesInforme(ctx, &em); err != nil {
		return nil, "", err
	}
	criterios, err := x.d.CriteriosAl(ctx, f.Caso, em.Instante)
	if err != nil {
		return nil, "", err
	}
	src, err := fuente(f, ev, criterios)
	if err != nil {
		return nil, "", err
	}
	datos, err := informe.Armar(src, em)
	if err != nil {
		return nil, "", err
	}
	// The history shown is the one before the issue: the step that records
	// the issue itself (same instant, written after the PDF) is not in it.
	for k, p := range datos.Historia {
		if strings.Contains(p.Detalle, "SHA-256 "+i.SHA256) {
			datos.Historia = datos.Historia[:k]
			break
		}
	}
	pdf, err := informe.PDF(datos)
	if err != nil {
		return nil, "", err
	}
	suma := sha256.Sum256(pdf)
	return pdf, hex.EncodeToString(suma[:]), nil
}

// fuenteActa turns the stored session into the acta's plain values.
func fuenteActa(s dominio.SesionComite, personas map[string]string) informe.FuenteActa {
	f := informe.FuenteActa{Numero: s.Numero, Sesion: s.Sesion, QuorumConfigurado: s.QuorumSet, QuorumMinimo: s.QuorumMin, TextoQuorum: s.TextoQuoro}
	for _, p := range s.Orden {
		pf := informe.PuntoFuente{Posicion: p.Posicion, Caso: p.Numero, RazonSocial: p.RazonSocial, NIT: p.NIT, Estado: p.Estado, Aplazado: p.Aplazado,
			SancionPrevista: p.SancionPrevista, Incremento: (*contrato.IncrementadaJSON)(p.Incremento)}
		if p.Concepto != nil {
			pf.Conceptos = conceptos(append([]dominio.ConceptoGuardado{*p.Concepto}, p.Correccion...), personas)
		}
		f.Puntos = append(f.Puntos, pf)
	}
	return f
}

// DatosActa builds the acta of a session as it stands: with the number and
// instant of its latest issued version when nothing changed since (a
// concepto or correction after it makes a draft), else the next version
// number at the instant of the session's latest recorded concepto or, with
// none, its convening — from stored data, never the clock.
func (x *Expediente) DatosActa(ctx context.Context, sesionID int64) (informe.Acta, error) {
	f, err := x.d.FuenteActa(ctx, sesionID)
	if err != nil {
		return informe.Acta{}, err
	}
	s, vs := f.Sesion, f.Actas
	cuando, por := instante(s.CreadaEn), borradorSinEmitir
	for _, p := range s.Orden {
		if p.Vigente != nil && p.Vigente.Instante().After(cuando) {
			cuando = p.Vigente.Instante()
		}
	}
	if n := len(vs); n > 0 && !cuando.After(vs[n-1].Instante()) {
		return x.armarActa(ctx, f, vs[n-1].Version, vs[n-1].EmitidoPor, vs[n-1].Instante(), vs[n-1].FirmaSujeto)
	}
	return x.armarActa(ctx, f, len(vs)+1, por, cuando, "")
}

// armarActa builds the acta of version version issued by the account login
// at instante, signed by sujeto ("": without digital signature), with its
// signature block: who presided and who acted as secretary (with the cargo
// the attendance gives them), the other members present, and who issued it.
func (x *Expediente) armarActa(ctx context.Context, f db.FuenteActa, version int, login string, cuando time.Time, sujeto string) (informe.Acta, error) {
	por, err := x.persona(ctx, login)
	if err != nil {
		return informe.Acta{}, err
	}
	a := informe.ArmarActa(fuenteActa(f.Sesion, f.Personas), version, por, cuando)
	a.FirmaSujeto = sujeto
	if login == borradorSinEmitir {
		return a, nil
	}
	s := f.Sesion.Sesion
	cargo := map[string]string{}
	for _, m := range s.Miembros {
		cargo[m.Nombre] = m.Cargo
	}
	a.Firmantes = append(a.Firmantes, informe.Firmante{Nombre: s.Preside, Cargo: cargo[s.Preside], Papel: "Preside la sesión"},
		informe.Firmante{Nombre: s.Secretario, Cargo: cargo[s.Secretario], Papel: "Secretario de la sesión"})
	for _, m := range s.Miembros {
		if m.Nombre != s.Preside && m.Nombre != s.Secretario {
			a.Firmantes = append(a.Firmantes, informe.Firmante{Nombre: m.Nombre, Cargo: m.Cargo, Papel: "Miembro presente"})
		}
	}
	emite, err := x.d.Firmante(ctx, login)
	if err != nil {
		return a, err
	}
	a.Firmantes = append(a.Firmantes, informe.Firmante{Nombre: emite.Nombre, Cargo: emite.Cargo, Papel: "Emite el acta (" + emite.Rol + ")"})
	return a, nil
}

// PDFActa is the acta of a session: the unsigned content built from the
// stored session (DatosActa; the same stored session gives the same bytes).
func (x *Expediente) PDFActa(ctx context.Context, sesionID int64) ([]byte, error) {
	a, err := x.DatosActa(ctx, sesionID)
	if err != nil {
		return nil, err
	}
	return informe.PDFActa(a)
}

// EmitirActa issues a new version of the acta of a session (the Comité or
// the Secretaría), signed when a certificate is configured; built outside
// the write transaction and stored only if the session did not change
// meanwhile (db.ErrDocumentoDesactualizado otherwise).
func (x *Expediente) EmitirActa(ctx context.Context, sesionID int64, quien dominio.ActorCaso) (db.ActaEmitida, error) {
	if quien.Rol != flujo.RolComite && quien.Rol != flujo.RolSecretaria {
		return db.ActaEmitida{}, db.ErrSesionRol
	}
	f, err := x.d.FuenteActa(ctx, sesionID)
	if err != nil {
		return db.ActaEmitida{}, err
	}
	// Checked again by the store in the transaction that records.
	if msg := flujo.ProblemaActa(f.Sesion.Sesion.Fecha, x.d.Hoy(), f.Sesion.HayQuorum, f.Sesion.TextoQuoro, f.Sesion.PuntosPendientes()); msg != "" {
		return db.ActaEmitida{}, &flujo.ErrPaso{Mensaje: msg}
	}
	version := 1
	if n := len(f.Actas); n > 0 {
		version = f.Actas[n-1].Version + 1
	}
	ahora := x.d.Ahora()
	a, err := x.armarActa(ctx, f, version, quien.Cuenta, instante(ahora), x.sujetoFirma())
	if err != nil {
		return db.ActaEmitida{}, err
	}
	pdf, err := informe.PDFActa(a)
	if err != nil {
		return db.ActaEmitida{}, err
	}
	archivo, hash, contenido, sujeto, err := x.firmar(pdf, "Acta de la sesión "+f.Sesion.Numero+" del Comité de Fiscalización", ahora)
	if err != nil {
		return db.ActaEmitida{}, err
	}
	return x.d.GuardarActa(ctx, db.ActaNueva{SesionID: sesionID, Version: version, Marca: f.Marca, Archivo: archivo,
		SHA256: hash, SHA256Contenido: contenido, FirmaSujeto: sujeto, EmitidoEn: ahora}, quien)
}

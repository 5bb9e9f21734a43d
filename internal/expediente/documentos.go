// Package expediente is the application layer of a case and of the
// Comité's sessions: each operation combines the rule core (flujo,
// reincidencia, informe) with the store (internal/db) and the documents of
// the expediente (the informe gerencial and the acta, signed when a
// certificate is configured).
//
// The informe gerencial of a case and the acta of a session are two
// documents of one kind, issued by one flow (emitir): the stored values are
// read in one read transaction with a mark of what they are, the PDF is
// built (informe.Documento) and signed when a certificate is configured
// OUTSIDE the write transaction (rendering and signing take tens of
// milliseconds, and SQLite has one writer), and the store keeps the
// version in one short transaction only if the mark is still the same — if
// a step, an evaluation or a concepto came in between, nothing is written
// and the person is told to issue it again.
package expediente

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"comite/internal/contrato"
	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/informe"
	"comite/internal/permisos"
	"comite/internal/valores"
)

// Expediente runs the operations of cases and sessions over a store.
type Expediente struct {
	d *db.DB
	// Firma signs the documents it issues (actas and informes) as PAdES;
	// nil: no certificate configured, they are issued unsigned.
	Firma Firmador
}

// Firmador signs a PDF as PAdES (internal/firma.Firmante).
type Firmador interface {
	Firmar(pdf []byte, motivo, lugar string, instante time.Time) ([]byte, error)
	Sujeto() string
}

// Nuevo is the application over the store d, issuing unsigned documents
// until Firma is set.
func Nuevo(d *db.DB) *Expediente { return &Expediente{d: d} }

// LugarFirma is the place written in a signature: the Comité sits at the
// DIAN's central level, in Bogotá.
const LugarFirma = "Bogotá D.C., Colombia"

func instante(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// emision is one issue of a document in progress: its version and
// instant (one clock reading), the file to store (signed when a
// certificate is configured), its SHA-256, the unsigned content's SHA-256
// and the signer's subject ("" when unsigned).
type emision struct {
	version                 int
	ahora                   string
	archivo                 []byte
	hash, contenido, sujeto string
}

// emitir builds the next version of a document after ultima (the latest
// issued version, 0: none) with componer — given the version, the instant
// and the subject of the certificate that will sign it — and signs it
// with motivo.
func (x *Expediente) emitir(ultima int, motivo string, componer func(version int, cuando time.Time, sujeto string) ([]byte, error)) (emision, error) {
	e := emision{version: ultima + 1, ahora: x.d.Ahora()}
	pdf, err := componer(e.version, instante(e.ahora), x.sujetoFirma())
	if err != nil {
		return e, err
	}
	suma := sha256.Sum256(pdf)
	e.archivo, e.hash, e.contenido = pdf, hex.EncodeToString(suma[:]), hex.EncodeToString(suma[:])
	if x.Firma == nil {
		return e, nil
	}
	// Signing is a step of the issue: the stored file is the signed one.
	if e.archivo, err = x.Firma.Firmar(pdf, motivo, LugarFirma, instante(e.ahora)); err != nil {
		return e, fmt.Errorf("firmar el documento: %w", err)
	}
	s := sha256.Sum256(e.archivo)
	e.hash, e.sujeto = hex.EncodeToString(s[:]), x.Firma.Sujeto()
	return e, nil
}

// ultimaVersion is the number of the latest of versions (0: none).
func ultimaVersion[T any](vs []T, numero func(T) int) int {
	if n := len(vs); n > 0 {
		return numero(vs[n-1])
	}
	return 0
}

// nombre is how a document names the account that acted: by the person's
// name, cargo and role (etiquetas.Persona), never the login; an account that no
// longer exists, or a process, as recorded.
func nombre(personas map[string]dominio.Persona, login string) string {
	if p, ok := personas[login]; ok {
		return etiquetas.Persona(p.Nombre, p.Cargo, p.Rol)
	}
	return login
}

// conceptos turns stored conceptos into the informe's, naming people.
func conceptos(cs []dominio.ConceptoGuardado, personas map[string]dominio.Persona) []informe.ConceptoGuardado {
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
	out.Adjuntos = adjuntosGuardados(f.Adjuntos)
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
// print view, when quien may see the case (another Dirección Seccional's
// case answers like one that does not exist). Version and instant are those
// of the latest issued version of that snapshot when there is one;
// otherwise the next version number and the instant of the case's latest
// recorded step — taken from stored data, never from the clock, so the same
// stored case gives the same informe.
func (x *Expediente) DatosInforme(ctx context.Context, casoID int64, quien dominio.ActorCaso) (informe.Datos, error) {
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return informe.Datos{}, err
	}
	if !puedeVer(quien, f.Caso) {
		return informe.Datos{}, db.ErrCasoNoExiste
	}
	return x.datosInforme(ctx, f)
}

func (x *Expediente) datosInforme(ctx context.Context, f db.FuenteInforme) (informe.Datos, error) {
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
	if x.Firma == nil {
		return ""
	}
	return x.Firma.Sujeto()
}

// persona is how a document names who issued it: the person's name and the
// role they act in (etiquetas.Persona), never the login; a draft says so.
func (x *Expediente) persona(ctx context.Context, login string) (string, error) {
	if login == "" || login == borradorSinEmitir {
		return login, nil
	}
	f, err := x.d.Firmante(ctx, login)
	return etiquetas.Persona(f.Nombre, f.Cargo, f.Rol), err
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
// stored snapshot (the same stored case gives the same bytes).
func (x *Expediente) PDFInforme(ctx context.Context, casoID int64) ([]byte, bool, error) {
	_, pdf, err := x.d.InformePDF(ctx, casoID, 0)
	if err == nil {
		return pdf, true, nil
	}
	if !errors.Is(err, db.ErrInformeNoExiste) {
		return nil, false, err
	}
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return nil, false, err
	}
	datos, err := x.datosInforme(ctx, f)
	if err != nil {
		return nil, false, err
	}
	pdf, err = informe.PDF(datos)
	return pdf, false, err
}

// EmitirInforme issues a new version of the informe gerencial of a case from
// its latest snapshot (emitir): the PDF, its SHA-256, who and when, in the
// case's history and the audit log. The Secretaría Técnica issues it while
// the case is en_evaluacion (flujo.EmitirInforme): what the Comité receives.
// It is stored only if the case did not change meanwhile
// (db.ErrDocumentoDesactualizado otherwise).
func (x *Expediente) EmitirInforme(ctx context.Context, casoID int64, quien dominio.ActorCaso) (db.InformeEmitido, error) {
	f, err := x.d.FuenteInforme(ctx, casoID)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	if !puedeVer(quien, f.Caso) {
		return db.InformeEmitido{}, db.ErrCasoNoExiste
	}
	cx, err := x.Contexto(ctx, f.Caso)
	if err != nil {
		return db.InformeEmitido{}, err
	}
	if _, err := validarPaso(flujo.EmitirInforme, quien, cx); err != nil {
		return db.InformeEmitido{}, err
	}
	var datos informe.Datos
	e, err := x.emitir(ultimaVersion(f.Informes, func(i db.InformeEmitido) int { return i.Version }), "Informe gerencial de resultados del caso "+f.Caso.Numero,
		func(version int, cuando time.Time, sujeto string) ([]byte, error) {
			// The head of the audit chain when the informe was built is
			// printed on it, and whether it is signed right after.
			em := informe.Emision{Version: version, EmitidoPor: quien.Cuenta, Instante: cuando, CabezaAuditoria: f.Cabeza.Texto(), FirmaSujeto: sujeto}
			if err := x.firmantesInforme(ctx, &em); err != nil {
				return nil, err
			}
			if datos, err = armar(f, em); err != nil {
				return nil, err
			}
			pdf, err := informe.PDF(datos)
			if err != nil {
				return nil, fmt.Errorf("generar el PDF del informe: %w", err)
			}
			return pdf, nil
		})
	if err != nil {
		return db.InformeEmitido{}, err
	}
	texto := fmt.Sprintf("Informe gerencial v%d emitido (SHA-256 %s)", e.version, e.hash)
	if e.sujeto != "" {
		texto = fmt.Sprintf("Informe gerencial v%d emitido, %s (SHA-256 del archivo firmado %s; del contenido sin firmar %s)", e.version, db.TextoFirma(e.sujeto), e.hash, e.contenido)
	} else {
		texto += ", " + db.TextoFirma("")
	}
	sumaEv := sha256.Sum256(datos.EvaluacionJSON)
	return x.d.GuardarInforme(ctx, db.InformeNuevo{CasoID: casoID, Version: e.version, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca,
		Archivo: e.archivo, SHA256: e.hash, SHA256Contenido: e.contenido, FirmaSujeto: e.sujeto, EmitidoEn: e.ahora, Texto: texto,
		SHA256Evaluacion: hex.EncodeToString(sumaEv[:])}, quien)
}

// pasoDeEmision is the position in historia of the step that recorded the
// issue of i (len(historia) when there is none): the step of kind
// "informe" the store wrote in the same transaction, with the version's
// instant and evaluation.
func pasoDeEmision(historia []dominio.EventoCaso, i db.InformeEmitido) int {
	for k, h := range historia {
		if h.Accion == "informe" && h.En == i.EmitidoEn && h.EvaluacionID == i.EvaluacionID {
			return k
		}
	}
	return len(historia)
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
	// The history shown is the one before the issue: the step that records
	// the issue itself (same instant, written after the PDF) is not in it.
	f.Historia = f.Historia[:pasoDeEmision(f.Historia, i)]
	src, err := fuente(f, ev, criterios)
	if err != nil {
		return nil, "", err
	}
	datos, err := informe.Armar(src, em)
	if err != nil {
		return nil, "", err
	}
	pdf, err := informe.PDF(datos)
	if err != nil {
		return nil, "", err
	}
	suma := sha256.Sum256(pdf)
	return pdf, hex.EncodeToString(suma[:]), nil
}

// adjuntosGuardados are a case's stored attachments as the documents list them.
func adjuntosGuardados(lista []db.Adjunto) []informe.AdjuntoGuardado {
	var out []informe.AdjuntoGuardado
	for _, a := range lista {
		g := informe.AdjuntoGuardado{Numero: a.Numero, Tipo: a.Tipo, Descripcion: a.Descripcion, Fecha: a.FechaDocumento, SHA256: a.SHA256, Instante: instante(a.AdjuntadoEn)}
		if r := a.Retiro; r != nil {
			g.Retiro, g.RetiroInstante = r.Motivo, instante(r.RetiradoEn)
		}
		out = append(out, g)
	}
	return out
}

// fuenteActa turns the stored session into the acta's plain values.
func fuenteActa(s dominio.SesionComite, personas map[string]dominio.Persona, ref *valores.Referencia, adjuntos map[int64][]db.Adjunto) informe.FuenteActa {
	f := informe.FuenteActa{Numero: s.Numero, Sesion: s.Sesion, QuorumConfigurado: s.QuorumSet, QuorumMinimo: s.QuorumMin, TextoQuorum: s.TextoQuoro}
	for _, p := range s.Orden {
		pf := informe.PuntoFuente{Posicion: p.Posicion, Caso: p.Numero, RazonSocial: p.RazonSocial, NIT: p.NIT, Estado: p.Estado, Aplazado: p.Aplazado,
			SancionPrevista: p.SancionPrevista, Adjuntos: adjuntosGuardados(adjuntos[p.CasoID])}
		if p.Evaluacion != nil && ref != nil {
			// The route and the increment as the stored snapshot says them.
			if r, err := contrato.ResultadoDe(*p.Evaluacion, *ref); err == nil {
				pf.Incremento = (*contrato.IncrementadaJSON)(contrato.IncrementoDe(r))
			}
		}
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
	a := informe.ArmarActa(fuenteActa(f.Sesion, f.Personas, f.Referencia, f.Adjuntos), version, por, cuando)
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
	a.Firmantes = append(a.Firmantes, informe.Firmante{Nombre: emite.Nombre, Cargo: emite.Cargo, Papel: "Emite el acta (" + rolDe(emite) + ")"})
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
// the Secretaría) by the same flow as the informe (emitir), stored only if
// the session did not change meanwhile (db.ErrDocumentoDesactualizado
// otherwise).
func (x *Expediente) EmitirActa(ctx context.Context, sesionID int64, quien dominio.ActorCaso) (db.ActaEmitida, error) {
	if quien.Rol != permisos.RolComite && quien.Rol != permisos.RolSecretaria {
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
	e, err := x.emitir(ultimaVersion(f.Actas, func(a db.ActaEmitida) int { return a.Version }), "Acta de la sesión "+f.Sesion.Numero+" del Comité de Fiscalización",
		func(version int, cuando time.Time, sujeto string) ([]byte, error) {
			a, err := x.armarActa(ctx, f, version, quien.Cuenta, cuando, sujeto)
			if err != nil {
				return nil, err
			}
			return informe.PDFActa(a)
		})
	if err != nil {
		return db.ActaEmitida{}, err
	}
	return x.d.GuardarActa(ctx, db.ActaNueva{SesionID: sesionID, Version: e.version, Marca: f.Marca, Archivo: e.archivo,
		SHA256: e.hash, SHA256Contenido: e.contenido, FirmaSujeto: e.sujeto, EmitidoEn: e.ahora,
		Registrar: func(w *db.Escritura) error {
			cs, err := cuentasCorreo(w)
			if err != nil || len(cs) == 0 {
				return err
			}
			a := correo.Aviso{Sesion: sesionTexto(f.Sesion), SesionID: sesionID, ActaNumero: e.version, SHA256: e.hash}
			return Encolar(w, correo.Evento{Clase: correo.ActaExpedida}, fmt.Sprint(sesionID, ".", e.version), a, cs)
		}}, quien)
}

// rolDe is the label of the role a person acts in ("" for a login with no
// account, as etiquetas.Persona names it).
func rolDe(p dominio.Persona) string {
	if p.Rol == "" {
		return ""
	}
	return etiquetas.Rol(string(p.Rol))
}

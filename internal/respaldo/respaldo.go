// Package respaldo makes, checks and restores copies of comite's database.
//
// A backup is a consistent snapshot taken while the server runs: SQLite's
// `VACUUM INTO` copies the database as one read transaction sees it (in WAL
// mode readers never block the writer, and the copy includes what is still in
// the -wal file), never a copy of the file, which would miss or tear the WAL.
// The copy is written under a hidden temporary name in the destination's
// directory, checked (PRAGMA integrity_check, the audit chain, the schema this
// program knows) and only then renamed to its final name: a process killed at
// any moment leaves either no backup or a whole, checked one.
package respaldo

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"comite/internal/db"
)

// Verificacion is what checking a copy found.
type Verificacion struct {
	Integridad     string   // "ok" when PRAGMA integrity_check found nothing
	Migraciones    []string // recorded in the copy, in order
	FilasAuditoria int64    // audit rows whose chain verified
	Casos          int64
	Conceptos      int64
	Informes       int64
	// UltimoCambio is the instant of the last audit row: the copy holds every
	// change recorded up to then. Zero when the log is empty.
	UltimoCambio time.Time
	// ClaveOrigen says where the audit keys came from ("" when none was
	// found: the copy then has no keyed rows). RutaAncla is the anchor the
	// copy was checked against and AnclaPublicada the highest row it
	// published, which may be past the copy (the server went on writing).
	ClaveOrigen    string
	RutaAncla      string
	AnclaPublicada int64
	SinAncla       bool // the anchor file does not exist: the tail was not checked
	// Filas are the rows of each table. ManifiestoClave is the audit key
	// the manifest was signed with (0: not checked); SinManifiesto, a backup
	// without one accepted on request (made before manifests existed).
	Filas           map[string]int64
	ManifiestoClave int64
	SinManifiesto   bool
	firmado         *Manifiesto // the manifest signed for the copy being made
}

// modoManifiesto is what verificar does with the manifest beside the file.
type modoManifiesto int

const (
	exigirManifiesto     modoManifiesto = iota // a backup: its manifest must match
	aceptarSinManifiesto                       // likewise, but a missing one is accepted (flag)
	sinManifiesto                              // a copy being made or restored: it has none yet
)

// politica says how verificar treats the manifest.
type politica struct {
	manifiesto modoManifiesto
	firmar     bool // sign a manifest for the copy (Respaldar)
}

// Esquema is the last migration recorded in the copy.
func (v Verificacion) Esquema() string {
	if len(v.Migraciones) == 0 {
		return ""
	}
	return v.Migraciones[len(v.Migraciones)-1]
}

// Resultado is one backup written and checked.
type Resultado struct {
	Archivo      string
	Bytes        int64
	SHA256       string
	Inicio, Fin  time.Time // the snapshot is of the instant Inicio
	Verificacion Verificacion
}

// ErrInvalido says why a file is not a usable backup of comite.
type ErrInvalido struct {
	Archivo string
	Motivo  string
	Causa   error // the error found, kept in the chain (errors.Is/As reach it); nil when Motivo says all
}

func (e *ErrInvalido) Error() string {
	switch {
	case e.Causa == nil:
		return fmt.Sprintf("el respaldo %s no es válido: %s", e.Archivo, e.Motivo)
	case e.Motivo == "":
		return fmt.Sprintf("el respaldo %s no es válido: %v", e.Archivo, e.Causa)
	}
	return fmt.Sprintf("el respaldo %s no es válido: %s: %v", e.Archivo, e.Motivo, e.Causa)
}

func (e *ErrInvalido) Unwrap() error { return e.Causa }

// VerificarCadena checks the audit chain of an open copy, whose audit key
// and anchor are loaded, and returns the rows verified and the highest row
// the anchor published. A backup is older than the anchor of its database
// when the server went on writing: every head published up to the copy's
// last row must be the copy's, and the heads past it are expected. With
// estricta (a database in its place, as «comite auditoria verificar» sees
// it) a head published past the last row is a missing tail.
var VerificarCadena = func(ctx context.Context, d *db.DB, estricta bool) (int64, int64, error) {
	if estricta {
		n, err := d.VerificarAuditoria(ctx)
		return n, 0, err
	}
	return d.VerificarAuditoriaCopia(ctx)
}

// abrirSinMigrar opens a database file as it is: no migration runs and, with
// soloLectura, nothing is written to it.
func abrirSinMigrar(ruta string, soloLectura bool) (*db.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(30000)")
	if soloLectura {
		q.Add("_pragma", "query_only(1)")
	}
	r := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(ruta)
	s, err := sql.Open("sqlite", "file:"+r+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	return &db.DB{DB: s, Ruta: ruta, Now: time.Now}, nil
}

func existe(ruta string) bool {
	_, err := os.Stat(ruta)
	return err == nil
}

// Verificar checks a copy in place, writing nothing to it: it opens as an
// SQLite database, PRAGMA integrity_check says ok, it is a comite database
// whose migrations this program knows, and its audit chain verifies with the
// audit key and against the anchor that opciones name, resolved as db.Open
// does (db.ComoBase: those of the database the copy belongs to; without it,
// files next to the copy or the environment). A key is never created here.
//
// The schema (tables, indexes, triggers, views) must be the one the
// embedded migrations produce up to the copy's version, and the manifest
// beside the file (RutaManifiesto), signed with the audit key, must name the
// file's SHA-256, its schema and the rows of each table.
func Verificar(ctx context.Context, ruta string, opciones ...db.OpcionAuditoria) (Verificacion, error) {
	return verificar(ctx, ruta, false, politica{}, opciones)
}

// VerificarSinManifiesto is Verificar accepting a backup without a manifest
// (one made before backups had them): Verificacion.SinManifiesto says so.
// A manifest that is there must still match.
func VerificarSinManifiesto(ctx context.Context, ruta string, opciones ...db.OpcionAuditoria) (Verificacion, error) {
	return verificar(ctx, ruta, false, politica{manifiesto: aceptarSinManifiesto}, opciones)
}

func verificar(ctx context.Context, ruta string, estricta bool, p politica, opciones []db.OpcionAuditoria) (Verificacion, error) {
	var v Verificacion
	st, err := os.Stat(ruta)
	if err != nil {
		return v, &ErrInvalido{ruta, "no se encontró el archivo", nil}
	}
	if !st.Mode().IsRegular() {
		return v, &ErrInvalido{ruta, "no es un archivo regular", nil}
	}
	d, err := abrirSinMigrar(ruta, true)
	if err != nil {
		return v, &ErrInvalido{ruta, "", err}
	}
	defer d.Close()
	if err := d.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&v.Integridad); err != nil {
		return v, &ErrInvalido{ruta, "no es una base de datos SQLite legible (¿archivo dañado o de otro tipo?)", err}
	}
	if v.Integridad != "ok" {
		return v, &ErrInvalido{ruta, "PRAGMA integrity_check encontró daños: " + primeraLinea(v.Integridad), nil}
	}
	if v.Migraciones, err = d.MigracionesAplicadas(ctx); err != nil || len(v.Migraciones) == 0 {
		return v, &ErrInvalido{ruta, "no es una base de datos de comite (no tiene migraciones registradas)", nil}
	}
	conocidas := map[string]bool{}
	for _, m := range db.Migraciones() {
		conocidas[m] = true
	}
	for _, m := range v.Migraciones {
		if !conocidas[m] {
			return v, &ErrInvalido{ruta, fmt.Sprintf("tiene la migración %s, que este programa no conoce: es de una versión más reciente de comite", m), nil}
		}
	}
	for _, c := range []struct {
		n     *int64
		tabla string
	}{{&v.Casos, "casos"}, {&v.Conceptos, "conceptos"}, {&v.Informes, "informes"}} {
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM `+c.tabla).Scan(c.n); err != nil {
			return v, &ErrInvalido{ruta, "no se puede contar " + c.tabla, err}
		}
	}
	if err := d.CargarAuditoria(ctx, opciones...); err != nil {
		return v, &ErrInvalido{ruta, "no se pudo cargar la clave o el ancla de auditoría", err}
	}
	if claves, origen := d.ClavesAuditoria(); len(claves) > 0 {
		v.ClaveOrigen = origen
	}
	v.RutaAncla = d.RutaAncla()
	v.SinAncla = v.RutaAncla != "" && !existe(v.RutaAncla)
	if v.FilasAuditoria, v.AnclaPublicada, err = VerificarCadena(ctx, d, estricta); err != nil {
		return v, &ErrInvalido{ruta, "la cadena de auditoría no verifica", err}
	}
	if err := comprobarEsquema(ctx, d, ruta, v.Esquema()); err != nil {
		return v, err
	}
	if v.Filas, err = contarFilas(ctx, d); err != nil {
		return v, &ErrInvalido{ruta, "", err}
	}
	if p.manifiesto != sinManifiesto {
		m, hay, err := leerManifiesto(RutaManifiesto(ruta))
		switch {
		case err != nil:
			return v, &ErrInvalido{ruta, "", err}
		case !hay && p.manifiesto == exigirManifiesto:
			return v, &ErrInvalido{ruta, fmt.Sprintf("no tiene al lado su manifiesto firmado %s, así que no se puede comprobar que sus bytes sean los que «comite respaldo» escribió; si es un respaldo hecho antes de que hubiera manifiestos, acéptelo explícitamente con --sin-manifiesto (queda en la auditoría al restaurarlo)", RutaManifiesto(ruta)), nil}
		case !hay:
			v.SinManifiesto = true
		default:
			sha, err := SHA256(ruta)
			if err != nil {
				return v, &ErrInvalido{ruta, "", err}
			}
			if difs := comprobarManifiesto(d, m, sha, v.Esquema(), v.Filas); len(difs) > 0 {
				return v, &ErrInvalido{ruta, "no coincide con su manifiesto " + RutaManifiesto(ruta) + ": " + strings.Join(difs, "; "), nil}
			}
			v.ManifiestoClave = m.ClaveID
		}
	}
	if p.firmar && v.ClaveOrigen != "" {
		sha, err := SHA256(ruta)
		if err != nil {
			return v, err
		}
		m := Manifiesto{SHA256: sha, Esquema: v.Esquema(), Filas: v.Filas}
		if m.ClaveID, m.Firma, err = d.FirmarConClave(propositoManifiesto, []byte(m.cuerpo())); err != nil {
			return v, fmt.Errorf("firmar el manifiesto del respaldo: %w", err)
		}
		v.firmado = &m
	}
	var en sql.NullString
	if err := d.QueryRowContext(ctx, `SELECT en FROM auditoria ORDER BY id DESC LIMIT 1`).Scan(&en); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return v, &ErrInvalido{ruta, "", err}
	}
	if en.Valid {
		if v.UltimoCambio, err = time.Parse(time.RFC3339Nano, en.String); err != nil {
			return v, &ErrInvalido{ruta, fmt.Sprintf("instante ilegible %q en la última fila de la auditoría", en.String), err}
		}
	}
	return v, nil
}

// conBase puts db.ComoBase(base) before the caller's options, which win.
func conBase(base string, opciones []db.OpcionAuditoria) []db.OpcionAuditoria {
	return append([]db.OpcionAuditoria{db.ComoBase(base)}, opciones...)
}

// primeraLinea is the first finding of integrity_check, without the
// "*** in database main ***" heading it puts before them.
func primeraLinea(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "***") {
			return l
		}
	}
	return strings.TrimSpace(s)
}

// antesDeRenombrar runs between checking the temporary copy and giving it
// its name (tests stop a process there).
var antesDeRenombrar = func(tmp string) {}

// nombreTemporal is a hidden name beside destino that no listing of backups
// takes for a backup.
func nombreTemporal(destino string) string {
	b := make([]byte, 6)
	rand.Read(b)
	return filepath.Join(filepath.Dir(destino), "."+filepath.Base(destino)+".parcial-"+hex.EncodeToString(b))
}

// EsTemporal says whether a file name is one of the temporary copies that
// Respaldar and Restaurar write before renaming.
func EsTemporal(nombre string) bool {
	return strings.HasPrefix(nombre, ".") && strings.Contains(nombre, ".parcial-")
}

// Respaldar writes a consistent copy of the database origen to destino,
// checks it and returns its size and SHA-256. destino must not exist. The
// copy is checked with the audit key and anchor of origen, found as db.Open
// finds them (next to origen, the environment, or opciones).
func Respaldar(ctx context.Context, origen, destino string, opciones ...db.OpcionAuditoria) (Resultado, error) {
	r := Resultado{Archivo: destino}
	if !existe(origen) {
		return r, fmt.Errorf("no se encontró la base de datos %s", origen)
	}
	if existe(destino) {
		return r, fmt.Errorf("ya existe %s: un respaldo nunca sobrescribe un archivo (elija otro nombre)", destino)
	}
	if st, err := os.Stat(filepath.Dir(destino)); err != nil || !st.IsDir() {
		return r, fmt.Errorf("no existe la carpeta de destino %s", filepath.Dir(destino))
	}
	tmp := nombreTemporal(destino)
	defer os.Remove(tmp) // nothing is left behind on failure
	r.Inicio = time.Now()
	if err := copiar(ctx, origen, tmp); err != nil {
		return r, err
	}
	v, err := verificar(ctx, tmp, false, politica{manifiesto: sinManifiesto, firmar: true}, conBase(origen, opciones))
	if err != nil {
		return r, fmt.Errorf("la copia recién hecha no verifica (la base de origen puede estar dañada; revise con «comite auditoria verificar»): %w", err)
	}
	if v.SinAncla && v.ClaveOrigen != "" {
		return r, fmt.Errorf("no se encontró el ancla de auditoría %s de la base %s: sin ella no se puede comprobar que a la copia no le falte la cola del registro (indique --ancla)", v.RutaAncla, origen)
	}
	r.Verificacion = v
	if r.SHA256, r.Bytes, err = resumen(tmp); err != nil {
		return r, err
	}
	// The manifest goes first: a backup never has its name without it.
	if v.firmado != nil {
		if err := escribirManifiesto(RutaManifiesto(destino), *v.firmado); err != nil {
			return r, err
		}
	}
	antesDeRenombrar(tmp)
	// A hard link fails if destino appeared meanwhile: a backup never replaces a file.
	if err := darNombre(tmp, destino); err != nil {
		if v.firmado != nil {
			os.Remove(RutaManifiesto(destino))
		}
		return r, err
	}
	if err := sincronizarCarpeta(filepath.Dir(destino)); err != nil {
		return r, err
	}
	r.Fin = time.Now()
	return r, nil
}

// darNombre gives the checked copy its final name without ever replacing a
// file: a hard link fails if destino appeared meanwhile. Where the file
// system has no hard links, a rename after a last check.
func darNombre(tmp, destino string) error {
	err := os.Link(tmp, destino)
	if err == nil {
		return nil
	}
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("ya existe %s: un respaldo nunca sobrescribe un archivo", destino)
	}
	if existe(destino) {
		return fmt.Errorf("ya existe %s: un respaldo nunca sobrescribe un archivo", destino)
	}
	if err := os.Rename(tmp, destino); err != nil {
		return fmt.Errorf("dar su nombre al respaldo %s: %w", destino, err)
	}
	return nil
}

// copiar takes the snapshot: VACUUM INTO a new file, made durable and left in
// rollback-journal mode, so the copy is one self-contained file.
func copiar(ctx context.Context, origen, tmp string) error {
	src, err := abrirSinMigrar(origen, false)
	if err != nil {
		return err
	}
	defer src.Close()
	// VACUUM INTO writes into an empty file made here 0600, whatever the
	// umask (it would create one readable by everyone otherwise).
	f0, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("crear la copia %s: %w", tmp, err)
	}
	f0.Close()
	if _, err := src.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		return fmt.Errorf("copiar %s: %w", origen, err)
	}
	cp, err := abrirSinMigrar(tmp, false)
	if err != nil {
		return err
	}
	cp.SetMaxOpenConns(1)
	var modo string
	err = cp.QueryRowContext(ctx, `PRAGMA journal_mode=DELETE`).Scan(&modo)
	cp.Close()
	if err != nil {
		return fmt.Errorf("preparar la copia: %w", err)
	}
	f, err := os.OpenFile(tmp, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("escribir la copia en el disco: %w", err)
	}
	return nil
}

func resumen(ruta string) (string, int64, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// SHA256 is the SHA-256 of a file, in hexadecimal.
func SHA256(ruta string) (string, error) {
	h, _, err := resumen(ruta)
	return h, err
}

func sincronizarCarpeta(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sincronizar la carpeta %s: %w", dir, err)
	}
	return nil
}

// comprobarEsquema refuses a copy whose tables, indexes, triggers or views
// are not those its recorded migrations produce, applied in the order it
// recorded them (a trigger dropped or added, an index changed), naming each
// difference.
func comprobarEsquema(ctx context.Context, d *db.DB, ruta, version string) error {
	copia, err := db.EsquemaDe(ctx, d)
	if err != nil {
		return &ErrInvalido{ruta, "", err}
	}
	aplicadas, err := db.MigracionesAplicadas(ctx, d)
	if err != nil {
		return &ErrInvalido{ruta, "", err}
	}
	ref, err := db.EsquemaDeMigraciones(ctx, aplicadas)
	if err != nil {
		return &ErrInvalido{ruta, "", err}
	}
	if difs := db.DiferenciasEsquema(ref, copia); len(difs) > 0 {
		return &ErrInvalido{ruta, "su esquema no es el que crean las migraciones de comite hasta " + version + ": " + strings.Join(difs, "; "), nil}
	}
	return nil
}

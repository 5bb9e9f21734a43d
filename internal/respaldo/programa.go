package respaldo

import (
	"comite/internal/db"

	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Names of scheduled backups: comite-AAAAMMDDTHHMMSS.mmmZ.db (UTC), so that
// sorting the names sorts them by age.
const (
	prefijoProgramado = "comite-"
	sufijoProgramado  = ".db"
	formatoNombre     = "20060102T150405.000Z"
)

// Programa makes a backup of the server's database every Cada into Dir,
// keeps the newest Conservar and logs each one. `comite serve --respaldos`
// runs it; the administrator's page shows its Estado.
type Programa struct {
	Origen    string
	Dir       string
	Cada      time.Duration
	Conservar int
	Log       *slog.Logger
	Now       func() time.Time
	// Auditoria names the audit key and anchor of Origen when they are not
	// where db.Open finds them by default (serve's --clave-auditoria, …).
	Auditoria []db.OpcionAuditoria

	mu     sync.Mutex
	estado Estado
}

// Estado is what the administrator's page shows.
type Estado struct {
	Dir       string
	Cada      time.Duration
	Conservar int
	// Ultimo is the newest backup with its name (nil: none yet). Backups get
	// their name only after their check passed; Verificado says whether the
	// check was seen by this process (false for a file found at start).
	Ultimo     *Resultado
	Verificado bool
	Guardados  int // backups in Dir
	EnCurso    bool
	// UltimoError is the last failed attempt after the last success.
	UltimoError   string
	UltimoErrorEn time.Time
}

// Vencido says whether the newest backup is older than the period (or
// there is none), at instant ahora. A backup in progress is not late.
func (e Estado) Vencido(ahora time.Time) bool {
	if e.EnCurso {
		return false
	}
	return e.Ultimo == nil || ahora.Sub(e.Ultimo.Inicio) > e.Cada
}

// Validar checks the schedule's settings.
func (p *Programa) Validar() error {
	if p.Dir == "" {
		return fmt.Errorf("falta la carpeta de respaldos")
	}
	st, err := os.Stat(p.Dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("la carpeta de respaldos %s no existe: créela (con permisos 0700 para el usuario del servicio)", p.Dir)
	}
	if p.Cada < time.Minute {
		return fmt.Errorf("--respaldo-cada debe ser de al menos 1m (p. ej. 24h o 6h); se recibió %s", p.Cada)
	}
	if p.Conservar < 1 {
		return fmt.Errorf("--conservar debe ser al menos 1; se recibió %d", p.Conservar)
	}
	return nil
}

func (p *Programa) ahora() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p *Programa) log() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.Default()
}

// Estado is a copy of the current state.
func (p *Programa) Estado() Estado {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.estado
	e.Dir, e.Cada, e.Conservar = p.Dir, p.Cada, p.Conservar
	if e.Ultimo != nil {
		u := *e.Ultimo
		e.Ultimo = &u
	}
	return e
}

// Guardados lists the backups in Dir, newest first.
func (p *Programa) Guardados() ([]string, error) {
	es, err := os.ReadDir(p.Dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range es {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(n, prefijoProgramado) || !strings.HasSuffix(n, sufijoProgramado) {
			continue
		}
		if _, err := time.Parse(formatoNombre, strings.TrimSuffix(strings.TrimPrefix(n, prefijoProgramado), sufijoProgramado)); err != nil {
			continue
		}
		out = append(out, n)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(out)))
	return out, nil
}

// cargar reads the newest backup already in Dir (from an earlier run).
func (p *Programa) cargar() {
	gs, err := p.Guardados()
	if err != nil || len(gs) == 0 {
		return
	}
	ruta := filepath.Join(p.Dir, gs[0])
	inicio, err := time.Parse(formatoNombre, strings.TrimSuffix(strings.TrimPrefix(gs[0], prefijoProgramado), sufijoProgramado))
	if err != nil {
		return // Guardados lists only names that parse
	}
	r := &Resultado{Archivo: ruta, Inicio: inicio}
	if st, err := os.Stat(ruta); err == nil {
		r.Bytes, r.Fin = st.Size(), st.ModTime()
	}
	if b, err := os.ReadFile(ruta + ".sha256"); err == nil {
		r.SHA256, _, _ = strings.Cut(string(b), " ")
	}
	p.mu.Lock()
	p.estado.Ultimo, p.estado.Verificado, p.estado.Guardados = r, false, len(gs)
	p.mu.Unlock()
}

// Correr runs the schedule until ctx ends: the first backup as soon as the
// newest one in Dir is older than the period, then one every period.
func (p *Programa) Correr(ctx context.Context) {
	p.cargar()
	espera := time.Duration(0)
	if e := p.Estado(); e.Ultimo != nil {
		if edad := p.ahora().Sub(e.Ultimo.Inicio); edad < p.Cada {
			espera = p.Cada - edad
		}
	}
	p.log().Info("respaldos programados", "carpeta", p.Dir, "cada", p.Cada.String(), "conservar", p.Conservar, "primero_en", espera.Round(time.Second).String())
	t := time.NewTimer(espera)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.RespaldarAhora(ctx)
			t.Reset(p.Cada)
		}
	}
}

// RespaldarAhora makes one scheduled backup, logs it and prunes the old ones.
func (p *Programa) RespaldarAhora(ctx context.Context) (Resultado, error) {
	p.mu.Lock()
	p.estado.EnCurso = true
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.estado.EnCurso = false
		p.mu.Unlock()
	}()
	p.limpiarTemporales()
	destino := filepath.Join(p.Dir, prefijoProgramado+p.ahora().UTC().Format(formatoNombre)+sufijoProgramado)
	r, err := Respaldar(ctx, p.Origen, destino, p.Auditoria...)
	if err == nil {
		err = os.WriteFile(destino+".sha256", []byte(r.SHA256+"  "+filepath.Base(destino)+"\n"), 0o600)
	}
	if err != nil {
		p.mu.Lock()
		p.estado.UltimoError, p.estado.UltimoErrorEn = err.Error(), p.ahora()
		p.mu.Unlock()
		p.log().Error("respaldo fallido", "destino", destino, "error", err.Error())
		return r, err
	}
	borrados := p.podar()
	gs, _ := p.Guardados()
	p.mu.Lock()
	p.estado.Ultimo, p.estado.Verificado, p.estado.Guardados = &r, true, len(gs)
	p.estado.UltimoError, p.estado.UltimoErrorEn = "", time.Time{}
	p.mu.Unlock()
	p.log().Info("respaldo", "archivo", destino, "bytes", r.Bytes, "sha256", r.SHA256,
		"integridad", r.Verificacion.Integridad, "filas_auditoria", r.Verificacion.FilasAuditoria,
		"esquema", r.Verificacion.Esquema(), "duracion_ms", r.Fin.Sub(r.Inicio).Milliseconds(), "borrados", borrados)
	return r, nil
}

// podar deletes the backups beyond the newest Conservar.
func (p *Programa) podar() int {
	gs, err := p.Guardados()
	if err != nil {
		return 0
	}
	n := 0
	for _, g := range gs[min(len(gs), p.Conservar):] {
		ruta := filepath.Join(p.Dir, g)
		if err := os.Remove(ruta); err != nil {
			p.log().Warn("no se pudo borrar un respaldo viejo", "archivo", ruta, "error", err.Error())
			continue
		}
		os.Remove(ruta + ".sha256")
		os.Remove(RutaManifiesto(ruta))
		n++
	}
	return n
}

// limpiarTemporales removes the temporary copies a killed process left.
func (p *Programa) limpiarTemporales() {
	es, err := os.ReadDir(p.Dir)
	if err != nil {
		return
	}
	for _, e := range es {
		if EsTemporal(e.Name()) {
			os.Remove(filepath.Join(p.Dir, e.Name()))
		}
	}
}

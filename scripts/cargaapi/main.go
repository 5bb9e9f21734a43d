// Command cargaapi measures a bulk load through the HTTP API against the
// command line's import of the same file: it writes a sanctions CSV of
// --filas rows (and the users file they need), imports it with
// `comite importar sanciones` into one new database and sends it in ONE
// `PUT /api/v1/sanciones` (as CSV, and again as a JSON array into a third
// database) to a `comite serve` of another, and prints rows per second of
// each (wall time of the import command; of the request, for the API).
// Not part of `go test ./...` nor .ci/run.
//
//	go build -o /tmp/comite ./cmd/comite
//	go run ./scripts/cargaapi --comite /tmp/comite --dir /tmp/cargaapi --filas 100000
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"comite/internal/nit"
)

func main() {
	comite := flag.String("comite", "comite", "binario de comite")
	dir := flag.String("dir", "/tmp/cargaapi", "directorio de trabajo (se reescribe)")
	filas := flag.Int("filas", 100000, "filas de sanciones")
	porUsuario := flag.Int("por-usuario", 20, "actos por usuario")
	flag.Parse()
	if err := medir(*comite, *dir, *filas, *porUsuario); err != nil {
		fmt.Fprintln(os.Stderr, "cargaapi:", err)
		os.Exit(1)
	}
}

func medir(comite, dir string, filas, porUsuario int) error {
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	usuarios, sanciones, json, err := generar(dir, filas, porUsuario)
	if err != nil {
		return err
	}
	info, _ := os.Stat(sanciones)
	infoJ, _ := os.Stat(json)
	fmt.Printf("%d filas de sanciones (%d usuarios): CSV de %.1f MB, JSON de %.1f MB\n", filas, (filas+porUsuario-1)/porUsuario, float64(info.Size())/1e6, float64(infoJ.Size())/1e6)

	// The command line.
	cli := filepath.Join(dir, "cli.db")
	if err := preparar(comite, cli, usuarios); err != nil {
		return err
	}
	inicio := time.Now()
	if out, err := exec.Command(comite, "importar", "sanciones", sanciones, "--db", cli).CombinedOutput(); err != nil {
		return fmt.Errorf("comite importar: %v\n%s", err, out)
	}
	tCLI := time.Since(inicio)

	// The API, as CSV and as JSON, each into a database of its own.
	tCSV, err := porLaAPI(comite, filepath.Join(dir, "api-csv.db"), usuarios, sanciones, "text/csv")
	if err != nil {
		return err
	}
	tJSON, err := porLaAPI(comite, filepath.Join(dir, "api-json.db"), usuarios, json, "application/json")
	if err != nil {
		return err
	}
	tasa := func(d time.Duration) string { return strconv.Itoa(int(float64(filas)/d.Seconds())) + " filas/s" }
	carga, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("comite importar sanciones:           %8.2f s  %s\n", tCLI.Seconds(), tasa(tCLI))
	fmt.Printf("PUT /api/v1/sanciones (text/csv):    %8.2f s  %s\n", tCSV.Seconds(), tasa(tCSV))
	fmt.Printf("PUT /api/v1/sanciones (JSON):        %8.2f s  %s\n", tJSON.Seconds(), tasa(tJSON))
	fmt.Printf("carga: %s", carga)
	return nil
}

// preparar makes a new database with the users loaded.
func preparar(comite, base, usuarios string) error {
	for _, args := range [][]string{{"iniciar", "--db", base}, {"importar", "usuarios", usuarios, "--db", base}} {
		if out, err := exec.Command(comite, args...).CombinedOutput(); err != nil {
			return fmt.Errorf("comite %s: %v\n%s", args[0], err, out)
		}
	}
	return nil
}

// porLaAPI serves base with `comite serve`, creates a token and times one
// PUT of the file.
func porLaAPI(comite, base, usuarios, archivo, tipo string) (time.Duration, error) {
	if err := preparar(comite, base, usuarios); err != nil {
		return 0, err
	}
	out, err := exec.Command(comite, "tokens", "crear", "--nombre", "carga", "--alcance", "importar", "--vence", time.Now().AddDate(0, 1, 0).Format("2006-01-02"), "--db", base).Output()
	if err != nil {
		return 0, fmt.Errorf("comite tokens crear: %v", err)
	}
	token := strings.TrimSpace(string(out))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	dir := l.Addr().String()
	l.Close()
	srv := exec.Command(comite, "serve", "--db", base, "--addr", dir)
	var registro bytes.Buffer
	srv.Stdout, srv.Stderr = &registro, &registro
	if err := srv.Start(); err != nil {
		return 0, err
	}
	defer func() { srv.Process.Signal(os.Interrupt); srv.Wait() }()
	for fin := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if r, err := http.Get("http://" + dir + "/healthz"); err == nil {
			r.Body.Close()
			break
		}
		if time.Now().After(fin) {
			return 0, fmt.Errorf("comite serve no arrancó:\n%s", registro.String())
		}
	}
	cuerpo, err := os.ReadFile(archivo)
	if err != nil {
		return 0, err
	}
	req, _ := http.NewRequest(http.MethodPut, "http://"+dir+"/api/v1/sanciones", bytes.NewReader(cuerpo))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", tipo)
	inicio := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	respuesta, _ := io.ReadAll(res.Body)
	res.Body.Close()
	t := time.Since(inicio)
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("PUT %s: %s\n%.2000s", tipo, res.Status, respuesta)
	}
	return t, nil
}

// generar writes the users file and the sanctions file (CSV and the same
// rows as a JSON array of objects with the CSV's columns).
func generar(dir string, filas, porUsuario int) (usuarios, sanciones, arreglo string, err error) {
	usuarios, sanciones, arreglo = filepath.Join(dir, "usuarios.csv"), filepath.Join(dir, "sanciones.csv"), filepath.Join(dir, "sanciones.json")
	var u, s bytes.Buffer
	u.WriteString("nit;razon_social;tipo;direccion_seccional;registro_vigente_desde;registro_vigente_hasta\n")
	s.WriteString("nit;numero_acto;fecha_expedicion;fecha_firmeza;infraccion;gravedad;sancion;valor;allanamiento\n")
	j := bufio.NewWriter(nil)
	var jb bytes.Buffer
	j.Reset(&jb)
	j.WriteString("[")
	nits := []string{}
	for i := 0; i < (filas+porUsuario-1)/porUsuario; i++ {
		base := strconv.Itoa(800000000 + i*7)
		dv, err := nit.DV(base)
		if err != nil {
			return "", "", "", err
		}
		n := base + "-" + strconv.Itoa(dv)
		nits = append(nits, n)
		fmt.Fprintf(&u, "%s;Usuario de carga %d S.A.S.;agencia_de_aduanas;;2015-01-01;\n", n, i+1)
	}
	gravedades := []string{"leve", "grave", "gravísima"}
	for i := 0; i < filas; i++ {
		n := nits[i/porUsuario]
		firmeza := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, (i*37)%2000).Format("2006-01-02")
		valor := strconv.Itoa(1000000 + (i*7919)%90000000)
		acto := fmt.Sprintf("RS-%07d", i+1)
		g := gravedades[i%3]
		alla := map[bool]string{true: "si", false: "no"}[i%11 == 0]
		fmt.Fprintf(&s, "%s;%s;;%s;;%s;multa;%s;%s\n", n, acto, firmeza, g, valor, alla)
		fila, _ := json.Marshal(map[string]string{"nit": n, "numero_acto": acto, "fecha_firmeza": firmeza, "gravedad": g, "sancion": "multa", "valor": valor, "allanamiento": alla})
		if i > 0 {
			j.WriteString(",\n")
		}
		j.Write(fila)
	}
	j.WriteString("]\n")
	j.Flush()
	for ruta, b := range map[string][]byte{usuarios: u.Bytes(), sanciones: s.Bytes(), arreglo: jb.Bytes()} {
		if err := os.WriteFile(ruta, b, 0o600); err != nil {
			return "", "", "", err
		}
	}
	return usuarios, sanciones, arreglo, nil
}

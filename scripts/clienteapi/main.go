// Command clienteapi is a small client of comite's HTTP API written with
// the standard library only, as another system of DIAN would: it loads a
// CSV (the same file the import accepts) with PUT, then reads the
// screening of a year page by page.
//
//	COMITE_TOKEN=cmt_… go run ./scripts/clienteapi --url http://127.0.0.1:8080 \
//	    --clase sanciones --csv sanciones.csv --anio 2026
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

func main() {
	os.Exit(correr(os.Args[1:], os.Getenv("COMITE_TOKEN"), os.Stdout, os.Stderr))
}

// problema is an error answer of the API (RFC 9457).
type problema struct {
	Title   string `json:"title"`
	Detail  string `json:"detail"`
	Errores []struct {
		Texto string `json:"texto"`
	} `json:"errores"`
}

// cliente talks to one server with one token.
type cliente struct {
	base  string
	token string
	http  *http.Client
}

// pedir sends one request and decodes a 200 into out; any other answer is
// an error with the problem's lines.
func (c *cliente) pedir(metodo, ruta, tipo string, cuerpo []byte, cabeceras map[string]string, out any) error {
	req, err := http.NewRequest(metodo, c.base+ruta, bytes.NewReader(cuerpo))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if tipo != "" {
		req.Header.Set("Content-Type", tipo)
	}
	for k, v := range cabeceras {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		var p problema
		if json.Unmarshal(b, &p) != nil || p.Title == "" {
			return fmt.Errorf("%s %s: %s", metodo, ruta, res.Status)
		}
		lineas := []string{fmt.Sprintf("%s %s: %d %s: %s", metodo, ruta, res.StatusCode, p.Title, p.Detail)}
		for _, e := range p.Errores {
			lineas = append(lineas, "  "+e.Texto)
		}
		return fmt.Errorf("%s", strings.Join(lineas, "\n"))
	}
	return json.Unmarshal(b, out)
}

func correr(args []string, token string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clienteapi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("url", "http://127.0.0.1:8080", "dirección de comite serve")
	clase := fs.String("clase", "sanciones", "usuarios, sanciones u operaciones")
	archivo := fs.String("csv", "", "archivo CSV que se carga (el mismo de la importación)")
	anio := fs.Int("anio", 0, "año del tamizaje que se lee después (0: no se lee)")
	porPagina := fs.Int("limite", 100, "filas del tamizaje por página")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if token == "" {
		fmt.Fprintln(stderr, "clienteapi: falta el token en la variable COMITE_TOKEN")
		return 2
	}
	c := &cliente{base: strings.TrimRight(*base, "/"), token: token, http: &http.Client{Timeout: 10 * time.Minute}}
	if *archivo != "" {
		datos, err := os.ReadFile(*archivo)
		if err != nil {
			fmt.Fprintln(stderr, "clienteapi:", err)
			return 1
		}
		// One key per load: if the answer is lost, the same request again
		// replays it instead of loading twice.
		clave := make([]byte, 16)
		rand.Read(clave)
		var r struct {
			Filas        int `json:"filas"`
			Insertadas   int `json:"insertadas"`
			Actualizadas int `json:"actualizadas"`
			SinCambios   int `json:"sin_cambios"`
			VersionDatos struct {
				Aduaneros int64 `json:"aduaneros"`
			} `json:"version_datos"`
		}
		if err := c.pedir(http.MethodPut, "/api/v1/"+url.PathEscape(*clase), "text/csv", datos, map[string]string{"Idempotency-Key": hex.EncodeToString(clave)}, &r); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d filas; insertadas %d, actualizadas %d, sin cambios %d (versión de datos %d)\n",
			*clase, r.Filas, r.Insertadas, r.Actualizadas, r.SinCambios, r.VersionDatos.Aduaneros)
	}
	if *anio == 0 {
		return 0
	}
	cursor, filas, procede := "", 0, 0
	for {
		ruta := fmt.Sprintf("/api/v1/tamizaje/%d?limite=%d", *anio, *porPagina)
		if cursor != "" {
			ruta += "&cursor=" + url.QueryEscape(cursor)
		}
		var p struct {
			Total int `json:"total"`
			Filas []struct {
				Posicion      int    `json:"posicion"`
				NIT           string `json:"nit"`
				RazonSocial   string `json:"razon_social"`
				ProcedeComite *bool  `json:"procede_comite"`
			} `json:"filas"`
			Siguiente *string `json:"siguiente"`
		}
		if err := c.pedir(http.MethodGet, ruta, "", nil, nil, &p); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		for _, f := range p.Filas {
			filas++
			estado := "datos incompletos"
			if f.ProcedeComite != nil {
				estado = map[bool]string{true: "procede", false: "no procede"}[*f.ProcedeComite]
				if *f.ProcedeComite {
					procede++
				}
			}
			fmt.Fprintf(stdout, "%d\t%s\t%s\t%s\n", f.Posicion, f.NIT, f.RazonSocial, estado)
		}
		if p.Siguiente == nil {
			break
		}
		cursor = *p.Siguiente
	}
	fmt.Fprintf(stdout, "tamizaje %d: %d usuarios, %d para el Comité\n", *anio, filas, procede)
	return 0
}

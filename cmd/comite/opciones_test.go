package main

import (
	"errors"
	"flag"
	"io"
	"testing"
)

func TestParsearOpciones(t *testing.T) {
	t.Parallel()
	nuevo := func() *flag.FlagSet {
		fs := flag.NewFlagSet("prueba", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("db", "comite.db", "")
		fs.Int("anio", 0, "")
		fs.Bool("json", false, "")
		return fs
	}
	casos := []struct {
		nombre string
		args   []string
		clase  claseOpcion
		opcion string
		valor  string
		bool   bool
	}{
		{"bien", []string{"--db", "x.db", "--anio=2025", "--json", "resto"}, 0, "", "", false},
		{"desconocida", []string{"--db", "x.db", "--nada", "1"}, opcionDesconocida, "nada", "", false},
		{"desconocida con =", []string{"-nada=1"}, opcionDesconocida, "nada", "", false},
		{"sin valor al final", []string{"--json", "--db"}, opcionSinValor, "db", "", false},
		{"valor inválido", []string{"--anio", "dos mil"}, opcionValorInvalido, "anio", "dos mil", false},
		{"booleana con valor inválido", []string{"--json=quizás"}, opcionValorInvalido, "json", "quizás", true},
		{"mal escrita", []string{"---db", "x"}, opcionMalEscrita, "---db", "", false},
		{"el primer problema en orden: valor antes que desconocida", []string{"--anio", "x", "--nada"}, opcionValorInvalido, "anio", "x", false},
		{"el primer problema en orden: desconocida antes que valor", []string{"--nada", "--anio", "x"}, opcionDesconocida, "nada", "", false},
		{"después de -- no hay opciones", []string{"--", "--nada"}, 0, "", "", false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			err := parsearOpciones(nuevo(), c.args)
			if c.clase == 0 {
				if err != nil {
					t.Fatalf("error inesperado: %v", err)
				}
				return
			}
			var eo *errOpcion
			if !errors.As(err, &eo) {
				t.Fatalf("error %v, quería *errOpcion", err)
			}
			if eo.Clase != c.clase || eo.Nombre != c.opcion || eo.Valor != c.valor || eo.Booleana != c.bool {
				t.Fatalf("obtuve %+v", eo)
			}
		})
	}
	if err := parsearOpciones(nuevo(), []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
}

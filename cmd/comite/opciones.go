package main

import (
	"errors"
	"flag"
	"strings"
)

// claseOpcion is what is wrong with an option of the command line.
type claseOpcion int

const (
	opcionDesconocida   claseOpcion = iota + 1 // no such option
	opcionSinValor                             // an option that takes a value came last, without it
	opcionValorInvalido                        // the option's own parser refused the value
	opcionMalEscrita                           // "---x", "-=x"
)

// errOpcion is a bad option, named, as the commands tell it in Spanish.
type errOpcion struct {
	Clase    claseOpcion
	Nombre   string // without dashes; for opcionMalEscrita, the argument as written
	Valor    string // opcionValorInvalido: the value given
	Booleana bool   // the option takes no value (--json)
	Causa    error  // opcionValorInvalido: the parser's error
}

func (e *errOpcion) Error() string {
	switch e.Clase {
	case opcionDesconocida:
		return "--" + e.Nombre + ": opción desconocida"
	case opcionSinValor:
		return "--" + e.Nombre + ": falta el valor"
	case opcionValorInvalido:
		return "--" + e.Nombre + ": valor inválido \"" + e.Valor + "\""
	}
	return "opción mal escrita \"" + e.Nombre + "\""
}

func (e *errOpcion) Unwrap() error { return e.Causa }

// valorVigilado wraps an option's value to learn which option refused which
// value: the flag package reports it only as English text.
type valorVigilado struct {
	flag.Value
	nombre string
	fallo  **errOpcion
}

func (v valorVigilado) Set(s string) error {
	err := v.Value.Set(s)
	if err != nil && *v.fallo == nil {
		*v.fallo = &errOpcion{Clase: opcionValorInvalido, Nombre: v.nombre, Valor: s, Booleana: esBooleana(v.Value), Causa: err}
	}
	return err
}

// IsBoolFlag keeps a boolean option boolean for the flag package.
func (v valorVigilado) IsBoolFlag() bool { return esBooleana(v.Value) }

func esBooleana(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parsearOpciones is fs.Parse(args) whose error says, through the flag API
// and not by reading the flag package's message, which option is wrong and
// how: flag.ErrHelp after -h, or *errOpcion. A value refused by its parser is
// caught by the value itself; an unknown option, a missing value or a
// malformed one is found by walking args with the flag package's syntax up to
// the first problem (Parse stops at the first error too, so it is the same one).
func parsearOpciones(fs *flag.FlagSet, args []string) error {
	var fallo *errOpcion
	fs.VisitAll(func(f *flag.Flag) {
		if _, ya := f.Value.(valorVigilado); !ya {
			f.Value = valorVigilado{Value: f.Value, nombre: f.Name, fallo: &fallo}
		}
	})
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	if fallo != nil {
		return fallo
	}
	if e := primerProblema(fs, args); e != nil {
		return e
	}
	return err
}

// primerProblema walks args as flag.FlagSet.Parse does and returns the first
// option that is unknown, lacks its value or is malformed (nil when none).
func primerProblema(fs *flag.FlagSet, args []string) *errOpcion {
	for len(args) > 0 {
		s := args[0]
		if len(s) < 2 || s[0] != '-' {
			return nil
		}
		guiones := 1
		if s[1] == '-' {
			guiones++
			if len(s) == 2 { // "--" ends the options
				return nil
			}
		}
		nombre := s[guiones:]
		if nombre == "" || nombre[0] == '-' || nombre[0] == '=' {
			return &errOpcion{Clase: opcionMalEscrita, Nombre: s}
		}
		args = args[1:]
		conValor := false
		if i := strings.IndexByte(nombre, '='); i >= 0 {
			nombre, conValor = nombre[:i], true
		}
		f := fs.Lookup(nombre)
		if f == nil {
			return &errOpcion{Clase: opcionDesconocida, Nombre: nombre}
		}
		if esBooleana(f.Value) || conValor {
			continue
		}
		if len(args) == 0 {
			return &errOpcion{Clase: opcionSinValor, Nombre: nombre}
		}
		args = args[1:]
	}
	return nil
}

package validar

import (
	"strings"

	"comite/internal/dominio"
	"comite/internal/seccionales"
)

// Seccional checks a Dirección Seccional of the catalogue as entered and
// leaves it as the store keeps it (code in capitals, runs of spaces made one,
// short names without repeats or empties). Whether the whole catalogue stays
// unambiguous with it is for the store to say.
func Seccional(s *seccionales.Seccional) error {
	s.Codigo = strings.ToUpper(strings.TrimSpace(s.Codigo))
	s.Nombre = strings.Join(strings.Fields(s.Nombre), " ")
	var cortos []string
	visto := map[string]bool{}
	for _, c := range s.Cortos {
		c = strings.Join(strings.Fields(c), " ")
		if c != "" && !visto[seccionales.Clave(c)] && len([]rune(c)) <= 120 {
			visto[seccionales.Clave(c)] = true
			cortos = append(cortos, c)
		}
	}
	s.Cortos = cortos
	if err := seccionales.ValidarCodigo(s.Codigo); err != nil {
		return &dominio.ErrValidacion{Campo: "codigo", Mensaje: err.Error()}
	}
	if s.Nombre == "" || len([]rune(s.Nombre)) > 200 {
		return &dominio.ErrValidacion{Campo: "nombre", Mensaje: "escriba el nombre oficial (hasta 200 caracteres)"}
	}
	if len(s.Cortos) > 20 {
		return &dominio.ErrValidacion{Campo: "nombres_cortos", Mensaje: "a lo sumo 20 nombres cortos"}
	}
	return nil
}

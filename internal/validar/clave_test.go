package validar

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/dominio"
)

func TestClave(t *testing.T) {
	casos := []struct {
		nombre, usuario, clave string
		valida                 bool
	}{
		{"once_caracteres", "maria", "abcdefghijk", false},
		{"doce_caracteres", "maria", "río-verde-9x", true},
		{"doce_caracteres_con_tildes_cuentan_como_letras", "maria", "ñandú-ácido", false}, // 11 characters, 14 bytes
		{"igual_al_usuario", "administrador", "Administrador", false},
		{"contiene_el_usuario", "mlopez", "clave-de-mlopez-2026", false},
		{"usuario_corto_solo_si_es_toda_la_clave", "ana", "banana-split-2026", true},
		{"comun_de_la_lista_publica", "maria", "qwerty123456", false},
		{"comun_en_mayusculas", "maria", "QWERTY123456", false},
		{"comun_en_espanol", "maria", "contraseña123", false},
		{"con_salto_de_linea", "maria", "una clave\nlarga y rara", false},
		{"con_nul", "maria", "una clave\x00larga y rara", false},
		{"demasiado_larga", "maria", strings.Repeat("x", 1025), false},
		{"frase_larga", "maria", "tres tigres comen trigo", true},
		{"un_caracter_repetido", "maria", "aaaaaaaaaaaa", false},
		{"un_caracter_repetido_de_ancho_completo", "maria", "ＡＡＡＡＡＡＡＡＡＡＡＡ", false},
		{"digitos_seguidos", "maria", "123456789012", false},
		{"digitos_hacia_atras", "maria", "987654321098", false},
		{"fila_del_teclado", "maria", "QWERTYUIOPqw", false},
		{"fila_del_medio", "maria", "asdfghjklñas", false},
		{"alfabeto", "maria", "abcdefghijklm", false},
		{"contiene_el_usuario_de_ancho_completo", "mlopez", "clave-de-ｍｌｏｐｅｚ-2026", false},
		{"secuencia_con_otra_cosa", "maria", "qwertyuiop-7río", true},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			err := Clave(c.usuario, c.clave)
			var ev *dominio.ErrValidacion
			if c.valida && err != nil {
				t.Fatalf("rechazada: %v", err)
			}
			if !c.valida && (!errors.As(err, &ev) || ev.Campo != "clave") {
				t.Fatalf("aceptada o sin campo: %v", err)
			}
		})
	}
	if len(clavesComunes) < 50 {
		t.Fatalf("la lista embebida tiene %d claves", len(clavesComunes))
	}
	for c := range clavesComunes {
		if len([]rune(c)) < LongitudMinimaClave {
			t.Errorf("%q sobra en la lista: ya se rechaza por longitud", c)
		}
	}
}

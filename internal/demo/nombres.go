package demo

import (
	"math/rand/v2"
	"strconv"
)

// Tipos of usuario aduanero with their share of the population, per mil
// (declarante ~55 %, agencia ~12 %, transportador ~12 %, depósito ~6 %,
// zona franca ~8 %, OEA ~5 %, otro ~2 %). The names are those of the schema.
var tiposUsuario = []ponderado[string]{
	{"declarante", 550},
	{"agencia_de_aduanas", 120},
	{"transportador", 120},
	{"deposito_habilitado", 60},
	{"usuario_zona_franca", 80},
	{"oea", 50},
	{"otro", 20},
}

// Seccionales are the Direcciones Seccionales the demo data uses: codes of
// the catalogue (internal/seccionales), as usuarios_aduaneros,
// casos and cuentas store them (the demo account of rol seccional is
// Cartagena's).
var Seccionales = []string{
	"BOGOTA", "CARTAGENA", "BARRANQUILLA", "BUENAVENTURA", "MEDELLIN", "CALI", "SANTA_MARTA", "CUCUTA", "IPIALES",
	"RIOHACHA", "BUCARAMANGA", "PEREIRA", "MANIZALES", "ARMENIA", "SAN_ANDRES", "URABA", "LETICIA",
}

// pesosSeccional weighs Seccionales (same order), per mil: the big ports and
// Bogotá carry most users.
var pesosSeccional = []int{260, 120, 100, 90, 110, 80, 40, 50, 25, 15, 30, 30, 15, 10, 10, 10, 5}

// prefijosNIT are the first three digits of company NITs, per mil.
var prefijosNIT = []ponderado[int]{
	{900, 350}, {901, 250}, {800, 150}, {830, 100}, {860, 70}, {890, 80},
}

// prefijosRazon open a company name according to the user's type.
var prefijosRazon = map[string][]string{
	"agencia_de_aduanas":  {"Agencia de Aduanas"},
	"transportador":       {"Transportes", "Transportadora", "Logística y Transporte", "Carga Internacional", "Transportes Especializados", "Servicios Logísticos", "Logística"},
	"deposito_habilitado": {"Almacenadora", "Depósito", "Almacenes Generales de Depósito", "Centro Logístico", "Depósito Aduanero"},
	"usuario_zona_franca": {"Zona Franca", "Usuario Operador Zona Franca", "Industrias", "Parque Industrial", "Manufacturas"},
	"oea":                 {"C.I.", "Exportadora", "Comercializadora Internacional", "Industrias", "Laboratorios"},
	"declarante": {"Comercializadora", "Importadora", "Distribuidora", "Inversiones", "Textiles", "Alimentos", "Flores",
		"Café", "Plásticos", "Químicos", "Repuestos", "Tecnología", "Farmacéutica", "Confecciones", "Maderas",
		"Metalmecánica", "Calzado", "Agroindustrial", "Importaciones y Exportaciones", "Ferretería", "Cerámicas"},
	"otro": {"Mensajería Internacional", "Servicios Postales", "Courier", "Logística Postal", "Envíos Internacionales"},
}

var nucleos = []string{
	"Andina", "del Caribe", "del Pacífico", "Cafetera", "Santandereana", "Antioqueña", "Bolivariana", "Llanera",
	"Costeña", "Vallecaucana", "Nariñense", "Boyacense", "Caribeña", "del Magdalena", "La Montaña", "El Dorado",
	"Los Andes", "San Jorge", "Nueva Granada", "Cañaveral", "La Sabana", "Guadalupe", "Santa Bárbara", "Bahía",
	"El Puerto", "Monserrate", "Sierra Nevada", "Tayrona", "de la Orinoquía", "Amazónica", "del Altiplano",
	"La Candelaria", "Chicamocha", "Macondo", "del Sinú", "Guajira", "Quimbaya", "Muisca", "Peñón", "Cumbal",
}

var apellidos = []string{
	"Gómez", "Peña", "Muñoz", "Ibáñez", "Castaño", "Londoño", "Ordóñez", "Zúñiga", "Restrepo", "Vélez", "Arango",
	"Betancur", "Ospina", "Sánchez", "Rodríguez", "Martínez", "Hernández", "Jaramillo", "Echeverri", "Montoya",
	"Quiñónez", "Núñez", "Patiño", "Ramírez", "Suárez", "Álvarez", "Durán", "Mejía", "Cárdenas", "Valencia", "Toro",
	"Salazar", "Cañón", "Buitrago", "Villegas", "Acuña", "Maldonado", "Peñaloza", "Santamaría", "Nieto",
}

var modificadores = []string{
	"Internacional", "Global", "Express", "Integral", "de Colombia", "Colombia", "Trading", "Group", "Comercial",
	"Industrial", "Logistics", "y Compañía", "Unidos",
}

// formasSocietarias close the name, per mil.
var formasSocietarias = []ponderado[string]{
	{"S.A.S.", 700}, {"S.A.", 120}, {"Ltda.", 130}, {"S.A.S. BIC", 20}, {"S. en C.", 30},
}

// ponderado is one option of a weighted choice.
type ponderado[T any] struct {
	valor T
	peso  int
}

// elegir picks an option with probability proportional to its weight.
func elegir[T any](r *rand.Rand, ops []ponderado[T]) T {
	total := 0
	for _, o := range ops {
		total += o.peso
	}
	x := r.IntN(total)
	for _, o := range ops {
		if x < o.peso {
			return o.valor
		}
		x -= o.peso
	}
	return ops[len(ops)-1].valor
}

func uno[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// razonSocial builds a Colombian-looking company name for a user of type tipo.
func razonSocial(r *rand.Rand, tipo string) string {
	p := uno(r, prefijosRazon[tipo])
	var s string
	switch x := r.IntN(10); {
	case x < 4:
		s = p + " " + uno(r, nucleos)
		if r.IntN(10) < 4 {
			s += " " + uno(r, modificadores)
		}
	case x < 8:
		s = p + " " + uno(r, apellidos)
		switch y := r.IntN(10); {
		case y < 2:
			s += " & Cía."
		case y < 3:
			s += " Hermanos"
		case y < 6:
			s += " y " + uno(r, apellidos)
		}
	default:
		s = p + " " + string(rune('A'+r.IntN(26))) + string(rune('A'+r.IntN(26)))
		if r.IntN(2) == 0 {
			s += string(rune('A' + r.IntN(26)))
		}
		s += " " + uno(r, modificadores)
	}
	s += " " + elegir(r, formasSocietarias)
	if tipo == "agencia_de_aduanas" {
		s += " Nivel " + strconv.Itoa(1+r.IntN(2))
	}
	return s
}

package reincidencia

// Tri is a three-valued answer of the committee test: yes, no, or unknown
// because data the rule needs was never loaded (operations of the reference
// year). The zero value is Desconocido: nothing is taken as met or unmet until
// a rule says so.
type Tri int8

const (
	Desconocido Tri = iota // data missing: never shown as "procede" nor as "no procede"
	No
	Si
)

// DeBool turns a known answer into a Tri.
func DeBool(b bool) Tri {
	if b {
		return Si
	}
	return No
}

// DePuntero reads a JSON-style answer: nil is unknown.
func DePuntero(b *bool) Tri {
	if b == nil {
		return Desconocido
	}
	return DeBool(*b)
}

// EsSi is true only for a known yes.
func (t Tri) EsSi() bool { return t == Si }

// EsNo is true only for a known no.
func (t Tri) EsNo() bool { return t == No }

// Conocido says whether the answer is known.
func (t Tri) Conocido() bool { return t != Desconocido }

// Puntero is the JSON form: true, false or nil (null) when unknown.
func (t Tri) Puntero() *bool {
	switch t {
	case Si:
		v := true
		return &v
	case No:
		v := false
		return &v
	}
	return nil
}

// String is for people: "sí", "no" or "desconocido".
func (t Tri) String() string {
	switch t {
	case Si:
		return "sí"
	case No:
		return "no"
	}
	return "desconocido"
}

// Todos is the conjunction of requisites: no when any is no; unknown when
// none is no and one is unknown; yes when all hold.
func Todos(ts ...Tri) Tri {
	r := Si
	for _, t := range ts {
		switch t {
		case No:
			return No
		case Desconocido:
			r = Desconocido
		}
	}
	return r
}

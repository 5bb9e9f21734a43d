package contrato

import (
	"encoding/json"
	"reflect"

	jsonv2 "github.com/go-json-experiment/json"
)

// leerGuardado decodes a document comite wrote and stored (the result and
// the input of an evaluation) into v, a pointer, giving what json.Unmarshal
// gives.
//
// A case page reads both every time it is shown, and encoding/json spent a
// quarter of that page's time on them (≈ 85 µs for an 11 KB result). The
// JSON v2 implementation (the one Go's encoding/json/v2 comes from) takes
// ≈ 30 µs. It is asked to be strict: member names exactly as written, no
// member twice, no unknown member, valid UTF-8 — what comite's writer
// always produces. On those documents both decoders give the same values
// (a differential test and a fuzz target hold them to it); on anything else
// v2 fails and the document is read again by encoding/json from a zero
// value, with its case-insensitive names and its messages, as before.
func leerGuardado(data []byte, v any) error {
	if err := jsonv2.Unmarshal(data, v, jsonv2.RejectUnknownMembers(true)); err == nil {
		return nil
	}
	reflect.ValueOf(v).Elem().SetZero()
	return json.Unmarshal(data, v)
}

package expediente

import (
	"encoding/json"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/dominio"
)

// cuentasCorreo are the accounts with an address, as the recipients rule
// reads them, read in w.
func cuentasCorreo(w *db.Escritura) ([]correo.Cuenta, error) {
	cs, err := w.CuentasAvisables()
	if err != nil {
		return nil, err
	}
	return CuentasCorreo(cs), nil
}

// CuentasCorreo converts the store's accounts for the recipients rule.
func CuentasCorreo(cs []db.CuentaAvisable) []correo.Cuenta {
	out := make([]correo.Cuenta, 0, len(cs))
	for _, c := range cs {
		k := correo.Cuenta{ID: c.ID, Usuario: c.Usuario, Nombre: c.Nombre, Correo: c.Correo, Rol: c.Rol, Seccional: c.Seccional, Activa: c.Activa, Apagadas: map[correo.Clase]bool{}}
		for _, a := range c.Apagadas {
			k.Apagadas[correo.Clase(a)] = true
		}
		out = append(out, k)
	}
	return out
}

// Encolar queues the notice a of event e for each of its recipients
// among cuentas, in w: the step's own transaction, so the notice exists
// exactly when the step does. evento names the event; with the recipient
// it is the key that queues the notice once.
func Encolar(w *db.Escritura, e correo.Evento, evento string, a correo.Aviso, cuentas []correo.Cuenta) error {
	a.Clase = e.Clase
	for _, c := range correo.Destinatarios(e, cuentas) {
		a.Destinatario, a.RolDestinatario, a.SeccionalDestinatario = c.Nombre, string(c.Rol), c.Seccional
		datos, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if err := w.EncolarCorreo(db.CorreoNuevo{Clave: correo.Clave(e.Clase, evento, c.ID), Clase: string(e.Clase), CuentaID: c.ID, Para: c.Correo, Datos: datos}); err != nil {
			return err
		}
	}
	return nil
}

// avisarCaso queues the notice of a step of case c (its state after the
// step says who acts next).
func avisarCaso(w *db.Escritura, clase correo.Clase, c dominio.Caso, evento string, a correo.Aviso) error {
	cs, err := cuentasCorreo(w)
	if err != nil || len(cs) == 0 {
		return err
	}
	a.Caso, a.CasoID, a.Seccional, a.Estado = c.Numero, c.ID, w.NombreSeccional(c.DireccionSeccional), c.Estado.Etiqueta()
	return Encolar(w, correo.Evento{Clase: clase, Estado: c.Estado, Seccional: c.DireccionSeccional}, evento, a, cs)
}

// sesionTexto names a session for people.
func sesionTexto(s dominio.SesionComite) string {
	return "Sesión " + s.Numero + " del " + s.Sesion.Fecha.DMA()
}

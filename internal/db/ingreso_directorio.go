package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/permisos"
	"context"
	"database/sql"
	"errors"
)

// Origins of an account (the origen column).
const (
	OrigenLocal      = "local"      // its password hash is stored here
	OrigenDirectorio = "directorio" // the entity's directory checks it at every login
)

// ErrClaveDelDirectorio refuses to set a local password on a directory
// account: its password lives in the directory.
var ErrClaveDelDirectorio = fallo.Nuevo(fallo.Conflicto, "la cuenta es del directorio de la entidad: su clave se cambia o restablece en el directorio, no aquí")

// RespuestaDirectorio is what the directory answered for one login.
type RespuestaDirectorio struct {
	// Motivo is empty when the user may log in; otherwise why not
	// (usuario_desconocido, clave_incorrecta, sin_grupo, sin_seccional).
	Motivo    string
	Nombre    string
	Correo    string // the directory's e-mail address ("" none): it replaces the account's
	Rol       permisos.Rol
	Seccional string // Seccional code, for the seccional role
}

// AutenticarDirectorio checks a name and password against the directory;
// an error means the directory could not be asked.
type AutenticarDirectorio func(ctx context.Context, usuario, clave string) (RespuestaDirectorio, error)

// FijarDirectorio makes the store check every login that is not a local
// account against the directory (nil: local accounts only). Call it before
// serving.
func (d *DB) FijarDirectorio(f AutenticarDirectorio) { d.directorio = f }

// DirectorioConfigurado tells whether logins may come from a directory.
func (d *DB) DirectorioConfigurado() bool { return d.directorio != nil }

// Directory refusals that end the account's sessions: the person is no
// longer in the directory, or no longer in a group that gives a role.
var motivosQueCierran = map[string]bool{"usuario_desconocido": true, "sin_grupo": true, "sin_seccional": true, "seccional_desconocida": true}

// consultarDirectorio asks the directory about a login whose name is not a
// local account (existe: it is a directory account already read into c).
// It returns the reason of a refusal ("correcto" when accepted) and the
// writes to run in the login's transaction: create or update the account
// with the role and Seccional of the directory, or end the sessions of an
// account the directory no longer accepts. Each write leaves its audit row.
func (d *DB) consultarDirectorio(ctx context.Context, usuario, clave string, existe bool, c *dominio.Cuenta,
	resultado *ResultadoIngreso, detalle map[string]any) (string, func(tx *sql.Tx) error) {
	r, err := d.directorio(ctx, usuario, clave)
	if err != nil {
		detalle["error"] = err.Error()
		return "directorio_no_disponible", nil
	}
	if r.Motivo == "" && r.Rol == permisos.RolSeccional {
		cod, err := d.seccionalCuenta(ctx, r.Seccional)
		if err != nil || cod == "" {
			detalle["seccional"] = r.Seccional
			r.Motivo = "seccional_desconocida"
		} else {
			r.Seccional = cod
		}
	}
	if r.Rol != permisos.RolSeccional {
		r.Seccional = ""
	}
	actor := Evento{Cuenta: "directorio", IP: "", Objeto: "cuenta:" + usuarioAuditable(usuario)}
	if r.Motivo != "" {
		if !existe || !motivosQueCierran[r.Motivo] {
			return r.Motivo, nil
		}
		id := c.ID
		return r.Motivo, func(tx *sql.Tx) error {
			rs, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, id)
			if err != nil {
				return err
			}
			n, _ := rs.RowsAffected()
			tokens, err := d.revocarTokensCuenta(ctx, tx, id)
			if err != nil {
				return err
			}
			e := actor
			e.Accion, e.Detalle = "sesion.cerrada_por_directorio", map[string]any{"motivo": r.Motivo, "sesiones": n, "tokens_revocados": tokens}
			return d.auditar(ctx, tx, e)
		}
	}
	if existe && !c.Activa {
		// An administrator disabled it here: the directory does not undo that.
		return "cuenta_deshabilitada", nil
	}
	detalle["rol"] = string(r.Rol)
	*resultado = IngresoCorrecto
	return "correcto", func(tx *sql.Tx) error {
		var id int64
		var rol, seccional, origen string
		var activa int
		err := tx.QueryRowContext(ctx, `SELECT id, rol, direccion_seccional, origen, activa FROM cuentas WHERE usuario = ?`, usuario).
			Scan(&id, &rol, &seccional, &origen, &activa)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			creada := d.ahoraEn(tx)
			res, err := tx.ExecContext(ctx, `INSERT INTO cuentas(usuario, nombre, rol, direccion_seccional, clave_hash, activa, creada_en, origen) VALUES (?,?,?,?,'',1,?,?)`,
				usuario, r.Nombre, string(r.Rol), r.Seccional, creada, OrigenDirectorio)
			if err != nil {
				return err
			}
			if id, err = res.LastInsertId(); err != nil {
				return err
			}
			*c = dominio.Cuenta{ID: id, Usuario: usuario, Nombre: r.Nombre, Rol: r.Rol, DireccionSeccional: r.Seccional, Activa: true, CreadaEn: creada}
			e := actor
			e.Accion, e.Detalle = "cuenta.crear", map[string]any{"rol": string(r.Rol), "nombre": r.Nombre, "direccion_seccional": r.Seccional, "origen": OrigenDirectorio}
			if err := d.auditar(ctx, tx, e); err != nil {
				return err
			}
			return correoDelDirectorio(ctx, d, tx, id, r.Correo, actor)
		case err != nil:
			return err
		case origen != OrigenDirectorio || activa == 0:
			// A local account of that name, or a disabled one, appeared
			// since the check: a local and a directory account never share a name.
			*resultado = IngresoFallido
			detalle["exito"], detalle["motivo"] = false, "nombre_de_cuenta_local"
			if activa == 0 {
				detalle["motivo"] = "cuenta_deshabilitada"
			}
			return nil
		}
		c.ID, c.Rol, c.DireccionSeccional, c.Activa = id, r.Rol, r.Seccional, true
		if r.Nombre != "" && r.Nombre != c.Nombre {
			if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET nombre = ? WHERE id = ?`, r.Nombre, id); err != nil {
				return err
			}
			c.Nombre = r.Nombre
		}
		if err := correoDelDirectorio(ctx, d, tx, id, r.Correo, actor); err != nil {
			return err
		}
		if rol == string(r.Rol) && seccional == r.Seccional {
			return nil
		}
		// As when an administrator changes a role: the sessions and the
		// calendar link of the old role end.
		n, err := d.fijarRol(ctx, tx, id, r.Rol, r.Seccional)
		if err != nil {
			return err
		}
		e := actor
		e.Accion, e.Detalle = "cuenta.cambiar_rol", map[string]any{"de": rol, "a": string(r.Rol), "direccion_seccional": r.Seccional,
			"tokens_revocados": n, "origen": OrigenDirectorio}
		return d.auditar(ctx, tx, e)
	}
}

// ContarCuentasDirectorio counts the accounts the directory created.
func (d *DB) ContarCuentasDirectorio(ctx context.Context) (int, error) {
	var n int
	err := d.QueryRowContext(ctx, `SELECT count(*) FROM cuentas WHERE origen = ?`, OrigenDirectorio).Scan(&n)
	return n, err
}

// correoDelDirectorio records the address the directory gives a directory
// account (audited as cuenta.correo when it changes); none leaves the one
// the administrator wrote.
func correoDelDirectorio(ctx context.Context, d *DB, tx *sql.Tx, id int64, direccion string, actor Evento) error {
	if direccion == "" {
		return nil
	}
	return fijarCorreo(ctx, d, tx, id, direccion, dominio.Actor{Cuenta: actor.Cuenta, IP: actor.IP})
}

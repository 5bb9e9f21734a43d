-- E-mail notices. Each account may have an address (the administrator
-- writes it; a directory account may bring it from the directory); without
-- one, no mail is sent to it.
ALTER TABLE cuentas ADD COLUMN correo TEXT NOT NULL DEFAULT '';

-- The kinds of notice a person turned off (every kind is on by default).
CREATE TABLE correo_avisos_apagados (
  cuenta_id INTEGER NOT NULL REFERENCES cuentas(id),
  clase     TEXT NOT NULL,
  PRIMARY KEY (cuenta_id, clase)
) STRICT;

-- The outbox: a row is written in the same transaction as the step that
-- causes it, with a key unique per (event, recipient) so it is never queued
-- twice; the sender in «comite serve» takes the rows that are due, sends
-- them and marks them sent, or records the error and the next attempt.
-- datos are the plain values of the notice (never a document nor an
-- attachment); the message is worded from them when it is sent.
CREATE TABLE correos (
  id              INTEGER PRIMARY KEY,
  clave           TEXT NOT NULL UNIQUE,
  clase           TEXT NOT NULL,
  cuenta_id       INTEGER NOT NULL REFERENCES cuentas(id),
  para            TEXT NOT NULL,
  datos           TEXT NOT NULL,
  estado          TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente','enviado','fallido')),
  intentos        INTEGER NOT NULL DEFAULT 0,
  proximo_intento TEXT NOT NULL,
  ultimo_error    TEXT NOT NULL DEFAULT '',
  creado_en       TEXT NOT NULL,
  enviado_en      TEXT
) STRICT;
CREATE INDEX correos_debidos ON correos(estado, proximo_intento);

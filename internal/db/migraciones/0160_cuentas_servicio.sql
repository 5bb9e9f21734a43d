-- Service accounts of the HTTP API: another system of DIAN pushes data and
-- asks for evaluations with a bearer token. The token is shown once when the
-- account is created; only its SHA-256 is stored. An account may be limited
-- to one Dirección Seccional (then it sees only that one, as a seccional
-- person does) and always to its scopes; it stops working the day after
-- vence or once revoked.
CREATE TABLE cuentas_servicio (
  id           INTEGER PRIMARY KEY,
  nombre       TEXT NOT NULL UNIQUE,
  alcances     TEXT NOT NULL,            -- comma separated: evaluar, leer, importar, casos
  seccional    TEXT NOT NULL DEFAULT '', -- catalogue code; '' = every Seccional
  vence        TEXT NOT NULL,            -- last civil day (Bogotá) it works, YYYY-MM-DD
  token_hash   TEXT NOT NULL UNIQUE,     -- SHA-256 (hex) of the token
  creado_por   TEXT NOT NULL,
  creado_en    TEXT NOT NULL,
  revocada_en  TEXT,
  ultimo_uso   TEXT
) STRICT;

-- The first answer of a write sent with an Idempotency-Key: the same key
-- from the same account replays it; the same key with another body or
-- another route is a conflict. estado 0 is a request still running.
CREATE TABLE api_idempotencia (
  cuenta_servicio_id INTEGER NOT NULL REFERENCES cuentas_servicio(id),
  clave        TEXT NOT NULL,
  metodo_ruta  TEXT NOT NULL,   -- "PUT /api/v1/sanciones"
  hash_cuerpo  TEXT NOT NULL,   -- SHA-256 (hex) of the request body
  estado       INTEGER NOT NULL,
  tipo         TEXT NOT NULL DEFAULT '',
  cuerpo       BLOB NOT NULL DEFAULT x'',
  creado_en    TEXT NOT NULL,
  PRIMARY KEY (cuenta_servicio_id, clave)
) STRICT;

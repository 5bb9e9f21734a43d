-- The last head of the audit chain published in the anchor file, and where:
-- a missing or shorter anchor is then caught by start-up and by
-- «comite auditoria verificar», even when the anchor file was deleted with
-- the tail of the log. One row, rewritten at each publication.
CREATE TABLE ancla_publicada (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  ruta  TEXT NOT NULL,      -- anchor file the head was appended to
  fila  INTEGER NOT NULL CHECK (fila >= 0),
  hash  TEXT NOT NULL,
  en    TEXT NOT NULL,      -- UTC, RFC 3339
  -- HMAC of the row with audit key clave_id (0 and '': written without a
  -- key): an edited row does not verify.
  clave_id INTEGER NOT NULL DEFAULT 0,
  firma    TEXT NOT NULL DEFAULT ''
) STRICT;

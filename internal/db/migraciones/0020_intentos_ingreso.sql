-- Login throttling by (account, address): indexes for each count the check
-- makes, and one row per window of refused attempts (the audit log gets one
-- row per window, not one per refused attempt).
CREATE INDEX intentos_ingreso_usuario_ip ON intentos_ingreso(usuario, ip, en);
CREATE INDEX intentos_ingreso_ip ON intentos_ingreso(ip, en);
CREATE INDEX intentos_ingreso_en ON intentos_ingreso(en);

CREATE TABLE bloqueos_ingreso (
  id        INTEGER PRIMARY KEY,
  ip        TEXT NOT NULL,
  desde     TEXT NOT NULL,               -- first refused attempt of the window
  hasta     TEXT NOT NULL,               -- last refused attempt of the window
  intentos  INTEGER NOT NULL CHECK (intentos > 0),
  usuarios  TEXT NOT NULL DEFAULT ''     -- up to a few user names tried, for the record
) STRICT;
CREATE INDEX bloqueos_ingreso_ip ON bloqueos_ingreso(ip, desde);

-- The catalogue of Direcciones Seccionales (internal/seccionales): the code
-- every table stores, the official name and the other accepted names (JSON
-- list). The seed rows and the conversion of the free-text values stored
-- before this migration run in Go right after this file, in the same
-- transaction (db.go: despuesDeMigrar); what could not be converted is
-- listed in seccionales_sin_convertir and in the audit log.
CREATE TABLE seccionales (
  codigo          TEXT PRIMARY KEY,
  nombre          TEXT NOT NULL UNIQUE,
  nombres_cortos  TEXT NOT NULL DEFAULT '[]',
  actualizado_por TEXT NOT NULL,
  actualizado_en  TEXT NOT NULL
) STRICT;

-- Stored values the migration could not map to a code: the table, how many
-- rows carry it and the value, kept as it was (the rows keep it too, so an
-- account of rol seccional never sees them until the administrator fixes it).
CREATE TABLE seccionales_sin_convertir (
  id      INTEGER PRIMARY KEY,
  tabla   TEXT NOT NULL,
  valor   TEXT NOT NULL,
  filas   INTEGER NOT NULL,
  en      TEXT NOT NULL,
  UNIQUE (tabla, valor)
) STRICT;

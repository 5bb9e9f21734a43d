-- The files attached to a case as evidence (the report of the Dirección
-- Seccional, inspection records, declarations, photographs, acts). Each is
-- stored whole in the database, so a backup carries it, with its SHA-256
-- and the format recognised from its content; it is never changed nor
-- deleted. A wrong file is withdrawn by a row of adjuntos_retiros that says
-- why; the file stays for the audit.
CREATE TABLE adjuntos (
  id              INTEGER PRIMARY KEY,
  caso_id         INTEGER NOT NULL REFERENCES casos(id),
  numero          INTEGER NOT NULL CHECK (numero > 0),    -- 1, 2, ... within the case
  tipo            TEXT NOT NULL,                          -- adjunto.Tipo
  descripcion     TEXT NOT NULL,
  fecha_documento TEXT,                                   -- YYYY-MM-DD, when known
  nombre          TEXT NOT NULL,                          -- the name it was uploaded with
  formato         TEXT NOT NULL CHECK (formato IN ('pdf','png','jpeg','xlsx','csv','docx')),
  tamano          INTEGER NOT NULL CHECK (tamano > 0 AND tamano = length(contenido)),
  sha256          TEXT NOT NULL CHECK (length(sha256) = 64),
  contenido       BLOB NOT NULL,
  marcas          TEXT NOT NULL DEFAULT '',               -- comma separated adjunto.Marca
  adjuntado_por   TEXT NOT NULL,
  adjuntado_en    TEXT NOT NULL,
  UNIQUE (caso_id, numero)
) STRICT;

CREATE TABLE adjuntos_retiros (
  id            INTEGER PRIMARY KEY,
  adjunto_id    INTEGER NOT NULL UNIQUE REFERENCES adjuntos(id),
  motivo        TEXT NOT NULL CHECK (length(trim(motivo)) > 0),
  retirado_por  TEXT NOT NULL,
  retirado_en   TEXT NOT NULL
) STRICT;

CREATE TRIGGER adjuntos_sin_update BEFORE UPDATE ON adjuntos BEGIN SELECT RAISE(ABORT, 'un adjunto registrado no se puede modificar'); END;
CREATE TRIGGER adjuntos_sin_delete BEFORE DELETE ON adjuntos BEGIN SELECT RAISE(ABORT, 'un adjunto registrado no se puede borrar: se retira con un motivo'); END;
CREATE TRIGGER adjuntos_retiros_sin_update BEFORE UPDATE ON adjuntos_retiros BEGIN SELECT RAISE(ABORT, 'el retiro de un adjunto no se puede modificar'); END;
CREATE TRIGGER adjuntos_retiros_sin_delete BEFORE DELETE ON adjuntos_retiros BEGIN SELECT RAISE(ABORT, 'el retiro de un adjunto no se puede borrar'); END;

CREATE TRIGGER version_datos_adjuntos_insert AFTER INSERT ON adjuntos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_adjuntos_update AFTER UPDATE ON adjuntos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_adjuntos_delete AFTER DELETE ON adjuntos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_adjuntos_retiros_insert AFTER INSERT ON adjuntos_retiros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_adjuntos_retiros_update AFTER UPDATE ON adjuntos_retiros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_adjuntos_retiros_delete AFTER DELETE ON adjuntos_retiros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;

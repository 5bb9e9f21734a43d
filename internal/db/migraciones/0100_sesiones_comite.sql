-- Sessions of the Comité de Fiscalización: date and time, place or modality,
-- who presides and who acts as secretary, the members present with their
-- cargo, and the orden del día built from the cases en_comite. A concepto is
-- recorded inside a session (conceptos.sesion_id): its date and members come
-- from the session. The quorum is a parameter the administrator sets
-- (parametros_comite, insert-only: the row in force is the latest).

CREATE TABLE parametros_comite (
  id             INTEGER PRIMARY KEY,
  clave          TEXT NOT NULL CHECK (clave IN ('quorum_minimo')),
  valor          INTEGER NOT NULL CHECK (valor BETWEEN 1 AND 30),
  registrado_por TEXT NOT NULL,
  registrado_en  TEXT NOT NULL
) STRICT;
CREATE TRIGGER parametros_comite_sin_update BEFORE UPDATE ON parametros_comite BEGIN SELECT RAISE(ABORT, 'un parámetro registrado no se modifica: se registra uno nuevo'); END;
CREATE TRIGGER parametros_comite_sin_delete BEFORE DELETE ON parametros_comite BEGIN SELECT RAISE(ABORT, 'un parámetro registrado no se puede borrar'); END;

CREATE TABLE sesiones_comite (
  id          INTEGER PRIMARY KEY,
  numero      TEXT NOT NULL UNIQUE,
  fecha       TEXT NOT NULL CHECK (fecha GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  hora        TEXT NOT NULL CHECK (hora GLOB '[0-2][0-9]:[0-5][0-9]'),
  modalidad   TEXT NOT NULL CHECK (modalidad IN ('presencial', 'virtual', 'mixta')),
  lugar       TEXT NOT NULL,
  preside     TEXT NOT NULL,
  secretario  TEXT NOT NULL,
  creada_por  TEXT NOT NULL,
  creada_en   TEXT NOT NULL
) STRICT;
CREATE TRIGGER sesiones_comite_sin_delete BEFORE DELETE ON sesiones_comite BEGIN SELECT RAISE(ABORT, 'una sesión del Comité no se puede borrar'); END;

CREATE TABLE sesion_miembros (
  sesion_id INTEGER NOT NULL REFERENCES sesiones_comite(id),
  posicion  INTEGER NOT NULL,
  nombre    TEXT NOT NULL CHECK (length(trim(nombre)) > 0),
  cargo     TEXT NOT NULL CHECK (length(trim(cargo)) > 0),
  PRIMARY KEY (sesion_id, posicion)
) STRICT;

CREATE TABLE sesion_orden (
  sesion_id INTEGER NOT NULL REFERENCES sesiones_comite(id),
  posicion  INTEGER NOT NULL,
  caso_id   INTEGER NOT NULL REFERENCES casos(id),
  PRIMARY KEY (sesion_id, posicion),
  UNIQUE (sesion_id, caso_id)
) STRICT;

ALTER TABLE conceptos ADD COLUMN sesion_id INTEGER REFERENCES sesiones_comite(id);

-- The acta of a session: each issue is a version, insert-only. sha256 is the
-- hash of the stored file (signed when a certificate was configured);
-- sha256_contenido that of the unsigned PDF; firma_sujeto the signer's
-- certificate subject ('' when issued without signature).
CREATE TABLE actas (
  id               INTEGER PRIMARY KEY,
  sesion_id        INTEGER NOT NULL REFERENCES sesiones_comite(id),
  version          INTEGER NOT NULL,
  sha256_contenido TEXT NOT NULL,
  sha256           TEXT NOT NULL,
  firma_sujeto     TEXT NOT NULL,
  pdf              BLOB NOT NULL,
  emitido_por      TEXT NOT NULL,
  emitido_en       TEXT NOT NULL,
  UNIQUE (sesion_id, version)
) STRICT;
CREATE TRIGGER actas_sin_update BEFORE UPDATE ON actas BEGIN SELECT RAISE(ABORT, 'un acta emitida no se puede modificar'); END;
CREATE TRIGGER actas_sin_delete BEFORE DELETE ON actas BEGIN SELECT RAISE(ABORT, 'un acta emitida no se puede borrar'); END;

-- The informe signed as a step of its issue: the unsigned content hash and
-- the signer's subject beside the stored file's hash (NULL on versions issued
-- before signing existed: their file is unsigned and sha256 is its content).
ALTER TABLE informes ADD COLUMN sha256_contenido TEXT;
ALTER TABLE informes ADD COLUMN firma_sujeto TEXT;

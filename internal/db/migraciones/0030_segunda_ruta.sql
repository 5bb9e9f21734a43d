-- The second route (Decreto Ley 920 de 2023, art. 25 last paragraph by
-- position): the Comité gives its visto bueno to the cancellation in
-- substitution of the fine, or refuses it. conceptos and propuestas_rea are
-- rebuilt with the same columns, keys and insert-only triggers; only the
-- accepted decisions grow. The migrator runs this file with foreign keys off
-- and checks them all before commit (db.go: reconstruyeTablas), so the rows
-- that point at the rebuilt tables (corrections, proposals) keep their ids.

CREATE TABLE conceptos_nueva (
  id                        INTEGER PRIMARY KEY,
  caso_id                   INTEGER NOT NULL REFERENCES casos(id),
  fecha_sesion              TEXT NOT NULL,
  miembros                  TEXT NOT NULL,
  decision                  TEXT NOT NULL CHECK (decision = 'cancelacion' OR decision = 'multa_incrementada'
                              OR decision = 'visto_bueno_cancelacion' OR decision = 'sin_visto_bueno'),
  motivacion_json           TEXT NOT NULL,
  criterios_cancelacion     TEXT NOT NULL DEFAULT '[]',
  evaluacion_id             INTEGER NOT NULL REFERENCES evaluaciones(id),
  corrige_id                INTEGER REFERENCES conceptos(id),
  motivo_correccion         TEXT NOT NULL DEFAULT '',
  registrado_por            TEXT NOT NULL,
  registrado_en             TEXT NOT NULL,
  CHECK ((corrige_id IS NULL) = (motivo_correccion = ''))
) STRICT;
INSERT INTO conceptos_nueva SELECT id, caso_id, fecha_sesion, miembros, decision, motivacion_json, criterios_cancelacion,
  evaluacion_id, corrige_id, motivo_correccion, registrado_por, registrado_en FROM conceptos;
DROP TABLE conceptos;
ALTER TABLE conceptos_nueva RENAME TO conceptos;
CREATE INDEX conceptos_caso ON conceptos(caso_id, id);
CREATE TRIGGER conceptos_sin_update BEFORE UPDATE ON conceptos BEGIN SELECT RAISE(ABORT, 'un concepto registrado no se puede modificar'); END;
CREATE TRIGGER conceptos_sin_delete BEFORE DELETE ON conceptos BEGIN SELECT RAISE(ABORT, 'un concepto registrado no se puede borrar'); END;

CREATE TABLE propuestas_rea_nueva (
  id               INTEGER PRIMARY KEY,
  caso_id          INTEGER NOT NULL UNIQUE REFERENCES casos(id),
  concepto_id      INTEGER NOT NULL REFERENCES conceptos(id),
  propuesta        TEXT NOT NULL CHECK (propuesta = 'cancelacion' OR propuesta = 'multa_incrementada'
                     OR propuesta = 'visto_bueno_cancelacion' OR propuesta = 'sin_visto_bueno'),
  fecha_rea        TEXT NOT NULL,
  uvt_anio         INTEGER,
  uvt_valor        INTEGER,
  total_centavos   INTEGER,
  registrado_por   TEXT NOT NULL,
  registrado_en    TEXT NOT NULL
) STRICT;
INSERT INTO propuestas_rea_nueva SELECT id, caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos,
  registrado_por, registrado_en FROM propuestas_rea;
DROP TABLE propuestas_rea;
ALTER TABLE propuestas_rea_nueva RENAME TO propuestas_rea;
CREATE TRIGGER propuestas_rea_sin_update BEFORE UPDATE ON propuestas_rea BEGIN SELECT RAISE(ABORT, 'la propuesta del REA no se puede modificar'); END;
CREATE TRIGGER propuestas_rea_sin_delete BEFORE DELETE ON propuestas_rea BEGIN SELECT RAISE(ABORT, 'la propuesta del REA no se puede borrar'); END;

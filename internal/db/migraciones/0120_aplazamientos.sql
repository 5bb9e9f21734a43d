-- A session of the Comité that will not be held on its date is postponed to
-- a later one (the earlier date and the reason stay, insert-only); a case of
-- an orden del día the session did not decide is postponed with its reason,
-- so the acta says why it has no concepto.

CREATE TABLE sesion_aplazamientos (
  id             INTEGER PRIMARY KEY,
  sesion_id      INTEGER NOT NULL REFERENCES sesiones_comite(id),
  fecha_anterior TEXT NOT NULL,
  hora_anterior  TEXT NOT NULL,
  fecha          TEXT NOT NULL CHECK (fecha GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  hora           TEXT NOT NULL CHECK (hora GLOB '[0-2][0-9]:[0-5][0-9]'),
  motivo         TEXT NOT NULL CHECK (length(trim(motivo)) > 0),
  registrado_por TEXT NOT NULL,
  registrado_en  TEXT NOT NULL
) STRICT;
CREATE TRIGGER sesion_aplazamientos_sin_update BEFORE UPDATE ON sesion_aplazamientos BEGIN SELECT RAISE(ABORT, 'un aplazamiento registrado no se modifica'); END;
CREATE TRIGGER sesion_aplazamientos_sin_delete BEFORE DELETE ON sesion_aplazamientos BEGIN SELECT RAISE(ABORT, 'un aplazamiento registrado no se puede borrar'); END;

ALTER TABLE sesion_orden ADD COLUMN aplazado_motivo TEXT;
ALTER TABLE sesion_orden ADD COLUMN aplazado_por TEXT;
ALTER TABLE sesion_orden ADD COLUMN aplazado_en TEXT;

CREATE TRIGGER version_datos_sesion_aplazamientos_insert AFTER INSERT ON sesion_aplazamientos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_aplazamientos_update AFTER UPDATE ON sesion_aplazamientos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_aplazamientos_delete AFTER DELETE ON sesion_aplazamientos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;

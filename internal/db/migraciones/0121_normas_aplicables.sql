-- The applicable norm of a case whose facts fall outside the validity of
-- every rule set the application knows: the Secretaría Técnica records which
-- norm applies and why (insert-only; the latest row is the one in force).
CREATE TABLE normas_aplicables (
  id             INTEGER PRIMARY KEY,
  caso_id        INTEGER NOT NULL REFERENCES casos(id),
  texto          TEXT NOT NULL CHECK (length(trim(texto)) > 0),
  registrado_por TEXT NOT NULL,
  registrado_en  TEXT NOT NULL
) STRICT;
CREATE INDEX normas_aplicables_caso ON normas_aplicables(caso_id, id);
CREATE TRIGGER normas_aplicables_sin_update BEFORE UPDATE ON normas_aplicables BEGIN SELECT RAISE(ABORT, 'una decisión registrada no se modifica: se registra una nueva'); END;
CREATE TRIGGER normas_aplicables_sin_delete BEFORE DELETE ON normas_aplicables BEGIN SELECT RAISE(ABORT, 'una decisión registrada no se puede borrar'); END;
CREATE TRIGGER version_datos_normas_aplicables_insert AFTER INSERT ON normas_aplicables BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_normas_aplicables_update AFTER UPDATE ON normas_aplicables BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_normas_aplicables_delete AFTER DELETE ON normas_aplicables BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;

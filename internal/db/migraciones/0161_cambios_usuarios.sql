-- Which customs users each change of the data touched, so that a screening
-- kept in memory can re-evaluate only those users (the web's memoria) instead
-- of every user after each import of a few rows.
--
-- One row per user and data version: every write of a user's row, registros,
-- acts, yearly operations or declarations adds (usuario_id, version), where
-- version is the customs data version (version_datos.aduaneros) as read by
-- the trigger — before or after that write's own bump, since SQLite does not
-- order triggers; a reader therefore asks for version >= the one it holds,
-- which errs on the side of re-evaluating. A write of what every user shares
-- (the UVT, the Seccionales' catalogue) adds usuario_id = -1: every user.
--
-- These triggers are not named version_datos_*: a bulk import suspends those
-- (it moves the version once) but keeps these, so each user it touched is
-- still recorded, once per version (the insert skips a row already there,
-- without a conflict clause: a trigger's clause yields to the outer statement's).
--
-- Old rows are pruned (db.PodarCambiosUsuarios); cambios_usuarios_poda keeps
-- the version below which rows may be missing, so a reader holding an older
-- screening knows to compute it whole.
CREATE TABLE cambios_usuarios (
  version    INTEGER NOT NULL,
  usuario_id INTEGER NOT NULL, -- -1: every user
  PRIMARY KEY (version, usuario_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE cambios_usuarios_poda (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  hasta INTEGER NOT NULL -- rows of versions below this may have been deleted
) STRICT;
INSERT INTO cambios_usuarios_poda(id, hasta) VALUES (1, 0);

CREATE TRIGGER cambios_usuarios_usuarios_aduaneros_insert AFTER INSERT ON usuarios_aduaneros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.id); END;
CREATE TRIGGER cambios_usuarios_usuarios_aduaneros_update AFTER UPDATE ON usuarios_aduaneros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.id); INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.id); END;
CREATE TRIGGER cambios_usuarios_usuarios_aduaneros_delete AFTER DELETE ON usuarios_aduaneros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.id); END;
CREATE TRIGGER cambios_usuarios_registros_insert AFTER INSERT ON registros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_registros_update AFTER UPDATE ON registros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_registros_delete AFTER DELETE ON registros BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); END;
CREATE TRIGGER cambios_usuarios_actos_insert AFTER INSERT ON actos BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_actos_update AFTER UPDATE ON actos BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_actos_delete AFTER DELETE ON actos BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); END;
CREATE TRIGGER cambios_usuarios_operaciones_anuales_insert AFTER INSERT ON operaciones_anuales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_operaciones_anuales_update AFTER UPDATE ON operaciones_anuales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_operaciones_anuales_delete AFTER DELETE ON operaciones_anuales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); END;
CREATE TRIGGER cambios_usuarios_declaraciones_insert AFTER INSERT ON declaraciones BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_declaraciones_update AFTER UPDATE ON declaraciones BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, NEW.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = NEW.usuario_id); END;
CREATE TRIGGER cambios_usuarios_declaraciones_delete AFTER DELETE ON declaraciones BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, OLD.usuario_id FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = OLD.usuario_id); END;
CREATE TRIGGER cambios_usuarios_uvt_insert AFTER INSERT ON uvt BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;
CREATE TRIGGER cambios_usuarios_uvt_update AFTER UPDATE ON uvt BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;
CREATE TRIGGER cambios_usuarios_uvt_delete AFTER DELETE ON uvt BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;
CREATE TRIGGER cambios_usuarios_seccionales_insert AFTER INSERT ON seccionales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;
CREATE TRIGGER cambios_usuarios_seccionales_update AFTER UPDATE ON seccionales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;
CREATE TRIGGER cambios_usuarios_seccionales_delete AFTER DELETE ON seccionales BEGIN INSERT INTO cambios_usuarios(version, usuario_id) SELECT v.aduaneros, -1 FROM version_datos v WHERE v.id = 1 AND NOT EXISTS (SELECT 1 FROM cambios_usuarios c WHERE c.version = v.aduaneros AND c.usuario_id = -1); END;

-- The data version: one row with two counters, bumped by triggers in the
-- same transaction as every write of the data the pages read, whoever writes
-- (this server, `comite importar` in another process, any SQLite client).
-- A reader that keeps results computed from the data (the web's memoria)
-- reads this row (one primary-key lookup) and recomputes when it moved.
--
--   aduaneros: customs users, registros, acts, operations, declarations, the
--              UVT and the Seccionales' catalogue — what the committee test
--              and the screening read.
--   general:   every write of the data above and of the cases, their
--              history, evaluations, conceptos, proposals, informes, actas,
--              sessions of the Comité, parameters, internal terms,
--              non-business days and accounts.
--
-- Not counted: the audit log itself, login sessions, attempts and blocks,
-- calendar tokens and the list of migrations (what no cached page reads).
-- PRAGMA data_version is not used: it is per connection and does not change
-- for the connection's own commits, so a pool of connections cannot compare it.
-- A table added later that cached pages read gets the same three triggers (a
-- test lists the tables without them); a migration that rebuilds a table
-- recreates them.

CREATE TABLE version_datos (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  aduaneros INTEGER NOT NULL,
  general   INTEGER NOT NULL
) STRICT;
INSERT INTO version_datos(id, aduaneros, general) VALUES (1, 0, 0);
CREATE TRIGGER version_datos_sin_delete BEFORE DELETE ON version_datos BEGIN SELECT RAISE(ABORT, 'la fila de la versión de los datos no se borra'); END;

CREATE TRIGGER version_datos_usuarios_aduaneros_insert AFTER INSERT ON usuarios_aduaneros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_usuarios_aduaneros_update AFTER UPDATE ON usuarios_aduaneros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_usuarios_aduaneros_delete AFTER DELETE ON usuarios_aduaneros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_registros_insert AFTER INSERT ON registros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_registros_update AFTER UPDATE ON registros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_registros_delete AFTER DELETE ON registros BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actos_insert AFTER INSERT ON actos BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actos_update AFTER UPDATE ON actos BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actos_delete AFTER DELETE ON actos BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_operaciones_anuales_insert AFTER INSERT ON operaciones_anuales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_operaciones_anuales_update AFTER UPDATE ON operaciones_anuales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_operaciones_anuales_delete AFTER DELETE ON operaciones_anuales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_declaraciones_insert AFTER INSERT ON declaraciones BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_declaraciones_update AFTER UPDATE ON declaraciones BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_declaraciones_delete AFTER DELETE ON declaraciones BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_uvt_insert AFTER INSERT ON uvt BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_uvt_update AFTER UPDATE ON uvt BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_uvt_delete AFTER DELETE ON uvt BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_insert AFTER INSERT ON seccionales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_update AFTER UPDATE ON seccionales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_delete AFTER DELETE ON seccionales BEGIN UPDATE version_datos SET aduaneros = aduaneros + 1, general = general + 1 WHERE id = 1; END;

CREATE TRIGGER version_datos_casos_insert AFTER INSERT ON casos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_casos_update AFTER UPDATE ON casos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_casos_delete AFTER DELETE ON casos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_caso_eventos_insert AFTER INSERT ON caso_eventos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_caso_eventos_update AFTER UPDATE ON caso_eventos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_caso_eventos_delete AFTER DELETE ON caso_eventos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_evaluaciones_insert AFTER INSERT ON evaluaciones BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_evaluaciones_update AFTER UPDATE ON evaluaciones BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_evaluaciones_delete AFTER DELETE ON evaluaciones BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_conceptos_insert AFTER INSERT ON conceptos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_conceptos_update AFTER UPDATE ON conceptos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_conceptos_delete AFTER DELETE ON conceptos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_propuestas_rea_insert AFTER INSERT ON propuestas_rea BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_propuestas_rea_update AFTER UPDATE ON propuestas_rea BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_propuestas_rea_delete AFTER DELETE ON propuestas_rea BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_informes_insert AFTER INSERT ON informes BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_informes_update AFTER UPDATE ON informes BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_informes_delete AFTER DELETE ON informes BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actas_insert AFTER INSERT ON actas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actas_update AFTER UPDATE ON actas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_actas_delete AFTER DELETE ON actas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesiones_comite_insert AFTER INSERT ON sesiones_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesiones_comite_update AFTER UPDATE ON sesiones_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesiones_comite_delete AFTER DELETE ON sesiones_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_miembros_insert AFTER INSERT ON sesion_miembros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_miembros_update AFTER UPDATE ON sesion_miembros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_miembros_delete AFTER DELETE ON sesion_miembros BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_orden_insert AFTER INSERT ON sesion_orden BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_orden_update AFTER UPDATE ON sesion_orden BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_sesion_orden_delete AFTER DELETE ON sesion_orden BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_parametros_comite_insert AFTER INSERT ON parametros_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_parametros_comite_update AFTER UPDATE ON parametros_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_parametros_comite_delete AFTER DELETE ON parametros_comite BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_terminos_internos_insert AFTER INSERT ON terminos_internos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_terminos_internos_update AFTER UPDATE ON terminos_internos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_terminos_internos_delete AFTER DELETE ON terminos_internos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_dias_inhabiles_insert AFTER INSERT ON dias_inhabiles BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_dias_inhabiles_update AFTER UPDATE ON dias_inhabiles BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_dias_inhabiles_delete AFTER DELETE ON dias_inhabiles BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_cuentas_insert AFTER INSERT ON cuentas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_cuentas_update AFTER UPDATE ON cuentas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_cuentas_delete AFTER DELETE ON cuentas BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_sin_convertir_insert AFTER INSERT ON seccionales_sin_convertir BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_sin_convertir_update AFTER UPDATE ON seccionales_sin_convertir BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;
CREATE TRIGGER version_datos_seccionales_sin_convertir_delete AFTER DELETE ON seccionales_sin_convertir BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END;

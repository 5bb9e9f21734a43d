-- Indexes of what the pages filter on, read from the query plans (EXPLAIN
-- QUERY PLAN) of the case list, the queues, the sessions and the audit log:
-- each replaces a scan of the whole table.

-- A case by its number, as people write it (CF-2026-0001, cf-2026-0001).
CREATE INDEX casos_numero_nocase ON casos(numero COLLATE NOCASE);

-- The conceptos recorded in a session (its count of conceptos, the acta).
CREATE INDEX conceptos_sesion ON conceptos(sesion_id, corrige_id) WHERE sesion_id IS NOT NULL;

-- Sessions by date: the upcoming ones (Mis pendientes, the calendar feed) and the list.
CREATE INDEX sesiones_comite_fecha ON sesiones_comite(fecha, hora, id);

-- The session whose orden del día holds a case (the case page).
CREATE INDEX sesion_orden_caso ON sesion_orden(caso_id);

-- The audit log filtered by account, by action (a prefix: "caso." is every
-- step of a case) and by date; it grows with every change, so a filter must
-- not read it whole.
CREATE INDEX auditoria_cuenta ON auditoria(cuenta COLLATE NOCASE, id);
CREATE INDEX auditoria_accion ON auditoria(accion, id);
CREATE INDEX auditoria_en ON auditoria(en);

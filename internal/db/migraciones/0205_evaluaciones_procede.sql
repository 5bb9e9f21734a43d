-- Whether the Comité proceeds, by the current evaluation of a case
-- (procede_comite in its stored result: true, false or null when the
-- operations of the reference year were not loaded), is read by the case
-- list for every case of the page and by its filter by result. Read from the
-- JSON, SQLite parsed the whole stored result (≈ 14 KB) of each case on every
-- page, as it did for plazo_reporte before 0118. With the value in an index
-- on the same expression, it is read from the index alone. The expression
-- must be written exactly so in the queries.
CREATE INDEX evaluaciones_procede ON evaluaciones(caso_id, version, json_extract(resultado_json, '$.procede_comite'));

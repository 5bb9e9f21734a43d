-- The deadline to report of a case's current evaluation (plazo_reporte, in
-- its stored result) is read by the queues, Inicio, the case list and the
-- calendar for every case they show. Read from the JSON, it made SQLite
-- parse the whole stored result (≈ 12 KB) of each case on every page. With
-- the value in an index on the same expression, the latest version of a
-- case and its deadline are read from the index alone, the result is not
-- parsed. The expression must be written exactly so in the queries.
CREATE INDEX evaluaciones_plazo_reporte ON evaluaciones(caso_id, version, json_extract(resultado_json, '$.plazo_reporte'));

-- An act number or a declaration number grouped in thousands is the same
-- key as its plain digits: 1.234.567, 1,234,567 and 1 234 567 are 1234567,
-- as the import reads them (a first group of one to three digits, then
-- groups of exactly three, all with one separator: dot, comma, space or the
-- non-breaking spaces a spreadsheet writes; surrounding blanks trimmed).
-- Acts and declarations stored grouped are renamed to the plain digits;
-- when the user already has the plain key (or another spelling of it), the
-- row with the plain key stays as it is (or, without one, the first row
-- stored) and the grouped copy is removed. claves_fusionadas lists every
-- rename and merge, with the removed row as it was.
CREATE TABLE claves_fusionadas (
  tabla           TEXT NOT NULL CHECK (tabla IN ('actos', 'declaraciones')),
  fila_id         INTEGER NOT NULL,   -- the row stored grouped
  usuario_id      INTEGER NOT NULL,
  clave_anterior  TEXT NOT NULL,      -- as it was stored
  fila_destino    INTEGER NOT NULL,   -- the row that remains (= fila_id when only renamed)
  clave           TEXT NOT NULL,      -- the plain digits
  fila_descartada TEXT,               -- the removed row (JSON); NULL when only renamed
  fusionado_en    TEXT NOT NULL
) STRICT;

INSERT INTO claves_fusionadas(tabla, fila_id, usuario_id, clave_anterior, fila_destino, clave, fusionado_en)
WITH k AS (
  SELECT id, usuario_id, numero_acto AS v,
    trim(numero_acto, char(9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288)) AS t
  FROM actos
), s AS (
  SELECT *,
    (instr(t, '.') > 0) + (instr(t, ',') > 0) + (instr(t, ' ') > 0) + (instr(t, char(160)) > 0) + (instr(t, char(8239)) > 0) AS nsep,
    CASE WHEN instr(t, '.') > 0 THEN '.' WHEN instr(t, ',') > 0 THEN ',' WHEN instr(t, ' ') > 0 THEN ' ' WHEN instr(t, char(160)) > 0 THEN char(160) ELSE char(8239) END AS sep
  FROM k
), g AS (
  SELECT *, replace(t, sep, '') AS canon, instr(t, sep) - 1 AS primero, length(t) - length(replace(t, sep, '')) AS n
  FROM s WHERE nsep = 1
), c AS (
  SELECT id, usuario_id, v, canon FROM g
  WHERE primero BETWEEN 1 AND 3 AND substr(t, 1, primero) NOT GLOB '*[^0-9]*'
    AND substr(t, primero + 1) GLOB replace(hex(zeroblob(n)), '00', sep || '[0-9][0-9][0-9]')
)
SELECT 'actos', c.id, c.usuario_id, c.v,
  coalesce((SELECT a.id FROM actos a WHERE a.usuario_id = c.usuario_id AND a.numero_acto = c.canon),
           (SELECT min(c2.id) FROM c c2 WHERE c2.usuario_id = c.usuario_id AND c2.canon = c.canon)),
  c.canon, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM c;

INSERT INTO claves_fusionadas(tabla, fila_id, usuario_id, clave_anterior, fila_destino, clave, fusionado_en)
WITH k AS (
  SELECT id, usuario_id, numero_declaracion AS v,
    trim(numero_declaracion, char(9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288)) AS t
  FROM declaraciones
), s AS (
  SELECT *,
    (instr(t, '.') > 0) + (instr(t, ',') > 0) + (instr(t, ' ') > 0) + (instr(t, char(160)) > 0) + (instr(t, char(8239)) > 0) AS nsep,
    CASE WHEN instr(t, '.') > 0 THEN '.' WHEN instr(t, ',') > 0 THEN ',' WHEN instr(t, ' ') > 0 THEN ' ' WHEN instr(t, char(160)) > 0 THEN char(160) ELSE char(8239) END AS sep
  FROM k
), g AS (
  SELECT *, replace(t, sep, '') AS canon, instr(t, sep) - 1 AS primero, length(t) - length(replace(t, sep, '')) AS n
  FROM s WHERE nsep = 1
), c AS (
  SELECT id, usuario_id, v, canon FROM g
  WHERE primero BETWEEN 1 AND 3 AND substr(t, 1, primero) NOT GLOB '*[^0-9]*'
    AND substr(t, primero + 1) GLOB replace(hex(zeroblob(n)), '00', sep || '[0-9][0-9][0-9]')
)
SELECT 'declaraciones', c.id, c.usuario_id, c.v,
  coalesce((SELECT d.id FROM declaraciones d WHERE d.usuario_id = c.usuario_id AND d.numero_declaracion = c.canon),
           (SELECT min(c2.id) FROM c c2 WHERE c2.usuario_id = c.usuario_id AND c2.canon = c.canon)),
  c.canon, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM c;

-- The removed rows, as they were, then removed; the others renamed.
UPDATE claves_fusionadas SET fila_descartada = (
  SELECT json_object('numero_acto', a.numero_acto, 'fecha_expedicion', a.fecha_expedicion, 'fecha_firmeza', a.fecha_firmeza,
    'infraccion', a.infraccion, 'gravedad', a.gravedad, 'sancion', a.sancion, 'valor_centavos', a.valor_centavos,
    'allanamiento', a.allanamiento, 'actualizado_en', a.actualizado_en)
  FROM actos a WHERE a.id = claves_fusionadas.fila_id)
  WHERE tabla = 'actos' AND fila_destino <> fila_id;
UPDATE claves_fusionadas SET fila_descartada = (
  SELECT json_object('numero_declaracion', d.numero_declaracion, 'fecha', d.fecha, 'anio', d.anio,
    'valor_centavos', d.valor_centavos, 'actualizado_en', d.actualizado_en)
  FROM declaraciones d WHERE d.id = claves_fusionadas.fila_id)
  WHERE tabla = 'declaraciones' AND fila_destino <> fila_id;

DELETE FROM actos WHERE id IN (SELECT fila_id FROM claves_fusionadas WHERE tabla = 'actos' AND fila_destino <> fila_id);
DELETE FROM declaraciones WHERE id IN (SELECT fila_id FROM claves_fusionadas WHERE tabla = 'declaraciones' AND fila_destino <> fila_id);
UPDATE actos SET numero_acto = (SELECT f.clave FROM claves_fusionadas f WHERE f.tabla = 'actos' AND f.fila_id = actos.id)
  WHERE id IN (SELECT fila_id FROM claves_fusionadas WHERE tabla = 'actos' AND fila_destino = fila_id);
UPDATE declaraciones SET numero_declaracion = (SELECT f.clave FROM claves_fusionadas f WHERE f.tabla = 'declaraciones' AND f.fila_id = declaraciones.id)
  WHERE id IN (SELECT fila_id FROM claves_fusionadas WHERE tabla = 'declaraciones' AND fila_destino = fila_id);

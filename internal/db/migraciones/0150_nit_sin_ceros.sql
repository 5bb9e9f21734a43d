-- A NIT is compared and stored without leading zeros: 0901750435-6 is the
-- same NIT as 901750435-6 (zeros do not change the number nor its check
-- digit). Users stored with leading zeros are renamed to the canonical NIT;
-- when the canonical NIT (or another spelling of it) already exists, they are
-- merged into one user: its registros, actos, operaciones, declaraciones and
-- casos pass to the kept user. A row that the kept user already has (the same
-- act, year, declaration or registro) stays as the kept user has it, and the
-- duplicate's copy is counted in filas_descartadas. nits_fusionados lists
-- every rename and merge.
CREATE TABLE nits_fusionados (
  usuario_id        INTEGER NOT NULL,   -- the user stored with leading zeros
  nit_anterior      TEXT NOT NULL,      -- as it was stored
  usuario_destino   INTEGER NOT NULL,   -- the user that remains (= usuario_id when only renamed)
  nit               TEXT NOT NULL,      -- the canonical NIT
  razon_social      TEXT NOT NULL,      -- of the user stored with leading zeros
  filas_descartadas INTEGER NOT NULL DEFAULT 0,
  fusionado_en      TEXT NOT NULL
) STRICT;

INSERT INTO nits_fusionados(usuario_id, nit_anterior, usuario_destino, nit, razon_social, fusionado_en)
WITH c AS (
  SELECT id, nit, razon_social,
    CASE WHEN substr(ltrim(nit, '0'), 1, 1) = '-' THEN '0' || ltrim(nit, '0') ELSE ltrim(nit, '0') END AS canon
  FROM usuarios_aduaneros
)
SELECT c.id, c.nit,
  coalesce((SELECT u.id FROM usuarios_aduaneros u WHERE u.nit = c.canon), (SELECT min(c2.id) FROM c c2 WHERE c2.canon = c.canon)),
  c.canon, c.razon_social, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM c WHERE c.nit <> c.canon;

-- Rows of merged users pass to the kept user, except those it already has.
UPDATE OR IGNORE registros SET usuario_id = (SELECT f.usuario_destino FROM nits_fusionados f WHERE f.usuario_id = registros.usuario_id)
  WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
UPDATE OR IGNORE actos SET usuario_id = (SELECT f.usuario_destino FROM nits_fusionados f WHERE f.usuario_id = actos.usuario_id)
  WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
UPDATE OR IGNORE operaciones_anuales SET usuario_id = (SELECT f.usuario_destino FROM nits_fusionados f WHERE f.usuario_id = operaciones_anuales.usuario_id)
  WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
UPDATE OR IGNORE declaraciones SET usuario_id = (SELECT f.usuario_destino FROM nits_fusionados f WHERE f.usuario_id = declaraciones.usuario_id)
  WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
UPDATE casos SET usuario_id = (SELECT f.usuario_destino FROM nits_fusionados f WHERE f.usuario_id = casos.usuario_id)
  WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);

UPDATE nits_fusionados SET filas_descartadas =
  (SELECT count(*) FROM registros r WHERE r.usuario_id = nits_fusionados.usuario_id) +
  (SELECT count(*) FROM actos a WHERE a.usuario_id = nits_fusionados.usuario_id) +
  (SELECT count(*) FROM operaciones_anuales o WHERE o.usuario_id = nits_fusionados.usuario_id) +
  (SELECT count(*) FROM declaraciones d WHERE d.usuario_id = nits_fusionados.usuario_id)
  WHERE usuario_destino <> usuario_id;

DELETE FROM registros WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
DELETE FROM actos WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
DELETE FROM operaciones_anuales WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
DELETE FROM declaraciones WHERE usuario_id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
DELETE FROM usuarios_aduaneros WHERE id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino <> usuario_id);
UPDATE usuarios_aduaneros SET nit = (SELECT f.nit FROM nits_fusionados f WHERE f.usuario_id = usuarios_aduaneros.id)
  WHERE id IN (SELECT usuario_id FROM nits_fusionados WHERE usuario_destino = usuario_id);

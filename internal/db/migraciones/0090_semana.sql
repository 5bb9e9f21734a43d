-- Internal terms per stage of a case, set by the administrator (business
-- days). Not law: the screens label them as internal terms. A stage without a
-- row uses the default the application states (internal/plazos).
CREATE TABLE terminos_internos (
  etapa        TEXT PRIMARY KEY CHECK (etapa IN ('evaluacion','comite','rea')),
  dias_habiles INTEGER NOT NULL CHECK (dias_habiles BETWEEN 1 AND 250),
  fijado_por   TEXT NOT NULL,
  fijado_en    TEXT NOT NULL
) STRICT;

-- Calendar feed tokens of an account: only the SHA-256 of the token is
-- stored; at most one token in force per account (a revoked one keeps its row).
CREATE TABLE calendario_tokens (
  id          INTEGER PRIMARY KEY,
  cuenta_id   INTEGER NOT NULL REFERENCES cuentas(id),
  token_hash  TEXT NOT NULL UNIQUE,
  creado_en   TEXT NOT NULL,
  revocado_en TEXT
) STRICT;
CREATE UNIQUE INDEX calendario_tokens_vigente ON calendario_tokens(cuenta_id) WHERE revocado_en IS NULL;

-- The case list orders by these.
CREATE INDEX casos_fecha_reporte ON casos(fecha_reporte);
CREATE INDEX caso_eventos_estado ON caso_eventos(caso_id, a_estado);

-- comite: the first schema. Migrations are append-only: never edit a file that
-- has landed; add 0002_*.sql. Every table is STRICT. Money is INTEGER centavos
-- (exact; SQLite adds integers exactly); never REAL. Dates are TEXT 'AAAA-MM-DD'
-- (civil dates in Colombia); instants are TEXT RFC 3339 in UTC.

CREATE TABLE usuarios_aduaneros (
  id                  INTEGER PRIMARY KEY,
  nit                 TEXT NOT NULL UNIQUE,          -- canonical '800191045-1'
  razon_social        TEXT NOT NULL,
  tipo                TEXT NOT NULL,                 -- agencia_de_aduanas, deposito_habilitado, usuario_zona_franca, oea, transportador, declarante, otro
  direccion_seccional TEXT NOT NULL DEFAULT '',
  creado_en           TEXT NOT NULL,
  actualizado_en      TEXT NOT NULL
) STRICT;
CREATE INDEX usuarios_aduaneros_razon ON usuarios_aduaneros(razon_social COLLATE NOCASE);
CREATE INDEX usuarios_aduaneros_seccional ON usuarios_aduaneros(direccion_seccional);

-- Autorizaciones, habilitaciones and registros with their validity.
CREATE TABLE registros (
  id            INTEGER PRIMARY KEY,
  usuario_id    INTEGER NOT NULL REFERENCES usuarios_aduaneros(id),
  clase         TEXT NOT NULL CHECK (clase IN ('autorizacion','habilitacion','registro')),
  numero        TEXT NOT NULL DEFAULT '',
  vigente_desde TEXT NOT NULL,
  vigente_hasta TEXT,                                -- NULL: indefinite
  UNIQUE (usuario_id, clase, numero, vigente_desde)
) STRICT;

-- Sanction acts (dominio.md §6). Keyed by NIT + número de acto.
CREATE TABLE actos (
  id               INTEGER PRIMARY KEY,
  usuario_id       INTEGER NOT NULL REFERENCES usuarios_aduaneros(id),
  numero_acto      TEXT NOT NULL,
  fecha_expedicion TEXT,
  fecha_firmeza    TEXT,                             -- NULL: not firm
  infraccion       TEXT NOT NULL DEFAULT '',
  gravedad         TEXT NOT NULL CHECK (gravedad IN ('leve','grave','gravisima')),
  sancion          TEXT NOT NULL CHECK (sancion IN ('multa','amonestacion','suspension','cancelacion')),
  valor_centavos   INTEGER NOT NULL CHECK (valor_centavos >= 0),
  allanamiento     INTEGER NOT NULL CHECK (allanamiento IN (0,1)),
  actualizado_en   TEXT NOT NULL,
  UNIQUE (usuario_id, numero_acto)
) STRICT;
CREATE INDEX actos_firmeza ON actos(fecha_firmeza, usuario_id);

-- Foreign-trade operations: yearly totals by user...
CREATE TABLE operaciones_anuales (
  usuario_id     INTEGER NOT NULL REFERENCES usuarios_aduaneros(id),
  anio           INTEGER NOT NULL CHECK (anio BETWEEN 1900 AND 2200),
  valor_centavos INTEGER NOT NULL CHECK (valor_centavos >= 0),
  numero         INTEGER NOT NULL CHECK (numero >= 0),
  actualizado_en TEXT NOT NULL,
  PRIMARY KEY (usuario_id, anio)
) STRICT, WITHOUT ROWID;

-- ...or one row per customs declaration, totalled by year when read.
CREATE TABLE declaraciones (
  id                 INTEGER PRIMARY KEY,
  usuario_id         INTEGER NOT NULL REFERENCES usuarios_aduaneros(id),
  numero_declaracion TEXT NOT NULL,
  fecha              TEXT NOT NULL,
  anio               INTEGER NOT NULL,
  valor_centavos     INTEGER NOT NULL CHECK (valor_centavos >= 0),
  actualizado_en     TEXT NOT NULL,
  UNIQUE (usuario_id, numero_declaracion)
) STRICT;
CREATE INDEX declaraciones_anio ON declaraciones(usuario_id, anio);

-- Accounts of the application and their roles.
CREATE TABLE cuentas (
  id                  INTEGER PRIMARY KEY,
  usuario             TEXT NOT NULL UNIQUE COLLATE NOCASE,
  nombre              TEXT NOT NULL DEFAULT '',
  rol                 TEXT NOT NULL CHECK (rol IN ('seccional','secretaria','comite','auditor','admin')),
  direccion_seccional TEXT NOT NULL DEFAULT '',      -- required for rol seccional
  clave_hash          TEXT NOT NULL,
  activa              INTEGER NOT NULL DEFAULT 1 CHECK (activa IN (0,1)),
  creada_en           TEXT NOT NULL
) STRICT;

-- Server-side sessions; only the SHA-256 of the secret token is stored.
CREATE TABLE sesiones (
  token_hash  TEXT PRIMARY KEY,
  cuenta_id   INTEGER NOT NULL REFERENCES cuentas(id),
  csrf        TEXT NOT NULL,
  creada_en   TEXT NOT NULL,
  ultimo_uso  TEXT NOT NULL,
  ip          TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX sesiones_cuenta ON sesiones(cuenta_id);

-- Login attempts (for throttling and the record).
CREATE TABLE intentos_ingreso (
  id      INTEGER PRIMARY KEY,
  usuario TEXT NOT NULL,
  ip      TEXT NOT NULL,
  exito   INTEGER NOT NULL CHECK (exito IN (0,1)),
  en      TEXT NOT NULL
) STRICT;
CREATE INDEX intentos_ingreso_usuario ON intentos_ingreso(usuario, en);

-- Days the authority declared non-business (dominio.md §7).
CREATE TABLE dias_inhabiles (
  fecha       TEXT PRIMARY KEY,
  motivo      TEXT NOT NULL,
  creado_por  TEXT NOT NULL,
  creado_en   TEXT NOT NULL
) STRICT;

-- Cases: one new infraction of one user (dominio.md §3).
CREATE TABLE casos (
  id                        INTEGER PRIMARY KEY,
  numero                    TEXT NOT NULL UNIQUE,     -- 'CF-2026-0001'
  usuario_id                INTEGER NOT NULL REFERENCES usuarios_aduaneros(id),
  direccion_seccional       TEXT NOT NULL,
  estado                    TEXT NOT NULL CHECK (estado IN ('reportado','en_evaluacion','en_comite','concepto_emitido','cerrado','no_procede')),
  fecha_comision            TEXT NOT NULL,
  fecha_verificacion        TEXT NOT NULL,
  fecha_expediente          TEXT,
  fecha_requerimiento       TEXT,
  fecha_reporte             TEXT NOT NULL,            -- day the Seccional reported it
  gravedad                  TEXT NOT NULL CHECK (gravedad IN ('leve','grave','gravisima')),
  sancion                   TEXT NOT NULL CHECK (sancion IN ('multa','amonestacion','suspension','cancelacion')),
  sancion_prevista_centavos INTEGER NOT NULL CHECK (sancion_prevista_centavos >= 0),
  permite_cancelacion       INTEGER NOT NULL DEFAULT 0 CHECK (permite_cancelacion IN (0,1)),
  anclaje                   TEXT NOT NULL DEFAULT 'comision' CHECK (anclaje IN ('comision','verificacion')),
  descripcion               TEXT NOT NULL DEFAULT '',
  criterios_json            TEXT NOT NULL DEFAULT '{}', -- qualitative criteria of the Secretaría
  creado_por                TEXT NOT NULL,
  creado_en                 TEXT NOT NULL
) STRICT;
CREATE INDEX casos_estado ON casos(estado);
CREATE INDEX casos_seccional ON casos(direccion_seccional, estado);

-- Stored evaluations of a case: inputs, outputs, rule set and values used. Insert-only.
CREATE TABLE evaluaciones (
  id              INTEGER PRIMARY KEY,
  caso_id         INTEGER NOT NULL REFERENCES casos(id),
  version         INTEGER NOT NULL,
  conjunto_reglas TEXT NOT NULL,
  entrada_json    TEXT NOT NULL,
  resultado_json  TEXT NOT NULL,
  valores_json    TEXT NOT NULL,
  motivo          TEXT NOT NULL DEFAULT '',
  creado_por      TEXT NOT NULL,
  creado_en       TEXT NOT NULL,
  UNIQUE (caso_id, version)
) STRICT;

-- History of a case: every step, who, when, from where. Insert-only.
CREATE TABLE caso_eventos (
  id            INTEGER PRIMARY KEY,
  caso_id       INTEGER NOT NULL REFERENCES casos(id),
  de_estado     TEXT,
  a_estado      TEXT NOT NULL,
  evaluacion_id INTEGER REFERENCES evaluaciones(id),
  cuenta        TEXT NOT NULL,
  ip            TEXT NOT NULL DEFAULT '',
  en            TEXT NOT NULL,
  detalle_json  TEXT NOT NULL DEFAULT '{}'
) STRICT;
CREATE INDEX caso_eventos_caso ON caso_eventos(caso_id, id);

-- The Comité's binding concepto. Insert-only; a correction is a new row with corrige_id and its reason.
CREATE TABLE conceptos (
  id                        INTEGER PRIMARY KEY,
  caso_id                   INTEGER NOT NULL REFERENCES casos(id),
  fecha_sesion              TEXT NOT NULL,
  miembros                  TEXT NOT NULL,
  decision                  TEXT NOT NULL CHECK (decision IN ('cancelacion','multa_incrementada')),
  motivacion_json           TEXT NOT NULL,
  criterios_cancelacion     TEXT NOT NULL DEFAULT '[]', -- JSON list of '5.1'..'5.7'
  evaluacion_id             INTEGER NOT NULL REFERENCES evaluaciones(id),
  corrige_id                INTEGER REFERENCES conceptos(id),
  motivo_correccion         TEXT NOT NULL DEFAULT '',
  registrado_por            TEXT NOT NULL,
  registrado_en             TEXT NOT NULL,
  CHECK ((corrige_id IS NULL) = (motivo_correccion = ''))
) STRICT;

-- The REA proposal recorded when a case closes. Insert-only.
CREATE TABLE propuestas_rea (
  id               INTEGER PRIMARY KEY,
  caso_id          INTEGER NOT NULL UNIQUE REFERENCES casos(id),
  concepto_id      INTEGER NOT NULL REFERENCES conceptos(id),
  propuesta        TEXT NOT NULL CHECK (propuesta IN ('cancelacion','multa_incrementada')),
  fecha_rea        TEXT NOT NULL,
  uvt_anio         INTEGER,
  uvt_valor        INTEGER,
  total_centavos   INTEGER,
  registrado_por   TEXT NOT NULL,
  registrado_en    TEXT NOT NULL
) STRICT;

-- Issued versions of the informe gerencial (PDF bytes and their SHA-256). Insert-only.
CREATE TABLE informes (
  id            INTEGER PRIMARY KEY,
  caso_id       INTEGER NOT NULL REFERENCES casos(id),
  version       INTEGER NOT NULL,
  evaluacion_id INTEGER NOT NULL REFERENCES evaluaciones(id),
  sha256        TEXT NOT NULL,
  pdf           BLOB NOT NULL,
  emitido_por   TEXT NOT NULL,
  emitido_en    TEXT NOT NULL,
  UNIQUE (caso_id, version)
) STRICT;

-- The audit log: tamper-evident chain, insert-only.
CREATE TABLE auditoria (
  id            INTEGER PRIMARY KEY,
  en            TEXT NOT NULL,
  cuenta        TEXT NOT NULL,             -- account name, or 'sistema'
  ip            TEXT NOT NULL DEFAULT '',
  accion        TEXT NOT NULL,
  objeto        TEXT NOT NULL DEFAULT '',
  detalle_json  TEXT NOT NULL DEFAULT '{}',
  hash_anterior TEXT NOT NULL,
  hash          TEXT NOT NULL
) STRICT;
CREATE INDEX auditoria_objeto ON auditoria(objeto);

-- Insert-only tables: the database itself refuses UPDATE and DELETE.
CREATE TRIGGER conceptos_sin_update BEFORE UPDATE ON conceptos BEGIN SELECT RAISE(ABORT, 'un concepto registrado no se puede modificar'); END;
CREATE TRIGGER conceptos_sin_delete BEFORE DELETE ON conceptos BEGIN SELECT RAISE(ABORT, 'un concepto registrado no se puede borrar'); END;
CREATE TRIGGER auditoria_sin_update BEFORE UPDATE ON auditoria BEGIN SELECT RAISE(ABORT, 'el registro de auditoría no se puede modificar'); END;
CREATE TRIGGER auditoria_sin_delete BEFORE DELETE ON auditoria BEGIN SELECT RAISE(ABORT, 'el registro de auditoría no se puede borrar'); END;
CREATE TRIGGER evaluaciones_sin_update BEFORE UPDATE ON evaluaciones BEGIN SELECT RAISE(ABORT, 'una evaluación guardada no se puede modificar'); END;
CREATE TRIGGER evaluaciones_sin_delete BEFORE DELETE ON evaluaciones BEGIN SELECT RAISE(ABORT, 'una evaluación guardada no se puede borrar'); END;
CREATE TRIGGER caso_eventos_sin_update BEFORE UPDATE ON caso_eventos BEGIN SELECT RAISE(ABORT, 'la historia de un caso no se puede modificar'); END;
CREATE TRIGGER caso_eventos_sin_delete BEFORE DELETE ON caso_eventos BEGIN SELECT RAISE(ABORT, 'la historia de un caso no se puede borrar'); END;
CREATE TRIGGER informes_sin_update BEFORE UPDATE ON informes BEGIN SELECT RAISE(ABORT, 'un informe emitido no se puede modificar'); END;
CREATE TRIGGER informes_sin_delete BEFORE DELETE ON informes BEGIN SELECT RAISE(ABORT, 'un informe emitido no se puede borrar'); END;
CREATE TRIGGER propuestas_rea_sin_update BEFORE UPDATE ON propuestas_rea BEGIN SELECT RAISE(ABORT, 'la propuesta del REA no se puede modificar'); END;
CREATE TRIGGER propuestas_rea_sin_delete BEFORE DELETE ON propuestas_rea BEGIN SELECT RAISE(ABORT, 'la propuesta del REA no se puede borrar'); END;

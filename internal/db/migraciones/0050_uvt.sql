-- The UVT table as data: one row per year with its value in whole pesos and
-- the DIAN resolution that fixed it, who entered it and when. The seed rows
-- are the built-in table of the application (valores.TablaUVT, 2015–2026),
-- written in Go right after this file in the same transaction (db.go:
-- despuesDeMigrar); the administrator adds later years from the
-- administration screen (audited).
CREATE TABLE uvt (
  anio            INTEGER PRIMARY KEY CHECK (anio BETWEEN 1990 AND 2200),
  valor_cop       INTEGER NOT NULL CHECK (valor_cop > 0),
  resolucion      TEXT NOT NULL CHECK (length(trim(resolucion)) > 0),
  registrado_por  TEXT NOT NULL,
  registrado_en   TEXT NOT NULL
) STRICT;

-- The SHA-256 of the evaluation attached to each issued informe (its stored
-- result, byte for byte), beside the document's own: a lawyer can check the
-- attachment against the record without the application. NULL on versions
-- issued before the informe carried it.
ALTER TABLE informes ADD COLUMN sha256_evaluacion TEXT;

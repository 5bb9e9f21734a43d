-- Keyed audit chain: each row says how its hash was made. 0 = SHA-256 without
-- a key (every row written before this migration, which keeps verifying as
-- it did); n > 0 = HMAC-SHA256 with the audit key number n, kept outside the
-- database. Versions never go down along the chain.
ALTER TABLE auditoria ADD COLUMN clave_id INTEGER NOT NULL DEFAULT 0 CHECK (clave_id >= 0);

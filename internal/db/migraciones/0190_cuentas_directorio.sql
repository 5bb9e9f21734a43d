-- Where an account comes from: 'local' (its password hash is stored here)
-- or 'directorio' (the entity's LDAP directory checks its password and
-- decides its role and Seccional at every login; clave_hash stays empty).
ALTER TABLE cuentas ADD COLUMN origen TEXT NOT NULL DEFAULT 'local' CHECK (origen IN ('local','directorio'));

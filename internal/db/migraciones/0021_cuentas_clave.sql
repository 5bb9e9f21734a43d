-- Password changes: an administrator's reset obliges the person to choose a
-- new password at the next login; the last change is kept for the record.
ALTER TABLE cuentas ADD COLUMN debe_cambiar_clave INTEGER NOT NULL DEFAULT 0 CHECK (debe_cambiar_clave IN (0,1));
ALTER TABLE cuentas ADD COLUMN clave_cambiada_en TEXT NOT NULL DEFAULT '';

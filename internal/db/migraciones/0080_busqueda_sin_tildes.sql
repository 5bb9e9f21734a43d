-- Búsqueda sin mayúsculas ni tildes: «logistica» encuentra «Logística».
-- La razón social plegada (minúsculas, sin tildes; la función sin_tildes que
-- la aplicación registra en el controlador de SQLite) se guarda al escribir,
-- así la búsqueda compara una columna y no llama la función en cada fila.
ALTER TABLE usuarios_aduaneros ADD COLUMN razon_social_busqueda TEXT NOT NULL DEFAULT '';
UPDATE usuarios_aduaneros SET razon_social_busqueda = sin_tildes(razon_social);
CREATE TRIGGER usuarios_aduaneros_busqueda_insertar AFTER INSERT ON usuarios_aduaneros
BEGIN
  UPDATE usuarios_aduaneros SET razon_social_busqueda = sin_tildes(NEW.razon_social) WHERE id = NEW.id;
END;
CREATE TRIGGER usuarios_aduaneros_busqueda_corregir AFTER UPDATE OF razon_social ON usuarios_aduaneros
BEGIN
  UPDATE usuarios_aduaneros SET razon_social_busqueda = sin_tildes(NEW.razon_social) WHERE id = NEW.id;
END;
-- La búsqueda recorre este índice (angosto) en vez de la tabla.
CREATE INDEX usuarios_aduaneros_busqueda ON usuarios_aduaneros(razon_social_busqueda);

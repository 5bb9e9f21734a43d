-- The case list sorts by the razón social folded for search (no accents, no
-- case) as usuarios_aduaneros.razon_social_busqueda stores it. Sorting a join
-- of every case with its user costs a temporary sort of all the cases on each
-- page (≈ 70 ms at 20.000 cases, and the page is asked often), so each case
-- keeps a copy of its user's folded name, indexed with the case id that
-- breaks ties: a page sorted by razón social walks the index and stops after
-- its rows. Triggers keep the copy equal to the user's in the same
-- transaction as every change of either side.

ALTER TABLE casos ADD COLUMN razon_social_busqueda TEXT NOT NULL DEFAULT '';
UPDATE casos SET razon_social_busqueda = coalesce((SELECT u.razon_social_busqueda FROM usuarios_aduaneros u WHERE u.id = casos.usuario_id), '');

CREATE INDEX casos_razon_busqueda ON casos(razon_social_busqueda, id);
-- The cases of a user: the triggers below, the profile and the duplicate check.
CREATE INDEX casos_usuario ON casos(usuario_id, fecha_comision);

CREATE TRIGGER casos_razon_busqueda_insertar AFTER INSERT ON casos BEGIN
  UPDATE casos SET razon_social_busqueda = coalesce((SELECT u.razon_social_busqueda FROM usuarios_aduaneros u WHERE u.id = NEW.usuario_id), '')
  WHERE id = NEW.id;
END;
CREATE TRIGGER casos_razon_busqueda_usuario AFTER UPDATE OF usuario_id, razon_social_busqueda ON casos BEGIN
  UPDATE casos SET razon_social_busqueda = coalesce((SELECT u.razon_social_busqueda FROM usuarios_aduaneros u WHERE u.id = NEW.usuario_id), '')
  WHERE id = NEW.id AND razon_social_busqueda IS NOT coalesce((SELECT u.razon_social_busqueda FROM usuarios_aduaneros u WHERE u.id = NEW.usuario_id), '');
END;
CREATE TRIGGER usuarios_aduaneros_busqueda_casos AFTER UPDATE OF razon_social_busqueda ON usuarios_aduaneros
WHEN NEW.razon_social_busqueda IS NOT OLD.razon_social_busqueda BEGIN
  UPDATE casos SET razon_social_busqueda = NEW.razon_social_busqueda WHERE usuario_id = NEW.id;
END;

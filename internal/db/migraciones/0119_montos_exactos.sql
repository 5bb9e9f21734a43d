-- The foreseen fine of a case and the total of its REA proposal are kept
-- exactly as entered or computed, cents and finer included: a decimal
-- string beside the centavos column. The centavos column stays as a copy
-- rounded to centavos and is never read to evaluate or to show.
ALTER TABLE casos ADD COLUMN sancion_prevista_cop TEXT;
UPDATE casos SET sancion_prevista_cop = printf('%d.%02d', sancion_prevista_centavos / 100, sancion_prevista_centavos % 100);
-- A proposal is never updated: one recorded before has no string and is
-- read from its centavos.
ALTER TABLE propuestas_rea ADD COLUMN total_cop TEXT;

-- The vendor, brand and game rows that every wallet call shares are never deleted and their id never
-- changes: the wallet's history tables hold no foreign keys to them, so that a call takes no lock on them
-- (decision 0012). Operators retire them with their status.
CREATE OR REPLACE FUNCTION refuse_reference_row_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'restrict_violation',
    MESSAGE = format('%s row %s is referenced by wallet history and is never deleted nor renumbered; retire it with its status',
                     TG_TABLE_NAME, OLD.id);
END
$$;

CREATE OR REPLACE TRIGGER game_vendors_kept BEFORE DELETE ON game_vendors
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE OR REPLACE TRIGGER game_vendors_id_kept BEFORE UPDATE OF id ON game_vendors
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();
CREATE OR REPLACE TRIGGER merchants_kept BEFORE DELETE ON merchants
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE OR REPLACE TRIGGER merchants_id_kept BEFORE UPDATE OF id ON merchants
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();
CREATE OR REPLACE TRIGGER games_kept BEFORE DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE OR REPLACE TRIGGER games_id_kept BEFORE UPDATE OF id ON games
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();

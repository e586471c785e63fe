-- The rows written on every wallet call no longer hold foreign keys to the reference rows that every call
-- shares: the vendor, the brand and the game (docs/decisions/0012-wallet-hot-path-statements.md). Checking
-- such a key takes a FOR KEY SHARE lock on that one parent row; with concurrent calls each lock makes a new
-- multixact holding all the lockers, so every debit wrote to the same rows and the multixact store up to six times.
-- The guarantee the keys gave, no history row without its vendor, brand or game, is kept from the other
-- side: those rows are never deleted and their id never changes (operators retire them with their status).
-- The member, session, movement and account keys stay: each call locks only its own member's rows there,
-- and the ledger keeps every key of its own (ledger_entries to wallet_movements and wallet_accounts).
ALTER TABLE vendor_transactions DROP CONSTRAINT vendor_transactions_vendor_id_fkey;
ALTER TABLE vendor_requests DROP CONSTRAINT vendor_requests_vendor_id_fkey;
ALTER TABLE game_rounds
  DROP CONSTRAINT game_rounds_vendor_id_fkey,
  DROP CONSTRAINT game_rounds_merchant_id_fkey,
  DROP CONSTRAINT game_rounds_game_id_fkey;
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_merchant_id_fkey;

CREATE FUNCTION refuse_reference_row_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'restrict_violation',
    MESSAGE = format('%s row %s is referenced by wallet history and is never deleted nor renumbered; retire it with its status',
                     TG_TABLE_NAME, OLD.id);
END
$$;

CREATE TRIGGER game_vendors_kept BEFORE DELETE ON game_vendors
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE TRIGGER game_vendors_id_kept BEFORE UPDATE OF id ON game_vendors
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();
CREATE TRIGGER merchants_kept BEFORE DELETE ON merchants
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE TRIGGER merchants_id_kept BEFORE UPDATE OF id ON merchants
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();
CREATE TRIGGER games_kept BEFORE DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION refuse_reference_row_removal();
CREATE TRIGGER games_id_kept BEFORE UPDATE OF id ON games
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_reference_row_removal();

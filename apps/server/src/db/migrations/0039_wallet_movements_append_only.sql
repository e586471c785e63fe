-- A movement is as permanent as its ledger entries (0031 made those append-only): its kind, amount, member
-- and key are what the entries and the vendor transactions point at, and the key is what makes a repeat move
-- nothing. Nothing in the platform changes or removes one; this makes the database refuse it too. Inserts
-- are not touched, so the wallet's hot path pays nothing for it. (Migration 0037 rewrote the keys of
-- earlier rollbacks before this trigger existed.)
CREATE FUNCTION wallet_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_movements is append-only';
END;
$$;
CREATE TRIGGER wallet_movements_no_change BEFORE UPDATE OR DELETE ON wallet_movements
  FOR EACH ROW EXECUTE FUNCTION wallet_movements_append_only();

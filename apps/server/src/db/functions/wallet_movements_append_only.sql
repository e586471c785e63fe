-- A movement is as permanent as its ledger entries: its kind, amount, member and key are what the entries and
-- the vendor transactions point at, and the key is what makes a repeat move nothing. Inserts are not touched,
-- so the wallet's hot path pays nothing for it.
CREATE OR REPLACE FUNCTION wallet_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_movements is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER wallet_movements_no_change BEFORE UPDATE OR DELETE ON wallet_movements
  FOR EACH ROW EXECUTE FUNCTION wallet_movements_append_only();

-- A transfer to the upline is append-only, like the ledger it points into (migration 0069, decision 0043).
CREATE OR REPLACE FUNCTION upline_transfers_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'upline_transfers rows are never changed or removed';
END;
$$;
CREATE OR REPLACE TRIGGER upline_transfers_append_only BEFORE UPDATE OR DELETE ON upline_transfers
  FOR EACH ROW EXECUTE FUNCTION upline_transfers_refuse_change();

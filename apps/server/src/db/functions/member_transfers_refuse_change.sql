-- Transfers between a member and its upline or downline are append-only, like the ledger they point into (decision 0031).
CREATE OR REPLACE FUNCTION member_transfers_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_transfers rows are never changed or removed';
END;
$$;
CREATE OR REPLACE TRIGGER member_transfers_append_only BEFORE UPDATE OR DELETE ON member_transfers
  FOR EACH ROW EXECUTE FUNCTION member_transfers_refuse_change();

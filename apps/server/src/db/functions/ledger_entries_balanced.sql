-- Double entry, checked by the database: the entries one statement writes for a movement must sum to zero.
-- Every writer puts a movement's entries in one INSERT (the member's side and the house's side together),
-- and entries can never change or go (ledger_entries_append_only), so each movement's entries sum to zero
-- for good. A statement-level trigger over the inserted rows: one call per INSERT, reading only the rows
-- just written, so the wallet's hot path pays a few microseconds and no index lookup.
CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_movement_id bigint;
BEGIN
  SELECT movement_id INTO v_movement_id
    FROM written
   GROUP BY movement_id
  HAVING sum(amount_minor) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entries of movement % do not sum to zero', v_movement_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();

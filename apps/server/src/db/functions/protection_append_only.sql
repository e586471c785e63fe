-- A member's time-outs, self-exclusions and protection history are permanent: a block is never shortened or
-- lifted (only a longer one added), and the history is what the operator reads (decision 0042).
CREATE OR REPLACE FUNCTION protection_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
CREATE OR REPLACE TRIGGER member_protection_blocks_no_change BEFORE UPDATE OR DELETE ON member_protection_blocks
  FOR EACH ROW EXECUTE FUNCTION protection_append_only();
CREATE OR REPLACE TRIGGER member_protection_history_no_change BEFORE UPDATE OR DELETE ON member_protection_history
  FOR EACH ROW EXECUTE FUNCTION protection_append_only();

-- An operator's note on a player is a record of what was known and said at the time: nothing in the platform
-- changes or removes one, and the database refuses it too, as it does for the audit trail (audit_log_append_only).
CREATE OR REPLACE FUNCTION member_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_notes is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER member_notes_no_change BEFORE UPDATE OR DELETE ON member_notes
  FOR EACH ROW EXECUTE FUNCTION member_notes_append_only();
CREATE OR REPLACE TRIGGER member_notes_no_truncate BEFORE TRUNCATE ON member_notes
  FOR EACH STATEMENT EXECUTE FUNCTION member_notes_append_only();

-- A member's VIP level change is a record the member and the operators read (decision 0046): nothing in the platform
-- changes or removes one, and the database refuses it too.
CREATE OR REPLACE FUNCTION vip_level_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vip_level_changes is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER vip_level_changes_no_change BEFORE UPDATE OR DELETE ON vip_level_changes
  FOR EACH ROW EXECUTE FUNCTION vip_level_changes_append_only();
CREATE OR REPLACE TRIGGER vip_level_changes_no_truncate BEFORE TRUNCATE ON vip_level_changes
  FOR EACH STATEMENT EXECUTE FUNCTION vip_level_changes_append_only();

-- A point entry is permanent (decision 0044): the balance is their sum, and the key is what makes a repeat write
-- nothing. Inserts are not touched.
CREATE OR REPLACE FUNCTION point_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_entries is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER point_entries_no_change BEFORE UPDATE OR DELETE ON point_entries
  FOR EACH ROW EXECUTE FUNCTION point_entries_append_only();

-- A feed row is a fact every consumer reads at its own pace: never changed, never removed.
CREATE OR REPLACE FUNCTION settlement_feed_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement_feed is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER settlement_feed_no_change BEFORE UPDATE OR DELETE ON settlement_feed
  FOR EACH ROW EXECUTE FUNCTION settlement_feed_append_only();

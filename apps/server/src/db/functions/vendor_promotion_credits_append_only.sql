-- Each promotion or tournament credit paid is recorded once and never changed (decision 0027).
CREATE OR REPLACE FUNCTION vendor_promotion_credits_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vendor_promotion_credits is append-only';
END;
$$;
CREATE OR REPLACE TRIGGER vendor_promotion_credits_no_change BEFORE UPDATE OR DELETE ON vendor_promotion_credits
  FOR EACH ROW EXECUTE FUNCTION vendor_promotion_credits_append_only();

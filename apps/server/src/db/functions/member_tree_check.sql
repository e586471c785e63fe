-- Keeps member_tree (migration 0085, decision 0059) equal to the walk of members.upline_id, whichever writer inserts a
-- member or changes its upline. Refusals are SQLSTATE PA001 with the contract's code as the message, which
-- agents/downline.repository.ts turns into an AppError: AGENT_UPLINE_OTHER_BRAND (the upline is of another brand)
-- and AGENT_UPLINE_CYCLE (the new upline is the member itself or in its own downline).
--
-- Tree changes of one brand take its advisory lock: a move exclusively, an insert under an upline shared. So two
-- moves never each pass the cycle check against a tree the other is changing, and a new member never copies the
-- ancestors of an upline that is being moved; registrations still run side by side.
CREATE OR REPLACE FUNCTION member_tree_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.upline_id IS NOT DISTINCT FROM NEW.upline_id THEN
      RETURN NEW;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('member-tree:' || NEW.merchant_id));
  ELSIF NEW.upline_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('member-tree:' || NEW.merchant_id));
  END IF;
  IF NEW.upline_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM members WHERE id = NEW.upline_id AND merchant_id = NEW.merchant_id) THEN
    -- An upline that does not exist at all is left to the foreign key.
    IF EXISTS (SELECT 1 FROM members WHERE id = NEW.upline_id) THEN
      RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'AGENT_UPLINE_OTHER_BRAND';
    END IF;
    RETURN NEW;
  END IF;
  -- The member's own row (depth 0) is in its subtree too, so an upline of itself is a cycle as well.
  IF NEW.upline_id = NEW.id
     OR (TG_OP = 'UPDATE' AND EXISTS (
       SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id)) THEN
    RAISE EXCEPTION USING ERRCODE = 'PA001', MESSAGE = 'AGENT_UPLINE_CYCLE';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER members_tree_check BEFORE INSERT OR UPDATE OF upline_id ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_check();

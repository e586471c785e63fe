-- Writes member_tree (migration 0085, decision 0059) after a member's insert or a change of its upline: the checks are
-- member_tree_check's, run before.
CREATE OR REPLACE FUNCTION member_tree_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT NEW.id, NEW.id, 0
    UNION ALL
    SELECT ancestor_id, NEW.id, depth + 1 FROM member_tree WHERE descendant_id = NEW.upline_id;
    RETURN NULL;
  END IF;
  -- A move: the member's whole subtree leaves the ancestors above the member, then hangs under the new upline's.
  DELETE FROM member_tree
   WHERE descendant_id IN (SELECT descendant_id FROM member_tree WHERE ancestor_id = NEW.id)
     AND ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
      FROM member_tree above CROSS JOIN member_tree below
     WHERE above.descendant_id = NEW.upline_id AND below.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_apply();
CREATE OR REPLACE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_apply();

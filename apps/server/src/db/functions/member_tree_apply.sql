-- Writes member_tree (migration 0085, decision 0059) after a member's insert or a change of its upline: the checks are
-- member_tree_check's, run before. Keeps the uplines' registrations per day with it (agent_team_sign_ups, migration
-- 0099, decision 0069), each upline's row taken in agent order so that two registrations never wait on each other
-- in a circle; a registration time changed (a repair, a test's back-dating) moves the member from one day to the other.
CREATE OR REPLACE FUNCTION member_tree_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_NAME = 'members_sign_up_day' THEN
    UPDATE agent_team_sign_ups s SET members = s.members - 1
      FROM member_tree t, merchants b
     WHERE t.descendant_id = NEW.id AND t.depth > 0 AND b.id = NEW.merchant_id
       AND s.agent_id = t.ancestor_id AND s.day = (OLD.created_at AT TIME ZONE b.time_zone)::date;
    INSERT INTO agent_team_sign_ups (agent_id, day, members)
    SELECT t.ancestor_id, (NEW.created_at AT TIME ZONE b.time_zone)::date, 1
      FROM member_tree t JOIN merchants b ON b.id = NEW.merchant_id
     WHERE t.descendant_id = NEW.id AND t.depth > 0
     ORDER BY t.ancestor_id
    ON CONFLICT (agent_id, day) DO UPDATE SET members = agent_team_sign_ups.members + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT NEW.id, NEW.id, 0
    UNION ALL
    SELECT ancestor_id, NEW.id, depth + 1 FROM member_tree WHERE descendant_id = NEW.upline_id;
    INSERT INTO agent_team_sign_ups (agent_id, day, members)
    SELECT t.ancestor_id, (NEW.created_at AT TIME ZONE b.time_zone)::date, 1
      FROM member_tree t JOIN merchants b ON b.id = NEW.merchant_id
     WHERE t.descendant_id = NEW.id AND t.depth > 0
     ORDER BY t.ancestor_id
    ON CONFLICT (agent_id, day) DO UPDATE SET members = agent_team_sign_ups.members + 1;
    RETURN NULL;
  END IF;
  -- A move: the member's whole subtree leaves the ancestors above the member (and their registrations with it), then
  -- hangs under the new upline's. Those above both lose and gain the same.
  UPDATE agent_team_sign_ups s SET members = s.members - moved.members
    FROM (SELECT above.ancestor_id, (m.created_at AT TIME ZONE b.time_zone)::date AS day, count(*) AS members
            FROM member_tree above
            JOIN member_tree below ON below.ancestor_id = NEW.id
            JOIN members m ON m.id = below.descendant_id
            JOIN merchants b ON b.id = m.merchant_id
           WHERE above.descendant_id = NEW.id AND above.ancestor_id <> NEW.id
           GROUP BY 1, 2) moved
   WHERE s.agent_id = moved.ancestor_id AND s.day = moved.day;
  DELETE FROM member_tree
   WHERE descendant_id IN (SELECT descendant_id FROM member_tree WHERE ancestor_id = NEW.id)
     AND ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    SELECT above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
      FROM member_tree above CROSS JOIN member_tree below
     WHERE above.descendant_id = NEW.upline_id AND below.ancestor_id = NEW.id;
    INSERT INTO agent_team_sign_ups (agent_id, day, members)
    SELECT above.ancestor_id, (m.created_at AT TIME ZONE b.time_zone)::date, count(*)
      FROM member_tree above
      JOIN member_tree below ON below.ancestor_id = NEW.id
      JOIN members m ON m.id = below.descendant_id
      JOIN merchants b ON b.id = m.merchant_id
     WHERE above.descendant_id = NEW.upline_id
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (agent_id, day) DO UPDATE SET members = agent_team_sign_ups.members + excluded.members;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER members_tree_insert AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_apply();
CREATE OR REPLACE TRIGGER members_tree_move AFTER UPDATE OF upline_id ON members
  FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION member_tree_apply();
-- Before members_tree_move (triggers fire by name) when one update changes both: the member's day moves under its
-- uplines of before the move, and the move then carries it at its new day.
CREATE OR REPLACE TRIGGER members_sign_up_day AFTER UPDATE OF created_at ON members
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION member_tree_apply();

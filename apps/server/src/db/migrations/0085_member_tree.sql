-- The downline tree (decision 0059): a closure table of members.upline_id, one row for every pair (ancestor,
-- descendant) with the number of steps between them, and a row (m, m, 0) for every member. "Everyone under this
-- agent at any depth" is then one range of the primary key (ancestor_id = agent, depth > 0), and a member's
-- uplines are one range of the descendant index. The database keeps it: functions/member_tree_check.sql and member_tree_apply.sql, triggers on
-- members' insert and on every change of upline_id, whichever writer makes it (registration, seeds, the back office).
CREATE TABLE member_tree (
  ancestor_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  descendant_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  depth integer NOT NULL CHECK (depth >= 0),
  PRIMARY KEY (ancestor_id, descendant_id),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
-- A member's uplines (for a move: which rows link its subtree to the ancestors it leaves), and its level.
CREATE INDEX member_tree_descendant_idx ON member_tree (descendant_id, depth);
-- A node's direct children in the tree view: members (upline_id), already indexed by members_upline_idx.

-- The members there are, walked up their upline_id. A cycle in old data (none is expected: nothing wrote one)
-- would repeat a pair and fail this migration on the primary key rather than loop: the walk stops at depth 1000.
INSERT INTO member_tree (ancestor_id, descendant_id, depth)
WITH RECURSIVE walk (ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT m.upline_id, walk.descendant_id, walk.depth + 1
    FROM walk JOIN members m ON m.id = walk.ancestor_id
   WHERE m.upline_id IS NOT NULL AND walk.depth < 1000
)
SELECT ancestor_id, descendant_id, depth FROM walk;

-- A domain the brand marks as its agent site: only agents (types 1, 2, 41, 42) sign in there (decision 0059).
ALTER TABLE merchant_domains ADD COLUMN is_agent_site boolean NOT NULL DEFAULT false;

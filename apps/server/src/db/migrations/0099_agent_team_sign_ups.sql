-- An agent's team registrations per brand day and its active members per month (decision 0069, amended): what the
-- agent centre's overview reads for the team's size, its new members per day and its active members per month,
-- instead of counting every member under the agent. `npm run bench:agents` measured them at 42, 33 and 13 to 40 ms for
-- the top agent of 100,000 members, most of the overview's time once its figures were kept per agent (migration 0098).
--
-- member_tree_apply (db/functions/member_tree_apply.sql) keeps it in the statement that writes the tree: a member's
-- insert adds one to each of its uplines' day of registration, a move takes the moved subtree's registrations from
-- the uplines it left and adds them to those it joined.
CREATE TABLE agent_team_sign_ups (
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- The member's registration day in its brand's time zone.
  day date NOT NULL,
  members integer NOT NULL,
  PRIMARY KEY (agent_id, day)
);

INSERT INTO agent_team_sign_ups (agent_id, day, members)
SELECT t.ancestor_id, (m.created_at AT TIME ZONE b.time_zone)::date, count(*)
FROM member_tree t
JOIN members m ON m.id = t.descendant_id
JOIN merchants b ON b.id = m.merchant_id
WHERE t.depth > 0
GROUP BY 1, 2;

-- The brand's agents, few among its members: a team's agents are counted from them, not from the whole team.
CREATE INDEX members_agents_idx ON members (merchant_id) WHERE agent_type IN (1, 2, 41, 42);

-- The count of an agent's month in agent_team_month_members, kept with it by the feed's member-figures consumer (the
-- rows its insert added) and by a move's rebuild.
CREATE TABLE agent_team_months (
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  month date NOT NULL,
  active_members integer NOT NULL,
  PRIMARY KEY (agent_id, month)
);

INSERT INTO agent_team_months (agent_id, month, active_members)
SELECT agent_id, month, count(*) FROM agent_team_month_members GROUP BY 1, 2;

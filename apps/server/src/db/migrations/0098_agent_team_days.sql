-- An agent's whole team summed per brand day, and its team's members active in each month (decision 0069): what the
-- agent centre's overview reads instead of every team member's days. `npm run bench:agents` measured the overview of
-- the top agent (100,000 members under 5 levels) at 9.4 to 14.9 s, most of it summing member_figure_days over the
-- whole team (5.5 s) and counting its distinct active members (3.2 s).
--
-- The feed's member-figures consumer keeps both in the statement that adds a batch to the members' days (decision
-- 0061); a move in the tree (decision 0059) rebuilds the rows of the agents that lost or gained the moved subtree.

-- The team (member_tree depth > 0) of an agent summed over a brand day; `active_members`: the team's members with a
-- settled round that day.
CREATE TABLE agent_team_days (
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day date NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  rounds integer NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  deposits integer NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdrawals integer NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  active_members integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day)
);

-- The team's members with a settled round in a month (its first day): count(*) of an agent's month is the month's
-- distinct active members, an index-only scan of the key.
CREATE TABLE agent_team_month_members (
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  month date NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  PRIMARY KEY (agent_id, month, member_id)
);
-- A member's rows (its deletion's cascade).
CREATE INDEX agent_team_month_members_member_idx ON agent_team_month_members (member_id);

-- The figures kept so far.
INSERT INTO agent_team_days (agent_id, day, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor, deposits,
                             deposit_minor, withdrawals, withdrawal_minor, active_members)
SELECT t.ancestor_id, d.day, min(d.merchant_id), sum(d.rounds), sum(d.stake_minor), sum(d.valid_bet_minor),
       sum(d.payout_minor), sum(d.deposits), sum(d.deposit_minor), sum(d.withdrawals), sum(d.withdrawal_minor),
       count(DISTINCT d.member_id) FILTER (WHERE d.rounds > 0)
FROM member_tree t
JOIN member_figure_days d ON d.member_id = t.descendant_id
WHERE t.depth > 0
GROUP BY t.ancestor_id, d.day;

INSERT INTO agent_team_month_members (agent_id, month, member_id)
SELECT DISTINCT t.ancestor_id, date_trunc('month', d.day::timestamp)::date, d.member_id
FROM member_tree t
JOIN member_figure_days d ON d.member_id = t.descendant_id
WHERE t.depth > 0 AND d.rounds > 0;

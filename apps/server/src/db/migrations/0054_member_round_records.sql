-- The member centre's betting records and profit and loss (issue 33).
--
-- A member's records are read newest started first within a period of the brand's days, by keyset
-- (started_at, id): this index reads any page of any period of a member with a million rounds as fast as the
-- first. It replaces game_rounds_member_idx (member_id, id DESC), whose leading member_id it also serves (the
-- open stakes of a member), so a round written on the wallet's hot path still updates one member index.
CREATE INDEX game_rounds_member_started_idx ON game_rounds (member_id, started_at DESC, id DESC);
DROP INDEX game_rounds_member_idx;

-- The profit and loss sums a member's settled rounds by the day they settled on: the rows of a period come in
-- order from this index, with every figure it adds, so the table itself is not read.
CREATE INDEX game_rounds_member_settled_idx ON game_rounds (member_id, settled_at)
  INCLUDE (game_id, stake_minor, valid_bet_minor, win_minor) WHERE status = 'settled';

-- Members' figures by day and by hour (decision 0061): the feed's `member-figures` consumer adds each batch of settled
-- rounds, deposits and withdrawals to the member's row of the brand's day (its time zone) and of the hour (UTC hours
-- are the brand's hours in every whole-hour zone), so a team's figures over any period are a sum over its members'
-- rows (the agent centre's overview, its reports and its contracts' settlement), never a scan of the rounds.
-- A day's rounds are kept by the game's type (LIVE, RNG, ...: profit and loss by category); its deposits and
-- withdrawals in the row of type '' (no game). Free-play guests have none.
CREATE TABLE member_figure_days (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day date NOT NULL,
  game_type text NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  rounds integer NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  deposits integer NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  withdrawals integer NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day, game_type)
);
-- A brand's days (its reports of members' activity, and the active members of a period).
CREATE INDEX member_figure_days_merchant_day_idx ON member_figure_days (merchant_id, day);

CREATE TABLE member_figure_hours (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  rounds integer NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, hour)
);

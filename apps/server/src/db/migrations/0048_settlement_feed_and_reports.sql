-- The settlement feed and the back office's report aggregates (decision 0034).
--
-- settlement_feed: one row for each round that settles (written by the trigger on game_rounds, in the
-- settling transaction: db/functions/settlement_feed.sql), and later for each deposit and withdrawal. Its
-- order is (xid, id): the writing transaction's id, then a sequence. A consumer reads only rows whose xid is
-- below its snapshot's xmin, so every transaction that could still add a row before its position has ended,
-- and a row that commits after a higher one is never skipped. No keys to other tables (decision 0012): the
-- settling transaction writes ids it has just read.
CREATE TABLE settlement_feed (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  id bigserial NOT NULL,
  kind text NOT NULL,
  merchant_id bigint NOT NULL,
  member_id bigint NOT NULL,
  currency text NOT NULL,
  vendor_id bigint,
  game_id bigint,
  -- game_rounds.id of a settled round.
  round_ref bigint,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  -- A deposit's or withdrawal's amount; 0 for a round.
  amount_minor bigint NOT NULL DEFAULT 0,
  -- When it settled (the round's settled_at), which decides its day and hour in the brand's time zone.
  at timestamptz NOT NULL,
  PRIMARY KEY (xid, id),
  CONSTRAINT settlement_feed_kind_check CHECK (kind IN ('round', 'deposit', 'withdrawal'))
);

-- Each consumer's checkpoint: the last (xid, id) it applied, moved in the transaction that applies the rows
-- after it. A consumer run claims its row with FOR UPDATE SKIP LOCKED: one instance at a time applies.
CREATE TABLE settlement_feed_consumers (
  name text PRIMARY KEY,
  last_xid xid8 NOT NULL DEFAULT '0',
  last_id bigint NOT NULL DEFAULT 0,
  applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The figures of settled rounds by brand, day (the brand's time zone) or hour, vendor and game. game_type is
-- the game's category, which never changes for a game. GGR is turnover - payout; valid bets are the stakes
-- of settled rounds (a cancelled round has none).
CREATE TABLE report_game_days (
  merchant_id bigint NOT NULL,
  day date NOT NULL,
  vendor_id bigint NOT NULL,
  game_id bigint NOT NULL,
  game_type text NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, day, vendor_id, game_id)
);

-- hour: the start of the hour in the brand's time zone (date_trunc('hour', at, time_zone)).
CREATE TABLE report_game_hours (
  merchant_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  vendor_id bigint NOT NULL,
  game_id bigint NOT NULL,
  game_type text NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, hour, vendor_id, game_id)
);

-- A brand's day: the rounds' figures, and sign-ups (counted again from members), deposits and withdrawals.
CREATE TABLE report_brand_days (
  merchant_id bigint NOT NULL,
  day date NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  signups bigint NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, day)
);

CREATE TABLE report_brand_hours (
  merchant_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  withdrawal_minor bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, hour)
);

-- Active players, exactly: the days each member played (a settled round with a stake) in each scope: '*'
-- the brand, 'v:<vendor id>', 'c:<category>', 'g:<game id>'. prev_day is the member's day before in the
-- same scope (null for the first).
CREATE TABLE report_player_days (
  merchant_id bigint NOT NULL,
  scope text NOT NULL,
  member_id bigint NOT NULL,
  day date NOT NULL,
  prev_day date,
  PRIMARY KEY (merchant_id, scope, member_id, day)
);

-- How many players of a scope played on a day, by the gap since each one's day before (day - prev_day; 0 for
-- a first day). A day's players are the sum over its gaps; the distinct players of days [a, b] are the
-- players of those days whose gap is 0 or longer than day - a: each member counts once, on its first day in
-- the period. So any period's distinct players read a few rows a day, never the member set.
CREATE TABLE report_player_gaps (
  merchant_id bigint NOT NULL,
  scope text NOT NULL,
  day date NOT NULL,
  gap integer NOT NULL,
  players bigint NOT NULL,
  PRIMARY KEY (merchant_id, scope, day, gap)
);

-- Sign-ups of a brand's days are counted from members by the time they registered.
CREATE INDEX members_merchant_created_idx ON members (merchant_id, created_at);

-- The lottery vendor (docs/decisions/0070-lottery-vendor.md): a second vendor in the house games' process, its
-- tables in the house schema prefixed lottery_. Money is integer minor units; times are the vendor's clock.

-- A brand's settings of a game; brand '*' is every brand's default. Without a row, the code's defaults apply
-- (lottery-games.ts). odds: {"<prize mode>": {"<bet type>": hundredths}}, a mode left out takes the rules'
-- defaultOdds. close_seconds: the brand's players stop betting that long before the draw (never later than the
-- draw's own closes_at). max_liability_minor: the most the brand's slips may win on one exposure key of one draw.
CREATE TABLE house.lottery_settings (
  brand text NOT NULL,
  game_code text NOT NULL,
  odds jsonb NOT NULL DEFAULT '{}'::jsonb,
  close_seconds integer NOT NULL,
  max_liability_minor bigint NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand, game_code),
  CONSTRAINT lottery_settings_amounts_check CHECK (close_seconds >= 0 AND max_liability_minor > 0)
);

-- One draw of a game, global to every brand. The seed is made when the draw is scheduled and kept secret until
-- the draw (status drawn): its SHA-256, seed_hash, is public from the start. result: the family's result
-- ({"digits": [...]} or {"numbers": [...]}), written once.
CREATE TABLE house.lottery_draws (
  id bigserial PRIMARY KEY,
  game_code text NOT NULL,
  draw_no text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draws_at timestamptz NOT NULL,
  seed_hash text NOT NULL,
  seed text NOT NULL,
  result jsonb,
  status text NOT NULL DEFAULT 'scheduled',
  drawn_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lottery_draws_status_check CHECK (status IN ('scheduled', 'open', 'closed', 'drawn', 'settled', 'void')),
  CONSTRAINT lottery_draws_times_check CHECK (opens_at <= closes_at AND closes_at <= draws_at),
  CONSTRAINT lottery_draws_result_check CHECK ((result IS NULL) = (status IN ('scheduled', 'open', 'closed', 'void')))
);
CREATE UNIQUE INDEX lottery_draws_game_no_key ON house.lottery_draws (game_code, draw_no);
CREATE INDEX lottery_draws_game_time_idx ON house.lottery_draws (game_code, draws_at DESC);
CREATE INDEX lottery_draws_unfinished_idx ON house.lottery_draws (draws_at) WHERE status NOT IN ('settled', 'void');

-- A player's slip: one or more bets on one draw, one debit (transactionId: slip_id) and one credit
-- (transactionId: 'lottery-slip:' || slip_id). bets: [{betType, selection, stakeMinor, odds}], the odds as they
-- were when it was placed. status: debiting (written, liability held, the debit in flight), placed (stake
-- taken), payout_due (settled on the result, the payout owed to the platform, 0 for a loss), settled (credit
-- acknowledged), cancelling (the debit had no answer: rollback owed), cancelled (refused or rolled back;
-- liability released).
CREATE TABLE house.lottery_slips (
  id bigserial PRIMARY KEY,
  slip_id text NOT NULL,
  draw_id bigint NOT NULL REFERENCES house.lottery_draws (id) ON DELETE RESTRICT,
  game_code text NOT NULL,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE RESTRICT,
  player_id text NOT NULL,
  platform_token text NOT NULL,
  brand text NOT NULL,
  currency text NOT NULL,
  prize_mode text NOT NULL,
  bets jsonb NOT NULL,
  stake_minor bigint NOT NULL,
  payout_minor bigint,
  status text NOT NULL,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT lottery_slips_status_check CHECK (
    status IN ('debiting', 'placed', 'payout_due', 'settled', 'cancelling', 'cancelled')
  ),
  CONSTRAINT lottery_slips_amounts_check CHECK (stake_minor > 0 AND (payout_minor IS NULL OR payout_minor >= 0))
);
CREATE UNIQUE INDEX lottery_slips_slip_id_key ON house.lottery_slips (slip_id);
CREATE INDEX lottery_slips_draw_idx ON house.lottery_slips (draw_id, status, id);
CREATE INDEX lottery_slips_player_idx ON house.lottery_slips (player_ref, id DESC);
CREATE INDEX lottery_slips_unfinished_idx ON house.lottery_slips (status, updated_at)
  WHERE status IN ('debiting', 'cancelling');

-- What a draw's slips could pay, per brand, currency and exposure key (LotteryExposure.key), written in the
-- transaction that writes the slip and released when a slip is cancelled; never above the brand's
-- max_liability_minor.
CREATE TABLE house.lottery_exposure (
  draw_id bigint NOT NULL REFERENCES house.lottery_draws (id) ON DELETE CASCADE,
  brand text NOT NULL,
  currency text NOT NULL,
  exposure_key text NOT NULL,
  payout_minor bigint NOT NULL,
  PRIMARY KEY (draw_id, brand, currency, exposure_key),
  CONSTRAINT lottery_exposure_amount_check CHECK (payout_minor >= 0)
);

-- The lottery's game client sessions, opened from the platform's launch of the lottery vendor (its own
-- vendor code and wallet secret); only the hash of our token is kept.
CREATE TABLE house.lottery_sessions (
  token_hash text PRIMARY KEY,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE CASCADE,
  platform_token text NOT NULL,
  brand text NOT NULL,
  game_code text NOT NULL,
  prize_mode text NOT NULL,
  language text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- The draw loop's lease, as house.crash_leader is the crash loop's: one instance schedules, draws and settles.
CREATE TABLE house.lottery_leader (
  id integer PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT lottery_leader_single_row CHECK (id = 1)
);

-- VIP ranks (docs/decisions/0046-vip-ranks.md): the levels a brand defines with their benefits, its rolling period
-- and downgrade grace, each member's daily figures kept by the settlement feed's `vip` consumer (decision 0034),
-- every level change, and every bonus paid (upgrade, birthday, monthly), each once by its key. members.rank_level
-- stays the member's level, changed in the same transaction as its vip_level_changes row.

CREATE TABLE vip_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  period_days integer NOT NULL DEFAULT 30 CHECK (period_days BETWEEN 1 AND 365),
  downgrade_grace_days integer NOT NULL DEFAULT 30 CHECK (downgrade_grace_days BETWEEN 0 AND 365),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vip_levels (
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  rank_level integer NOT NULL CHECK (rank_level BETWEEN 0 AND 50),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  reach_valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (reach_valid_bet_minor >= 0),
  reach_deposit_minor bigint NOT NULL DEFAULT 0 CHECK (reach_deposit_minor >= 0),
  keep_valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (keep_valid_bet_minor >= 0),
  keep_deposit_minor bigint NOT NULL DEFAULT 0 CHECK (keep_deposit_minor >= 0),
  -- Rebate of the valid bet by game type, in basis points: stored for the rewards (issue 36), not paid here.
  rebate_bp jsonb NOT NULL DEFAULT '{}'::jsonb,
  withdrawal_daily_count integer CHECK (withdrawal_daily_count > 0),
  withdrawal_daily_max_minor bigint CHECK (withdrawal_daily_max_minor > 0),
  withdrawal_single_max_minor bigint CHECK (withdrawal_single_max_minor > 0),
  upgrade_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus_minor >= 0),
  birthday_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus_minor >= 0),
  monthly_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (monthly_bonus_minor >= 0),
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, rank_level),
  CHECK (keep_valid_bet_minor <= reach_valid_bet_minor AND keep_deposit_minor <= reach_deposit_minor)
);

-- A member's valid bets (settled rounds) and credited deposits by the brand's day, added to by the `vip` consumer
-- in the feed batch's transaction; a level is reached or kept by their sum over the brand's rolling period.
CREATE TABLE vip_member_days (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day date NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  deposit_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);

-- Every level change, append-only (db/functions/vip_level_changes_append_only.sql): what the member's "my changes" and the back office's list show.
CREATE TABLE vip_level_changes (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('upgrade', 'downgrade')),
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  -- The levels' names when the change was made: a later rename does not rewrite history.
  from_name text NOT NULL,
  to_name text NOT NULL,
  valid_bet_minor bigint NOT NULL,
  deposit_minor bigint NOT NULL,
  bonus_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'upgrade') = (to_level > from_level) AND to_level <> from_level)
);
CREATE INDEX vip_level_changes_member_idx ON vip_level_changes (member_id, id DESC);
CREATE INDEX vip_level_changes_merchant_idx ON vip_level_changes (merchant_id, id DESC);


-- Every VIP bonus paid, one row per key: an upgrade bonus once per member and level ever
-- ('vip-upgrade:<member>:<level>'), a birthday bonus once a year ('vip-birthday:<member>:<year>') and a monthly
-- bonus once a month ('vip-monthly:<member>:<yyyy-mm>'). The wallet movement (kind vip_bonus) carries the same key.
CREATE TABLE vip_bonuses (
  idempotency_key text PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('upgrade', 'birthday', 'monthly')),
  rank_level integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  change_id bigint REFERENCES vip_level_changes (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_bonuses_member_idx ON vip_bonuses (member_id, created_at DESC);

-- Members by level in the back office, highest first.
CREATE INDEX members_merchant_rank_idx ON members (merchant_id, rank_level DESC, id DESC);

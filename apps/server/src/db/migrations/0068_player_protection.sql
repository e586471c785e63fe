-- Player protection (docs/decisions/0042-player-protection.md): a member's limits, the raises and removals
-- waiting their 24 hours, time-outs and self-exclusions, and the history of every change. The running totals of
-- play the seamless wallet's debit checks live in the member's row, kept by the trigger on game_rounds
-- (db/functions/protection_play_totals.sql): one indexed update per stake, and none for a member without a row.

CREATE TABLE member_protection (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  -- The brand's time zone when the row was made: where the totals' day, ISO week and month start.
  time_zone text NOT NULL,
  deposit_daily_minor bigint, deposit_weekly_minor bigint, deposit_monthly_minor bigint,
  loss_daily_minor bigint, loss_weekly_minor bigint, loss_monthly_minor bigint,
  wager_daily_minor bigint, wager_weekly_minor bigint, wager_monthly_minor bigint,
  session_minutes integer,
  reality_check_minutes integer,
  -- Stakes and net loss (stakes less wins) in the period that starts on each key (the brand's local date).
  day_key date, day_wagered_minor bigint NOT NULL DEFAULT 0, day_loss_minor bigint NOT NULL DEFAULT 0,
  week_key date, week_wagered_minor bigint NOT NULL DEFAULT 0, week_loss_minor bigint NOT NULL DEFAULT 0,
  month_key date, month_wagered_minor bigint NOT NULL DEFAULT 0, month_loss_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A raise or removal waiting its 24 hours; a lowering deletes it. `value` null: the limit goes.
CREATE TABLE member_protection_pending (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  limit_key text NOT NULL,
  value bigint,
  requested_at timestamptz NOT NULL,
  effective_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, limit_key)
);
CREATE INDEX member_protection_pending_due_idx ON member_protection_pending (effective_at);

-- Time-outs and self-exclusions, append-only: one is never shortened or lifted, only another added.
CREATE TABLE member_protection_blocks (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('timeOut', 'selfExclusion')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX member_protection_blocks_member_idx ON member_protection_blocks (member_id, ends_at DESC);

-- Every change of a member's protection, the member's own included, append-only.
CREATE TABLE member_protection_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  at timestamptz NOT NULL,
  limit_key text NOT NULL,
  action text NOT NULL,
  before_value bigint,
  after_value bigint,
  effective_at timestamptz NOT NULL,
  actor text NOT NULL
);
CREATE INDEX member_protection_history_member_idx ON member_protection_history (member_id, id DESC);

-- Why a session ended, when protection ended it: the next call's NOT_LOGGED_IN says so.
ALTER TABLE member_sessions ADD COLUMN end_reason text;

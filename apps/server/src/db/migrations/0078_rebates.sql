-- Cashback (docs/decisions/0051-cashback.md): each brand's period (weekly from Monday, or daily, in its time zone) and
-- auto-pay; what each member's settled rounds accrued per period and game type (written by the settlement feed's
-- `rebates` consumer in the batch's transaction, decision 0034); and each period's rebate paid, once by its key
-- (rebate:<memberId>:<periodStart>, the wallet movement's key too).
CREATE TABLE rebate_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  period text NOT NULL DEFAULT 'weekly' CHECK (period IN ('weekly', 'daily')),
  auto_pay boolean NOT NULL DEFAULT false,
  -- A change of period waits for the next Monday, where a week and a day both end: no round is in two periods.
  pending_period text CHECK (pending_period IN ('weekly', 'daily')),
  pending_from date,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CHECK ((pending_period IS NULL) = (pending_from IS NULL))
);

-- One row a member, period and game type; period_end is the period's last day (included).
CREATE TABLE rebate_accruals (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  game_type text NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  period_end date NOT NULL,
  valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor >= 0),
  rebate_minor bigint NOT NULL CHECK (rebate_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, period_start, game_type),
  CHECK (period_end >= period_start)
);
-- The auto-pay job's due periods of a brand.
CREATE INDEX rebate_accruals_due_idx ON rebate_accruals (merchant_id, period_end);

-- No keys to members: the record of money paid outlives them.
CREATE TABLE rebate_payouts (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL,
  member_id bigint NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor >= 0),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  way text NOT NULL CHECK (way IN ('claim', 'auto')),
  -- The member's requestId of a claim: a repeat answers the same payouts.
  request_id text,
  idempotency_key text NOT NULL UNIQUE,
  paid_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, period_start)
);
CREATE INDEX rebate_payouts_member_idx ON rebate_payouts (member_id, id);
CREATE INDEX rebate_payouts_merchant_idx ON rebate_payouts (merchant_id, id);
CREATE INDEX rebate_payouts_request_idx ON rebate_payouts (member_id, request_id) WHERE request_id IS NOT NULL;

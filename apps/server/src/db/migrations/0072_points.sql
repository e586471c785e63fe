-- Points (decision 0044): a ledger apart from money, in hundredths of a point. One account a member (the balance,
-- never below 0), its entries append-only (db/functions/point_entries_append_only.sql), each keyed once; the
-- balance is the sum of the member's entries. A brand's configuration: rates by category, period, conversion.
CREATE TABLE point_configs (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  -- {"LIVE": 7000, ...}: basis points of a point per major unit of valid bet; null or absent earns nothing.
  rates jsonb NOT NULL,
  deposit_rate_bp integer CHECK (deposit_rate_bp >= 0),
  period text NOT NULL DEFAULT 'monthly' CHECK (period IN ('daily', 'weekly', 'twiceMonthly', 'monthly')),
  conversion_minor_per_point bigint NOT NULL DEFAULT 0 CHECK (conversion_minor_per_point >= 0),
  conversion_min_points_minor bigint NOT NULL DEFAULT 0 CHECK (conversion_min_points_minor >= 0),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

CREATE TABLE point_accounts (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  balance_points_minor bigint NOT NULL DEFAULT 0 CHECK (balance_points_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- No keys to members or merchants: the ledger outlives them, and the accrual writes many rows a batch.
CREATE TABLE point_entries (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL,
  member_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('live', 'slots', 'fish', 'sports', 'pvp', 'lottery', 'esports', 'deposit',
    'redeem', 'redeemRefund', 'convert', 'adjustment')),
  points_minor bigint NOT NULL CHECK (points_minor <> 0),
  balance_after_points_minor bigint NOT NULL CHECK (balance_after_points_minor >= 0),
  idempotency_key text NOT NULL UNIQUE,
  ref text,
  reason text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A member's entries newest first (the account record, the back office's ledger), and by period.
CREATE INDEX point_entries_member_idx ON point_entries (member_id, id);
CREATE INDEX point_entries_member_time_idx ON point_entries (member_id, created_at);

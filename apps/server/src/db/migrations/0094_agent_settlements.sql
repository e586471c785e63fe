-- Contract settlement (docs/decisions/0068-contract-settlement-runs.md).

-- Members' figures by 5-minute slot: the real-time salary's periods (decision 0061's days and hours, finer). The feed's
-- `member-figures` consumer writes them with the days and hours, in the same statement.
CREATE TABLE member_figure_slots (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  slot timestamptz NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  rounds integer NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, slot)
);

-- One period of one kind settled for a brand: written once, with every line, in one transaction. Its key is what makes
-- a second run (or a second instance) settle nothing again.
CREATE TABLE agent_settlement_runs (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  rhythm text NOT NULL CHECK (rhythm IN ('5m', '1h', 'D', 'W', 'H', 'M')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  settled_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_end > period_start),
  UNIQUE (merchant_id, kind, rhythm, period_start)
);
CREATE INDEX agent_settlement_runs_brand_idx ON agent_settlement_runs (merchant_id, id DESC);

-- A contract's line for a period: the figures read, the tier met, the amount; then its payment, a wallet movement from
-- the payer (the contract's upline; NULL: the brand) keyed by the line, made in the transaction that marks it paid.
-- `due`: not tried yet; `pending`: the payer's wallet was short (tried again at each run); `none`: nothing to pay.
CREATE TABLE agent_settlement_lines (
  id bigserial PRIMARY KEY,
  run_id bigint NOT NULL REFERENCES agent_settlement_runs (id) ON DELETE RESTRICT,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  contract_id bigint NOT NULL REFERENCES agent_contracts (id) ON DELETE RESTRICT,
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  payer_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  -- The agent's level in the tree (0: a top agent): lines are paid top first, so an upline's income comes before
  -- what it owes.
  agent_level integer NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  active_members integer NOT NULL,
  valid_bet_minor bigint NOT NULL,
  profit_loss_minor bigint NOT NULL,
  rate_bp integer NOT NULL,
  base_minor bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  carry_minor bigint NOT NULL CHECK (carry_minor <= 0),
  status text NOT NULL CHECK (status IN ('due', 'paid', 'pending', 'none')),
  movement_id bigint REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  attempts integer NOT NULL DEFAULT 0,
  paid_at timestamptz,
  CHECK ((status = 'paid') = (movement_id IS NOT NULL)),
  CHECK ((status = 'none') = (amount_minor = 0)),
  UNIQUE (contract_id, period_start)
);
CREATE INDEX agent_settlement_lines_run_idx ON agent_settlement_lines (run_id, id);
CREATE INDEX agent_settlement_lines_agent_idx ON agent_settlement_lines (agent_id, period_end DESC, id DESC);
CREATE INDEX agent_settlement_lines_payer_idx ON agent_settlement_lines (payer_id, period_end DESC, id DESC)
  WHERE payer_id IS NOT NULL;
CREATE INDEX agent_settlement_lines_open_idx ON agent_settlement_lines (merchant_id, agent_level, id)
  WHERE status IN ('due', 'pending');
CREATE INDEX agent_settlement_lines_movement_idx ON agent_settlement_lines (movement_id) WHERE payer_id IS NOT NULL;

ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'downline_transfer', 'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'bonus_release', 'rebate', 'mission', 'raffle', 'leaderboard', 'referral',
           'agent_dividend', 'agent_salary')
);

-- The settlement skips the periods where none of the brand's members played (findFirstActivity): the brand's slots and
-- hours by time, as its days already are (member_figure_days_merchant_day_idx).
CREATE INDEX member_figure_slots_merchant_slot_idx ON member_figure_slots (merchant_id, slot);
CREATE INDEX member_figure_hours_merchant_hour_idx ON member_figure_hours (merchant_id, hour);

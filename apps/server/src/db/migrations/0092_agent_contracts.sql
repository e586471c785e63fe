-- Agent contracts (docs/decisions/0066-agent-contracts.md): an upline offers a direct downline agent a dividend or a
-- salary contract of tiers; the downline accepts or rejects it; either side asks to end an active one and the other
-- confirms. A top agent's contract comes from the brand (upline_id NULL, set by an operator). At most one offer and one
-- active contract per downline and kind; an accepted offer replaces the active one. Settlement (a later slice) reads
-- the active contracts; every change is an event (append-only).
CREATE TABLE agent_contracts (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  upline_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  downline_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  salary_type text CHECK (salary_type IN ('profit', 'loss', 'single_bet')),
  period text CHECK (period IN ('D', 'W', 'H', 'M')),
  -- The contract's ContractTierSchema list, rates rising with their requirements.
  tiers jsonb NOT NULL,
  top_rate_bp integer NOT NULL CHECK (top_rate_bp BETWEEN 1 AND 10000),
  status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'cancelled', 'terminated')),
  termination_requested_by text CHECK (termination_requested_by IN ('upline', 'downline')),
  end_reason text CHECK (end_reason IN ('rejected', 'cancelled', 'terminated', 'replaced', 'upline_rate_lowered',
                                        'operator')),
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  ended_at timestamptz,
  CHECK ((kind = 'dividend') = (period IS NOT NULL)),
  CHECK ((kind = 'dividend') = (salary_type IS NULL)),
  CHECK (upline_id IS NULL OR upline_id <> downline_id),
  CHECK ((status IN ('offered', 'active')) = (ended_at IS NULL)),
  CHECK (termination_requested_by IS NULL OR status = 'active')
);
CREATE UNIQUE INDEX agent_contracts_offered_key ON agent_contracts (downline_id, kind) WHERE status = 'offered';
CREATE UNIQUE INDEX agent_contracts_active_key ON agent_contracts (downline_id, kind) WHERE status = 'active';
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, kind) WHERE status IN ('offered', 'active');
CREATE INDEX agent_contracts_downline_idx ON agent_contracts (downline_id, id DESC);
CREATE INDEX agent_contracts_upline_history_idx ON agent_contracts (upline_id, id DESC);
CREATE INDEX agent_contracts_brand_idx ON agent_contracts (merchant_id, id DESC);

-- Each action on a contract: who (member:<id>, operator:<id>, cli:<user>, system), what, when. Never changed.
CREATE TABLE agent_contract_events (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES agent_contracts (id) ON DELETE RESTRICT,
  action text NOT NULL,
  actor text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_contract_events_contract_idx ON agent_contract_events (contract_id, id);
-- Append-only: db/functions/agent_contract_events_append_only.sql.

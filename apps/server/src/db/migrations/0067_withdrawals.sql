-- Withdrawals (decision 0041): a brand's withdrawal settings, members' bank accounts, the requests with their
-- states and confirmation, and the images a member sends as proof that a payout did not arrive. The money moves in
-- the ledger (decision 0038's withdrawal_hold and cashier accounts); these rows say where each request stands.

CREATE TABLE withdrawal_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  payment_password_required boolean NOT NULL DEFAULT true,
  min_minor bigint NOT NULL DEFAULT 10000,
  max_minor bigint NOT NULL DEFAULT 5000000,
  daily_count integer NOT NULL DEFAULT 3,
  confirm_minutes integer NOT NULL DEFAULT 1440,
  -- Valid bets asked for each deposit, in percent of it: 100 wagers each deposit once, 0 asks nothing.
  turnover_percent integer NOT NULL DEFAULT 100,
  max_bank_accounts integer NOT NULL DEFAULT 3,
  -- A request of at least this much is flagged "large amount" in the review queue.
  large_amount_minor bigint NOT NULL DEFAULT 1000000,
  -- The brand's own list of banks ([{code, name}]); null: the fixed list of the brand's currency's country.
  banks jsonb,
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawal_settings_amounts_check CHECK (min_minor > 0 AND max_minor >= min_minor
    AND large_amount_minor > 0),
  CONSTRAINT withdrawal_settings_counts_check CHECK (daily_count BETWEEN 1 AND 100
    AND confirm_minutes BETWEEN 5 AND 43200 AND turnover_percent BETWEEN 0 AND 10000
    AND max_bank_accounts BETWEEN 1 AND 10)
);

CREATE TABLE member_bank_accounts (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  bank_code text NOT NULL,
  bank_name text NOT NULL,
  -- Digits only; members see it masked, finance in full (it pays to it).
  account_number text NOT NULL,
  holder_name text NOT NULL,
  bound_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A removed account stays for the requests that paid to it; it no longer counts or shows.
  removed_at timestamptz,
  CONSTRAINT member_bank_accounts_number_check CHECK (account_number ~ '^[0-9]{6,20}$')
);
CREATE INDEX member_bank_accounts_member_idx ON member_bank_accounts (member_id) WHERE removed_at IS NULL;
CREATE UNIQUE INDEX member_bank_accounts_once ON member_bank_accounts (member_id, bank_code, account_number)
  WHERE removed_at IS NULL;
-- "Several members on one bank account": the same account bound by others on the brand.
CREATE INDEX member_bank_accounts_number_idx ON member_bank_accounts (merchant_id, bank_code, account_number);
CREATE INDEX member_bank_accounts_ip_idx ON member_bank_accounts (merchant_id, bound_ip);

CREATE TABLE withdrawal_requests (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  bank_account_id bigint NOT NULL REFERENCES member_bank_accounts (id) ON DELETE RESTRICT,
  -- The member's own key for the request: a repeat answers the first and holds nothing more.
  request_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL,
  status text NOT NULL DEFAULT 'requested',
  ip text NOT NULL DEFAULT '',
  -- The turnover check's figures when the member asked (decision 0041).
  turnover_required_minor bigint NOT NULL DEFAULT 0,
  turnover_wagered_minor bigint NOT NULL DEFAULT 0,
  payout_method text,
  payout_provider text,
  payout_ref text,
  payout_failure text,
  reject_reason text,
  reviewed_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  paid_at timestamptz,
  -- Paid and not confirmed by then: auto_received (the brand's confirm_minutes after paid_at).
  confirm_due_at timestamptz,
  confirmed_at timestamptz,
  -- Partly received: what the member says did not arrive.
  missing_minor bigint,
  member_note text,
  -- A case (partly_received, not_received): open until finance resolves it with a reason and maybe a refund.
  case_status text,
  case_reason text,
  case_refund_minor bigint,
  case_resolved_by text,
  case_resolved_at timestamptz,
  version integer NOT NULL DEFAULT 0,
  CONSTRAINT withdrawal_requests_status_check CHECK (status IN ('requested', 'approved', 'paying', 'paid',
    'payout_failed', 'rejected', 'confirmed_received', 'partly_received', 'not_received', 'auto_received')),
  CONSTRAINT withdrawal_requests_amount_check CHECK (amount_minor > 0),
  CONSTRAINT withdrawal_requests_missing_check CHECK (missing_minor IS NULL
    OR (missing_minor > 0 AND missing_minor < amount_minor)),
  CONSTRAINT withdrawal_requests_case_check CHECK (case_status IS NULL OR case_status IN ('open', 'resolved')),
  CONSTRAINT withdrawal_requests_refund_check CHECK (case_refund_minor IS NULL
    OR (case_refund_minor >= 0 AND case_refund_minor <= amount_minor))
);
CREATE UNIQUE INDEX withdrawal_requests_request_key ON withdrawal_requests (member_id, request_id);
CREATE INDEX withdrawal_requests_member_idx ON withdrawal_requests (member_id, id DESC);
CREATE INDEX withdrawal_requests_queue_idx ON withdrawal_requests (merchant_id, status, id DESC);
CREATE INDEX withdrawal_requests_case_idx ON withdrawal_requests (merchant_id, case_status, id DESC)
  WHERE case_status IS NOT NULL;
CREATE INDEX withdrawal_requests_due_idx ON withdrawal_requests (confirm_due_at) WHERE status = 'paid';
CREATE INDEX withdrawal_requests_ip_idx ON withdrawal_requests (merchant_id, ip);

CREATE TABLE withdrawal_proofs (
  id bigserial PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawal_requests (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawal_proofs_type_check CHECK (content_type IN ('image/png', 'image/jpeg')),
  CONSTRAINT withdrawal_proofs_size_check CHECK (octet_length(bytes) BETWEEN 1 AND 67108864)
);
CREATE INDEX withdrawal_proofs_withdrawal_idx ON withdrawal_proofs (withdrawal_id);

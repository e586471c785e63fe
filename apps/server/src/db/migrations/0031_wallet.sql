-- Wallet accounts, the append-only double-entry ledger, and the seamless-wallet records of vendors.
CREATE TABLE wallet_accounts (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  owner_type text NOT NULL,
  member_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  currency text NOT NULL,
  -- Kept for members only. The house account (the counter-party of every member movement) has no stored
  -- balance: it is the sum of its entries, so bets never queue on one hot row.
  balance_minor bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wallet_accounts_owner_check CHECK (
    (owner_type = 'member' AND member_id IS NOT NULL AND balance_minor IS NOT NULL AND balance_minor >= 0)
    OR (owner_type = 'house' AND member_id IS NULL AND balance_minor IS NULL)
  )
);
CREATE UNIQUE INDEX wallet_accounts_member_key ON wallet_accounts (member_id, currency) WHERE owner_type = 'member';
CREATE UNIQUE INDEX wallet_accounts_house_key ON wallet_accounts (merchant_id, currency) WHERE owner_type = 'house';

-- One row per movement of money; the idempotency key makes a repeat move nothing.
CREATE TABLE wallet_movements (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  kind text NOT NULL,
  idempotency_key text NOT NULL,
  member_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  currency text NOT NULL,
  amount_minor bigint NOT NULL,
  reason text,
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wallet_movements_kind_check CHECK (
    kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'adjustment')
  )
);
CREATE UNIQUE INDEX wallet_movements_idempotency_key ON wallet_movements (idempotency_key);
CREATE INDEX wallet_movements_member_idx ON wallet_movements (member_id, id DESC);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  movement_id bigint NOT NULL REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  account_id bigint NOT NULL REFERENCES wallet_accounts (id) ON DELETE RESTRICT,
  amount_minor bigint NOT NULL,
  -- The member's balance right after this entry; null for the house account.
  balance_after_minor bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_movement_idx ON ledger_entries (movement_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- Launch sessions: the vendor sends the token with every debit. Trial sessions carry play money here
-- and never touch the ledger.
CREATE TABLE game_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE CASCADE,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  mode text NOT NULL,
  currency text NOT NULL,
  play_balance_minor bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  CONSTRAINT game_sessions_mode_check CHECK (
    (mode = 'real' AND play_balance_minor IS NULL) OR (mode = 'trial' AND play_balance_minor >= 0)
  )
);
CREATE UNIQUE INDEX game_sessions_token_key ON game_sessions (token_hash);
CREATE INDEX game_sessions_member_idx ON game_sessions (member_id, created_at DESC);

-- Every transactionId a vendor ever sent, applied once. A rollback that arrives first is stored with
-- state rolled_back and no movement, which blocks the late debit with that id.
CREATE TABLE vendor_transactions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE RESTRICT,
  transaction_id text NOT NULL,
  kind text NOT NULL,
  state text NOT NULL,
  -- trial: play money of a trial session; no movement, no round, no ledger.
  mode text NOT NULL DEFAULT 'real',
  member_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  session_id bigint REFERENCES game_sessions (id) ON DELETE SET NULL,
  round_id text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint,
  balance_after_minor bigint,
  movement_id bigint REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  rollback_movement_id bigint REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vendor_transactions_kind_check CHECK (kind IN ('debit', 'credit')),
  CONSTRAINT vendor_transactions_state_check CHECK (
    state IN ('debited', 'credited', 'rolled_back', 'blocked')
  )
);
CREATE UNIQUE INDEX vendor_transactions_key ON vendor_transactions (vendor_id, transaction_id);
CREATE INDEX vendor_transactions_round_idx ON vendor_transactions (vendor_id, round_id);

-- The first answer to each requestId, replayed byte for byte on a repeat.
CREATE TABLE vendor_requests (
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE RESTRICT,
  request_id text NOT NULL,
  operation text NOT NULL,
  body_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, request_id)
);

-- Rounds as vendors report them: the betting records members see. Every round ends settled or cancelled.
CREATE TABLE game_rounds (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE RESTRICT,
  round_id text NOT NULL,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  game_id bigint REFERENCES games (id) ON DELETE SET NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  stake_minor bigint NOT NULL DEFAULT 0,
  win_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open',
  detail jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT game_rounds_status_check CHECK (status IN ('open', 'settled', 'cancelled')),
  CONSTRAINT game_rounds_amounts_check CHECK (stake_minor >= 0 AND win_minor >= 0 AND valid_bet_minor >= 0)
);
CREATE UNIQUE INDEX game_rounds_key ON game_rounds (vendor_id, round_id);
CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, id DESC);
CREATE INDEX game_rounds_board_idx ON game_rounds (merchant_id, settled_at DESC) WHERE status = 'settled';

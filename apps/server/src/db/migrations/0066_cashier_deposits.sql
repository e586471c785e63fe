-- The cashier's deposits (decision 0039). Payment providers (their secret sealed with DATA_ENCRYPTION_KEY like the
-- vendors' wallet secrets), each brand's deposit methods, and deposit orders: created → pending → credited | failed |
-- expired. A credited order has exactly one ledger movement, keyed 'deposit:<order id>' (wallet_movements'
-- unique idempotency key), written in the transaction that sets its state.
CREATE TABLE cashier_providers (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_-]{1,40}$'),
  adapter text NOT NULL,
  base_url text NOT NULL,
  merchant_key text NOT NULL,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cashier_methods (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('provider', 'manual_bank')),
  provider_code text,
  min_amount_minor bigint NOT NULL CHECK (min_amount_minor > 0),
  max_amount_minor bigint NOT NULL,
  fee_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (fee_fixed_minor >= 0),
  fee_per_mille integer NOT NULL DEFAULT 0 CHECK (fee_per_mille BETWEEN 0 AND 1000),
  display_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  -- The brand's receiving account, shown to the member with the order's reference (manual bank transfers only).
  bank_name text,
  bank_account_number text,
  bank_holder_name text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cashier_methods_range CHECK (max_amount_minor >= min_amount_minor),
  CONSTRAINT cashier_methods_kind_fields CHECK (
    (kind = 'provider' AND provider_code IS NOT NULL)
    OR (kind = 'manual_bank' AND bank_name IS NOT NULL AND bank_account_number IS NOT NULL
        AND bank_holder_name IS NOT NULL)
  )
);
CREATE INDEX cashier_methods_brand ON cashier_methods (merchant_id, display_order, id);
-- One demo row per brand and name: the seed inserts with ON CONFLICT DO NOTHING.
CREATE UNIQUE INDEX cashier_methods_brand_name ON cashier_methods (merchant_id, name);

CREATE TABLE cashier_deposits (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  member_id bigint NOT NULL REFERENCES members (id),
  method_id bigint NOT NULL REFERENCES cashier_methods (id),
  -- Copied from the method when the order is made: a later edit of the method does not change an open order.
  method_kind text NOT NULL CHECK (method_kind IN ('provider', 'manual_bank')),
  provider_code text,
  currency text NOT NULL,
  -- The brand currency's exponent when the order was made: the messages write the amount in major units.
  currency_exponent smallint NOT NULL DEFAULT 0,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0 AND fee_minor < amount_minor),
  state text NOT NULL CHECK (state IN ('created', 'pending', 'credited', 'failed', 'expired')),
  provider_ref text,
  -- The reference a manual bank transfer carries, by which finance matches it: unique among all orders.
  bank_reference text UNIQUE,
  instructions jsonb,
  failure_reason text,
  movement_id bigint,
  -- Who confirmed or rejected a manual transfer (an audit actor), and when the reconciliation last asked the provider.
  reviewed_by text,
  checked_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  CONSTRAINT cashier_deposits_credited CHECK ((state = 'credited') = (movement_id IS NOT NULL AND credited_at IS NOT NULL))
);
CREATE UNIQUE INDEX cashier_deposits_provider_ref ON cashier_deposits (provider_code, provider_ref)
  WHERE provider_ref IS NOT NULL;
CREATE INDEX cashier_deposits_member ON cashier_deposits (member_id, id DESC);
CREATE INDEX cashier_deposits_brand_state ON cashier_deposits (merchant_id, state, id DESC);
CREATE INDEX cashier_deposits_brand ON cashier_deposits (merchant_id, id DESC);
-- The reconciliation job's work: open orders, by when they were last looked at.
CREATE INDEX cashier_deposits_open ON cashier_deposits (expires_at) WHERE state IN ('created', 'pending');

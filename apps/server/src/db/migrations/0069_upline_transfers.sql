-- The transfer to the upline agent (decision 0043). Each transfer is one wallet movement of kind 'upline_transfer'
-- (sender -X, upline +X); this row says who sent to whom, keeps the client's request id (a repeat answers the first
-- transfer) and lets the upline's account record find the transfers it received. created_at is the movement's: both
-- are written in one transaction, so now() is the same.
CREATE TABLE upline_transfers (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  from_member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  to_member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  movement_id bigint NOT NULL REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_member_id <> to_member_id)
);
CREATE UNIQUE INDEX upline_transfers_request_key ON upline_transfers (from_member_id, request_id);
CREATE UNIQUE INDEX upline_transfers_movement_key ON upline_transfers (movement_id);
-- The daily total a sender has used, and the upline's received transfers in its account record (keyset by time).
CREATE INDEX upline_transfers_from_time_idx ON upline_transfers (from_member_id, created_at);
CREATE INDEX upline_transfers_to_time_idx ON upline_transfers (to_member_id, created_at, movement_id);

-- Append-only, like the ledger it points into: functions/upline_transfers_refuse_change.sql (decision 0031).

-- A brand's limits; a brand without a row applies DEFAULT_UPLINE_TRANSFER_LIMITS (packages/contract transfers).
CREATE TABLE upline_transfer_limits (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  min_minor bigint NOT NULL CHECK (min_minor >= 0),
  max_minor bigint NOT NULL,
  daily_max_minor bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (min_minor <= max_minor AND max_minor <= daily_max_minor)
);

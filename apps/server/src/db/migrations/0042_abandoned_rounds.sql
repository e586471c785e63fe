-- Rounds a vendor abandoned (decision 0021): an operator ends an open round the vendor will never close,
-- cancelling it (every stake still debited comes back as a 'round_cancel' movement) or settling it as it
-- stands. The operator's reason is kept on the round. The partial index finds the open rounds by age
-- without reading the settled ones.
ALTER TABLE game_rounds ADD COLUMN closed_reason text;

ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment')
);

CREATE INDEX game_rounds_open_idx ON game_rounds (started_at) WHERE status = 'open';

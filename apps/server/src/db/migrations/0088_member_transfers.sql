-- Transfers to a downline (decision 0062): an agent sends money to a member of its downline, as a member sends to its
-- upline (decision 0043). Both are one wallet movement and one row of the same table, renamed for what it now holds:
-- member_transfers, with the direction. The brand's limits hold for both directions, and say how deep an agent may
-- send: to its whole downline ('any') or to its direct members only ('direct').

-- The movement kind 'downline_transfer' joins the kinds the check allows (the full list).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'downline_transfer', 'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate', 'mission', 'raffle', 'leaderboard', 'referral')
);

ALTER TABLE upline_transfers RENAME TO member_transfers;
ALTER TABLE member_transfers ADD COLUMN direction text NOT NULL DEFAULT 'upline'
  CHECK (direction IN ('upline', 'downline'));
ALTER INDEX upline_transfers_pkey RENAME TO member_transfers_pkey;
ALTER INDEX upline_transfers_request_key RENAME TO member_transfers_request_key;
ALTER INDEX upline_transfers_movement_key RENAME TO member_transfers_movement_key;
ALTER INDEX upline_transfers_from_time_idx RENAME TO member_transfers_from_time_idx;
ALTER INDEX upline_transfers_to_time_idx RENAME TO member_transfers_to_time_idx;
ALTER SEQUENCE upline_transfers_id_seq RENAME TO member_transfers_id_seq;
-- Append-only still: functions/member_transfers_refuse_change.sql replaces the old trigger and function (a database
-- made by an earlier version has them; functions run after the migrations).
DROP TRIGGER IF EXISTS upline_transfers_append_only ON member_transfers;
DROP FUNCTION IF EXISTS upline_transfers_refuse_change();

ALTER TABLE upline_transfer_limits RENAME TO member_transfer_limits;
ALTER INDEX upline_transfer_limits_pkey RENAME TO member_transfer_limits_pkey;
ALTER TABLE member_transfer_limits ADD COLUMN downline_scope text NOT NULL DEFAULT 'any'
  CHECK (downline_scope IN ('any', 'direct'));

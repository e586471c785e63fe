-- Movement kinds for the points mall and VIP ranks (issue 35), each with the house as the other side (the brand pays
-- or is paid): 'point_conversion' (points converted to money, member +), 'point_purchase' (the money part of a mall
-- product, member -), 'point_purchase_refund' (that money given back when the exchange is rejected, member +) and
-- 'vip_bonus' (an upgrade, birthday or monthly bonus of the member's VIP level, member +).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus')
);

-- Movement kinds for the reward engine (issue 36), each with the house as the other side: 'bonus' (a promotion's
-- bonus or prize paid to the member, member +), 'bonus_forfeit' (bonus money taken back when the member forfeits the
-- bonus or it expires before its wagering is met, member -) and 'rebate' (a period's cashback paid, member +).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate')
);

-- The cashier's accounts (decision 0038). Two brand accounts per currency beside the house account, neither with a
-- stored balance (the sum of its entries, like the house account's): 'cashier', the outside world's side of money
-- that came in (a deposit: member +X, cashier -X) or went out (a payout: withdrawal_hold -X, cashier +X), and
-- 'withdrawal_hold', money members asked to withdraw, held until it is paid out or released. New movement kinds for
-- the cashier, the withdrawals and the transfer to the upline.
ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_owner_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_owner_check CHECK (
  (owner_type = 'member' AND member_id IS NOT NULL AND vendor_id IS NULL AND balance_minor IS NOT NULL
    AND balance_minor >= 0)
  OR (owner_type = 'member_vendor' AND member_id IS NOT NULL AND vendor_id IS NOT NULL
    AND balance_minor IS NOT NULL AND balance_minor >= 0)
  OR (owner_type IN ('house', 'cashier', 'withdrawal_hold') AND member_id IS NULL AND vendor_id IS NULL
    AND balance_minor IS NULL)
);
CREATE UNIQUE INDEX wallet_accounts_brand_key ON wallet_accounts (merchant_id, currency, owner_type)
  WHERE owner_type IN ('cashier', 'withdrawal_hold');

ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer')
);

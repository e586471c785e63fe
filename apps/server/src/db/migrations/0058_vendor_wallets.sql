-- Vendor wallets (decision 0036). A brand with the TRANSFER_WALLETS flag gives each member a main wallet plus one
-- wallet per transfer-mode vendor: each is a ledger account of its own (owner_type 'member_vendor'), whose
-- balance is the sum of its entries like the main one's. A transfer between the main wallet and a vendor's is a
-- 'transfer' movement with its two entries (one account -amount, the other +amount) and no house side.
ALTER TABLE game_vendors ADD COLUMN wallet_mode text NOT NULL DEFAULT 'seamless';
ALTER TABLE game_vendors ADD CONSTRAINT game_vendors_wallet_mode_check CHECK (wallet_mode IN ('seamless', 'transfer'));

-- Written once per member and vendor, never on a hot path: the key to the vendor costs nothing per bet.
ALTER TABLE wallet_accounts ADD COLUMN vendor_id bigint REFERENCES game_vendors (id) ON DELETE RESTRICT;
ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_owner_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_owner_check CHECK (
  (owner_type = 'member' AND member_id IS NOT NULL AND vendor_id IS NULL AND balance_minor IS NOT NULL
    AND balance_minor >= 0)
  OR (owner_type = 'member_vendor' AND member_id IS NOT NULL AND vendor_id IS NOT NULL
    AND balance_minor IS NOT NULL AND balance_minor >= 0)
  OR (owner_type = 'house' AND member_id IS NULL AND vendor_id IS NULL AND balance_minor IS NULL)
);
CREATE UNIQUE INDEX wallet_accounts_member_vendor_key ON wallet_accounts (member_id, vendor_id, currency)
  WHERE owner_type = 'member_vendor';

ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer')
);

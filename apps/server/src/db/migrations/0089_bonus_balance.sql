-- A separate bonus balance by brand choice (docs/decisions/0063-a-separate-bonus-balance.md). A brand keeps paying
-- bonuses into the main balance under a lock (decision 0050), or pays them into each member's bonus balance: a ledger
-- account of its own (owner_type 'member_bonus'), the sum of its entries like the main one's. A stake takes the main
-- balance first and the bonus balance for the rest; the bonus-funded share of a round's win goes back to the bonus
-- balance while a separate bonus is active; the bonus balance moves to the main one when the member's last separate
-- bonus is wagered ('bonus_release'), and a forfeit, expiry or cancel takes it back.

CREATE TABLE bonus_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  balance_mode text NOT NULL DEFAULT 'locked' CHECK (balance_mode IN ('locked', 'separate')),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

-- Each bonus keeps the mode it was paid in: a brand's later change moves no bonus already paid.
ALTER TABLE member_bonuses ADD COLUMN balance_mode text NOT NULL DEFAULT 'locked'
  CHECK (balance_mode IN ('locked', 'separate'));

ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_owner_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_owner_check CHECK (
  (owner_type IN ('member', 'member_bonus') AND member_id IS NOT NULL AND vendor_id IS NULL
    AND balance_minor IS NOT NULL AND balance_minor >= 0)
  OR (owner_type = 'member_vendor' AND member_id IS NOT NULL AND vendor_id IS NOT NULL
    AND balance_minor IS NOT NULL AND balance_minor >= 0)
  OR (owner_type IN ('house', 'cashier', 'withdrawal_hold') AND member_id IS NULL AND vendor_id IS NULL
    AND balance_minor IS NULL)
);
CREATE UNIQUE INDEX wallet_accounts_member_bonus_key ON wallet_accounts (member_id, currency)
  WHERE owner_type = 'member_bonus';

-- The share of a stake the bonus balance paid: on the round (what its win is split by) and on the debit (what its
-- rollback gives back where it came from). Zero for every stake the main balance paid whole.
ALTER TABLE game_rounds ADD COLUMN bonus_stake_minor bigint NOT NULL DEFAULT 0;
ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_bonus_stake_check
  CHECK (bonus_stake_minor >= 0 AND bonus_stake_minor <= stake_minor);
ALTER TABLE vendor_transactions ADD COLUMN bonus_amount_minor bigint NOT NULL DEFAULT 0
  CHECK (bonus_amount_minor >= 0);
-- A forfeit waits for the member's open rounds staked with bonus money (their wins would otherwise be paid as cash).
CREATE INDEX game_rounds_open_bonus_idx ON game_rounds (member_id) WHERE status = 'open' AND bonus_stake_minor > 0;

ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'downline_transfer', 'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'bonus_release', 'rebate', 'mission', 'raffle', 'leaderboard', 'referral')
);

-- Referral rewards and abuse flags (docs/decisions/0057-referral-rewards-and-abuse-flags.md): a brand's referral rules,
-- each invited member's progress towards qualifying (counted by the settlement feed's `referrals` consumer) and the
-- reward paid once by its key referral:<invitedMemberId> (wallet kind 'referral') with the row's state change in one
-- transaction; and the abuse flags: a payout held because its members share a sign-in IP, bank account or phone, until
-- an operator releases (paid then, by the same key) or rejects it.

-- The movement kind 'referral' joins the kinds the check allows (the full list).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate', 'mission', 'raffle', 'leaderboard', 'referral')
);

-- A brand's rules: off until the back office switches them on. An invited member qualifies once its credited deposits
-- reach min_deposit_minor and its valid bets min_turnover_minor (both since it registered); the inviter then gets
-- inviter_reward_minor, and the invited member invited_reward_minor when above 0.
CREATE TABLE referral_rules (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  min_deposit_minor bigint NOT NULL DEFAULT 0 CHECK (min_deposit_minor >= 0),
  min_turnover_minor bigint NOT NULL DEFAULT 0 CHECK (min_turnover_minor >= 0),
  inviter_reward_minor bigint NOT NULL DEFAULT 0 CHECK (inviter_reward_minor >= 0),
  invited_reward_minor bigint NOT NULL DEFAULT 0 CHECK (invited_reward_minor >= 0),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT enabled OR inviter_reward_minor > 0),
  CHECK (NOT enabled OR min_deposit_minor > 0 OR min_turnover_minor > 0)
);

-- One row an invited member (a member with a referrer): what the feed counted of it since it registered, and what came
-- of it. counting: not qualified yet (or the rules are off); paid: rewarded; held: an abuse flag waits for an operator;
-- rejected: the operator refused the reward. No keys to members: the record of money paid outlives them.
CREATE TABLE referral_progress (
  invited_member_id bigint PRIMARY KEY,
  merchant_id bigint NOT NULL,
  inviter_id bigint NOT NULL,
  deposit_minor bigint NOT NULL DEFAULT 0 CHECK (deposit_minor >= 0),
  turnover_minor bigint NOT NULL DEFAULT 0 CHECK (turnover_minor >= 0),
  status text NOT NULL DEFAULT 'counting' CHECK (status IN ('counting', 'paid', 'held', 'rejected')),
  qualified_at timestamptz,
  reward_minor bigint CHECK (reward_minor > 0),
  invited_reward_minor bigint CHECK (invited_reward_minor >= 0),
  movement_id bigint,
  invited_movement_id bigint,
  paid_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK (status = 'counting' OR qualified_at IS NOT NULL)
);
-- The inviter's page: its invited members' rows, and the rewards earned.
CREATE INDEX referral_progress_inviter_idx ON referral_progress (inviter_id, invited_member_id DESC);

-- A payout held for the operator: kind (referral, signup_bonus), the member it would pay, the members it matched and
-- the evidence (kind and value of each match), and the payout (its wallet key, amount and what it pays). Released: paid
-- then, by the same key; rejected: never paid. At most one flag a payout.
CREATE TABLE abuse_flags (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('referral', 'signup_bonus')),
  member_id bigint NOT NULL,
  matched_member_ids bigint[] NOT NULL,
  evidence jsonb NOT NULL,
  payout_key text NOT NULL UNIQUE,
  payout jsonb NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'rejected')),
  reason text,
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (decided_at IS NULL))
);
-- The back office's queue: a brand's flags by status, newest first.
CREATE INDEX abuse_flags_queue_idx ON abuse_flags (merchant_id, status, id DESC);
-- The matching: a brand's sign-in IPs and phones (bank accounts have member_bank_accounts_number_idx).
CREATE INDEX member_sign_ins_merchant_ip_idx ON member_sign_ins (merchant_id, ip);
CREATE INDEX members_merchant_register_ip_idx ON members (merchant_id, register_ip) WHERE register_ip IS NOT NULL;

-- Bonuses with wagering (issue 36, docs/decisions/0050-bonuses-with-wagering.md): a brand's promotions, and the
-- bonuses they paid its members into the main balance (wallet kind 'bonus', migration 0076) under a wagering lock.
-- The settlement feed's `bonuses` consumer adds settled rounds' valid bets to member_bonuses.wagering_done_minor.

-- A brand's promotions. This slice pays 'deposit_bonus' and 'signup_bonus'; the kinds of later slices are allowed.
-- rules: BonusRulesSchema of the contract (percentBp, maxBonusMinor, fixedMinor, minDepositMinor,
-- wageringMultiplier, contributionBp by game type, expiryDays).
CREATE TABLE promotions (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{2,40}$'),
  kind text NOT NULL CHECK (kind IN ('deposit_bonus', 'signup_bonus', 'cashback', 'mission', 'raffle', 'application')),
  category text NOT NULL DEFAULT 'bonus' CHECK (length(category) BETWEEN 1 AND 40),
  title_ko text NOT NULL CHECK (length(title_ko) BETWEEN 1 AND 120),
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 120),
  summary_ko text NOT NULL DEFAULT '' CHECK (length(summary_ko) <= 1000),
  summary_en text NOT NULL DEFAULT '' CHECK (length(summary_en) <= 1000),
  rules jsonb NOT NULL,
  audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'new')),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, code),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX promotions_brand_kind_idx ON promotions (merchant_id, kind, id) WHERE active;

-- Each bonus paid, once per member and promotion (idempotency_key 'bonus:<promotionId>:<memberId>'). The
-- contributions are copied from the rules when it is paid: a later edit of the promotion changes no bonus paid.
-- active → completed (wagering met) | forfeited (the member) | expired (the job) | cancelled (an operator); the last
-- three took back taken_back_minor (at most the balance, wallet kind 'bonus_forfeit').
CREATE TABLE member_bonuses (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  source text NOT NULL CHECK (source IN ('deposit', 'signup')),
  deposit_id bigint REFERENCES cashier_deposits (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  wagering_required_minor bigint NOT NULL CHECK (wagering_required_minor >= 0),
  wagering_done_minor bigint NOT NULL DEFAULT 0
    CHECK (wagering_done_minor >= 0 AND wagering_done_minor <= wagering_required_minor),
  contribution_bp jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'forfeited', 'expired', 'cancelled')),
  taken_back_minor bigint CHECK (taken_back_minor >= 0),
  -- The member's requestId of a forfeit: a repeat answers the first.
  forfeit_request_id text,
  cancel_reason text,
  idempotency_key text NOT NULL UNIQUE,
  movement_id bigint,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (promotion_id, member_id),
  CHECK ((status = 'active') = (finished_at IS NULL))
);
CREATE INDEX member_bonuses_member_idx ON member_bonuses (member_id, id DESC);
CREATE INDEX member_bonuses_active_idx ON member_bonuses (member_id, id) WHERE status = 'active';
CREATE INDEX member_bonuses_expiry_idx ON member_bonuses (expires_at) WHERE status = 'active';
CREATE INDEX member_bonuses_brand_idx ON member_bonuses (merchant_id, id DESC);
CREATE UNIQUE INDEX member_bonuses_forfeit_request_idx ON member_bonuses (member_id, forfeit_request_id)
  WHERE forfeit_request_id IS NOT NULL;

-- The deposit bonus a member chose on the deposit page: paid in the credit's transaction if still eligible then.
ALTER TABLE cashier_deposits ADD COLUMN promotion_id bigint REFERENCES promotions (id);

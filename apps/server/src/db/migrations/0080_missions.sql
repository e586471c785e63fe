-- Missions (docs/decisions/0054-missions.md): a brand's tasks, counted per member in a period of the brand's calendar
-- by the settlement feed's `missions` consumer (rounds, valid bet, deposits; in the batch's transaction, decision
-- 0034) and by the sign-in (days in a row), and a completed period's reward paid once when the member claims it: the
-- progress row's claimed_at and the wallet movement (kind 'mission', the house the other side) by its key
-- mission:<missionId>:<memberId>:<periodStart>, in one transaction.
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate', 'mission')
);

CREATE TABLE missions (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  code text NOT NULL,
  title_ko text NOT NULL,
  title_en text NOT NULL,
  summary_ko text NOT NULL DEFAULT '',
  summary_en text NOT NULL DEFAULT '',
  goal text NOT NULL CHECK (goal IN ('rounds', 'wager', 'deposit', 'signin')),
  -- rounds and wager: only this game type counts; null: every type.
  game_type text CHECK (game_type IS NULL OR goal IN ('rounds', 'wager')),
  target bigint NOT NULL CHECK (target > 0),
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'campaign')),
  reward_minor bigint NOT NULL CHECK (reward_minor > 0),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, code),
  CHECK (period <> 'campaign' OR starts_at IS NOT NULL),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX missions_merchant_idx ON missions (merchant_id, id);

-- One row a mission, member and period (period_start: the period's first day of the brand; a campaign's: its start's
-- day). last_day: a sign-in mission's last day counted (the streak runs while each day follows the last).
-- No key to members: the record of money paid outlives them.
CREATE TABLE mission_progress (
  mission_id bigint NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  member_id bigint NOT NULL,
  period_start date NOT NULL,
  merchant_id bigint NOT NULL,
  progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
  last_day date,
  completed_at timestamptz,
  claimed_at timestamptz,
  reward_minor bigint CHECK (reward_minor > 0),
  movement_id bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mission_id, member_id, period_start),
  CHECK ((claimed_at IS NULL) = (reward_minor IS NULL)),
  CHECK (claimed_at IS NULL OR completed_at IS NOT NULL)
);
-- The member's summary: its rows of the missions' current periods.
CREATE INDEX mission_progress_member_idx ON mission_progress (member_id, period_start);

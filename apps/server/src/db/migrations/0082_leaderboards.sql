-- Leaderboards (docs/decisions/0056-leaderboards.md): a brand's boards ranking its members over a period of the
-- brand's calendar by a measure, scored by the settlement feed's `leaderboards` consumer (in the batch's transaction,
-- decision 0034), and each finished period's prizes paid once by the payout job: one transaction a period writes
-- the period's row, each rank's payout row and its wallet movement (kind 'leaderboard', the house the other side) by
-- the key leaderboard:<leaderboardId>:<periodStart>:<rank>.
--
-- The movement kind 'leaderboard' joins the kinds the check allows (the full list).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate', 'mission', 'raffle', 'leaderboard')
);

CREATE TABLE leaderboards (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  code text NOT NULL,
  title_ko text NOT NULL,
  title_en text NOT NULL,
  summary_ko text NOT NULL DEFAULT '',
  summary_en text NOT NULL DEFAULT '',
  -- valid_bet: the sum of the period's valid bets (minor units); multiplier: the biggest payout / stake of one round
  -- whose stake is at least min_bet_minor, in hundredths (1250 = x12.50).
  measure text NOT NULL CHECK (measure IN ('valid_bet', 'multiplier')),
  game_type text,
  min_bet_minor bigint NOT NULL DEFAULT 0 CHECK (min_bet_minor >= 0),
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'campaign')),
  -- The prize of rank i + 1 (minor units, each > 0); at most 100 ranks.
  prizes_minor bigint[] NOT NULL CHECK (cardinality(prizes_minor) BETWEEN 1 AND 100 AND 0 < ALL (prizes_minor)),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, code),
  CHECK (period <> 'campaign' OR (starts_at IS NOT NULL AND ends_at IS NOT NULL)),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX leaderboards_merchant_idx ON leaderboards (merchant_id, id);

-- One row a board, period (its first brand day) and member: the score and when it reached that score (the feed's
-- moment of the round that made it), which breaks ties: who reached it first ranks first.
-- No key to members: the record of prizes paid outlives them.
CREATE TABLE leaderboard_scores (
  leaderboard_id bigint NOT NULL REFERENCES leaderboards (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  member_id bigint NOT NULL,
  merchant_id bigint NOT NULL,
  score bigint NOT NULL CHECK (score > 0),
  reached_at timestamptz NOT NULL,
  PRIMARY KEY (leaderboard_id, period_start, member_id)
);
-- The standings: a period's rows by rank.
CREATE INDEX leaderboard_scores_rank_idx ON leaderboard_scores (leaderboard_id, period_start, score DESC, reached_at,
                                                                 member_id);

-- A finished period paid (its row written in the payout's transaction: a second payout run finds it and pays nothing).
CREATE TABLE leaderboard_periods (
  leaderboard_id bigint NOT NULL REFERENCES leaderboards (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  merchant_id bigint NOT NULL,
  ranked integer NOT NULL CHECK (ranked >= 0),
  paid_minor bigint NOT NULL CHECK (paid_minor >= 0),
  paid_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (leaderboard_id, period_start)
);

-- Each prize paid: the rank's member, score and the movement.
CREATE TABLE leaderboard_payouts (
  leaderboard_id bigint NOT NULL,
  period_start date NOT NULL,
  rank integer NOT NULL CHECK (rank >= 1),
  member_id bigint NOT NULL,
  score bigint NOT NULL,
  prize_minor bigint NOT NULL CHECK (prize_minor > 0),
  movement_id bigint NOT NULL,
  PRIMARY KEY (leaderboard_id, period_start, rank),
  FOREIGN KEY (leaderboard_id, period_start) REFERENCES leaderboard_periods (leaderboard_id, period_start)
    ON DELETE CASCADE
);

-- Raffles (docs/decisions/0055-raffles.md): a promotion of kind 'raffle' (category 'raffle') with its draw's details
-- in `raffles`: the sale window is the promotion's starts_at .. ends_at, the draw after draw_at, tickets earned in the
-- window by the rules (one per deposit_step_minor of credited deposits, one per bet_step_minor of valid bets, at most
-- max_tickets_per_member), prizes by rank paid into the main balance (wallet kind 'raffle', the house the other side)
-- by the key raffle:<raffleId>:<rank>. The server seed is generated at creation; its SHA-256 (seed_hash) is public
-- from the start, the seed itself only once drawn. The draw job freezes the ticket list, records the winners, pays
-- them and marks the raffle drawn in one transaction: a draw killed midway leaves nothing, the next run draws again.
--
-- The movement kind 'raffle' joins the kinds the check allows (the full list, as each migration writes it).
ALTER TABLE wallet_movements DROP CONSTRAINT wallet_movements_kind_check;
ALTER TABLE wallet_movements ADD CONSTRAINT wallet_movements_kind_check CHECK (
  kind IN ('vendor_debit', 'vendor_credit', 'vendor_rollback', 'round_cancel', 'adjustment', 'transfer', 'deposit',
           'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'withdrawal_refund', 'upline_transfer',
           'point_conversion', 'point_purchase', 'point_purchase_refund', 'vip_bonus',
           'bonus', 'bonus_forfeit', 'rebate', 'mission', 'raffle')
);

-- A raffle's id is its promotion's. The promotion's starts_at and ends_at (both set) are the sale window.
CREATE TABLE raffles (
  promotion_id bigint PRIMARY KEY REFERENCES promotions (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  draw_at timestamptz NOT NULL,
  -- One ticket per this much of credited deposits (amount less fee) / of valid bets in the sale window; null: none.
  deposit_step_minor bigint CHECK (deposit_step_minor > 0),
  bet_step_minor bigint CHECK (bet_step_minor > 0),
  max_tickets_per_member bigint NOT NULL CHECK (max_tickets_per_member > 0),
  -- The prizes in minor units by rank: prizes[1] is rank 1's.
  prizes bigint[] NOT NULL CHECK (cardinality(prizes) BETWEEN 1 AND 100 AND 0 < ALL (prizes)),
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn', 'void')),
  total_tickets bigint CHECK (total_tickets >= 0),
  drawn_at timestamptz,
  CHECK (deposit_step_minor IS NOT NULL OR bet_step_minor IS NOT NULL),
  CHECK ((status = 'drawn') = (drawn_at IS NOT NULL AND total_tickets IS NOT NULL))
);
-- The draw job's due raffles.
CREATE INDEX raffles_due_idx ON raffles (draw_at) WHERE status = 'open';

-- The members who joined a raffle (once each: the primary key). The draw freezes each one's tickets and, for those
-- with at least one, their place in the public list (entry, ordered by member id) and first ticket number.
CREATE TABLE raffle_entrants (
  raffle_id bigint NOT NULL REFERENCES raffles (promotion_id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  tickets bigint CHECK (tickets >= 0),
  entry integer CHECK (entry >= 0),
  first_ticket bigint CHECK (first_ticket >= 1),
  PRIMARY KEY (raffle_id, member_id),
  UNIQUE (raffle_id, entry),
  CHECK ((entry IS NULL) = (first_ticket IS NULL))
);
CREATE INDEX raffle_entrants_member_idx ON raffle_entrants (member_id, raffle_id);

-- Each rank's winner and the movement that paid the prize; one prize per member (the unique key).
CREATE TABLE raffle_winners (
  raffle_id bigint NOT NULL REFERENCES raffles (promotion_id) ON DELETE CASCADE,
  rank integer NOT NULL CHECK (rank >= 1),
  ticket bigint NOT NULL CHECK (ticket >= 1),
  entry integer NOT NULL CHECK (entry >= 0),
  attempt integer NOT NULL CHECK (attempt >= 0),
  member_id bigint NOT NULL REFERENCES members (id),
  prize_minor bigint NOT NULL CHECK (prize_minor > 0),
  movement_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (raffle_id, rank),
  UNIQUE (raffle_id, member_id)
);

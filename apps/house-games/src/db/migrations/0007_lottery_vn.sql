-- The Vietnamese regional draws and voiding (docs/decisions/0070-lottery-vendor.md, "As built: the Vietnamese
-- regional draws"). A Vietnamese draw is not drawn from a seed of ours: its result is entered by an operator (or a
-- results feed) and published once a second operator confirms it.

-- Vietnamese draws have no seed: both are null for them (a fast or keno draw always has both).
ALTER TABLE house.lottery_draws ALTER COLUMN seed DROP NOT NULL;
ALTER TABLE house.lottery_draws ALTER COLUMN seed_hash DROP NOT NULL;
ALTER TABLE house.lottery_draws ADD CONSTRAINT lottery_draws_seed_check CHECK ((seed IS NULL) = (seed_hash IS NULL));

-- A result is written once, at the draw; a draw not drawn yet has none. A void draw keeps the result it was
-- published with, if it had one (voided after publication, before any payout): the result never changes, the
-- draw's slips are refunded instead.
ALTER TABLE house.lottery_draws DROP CONSTRAINT lottery_draws_result_check;
ALTER TABLE house.lottery_draws ADD CONSTRAINT lottery_draws_result_check CHECK (
  (status IN ('scheduled', 'open', 'closed') AND result IS NULL)
  OR (status IN ('drawn', 'settled') AND result IS NOT NULL)
  OR status = 'void'
);
ALTER TABLE house.lottery_draws ADD COLUMN voided_at timestamptz;
ALTER TABLE house.lottery_draws ADD COLUMN void_reason text;
ALTER TABLE house.lottery_draws ADD CONSTRAINT lottery_draws_void_check CHECK ((status = 'void') = (voided_at IS NOT NULL));

-- A void draw's slips: refunding (the rollback of the slip's debit owed to the platform), refunded (acknowledged).
ALTER TABLE house.lottery_slips DROP CONSTRAINT lottery_slips_status_check;
ALTER TABLE house.lottery_slips ADD CONSTRAINT lottery_slips_status_check CHECK (
  status IN ('debiting', 'placed', 'payout_due', 'settled', 'cancelling', 'cancelled', 'refunding', 'refunded')
);
DROP INDEX house.lottery_slips_unfinished_idx;
CREATE INDEX lottery_slips_unfinished_idx ON house.lottery_slips (status, updated_at)
  WHERE status IN ('debiting', 'cancelling', 'refunding');

-- The result entered for a Vietnamese draw, waiting for its confirmation: one row a draw, replaced by a new entry
-- until it is confirmed. entered_by: the operator's id ('feed' for the results feed); confirmed_by: a different
-- operator's, set in the transaction that publishes the result into lottery_draws.
CREATE TABLE house.lottery_vn_entries (
  draw_id bigint PRIMARY KEY REFERENCES house.lottery_draws (id) ON DELETE CASCADE,
  result jsonb NOT NULL,
  entered_by text NOT NULL,
  entered_at timestamptz NOT NULL,
  confirmed_by text,
  confirmed_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT lottery_vn_entries_confirm_check CHECK (
    (confirmed_by IS NULL) = (confirmed_at IS NULL) AND (confirmed_by IS NULL OR confirmed_by <> entered_by)
  )
);

-- Every operator action on a draw (a result entered, confirmed, a draw voided), in the vendor's own records; the
-- platform's back office audits its side too.
CREATE TABLE house.lottery_draw_actions (
  id bigserial PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES house.lottery_draws (id) ON DELETE CASCADE,
  action text NOT NULL,
  operator_id text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lottery_draw_actions_action_check CHECK (action IN ('vn_result_entered', 'vn_result_confirmed', 'void'))
);
CREATE INDEX lottery_draw_actions_draw_idx ON house.lottery_draw_actions (draw_id, id);

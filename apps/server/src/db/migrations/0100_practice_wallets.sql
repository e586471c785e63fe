-- A free-play guest's practice money (decision 0072): one balance per guest, given at sign-in, which the guest's
-- trial game sessions stake and win instead of a balance of their own. It is play money: no wallet account, no
-- ledger entry, no round, so no real balance, report or board can ever read it. It goes with the guest.
CREATE TABLE practice_wallets (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  currency text NOT NULL,
  balance_minor bigint NOT NULL CHECK (balance_minor >= 0 AND balance_minor <= 9007199254740991),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A trial session with no play balance of its own stakes its member's practice wallet (changePlayBalance).
COMMENT ON COLUMN game_sessions.play_balance_minor IS
  'Play money of a trial session; NULL on a free-play guest''s trial session, which stakes practice_wallets.';

-- The member mailbox (docs/product/member-centre.md#messages): platform information and notices (deposit
-- credited, withdrawal approved, ...) addressed to one member of one brand. A message is unread while read_at
-- is null.
CREATE TABLE member_messages (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  -- Cascade: the guest clean-up job deletes expired free-play members, and their mail goes with them.
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- The unread badge counts this partial index only: read mail never enters it.
CREATE INDEX member_messages_unread_idx ON member_messages (member_id, merchant_id) WHERE read_at IS NULL;

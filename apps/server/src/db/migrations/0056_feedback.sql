-- Feedback (issue 33, docs/product/member-centre.md#feedback): from a member or a visitor, read and answered by
-- the brand's support in the back office. An answer goes to the member's mailbox; a visitor has none, and the
-- row says so (delivery 'undeliverable').
CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  -- Null for a visitor; set null when a free-play guest's account is removed.
  member_id bigint REFERENCES members (id) ON DELETE SET NULL,
  member_account text,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 10000),
  language text NOT NULL,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  answer text,
  answered_at timestamptz,
  answered_by_operator_id bigint REFERENCES operators (id),
  answered_by text,
  delivery text CHECK (delivery IN ('mailbox', 'undeliverable')),
  answer_message_id bigint REFERENCES member_messages (id) ON DELETE SET NULL,
  CHECK ((answered_at IS NULL) = (answer IS NULL) AND (answered_at IS NULL) = (delivery IS NULL))
);
CREATE INDEX feedback_merchant_idx ON feedback (merchant_id, id DESC);
CREATE INDEX feedback_open_idx ON feedback (merchant_id, id DESC) WHERE answered_at IS NULL;

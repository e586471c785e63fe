-- The support chat (issue 39, docs/product/site-shell-and-routes.md#support-chat): a member's or a visitor's
-- conversation with the brand's operators. A visitor is known by a token signed with the conversation's id, so the
-- row keeps only the name and e-mail they chose to give. Messages and pictures are kept after a conversation closes.
CREATE TABLE support_conversations (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  -- Null for a visitor; set null when a free-play guest's account is removed.
  member_id bigint REFERENCES members (id) ON DELETE SET NULL,
  member_account text,
  visitor_name text CHECK (char_length(visitor_name) <= 60),
  visitor_email text CHECK (char_length(visitor_email) <= 254),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_operator_id bigint REFERENCES operators (id),
  -- Read markers: the last message id each side has seen (the customer the operators', operators the customer's).
  customer_read_id bigint NOT NULL DEFAULT 0,
  operator_read_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz,
  closed_at timestamptz,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
-- A member has at most one open conversation on a brand; the panel reopens it.
CREATE UNIQUE INDEX support_conversations_member_open_idx ON support_conversations (merchant_id, member_id)
  WHERE status = 'open' AND member_id IS NOT NULL;
-- The inbox: a brand's conversations that have a message, latest activity first.
CREATE INDEX support_conversations_inbox_idx ON support_conversations (merchant_id, last_message_at DESC)
  WHERE last_message_at IS NOT NULL;

-- A picture sent in a conversation, checked by its content before it is written (PNG, JPEG or WebP).
CREATE TABLE support_images (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES support_conversations (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES support_conversations (id),
  sender text NOT NULL CHECK (sender IN ('customer', 'operator')),
  operator_id bigint REFERENCES operators (id),
  body text CHECK (char_length(body) BETWEEN 1 AND 2000),
  image_id bigint REFERENCES support_images (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((body IS NULL) <> (image_id IS NULL)),
  CHECK ((sender = 'operator') = (operator_id IS NOT NULL))
);
CREATE INDEX support_messages_conversation_idx ON support_messages (conversation_id, id);
-- The send limit counts a conversation's recent customer messages.
CREATE INDEX support_messages_customer_recent_idx ON support_messages (conversation_id, created_at)
  WHERE sender = 'customer';

-- The agent centre's account page, registerCenter (decision 0064): an agent's invitation links, each with its own code,
-- and the accounts an agent creates in its downline directly, once per request id. Whether a brand's agents may make
-- sub-agents (by a link or directly) is the brand's agent setting.

-- One row per brand that set it; a brand without a row allows sub-agents (the default the product shows).
CREATE TABLE agent_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  sub_agents_allowed boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An agent's invitation link. A registration that gives the code (as the affiliate code) becomes a direct member of
-- the agent with the link's account type (0 a member, 2 a sub-agent), and counts here in the same transaction.
-- A disabled link is refused (INVITATION_CODE_ERROR); it is never deleted, so its count stays.
CREATE TABLE agent_invite_links (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z2-9]{10}$'),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 40),
  account_type integer NOT NULL CHECK (account_type IN (0, 2)),
  registrations integer NOT NULL DEFAULT 0 CHECK (registrations >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
-- A code names one link of its brand, whatever the case it is typed in (codes are stored in capitals).
CREATE UNIQUE INDEX agent_invite_links_code_key ON agent_invite_links (merchant_id, code);
-- The agent's links, newest first.
CREATE INDEX agent_invite_links_agent_idx ON agent_invite_links (agent_id, id DESC);

-- An account an agent created directly: one row per (agent, request id), written in the account's transaction, so a
-- repeat of the request answers the same account and never makes a second one.
CREATE TABLE agent_account_requests (
  agent_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  request_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, request_id)
);

CREATE TABLE members (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  account text NOT NULL,
  nickname text,
  agent_type integer NOT NULL DEFAULT 0,
  upline_id bigint REFERENCES members (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_status_check CHECK (status IN ('active', 'locked', 'closed'))
);
CREATE UNIQUE INDEX members_merchant_account_key ON members (merchant_id, lower(account));
CREATE INDEX members_upline_idx ON members (upline_id);

-- The back office (docs/decisions/0032-back-office-operators-and-audit.md): operators apart from members,
-- their roles and brands, two-step sign-in (password, then TOTP or a recovery code), sessions, invitations,
-- each brand's IP allow-list, and the append-only audit trail of every change an operator or the CLI makes.

CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  login text NOT NULL CHECK (login ~ '^[a-z0-9][a-z0-9._-]{2,39}$'),
  name text NOT NULL,
  email text NOT NULL,
  -- Null until the invitation is accepted.
  password_hash text,
  -- Sealed with DATA_ENCRYPTION_KEY (SecretBox, bound to the operator's id); null until enrolled.
  totp_secret text,
  -- The 30-second step of the last code accepted: a code signs in once, and never an older one.
  totp_last_step bigint,
  roles text[] NOT NULL CHECK (
    cardinality(roles) > 0
    AND roles <@ ARRAY['owner', 'admin', 'finance', 'risk', 'support', 'content', 'readOnly']::text[]
  ),
  -- Every brand, present and future; operator_brands is empty then.
  all_brands boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'suspended')),
  suspended_at timestamptz,
  suspended_reason text,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Moves on with every change an operator makes to the account: a save from a stale page is refused.
  version integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX operators_login_key ON operators (login);
CREATE UNIQUE INDEX operators_email_key ON operators (lower(email));

CREATE TABLE operator_brands (
  operator_id bigint NOT NULL REFERENCES operators (id),
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  PRIMARY KEY (operator_id, merchant_id)
);
CREATE INDEX operator_brands_merchant_idx ON operator_brands (merchant_id);

CREATE TABLE operator_sessions (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  -- SHA-256 of the cookie's token; the token itself is never stored.
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX operator_sessions_token_hash_key ON operator_sessions (token_hash);
CREATE INDEX operator_sessions_live_idx ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

-- Between the password step and the code step: one challenge, good for a few minutes and a few wrong codes.
CREATE TABLE operator_sign_in_challenges (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  token_hash text NOT NULL,
  -- The authenticator being enrolled at a first sign-in (sealed), kept until its first code confirms it.
  enrol_secret text,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX operator_sign_in_challenges_token_hash_key ON operator_sign_in_challenges (token_hash);

-- Each code signs in once; SHA-256 of the normalised code (50 random bits: no slow hash needed).
CREATE TABLE operator_recovery_codes (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE UNIQUE INDEX operator_recovery_codes_key ON operator_recovery_codes (operator_id, code_hash);

CREATE TABLE operator_invitations (
  id bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  -- A new invitation of the same operator ends this one.
  replaced_at timestamptz
);
CREATE UNIQUE INDEX operator_invitations_token_hash_key ON operator_invitations (token_hash);
CREATE INDEX operator_invitations_operator_idx ON operator_invitations (operator_id);

-- Failed sign-in steps, counted before each check (as login_throttle for members, decision 0025): keys
-- `p:<login>@<ip>`, `ip:<ip>`, `t:<operator id>@<ip>` and `t:<operator id>`; a key's failures count for an
-- hour from its first one, and `wait_until` is when its next attempt may be checked.
CREATE TABLE operator_sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  wait_until timestamptz
);

-- A brand's IP allow-list: with entries, every brand-scoped back-office call for the brand must come from one.
CREATE TABLE operator_ip_allow_lists (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id),
  -- [{ "cidr": "203.0.113.0/24", "note": "office" }]
  entries jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every change made through the back office or the CLI, written in the change's own transaction; the trigger
-- of db/functions/audit_log_append_only.sql refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- Null for the CLI.
  operator_id bigint REFERENCES operators (id),
  actor text NOT NULL CHECK (actor ~ '^(operator|cli):.+'),
  merchant_id bigint REFERENCES merchants (id),
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  ip text,
  user_agent text
);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, id);
CREATE INDEX audit_log_merchant_idx ON audit_log (merchant_id, id);
CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops, id);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id);
CREATE INDEX audit_log_at_idx ON audit_log (at);

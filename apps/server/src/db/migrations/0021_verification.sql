-- Accounts (issue 3): server keys, behaviour checks, captchas, codes, outbox, challenges and register rules.

-- Secrets the instances share (HMAC keys); created once by whichever instance needs them first.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- RSA keys for request encryption (JWE). One is current; a rotated key still decrypts until decrypt_until.
CREATE TABLE encryption_keys (
  kid text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  is_current boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz,
  decrypt_until timestamptz
);
CREATE UNIQUE INDEX encryption_keys_one_current ON encryption_keys (is_current) WHERE is_current;

-- A solved proof-of-work challenge is accepted once: its signature is spent here until it expires.
CREATE TABLE altcha_spent (
  signature_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX altcha_spent_expires_idx ON altcha_spent (expires_at);

-- Image captchas: the answer's HMAC only; one use, short expiry.
CREATE TABLE captchas (
  id uuid PRIMARY KEY,
  answer_hash text NOT NULL,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- One-time codes sent by SMS or e-mail; the code's HMAC only.
CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  channel text NOT NULL,
  target text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  CONSTRAINT verification_codes_channel_check CHECK (channel IN ('sms', 'email')),
  CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('login', 'register', 'recovery', 'ip_check'))
);
CREATE INDEX verification_codes_target_idx ON verification_codes (merchant_id, target, purpose, created_at DESC);
CREATE INDEX verification_codes_ip_idx ON verification_codes (ip, created_at DESC);

-- Every SMS and e-mail the platform sends, whatever the provider: the demo's outbox and the audit trail.
CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  merchant_id bigint REFERENCES merchants (id) ON DELETE CASCADE,
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('sms', 'email'))
);
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (recipient, created_at DESC);

-- A sign-in from an unregistered IP waits here for its second check.
CREATE TABLE login_challenges (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  ip text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  methods text[] NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);

-- Password reset links sent by e-mail: the token's SHA-256 only, one use.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);

-- Registration rules per brand; a brand without a row uses the contract's defaults.
CREATE TABLE register_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  rules jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per brand and key ('u:<username>', 'm:<mobile>', 'ip:<address>'), whether or not the
-- account exists, so captcha demands and locks tell nothing about which usernames are real.
CREATE TABLE login_throttle (
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (merchant_id, key)
);

-- Accounts (issue 3): credentials, registration fields, sign-in state, sessions and known IPs.

ALTER TABLE members
  ADD COLUMN password_hash text,
  ADD COLUMN password_changed_at timestamptz,
  ADD COLUMN password_is_default boolean NOT NULL DEFAULT false,
  ADD COLUMN payment_password_hash text,
  ADD COLUMN country_dialing_code text,
  ADD COLUMN mobile_num text,
  ADD COLUMN email text,
  ADD COLUMN payee_name text,
  ADD COLUMN qq_num text,
  ADD COLUMN line text,
  ADD COLUMN whatsapp text,
  ADD COLUMN facebook text,
  ADD COLUMN wechat text,
  ADD COLUMN telegram text,
  ADD COLUMN zalo text,
  ADD COLUMN id_number text,
  ADD COLUMN birthday text,
  ADD COLUMN address text,
  ADD COLUMN nationality text,
  ADD COLUMN occupation text,
  ADD COLUMN source_of_income text,
  ADD COLUMN fullname text,
  ADD COLUMN recommender_id text,
  ADD COLUMN invite_code text,
  ADD COLUMN referrer_id bigint REFERENCES members (id) ON DELETE SET NULL,
  ADD COLUMN register_method text,
  ADD COLUMN register_domain text,
  ADD COLUMN register_ip text,
  ADD COLUMN language text,
  ADD COLUMN avatar text,
  ADD COLUMN avatar_type text NOT NULL DEFAULT 'STATIC',
  ADD COLUMN rank_level integer NOT NULL DEFAULT 0,
  ADD COLUMN member_labels text[] NOT NULL DEFAULT '{}'::text[],
  ADD COLUMN totp_secret text,
  ADD COLUMN first_time_login boolean NOT NULL DEFAULT true,
  ADD COLUMN failed_login_count integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN last_login_at timestamptz,
  ADD COLUMN last_login_ip text,
  ADD COLUMN previous_login_at timestamptz,
  ADD COLUMN is_free_play boolean NOT NULL DEFAULT false,
  ADD COLUMN expires_at timestamptz;

ALTER TABLE members
  ADD CONSTRAINT members_avatar_type_check CHECK (avatar_type IN ('CUSTOM', 'STATIC'));

-- A mobile number identifies one account per brand (SMS sign-in and recovery depend on it).
CREATE UNIQUE INDEX members_merchant_mobile_key ON members (merchant_id, country_dialing_code, mobile_num)
  WHERE mobile_num IS NOT NULL;
CREATE UNIQUE INDEX members_merchant_invite_code_key ON members (merchant_id, invite_code)
  WHERE invite_code IS NOT NULL;
CREATE INDEX members_merchant_email_idx ON members (merchant_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX members_free_play_expiry_idx ON members (expires_at) WHERE is_free_play;

-- Only the SHA-256 of a session token is stored: a leaked table signs nobody in.
CREATE TABLE member_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX member_sessions_token_hash_key ON member_sessions (token_hash);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id) WHERE revoked_at IS NULL;

CREATE TABLE member_known_ips (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

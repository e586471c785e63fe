-- The back office's Players pages (docs/decisions/0035-back-office-players.md): each sign-in with its country,
-- operators' notes on a player, why and when a player was locked, and the indexes of the player search.

-- One row per sign-in, written with its session in one transaction (AuthService.completeSignIn). The country
-- is the geo-IP database's at that moment ('' when unknown or private). A free-play guest's rows go with it.
CREATE TABLE member_sign_ins (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  session_id bigint REFERENCES member_sessions (id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL,
  country text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  -- password, sms, second-check, free-play, registration, recovery; null for the sign-ins copied below.
  method text CHECK (method IN ('password', 'sms', 'second-check', 'free-play', 'registration', 'recovery'))
);
CREATE INDEX member_sign_ins_member_idx ON member_sign_ins (member_id, id DESC);
CREATE UNIQUE INDEX member_sign_ins_session_key ON member_sign_ins (session_id);

-- The sign-ins before this table are the sessions they opened: their time, IP and user agent, no country.
INSERT INTO member_sign_ins (member_id, merchant_id, session_id, at, ip, user_agent)
SELECT member_id, merchant_id, id, created_at, ip, user_agent FROM member_sessions ORDER BY id;

-- Operators' notes on a player: append-only (db/functions/member_notes_append_only.sql), like the audit trail.
-- No foreign key to members: a note outlives a free-play guest, whose account is removed when it expires.
CREATE TABLE member_notes (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  member_id bigint NOT NULL,
  -- Null for the CLI.
  operator_id bigint REFERENCES operators (id),
  actor text NOT NULL CHECK (actor ~ '^(operator|cli):.+'),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);

-- Why an operator last locked or unlocked the account, and when.
ALTER TABLE members
  ADD COLUMN status_reason text,
  ADD COLUMN status_changed_at timestamptz;

-- The player search (a brand's players by account prefix, phone, IP; newest first with no filter). Account
-- prefixes are matched and ordered byte-wise ("C"), so a prefix is a range of this index whatever the database's
-- collation, and a page ends where the next one starts.
CREATE INDEX members_merchant_account_c_idx ON members (merchant_id, (lower(account) COLLATE "C"));
CREATE INDEX members_merchant_mobile_idx ON members (merchant_id, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE INDEX members_merchant_id_idx ON members (merchant_id, id);
CREATE INDEX members_merchant_not_active_idx ON members (merchant_id, id) WHERE status <> 'active';
CREATE INDEX member_known_ips_ip_idx ON member_known_ips (ip, member_id);

-- The security centre (docs/decisions/0037-member-authenticator.md): a member's authenticator (TOTP) and its
-- recovery codes. The secret itself stays in members.totp_secret (0020), which the new-IP check reads; it is
-- now written, sealed with DATA_ENCRYPTION_KEY as operators' secrets are (0047).

-- One row per member who has started or finished enrolling: the secret waiting for its confirming code, the
-- step of the last accepted code (each code is accepted once), and the count of wrong codes that makes the
-- next one wait.
CREATE TABLE member_authenticators (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  pending_secret text,
  pending_expires_at timestamptz,
  enrolled_at timestamptz,
  last_step bigint,
  failures integer NOT NULL DEFAULT 0,
  failures_since timestamptz,
  wait_until timestamptz
);

-- Each code removes the authenticator or passes the new-IP check once; SHA-256 of the normalised code (50 random
-- bits: no slow hash needed), as operators' (0047).
CREATE TABLE member_recovery_codes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE UNIQUE INDEX member_recovery_codes_key ON member_recovery_codes (member_id, code_hash);

-- The sign-ins of the history are read by member and IP for the known IPs' devices.
CREATE INDEX member_sign_ins_member_ip_idx ON member_sign_ins (member_id, ip, id DESC);

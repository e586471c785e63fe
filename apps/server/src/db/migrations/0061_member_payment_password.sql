-- The payment password (docs/product/member-centre.md#payment-password): the hash stays in
-- members.payment_password_hash (0020), which registration may write. Wrong tries are counted per member: the
-- fifth in a row locks it for 15 minutes; a right one, or a reset by code, starts the count again.
CREATE TABLE member_payment_password_guards (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  changed_at timestamptz
);

-- A reset code is sent for this purpose only: a sign-in or recovery code does not reset it.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'recovery', 'ip_check', 'payment_password'));

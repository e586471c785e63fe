-- Binding or changing a member's mobile number and e-mail (docs/product/member-centre.md#mobile-number-and-e-mail).
-- A change is one ticket that expires: the bound contact proved first (a code sent to it, or the login password when
-- none is bound), then the new one named and proved by its own code. The new contact is written to members only
-- when both are proved, in that order.
CREATE TABLE member_contact_changes (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('mobile', 'email')),
  -- The bound contact when the change began, as codes address it (+<code><number>, or the lower-cased address);
  -- null when binding a first one. A change made meanwhile by another ticket closes this one at its end.
  current_target text,
  -- The same, masked, as the member is shown it.
  current_masked text,
  current_proved_at timestamptz,
  new_country_dialing_code text,
  new_value text,
  new_target text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Done, or replaced by a newer change of the same kind.
  closed_at timestamptz
);
CREATE INDEX member_contact_changes_open_idx ON member_contact_changes (member_id, kind) WHERE closed_at IS NULL;

-- The codes of a change: one to the bound contact, one to the new; neither is accepted for anything else.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'recovery', 'ip_check', 'payment_password', 'contact_current', 'contact_new'));

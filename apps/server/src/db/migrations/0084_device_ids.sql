-- The abuse check's "same device" (docs/decisions/0057-referral-rewards-and-abuse-flags.md): the player site sends a
-- random device id it keeps in local storage with its sign-in and registration calls (header X-Parlay-Device); the
-- server keeps only its SHA-256 (lower-case hex), with the sign-in and with the registration, as it keeps their IPs.
-- Null when the call carried none (another client, storage off, a sign-in before this version).
ALTER TABLE member_sign_ins ADD COLUMN device_hash text CHECK (device_hash ~ '^[0-9a-f]{64}$');
ALTER TABLE members ADD COLUMN register_device_hash text CHECK (register_device_hash ~ '^[0-9a-f]{64}$');

-- The matching: a brand's sign-ins and registrations by device, as 0083's indexes find them by IP.
CREATE INDEX member_sign_ins_merchant_device_idx ON member_sign_ins (merchant_id, device_hash)
  WHERE device_hash IS NOT NULL;
CREATE INDEX members_merchant_register_device_idx ON members (merchant_id, register_device_hash)
  WHERE register_device_hash IS NOT NULL;

-- Identity checks (KYC) as a brand setting (decision 0043). Off unless a brand turns it on; the threshold says which
-- withdrawals need a verified member (null: none).
CREATE TABLE kyc_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  withdrawal_threshold_minor bigint CHECK (withdrawal_threshold_minor >= 0),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A member's identity check: one row a member, its state, the round of documents under review (`round`), and the
-- operator's reason of a rejection. A member without a row is 'none'.
CREATE TABLE kyc_checks (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'verified', 'rejected')),
  round integer NOT NULL DEFAULT 1,
  reason text,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewed_by bigint,
  version integer NOT NULL DEFAULT 0,
  CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
-- The review queue of a brand by state, oldest submission first (keyset).
CREATE INDEX kyc_checks_queue_idx ON kyc_checks (merchant_id, status, submitted_at, member_id);

-- The documents, as uploaded (checked by content: PNG, JPEG or PDF, at most 5 MB, at most 3 a round). Kept after a
-- rejection, for the audit of the review; the member sees only the current round's.
CREATE TABLE kyc_documents (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  round integer NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'application/pdf')),
  size_bytes integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_documents_member_idx ON kyc_documents (member_id, round, id);

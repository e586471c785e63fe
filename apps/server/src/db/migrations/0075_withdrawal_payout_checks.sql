-- The payouts' reconciliation (decision 0041, "Payouts left paying"): when a withdrawal left paying was last asked
-- about at its provider (or sent again by finance's retry), so that each run, on any instance, claims only those
-- not asked about for a while.
ALTER TABLE withdrawal_requests ADD COLUMN payout_checked_at timestamptz;
CREATE INDEX withdrawal_requests_paying_idx ON withdrawal_requests (id) WHERE status = 'paying';

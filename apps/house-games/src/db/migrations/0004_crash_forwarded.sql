-- A bet or cash-out that a follower sent on to the crash leader (decision 0016). Whoever writes its row
-- first decides its fate: the leader writes 'taken' before it acts on the request, the follower writes
-- 'abandoned' when its wait for the answer runs out. So a request the follower gave up on (and told the
-- player so) is never made later, and a request the leader took is waited for. Rows older than an hour
-- are deleted by the leader.
CREATE TABLE house.crash_forwarded (
  request_id uuid PRIMARY KEY,
  outcome text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT crash_forwarded_outcome_check CHECK (outcome IN ('taken', 'abandoned'))
);
CREATE INDEX crash_forwarded_created_idx ON house.crash_forwarded (created_at);

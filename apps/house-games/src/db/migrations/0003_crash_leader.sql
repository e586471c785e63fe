-- Several vendor instances may share the database; only the holder of this lease runs the crash loop.
-- The holder renews it while it runs; when it stops renewing (stopped, paused, cut off), another instance
-- takes the lease once it has expired, cancels the game left in play and starts the next.
CREATE TABLE house.crash_leader (
  id integer PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT crash_leader_single_row CHECK (id = 1)
);

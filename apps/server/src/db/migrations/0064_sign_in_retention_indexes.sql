-- The sign-in retention job (apps/server/src/jobs/sign-in-retention.ts) deletes sign-ins older than the history's
-- retention and throttle rows whose window is over, 5,000 a statement. These indexes let each statement find its
-- rows by time instead of reading the whole table, however small the backlog.
CREATE INDEX member_sign_ins_at_idx ON member_sign_ins (at);
CREATE INDEX login_throttle_window_idx ON login_throttle (window_started_at);
CREATE INDEX operator_sign_in_throttle_window_idx ON operator_sign_in_throttle (window_started_at);

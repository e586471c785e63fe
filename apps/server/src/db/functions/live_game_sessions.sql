-- The game sessions a new real-money debit may use (decision 0019): not expired, not ended, the member
-- active, and the sign-in that launched the game not revoked (by sign-out, a password change or an
-- operator). A sign-in that only expires does not end the game, and a session launched before migration
-- 0037 has no sign-in and ends by its own expiry. The one statement of the rule: vendor_wallet_debit reads
-- it, and so does seamless-wallet.repository.ts for the general path. A view, not a function: the planner
-- folds it into each query, so the debit's session check runs the same joins as when the rule was written
-- there.
-- A migration that drops a column of game_sessions drops this view first; it is made again after.
CREATE OR REPLACE VIEW live_game_sessions AS
SELECT s.*
  FROM game_sessions s
 WHERE s.expires_at > now() AND s.ended_at IS NULL
   AND EXISTS (SELECT 1 FROM members m WHERE m.id = s.member_id AND m.status = 'active')
   AND NOT EXISTS (SELECT 1 FROM member_sessions ms
                    WHERE ms.id = s.member_session_id AND ms.revoked_at IS NOT NULL);

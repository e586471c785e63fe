-- The reward engine's loose ends (issue 36).
--
-- 1. Leaderboards (docs/decisions/0056-leaderboards.md, "Later"): a prize the payout cannot pay (the winner's account
-- closed, or the wallet refusing it) no longer keeps its whole period unpaid and retried every minute. The period is
-- paid for the ranks that can be paid, and the refused rank keeps its row with the refusal's error code instead of a
-- movement: the back office's standings show it, and the job is done with the period. The payout job finds its
-- periods by a skip scan of leaderboard_scores' primary key (board, period start, member) after the board's newest
-- paid period (leaderboard_periods' primary key): the existing keys are its indexes, none is added.
ALTER TABLE leaderboard_payouts ALTER COLUMN movement_id DROP NOT NULL;
ALTER TABLE leaderboard_payouts ADD COLUMN refused text;
ALTER TABLE leaderboard_payouts ADD CONSTRAINT leaderboard_payouts_paid_or_refused
  CHECK ((movement_id IS NULL) = (refused IS NOT NULL));

-- 2. Raffles (docs/decisions/0055-raffles.md, "Later"): each winner gets a mailbox message in the draw's transaction.
INSERT INTO message_templates (merchant_id, template_key, language, title, body) VALUES
  (NULL, 'raffleWon', 'EN', 'You won a raffle prize',
   'Your ticket {ticket} won prize #{rank} of "{titleEn}" on {site}: {amount} {currency} has been added to your balance.'),
  (NULL, 'raffleWon', 'KO', '래플 당첨',
   '{site} "{titleKo}" 래플에서 {ticket}번 티켓이 {rank}등에 당첨되어 {amount} {currency}이(가) 잔액에 지급되었습니다.');

-- 3. Promotions (docs/decisions/0058-promotions-hub-and-reward-centre.md, "Later"): only the bonus kinds (deposit and
-- sign-up bonuses, applications) have a bonus rule; the other kinds (cashback, missions, raffles) keep their terms in
-- their own tables and their `rules` are empty. The demo's cashback and missions rows were written with a bonus rule
-- that paid nothing: emptied here, and the check keeps it so.
UPDATE promotions SET rules = '{}'::jsonb
WHERE kind NOT IN ('deposit_bonus', 'signup_bonus', 'application') AND rules <> '{}'::jsonb;
ALTER TABLE promotions ADD CONSTRAINT promotions_rules_of_bonus_kinds_only
  CHECK (kind IN ('deposit_bonus', 'signup_bonus', 'application') OR rules = '{}'::jsonb);

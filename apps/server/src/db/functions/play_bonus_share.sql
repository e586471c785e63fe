-- The part of p_amount (a round's win, or a stake given back) that goes back to the bonus balance (docs/decisions/
-- 0063-a-separate-bonus-balance.md): the bonus-funded share, floor(p_amount × p_bonus_stake ÷ p_stake), while the
-- member has an active bonus of the separate mode; 0 otherwise (no bonus money staked, or the last separate bonus
-- completed: its balance was released to the main one, where this money goes too). A forfeit, expiry or cancel waits
-- for the member's rounds staked with bonus money, so a bonus never ends while such a round is open.
CREATE OR REPLACE FUNCTION play_bonus_share(p_member_id bigint, p_amount bigint, p_stake bigint, p_bonus_stake bigint)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_bonus_stake <= 0 OR p_stake <= 0 OR p_amount <= 0 THEN 0
    WHEN NOT EXISTS (SELECT 1 FROM member_bonuses b
                      WHERE b.member_id = p_member_id AND b.status = 'active' AND b.balance_mode = 'separate') THEN 0
    ELSE floor(p_amount::numeric * least(p_bonus_stake, p_stake) / p_stake)::bigint
  END
$$;

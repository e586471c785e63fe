-- Bet limits and maximum wins are per brand (house.limits): each round and crash bet keeps the brand its
-- launch was signed for, so that work finished later (a queued crash bet, an expired mines round) caps
-- the win at that brand's maximum. Rows from before know no brand and keep the default brand '*'.
ALTER TABLE house.rounds ADD COLUMN brand text NOT NULL DEFAULT '*';
ALTER TABLE house.crash_bets ADD COLUMN brand text NOT NULL DEFAULT '*';

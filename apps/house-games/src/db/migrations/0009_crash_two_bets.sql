-- Crash: two bets a round. A player's bet is keyed by (game, player, slot): slot 0 and slot 1 are two bets of
-- their own, each with its own round id, and so its own wallet debit and credit. A bet made before this
-- migration is slot 0.
ALTER TABLE house.crash_bets ADD COLUMN slot smallint NOT NULL DEFAULT 0;
ALTER TABLE house.crash_bets ADD CONSTRAINT crash_bets_slot_check CHECK (slot IN (0, 1));

DROP INDEX house.crash_bets_one_per_game_key;
CREATE UNIQUE INDEX crash_bets_one_per_slot_key ON house.crash_bets (game_id, player_ref, slot)
  WHERE game_id IS NOT NULL AND state NOT IN ('refused', 'cancelled');
-- A bet queued for the next game has no game yet: one queued bet a slot, so that two requests at once
-- cannot both queue and then meet in the next game.
CREATE UNIQUE INDEX crash_bets_one_queued_key ON house.crash_bets (player_ref, slot) WHERE state = 'queued';

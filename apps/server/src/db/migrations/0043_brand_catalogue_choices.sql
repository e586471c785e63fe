-- A brand's own choices over its vendors' feeds (issue 4: per-brand enablement, order and hot flags;
-- decision 0024). NULL follows the feed. The listed columns `enabled`, `is_hot` and `sort_order` stay
-- what every list reads and its indexes cover: they are derived again from the feed and these choices
-- on every feed write and every choice, so a vendor's next sync can no longer undo a brand's choice.
ALTER TABLE merchant_games
  ADD COLUMN brand_enabled boolean,
  ADD COLUMN brand_hot boolean,
  ADD COLUMN brand_sort_order integer;

-- Until now a brand's row kept the hot flag and order of the feed that first offered the game; from
-- here on it follows the feed, as a brand that made no choice expects.
UPDATE merchant_games mg SET is_hot = g.is_hot, sort_order = g.sort_order FROM games g WHERE g.id = mg.game_id;

-- The account type a lottery game opens under (/vnlottery, /seaLottery: docs/product/games-and-wallet.md#lottery);
-- NULL: its vendor's code.
ALTER TABLE games ADD COLUMN account_type_name text;

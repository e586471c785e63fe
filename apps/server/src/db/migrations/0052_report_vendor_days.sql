-- A brand's day by vendor and game category (decision 0034): the rollup of report_game_days that the dashboard's
-- breakdowns and the daily report's vendor and category levels read. A brand of a few thousand games has that
-- many game rows a day, so a month's breakdown summed 60,000 rows at each view (bench:backoffice); this table
-- has a row per vendor and category played that day. The reports' consumer adds to it in the batch that adds to
-- report_game_days, so the two never disagree.
CREATE TABLE report_vendor_days (
  merchant_id bigint NOT NULL,
  day date NOT NULL,
  vendor_id bigint NOT NULL,
  game_type text NOT NULL,
  turnover_minor bigint NOT NULL DEFAULT 0,
  valid_bet_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, day, vendor_id, game_type)
);

-- What the consumer has already applied, rolled up once.
INSERT INTO report_vendor_days (merchant_id, day, vendor_id, game_type, turnover_minor, valid_bet_minor,
                                payout_minor, rounds)
SELECT merchant_id, day, vendor_id, game_type, sum(turnover_minor), sum(valid_bet_minor), sum(payout_minor),
       sum(rounds)
FROM report_game_days
GROUP BY merchant_id, day, vendor_id, game_type;

-- Every round that settles becomes a row of the settlement feed in the transaction that settles it
-- (decision 0034): the one-statement credit (vendor_wallet_credit), the general path's credits
-- (BettingService.addRoundWin, addWin) and an operator's settle of an abandoned round alike, and any path
-- added later, since the rule is here and not in each of them. A round leaves 'open' once and never changes
-- after (every write to game_rounds asks status = 'open'), so the row carries its final figures. A cancelled
-- round has no stake and no win left, and moves no figure: it writes none. The WHEN clauses cost the other
-- writes of game_rounds (a debit's stake) nothing but their test.
CREATE OR REPLACE FUNCTION settlement_feed_round_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, vendor_id, game_id, round_ref, stake_minor,
                               valid_bet_minor, payout_minor, at)
  VALUES ('round', NEW.merchant_id, NEW.member_id, NEW.currency, NEW.vendor_id, NEW.game_id, NEW.id, NEW.stake_minor,
          NEW.valid_bet_minor, NEW.win_minor, coalesce(NEW.settled_at, now()));
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER game_rounds_settled_insert AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.status = 'settled') EXECUTE FUNCTION settlement_feed_round_settled();
CREATE OR REPLACE TRIGGER game_rounds_settled_update AFTER UPDATE ON game_rounds
  FOR EACH ROW WHEN (OLD.status <> 'settled' AND NEW.status = 'settled') EXECUTE FUNCTION settlement_feed_round_settled();

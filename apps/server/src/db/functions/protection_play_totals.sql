-- A member's running stakes and net loss per day, ISO week and month (the brand's time zone), kept in the
-- member's protection row by every write of a round's stake or win, whichever path makes it (the one-statement
-- debit and credit, the general path, a rollback, an operator's cancel or settle of an abandoned round):
-- docs/decisions/0042-player-protection.md. A stake that takes a total past a loss or wager limit raises
-- SQLSTATE 'PW001' with the error code as message, which undoes the whole debit. A member without a protection
-- row costs one index probe of a small table and no write.
CREATE OR REPLACE FUNCTION protection_play_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_stake bigint := NEW.stake_minor - CASE WHEN TG_OP = 'UPDATE' THEN OLD.stake_minor ELSE 0 END;
  v_win bigint := NEW.win_minor - CASE WHEN TG_OP = 'UPDATE' THEN OLD.win_minor ELSE 0 END;
  p member_protection%ROWTYPE;
BEGIN
  UPDATE member_protection AS t SET
    day_wagered_minor = CASE WHEN t.day_key = (now() AT TIME ZONE t.time_zone)::date
                             THEN t.day_wagered_minor ELSE 0 END + v_stake,
    day_loss_minor = CASE WHEN t.day_key = (now() AT TIME ZONE t.time_zone)::date
                          THEN t.day_loss_minor ELSE 0 END + v_stake - v_win,
    day_key = (now() AT TIME ZONE t.time_zone)::date,
    week_wagered_minor = CASE WHEN t.week_key = date_trunc('week', now() AT TIME ZONE t.time_zone)::date
                              THEN t.week_wagered_minor ELSE 0 END + v_stake,
    week_loss_minor = CASE WHEN t.week_key = date_trunc('week', now() AT TIME ZONE t.time_zone)::date
                           THEN t.week_loss_minor ELSE 0 END + v_stake - v_win,
    week_key = date_trunc('week', now() AT TIME ZONE t.time_zone)::date,
    month_wagered_minor = CASE WHEN t.month_key = date_trunc('month', now() AT TIME ZONE t.time_zone)::date
                               THEN t.month_wagered_minor ELSE 0 END + v_stake,
    month_loss_minor = CASE WHEN t.month_key = date_trunc('month', now() AT TIME ZONE t.time_zone)::date
                            THEN t.month_loss_minor ELSE 0 END + v_stake - v_win,
    month_key = date_trunc('month', now() AT TIME ZONE t.time_zone)::date
   WHERE t.member_id = NEW.member_id
  RETURNING t.* INTO p;
  IF NOT FOUND OR v_stake <= 0 THEN
    RETURN NULL;
  END IF;
  IF p.loss_daily_minor < p.day_loss_minor OR p.loss_weekly_minor < p.week_loss_minor
     OR p.loss_monthly_minor < p.month_loss_minor THEN
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'PROTECTION_LOSS_LIMIT';
  END IF;
  IF p.wager_daily_minor < p.day_wagered_minor OR p.wager_weekly_minor < p.week_wagered_minor
     OR p.wager_monthly_minor < p.month_wagered_minor THEN
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'PROTECTION_WAGER_LIMIT';
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER game_rounds_protection_insert AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.stake_minor <> 0 OR NEW.win_minor <> 0) EXECUTE FUNCTION protection_play_totals();
CREATE OR REPLACE TRIGGER game_rounds_protection_update AFTER UPDATE OF stake_minor, win_minor ON game_rounds
  FOR EACH ROW WHEN (NEW.stake_minor <> OLD.stake_minor OR NEW.win_minor <> OLD.win_minor)
  EXECUTE FUNCTION protection_play_totals();

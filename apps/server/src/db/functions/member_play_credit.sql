-- Money play gives a member (a win, a rollback, a cancelled round's stake back; docs/decisions/0063-a-separate-bonus-
-- balance.md): the share of p_amount that the bonus balance funded (p_bonus_stake of p_stake) goes back to the bonus
-- balance ('member_bonus') while the member has an active separate bonus, the rest to the main balance; one movement
-- whose entries are the two parts and the house's side. The main account is locked first (main before bonus, as every
-- writer of both does) and the share decided after: a wagering batch that releases the bonus balance holds the main
-- account too, so a share is never paid into a bonus balance whose last bonus has just been released. Returns no row
-- when the main balance would pass Number.MAX_SAFE_INTEGER (nothing changed). Called by vendor_wallet_credit and by
-- the general path (seamless-wallet.service.ts, abandoned-rounds.service.ts).
CREATE OR REPLACE FUNCTION member_play_credit(
  p_member_id bigint, p_merchant_id bigint, p_currency text, p_amount bigint, p_stake bigint, p_bonus_stake bigint,
  p_house_account_id bigint, p_kind text, p_idempotency_key text, p_reason text, p_request_hash text
) RETURNS TABLE (movement_id bigint, main_after_minor bigint, bonus_part_minor bigint, bonus_after_minor bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bonus_part bigint := 0;
  v_main_id bigint;
  v_main bigint;
  v_bonus_id bigint;
  v_bonus bigint;
  v_movement_id bigint;
BEGIN
  IF p_bonus_stake > 0 THEN
    -- Lock the main account (made when missing), then decide the share on what has committed by now.
    INSERT INTO wallet_accounts AS a (merchant_id, owner_type, member_id, currency, balance_minor)
    VALUES (p_merchant_id, 'member', p_member_id, p_currency, 0)
    ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
    DO UPDATE SET balance_minor = a.balance_minor;
    v_bonus_part := play_bonus_share(p_member_id, p_amount, p_stake, p_bonus_stake);
  END IF;
  INSERT INTO wallet_accounts AS a (merchant_id, owner_type, member_id, currency, balance_minor)
  VALUES (p_merchant_id, 'member', p_member_id, p_currency, p_amount - v_bonus_part)
  ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
  DO UPDATE SET balance_minor = a.balance_minor + EXCLUDED.balance_minor, updated_at = now()
  WHERE a.balance_minor <= 9007199254740991 - EXCLUDED.balance_minor
  RETURNING a.id, a.balance_minor INTO v_main_id, v_main;
  IF v_main_id IS NULL THEN
    RETURN;
  END IF;
  IF v_bonus_part > 0 THEN
    -- At most the stake's own share of the win: below the main balance's limit whenever the main balance is.
    INSERT INTO wallet_accounts AS a (merchant_id, owner_type, member_id, currency, balance_minor)
    VALUES (p_merchant_id, 'member_bonus', p_member_id, p_currency, v_bonus_part)
    ON CONFLICT (member_id, currency) WHERE owner_type = 'member_bonus'
    DO UPDATE SET balance_minor = a.balance_minor + EXCLUDED.balance_minor, updated_at = now()
    WHERE a.balance_minor <= 9007199254740991 - EXCLUDED.balance_minor
    RETURNING a.id, a.balance_minor INTO v_bonus_id, v_bonus;
    IF v_bonus_id IS NULL THEN
      RETURN;
    END IF;
  ELSE
    SELECT a.balance_minor INTO v_bonus FROM wallet_accounts a
     WHERE a.owner_type = 'member_bonus' AND a.member_id = p_member_id AND a.currency = p_currency;
  END IF;

  INSERT INTO wallet_movements AS m (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                     request_hash)
  VALUES (p_merchant_id, p_kind, p_idempotency_key, p_member_id, p_currency, p_amount, p_reason, p_request_hash)
  RETURNING m.id INTO v_movement_id;
  IF v_bonus_part = 0 THEN
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_main_id, p_amount, v_main), (v_movement_id, p_house_account_id, -p_amount, NULL);
  ELSIF v_bonus_part = p_amount THEN
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_bonus_id, p_amount, v_bonus), (v_movement_id, p_house_account_id, -p_amount, NULL);
  ELSE
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_main_id, p_amount - v_bonus_part, v_main),
           (v_movement_id, v_bonus_id, v_bonus_part, v_bonus),
           (v_movement_id, p_house_account_id, -p_amount, NULL);
  END IF;
  RETURN QUERY SELECT v_movement_id, v_main, v_bonus_part, coalesce(v_bonus, 0);
END
$$;

-- A stake taken from a member (docs/decisions/0063-a-separate-bonus-balance.md): the main balance pays first and the
-- bonus balance ('member_bonus') the rest; one movement whose entries are the main part, the bonus part and the house's
-- side. Returns no row when the two together are short (nothing changed). The common case, a main balance that pays
-- the whole stake, is one conditional UPDATE as before plus a read of the bonus balance for the answer's total.
-- Called by vendor_wallet_debit (the one-statement path) and by the general path (seamless-wallet.service.ts).
CREATE OR REPLACE FUNCTION member_play_debit(
  p_member_id bigint, p_merchant_id bigint, p_currency text, p_amount bigint, p_house_account_id bigint,
  p_kind text, p_idempotency_key text, p_reason text, p_request_hash text
) RETURNS TABLE (movement_id bigint, main_after_minor bigint, bonus_part_minor bigint, bonus_after_minor bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_main_id bigint;
  v_main bigint;
  v_bonus_id bigint;
  v_bonus bigint;
  v_bonus_part bigint := 0;
  v_movement_id bigint;
BEGIN
  UPDATE wallet_accounts AS a SET balance_minor = a.balance_minor - p_amount, updated_at = now()
   WHERE a.owner_type = 'member' AND a.member_id = p_member_id AND a.currency = p_currency
     AND a.balance_minor >= p_amount
  RETURNING a.id, a.balance_minor INTO v_main_id, v_main;
  IF v_main_id IS NOT NULL THEN
    SELECT a.id, a.balance_minor INTO v_bonus_id, v_bonus FROM wallet_accounts a
     WHERE a.owner_type = 'member_bonus' AND a.member_id = p_member_id AND a.currency = p_currency;
  ELSE
    -- Short of the main balance: lock it (main before bonus, as every writer of both does), then take the rest
    -- from the bonus balance. A credit may have committed since the UPDATE above: the split is made on what is read.
    SELECT a.id, a.balance_minor INTO v_main_id, v_main FROM wallet_accounts a
     WHERE a.owner_type = 'member' AND a.member_id = p_member_id AND a.currency = p_currency
       FOR UPDATE;
    IF v_main_id IS NULL THEN
      RETURN;
    END IF;
    v_bonus_part := greatest(p_amount - v_main, 0);
    IF v_bonus_part > 0 THEN
      UPDATE wallet_accounts AS a SET balance_minor = a.balance_minor - v_bonus_part, updated_at = now()
       WHERE a.owner_type = 'member_bonus' AND a.member_id = p_member_id AND a.currency = p_currency
         AND a.balance_minor >= v_bonus_part
      RETURNING a.id, a.balance_minor INTO v_bonus_id, v_bonus;
      IF v_bonus_id IS NULL THEN
        RETURN;
      END IF;
    ELSE
      SELECT a.id, a.balance_minor INTO v_bonus_id, v_bonus FROM wallet_accounts a
       WHERE a.owner_type = 'member_bonus' AND a.member_id = p_member_id AND a.currency = p_currency;
    END IF;
    UPDATE wallet_accounts AS a SET balance_minor = a.balance_minor - (p_amount - v_bonus_part), updated_at = now()
     WHERE a.id = v_main_id
    RETURNING a.balance_minor INTO v_main;
  END IF;

  INSERT INTO wallet_movements AS m (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                     request_hash)
  VALUES (p_merchant_id, p_kind, p_idempotency_key, p_member_id, p_currency, -p_amount, p_reason, p_request_hash)
  RETURNING m.id INTO v_movement_id;
  IF v_bonus_part = 0 THEN
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_main_id, -p_amount, v_main), (v_movement_id, p_house_account_id, p_amount, NULL);
  ELSIF v_bonus_part = p_amount THEN
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_bonus_id, -p_amount, v_bonus), (v_movement_id, p_house_account_id, p_amount, NULL);
  ELSE
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_main_id, v_bonus_part - p_amount, v_main),
           (v_movement_id, v_bonus_id, -v_bonus_part, v_bonus),
           (v_movement_id, p_house_account_id, p_amount, NULL);
  END IF;
  RETURN QUERY SELECT v_movement_id, v_main, v_bonus_part, coalesce(v_bonus, 0);
END
$$;

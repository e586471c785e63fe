-- A new real-money round credit in one statement (decisions 0012, 0027, 0063): the vendor transaction row, the win
-- on the member's open round with a stake, the ledger movement with its entries (the share of the win its bonus-
-- funded stake earned to the bonus balance, the rest to the main one), and the stored answer.
-- A refusal raises SQLSTATE 'PW001' and undoes everything: VENDOR_ROUND_CLOSED, VENDOR_CREDIT_WITHOUT_DEBIT
-- (no staked open round of that member), WALLET_BALANCE_LIMIT (past Number.MAX_SAFE_INTEGER), REPLAY. A
-- promotion or tournament credit takes the general path in seamless-wallet.service.ts, which counts it
-- against the brand's cap; that path's round credits go through BettingService.addRoundWin, the same rule in SQL.
CREATE OR REPLACE FUNCTION vendor_wallet_credit(
  p_vendor_id bigint, p_transaction_id text, p_request_id text, p_body_hash text,
  p_member_id bigint, p_merchant_id bigint, p_currency text, p_round_id text, p_game_id bigint, p_game_code text,
  p_amount bigint, p_ended boolean, p_detail jsonb, p_house_account_id bigint, p_idempotency_key text
) RETURNS TABLE (outcome text, balance_minor bigint, movement_id bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_transaction_row bigint;
  v_balance bigint;
  v_movement_id bigint;
  v_stake bigint;
  v_bonus_stake bigint;
BEGIN
  INSERT INTO vendor_transactions AS t (vendor_id, transaction_id, kind, state, mode, member_id, session_id, round_id,
                                        game_code, currency, amount_minor)
  VALUES (p_vendor_id, p_transaction_id, 'credit', 'credited', 'real', p_member_id, NULL, p_round_id,
          p_game_code, p_currency, p_amount)
  ON CONFLICT (vendor_id, transaction_id) DO NOTHING
  RETURNING t.id INTO v_transaction_row;
  IF v_transaction_row IS NULL THEN
    RETURN QUERY SELECT 'repeat'::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  UPDATE game_rounds AS r SET
    win_minor = r.win_minor + p_amount,
    status = CASE WHEN p_ended THEN 'settled' ELSE 'open' END,
    settled_at = CASE WHEN p_ended THEN now() END,
    valid_bet_minor = CASE WHEN p_ended THEN r.stake_minor ELSE 0 END,
    detail = coalesce(p_detail, r.detail)
  WHERE r.vendor_id = p_vendor_id AND r.round_id = p_round_id
    AND r.status = 'open' AND r.member_id = p_member_id AND r.stake_minor > 0
  RETURNING r.stake_minor, r.bonus_stake_minor INTO v_stake, v_bonus_stake;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM game_rounds r WHERE r.vendor_id = p_vendor_id AND r.round_id = p_round_id
                 AND (r.status <> 'open' OR r.member_id <> p_member_id)) THEN
      RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'VENDOR_ROUND_CLOSED';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'VENDOR_CREDIT_WITHOUT_DEBIT';
  END IF;

  IF p_amount = 0 THEN
    SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM wallet_accounts a
     WHERE a.owner_type IN ('member', 'member_bonus') AND a.member_id = p_member_id AND a.currency = p_currency;
  ELSE
    -- The bonus-funded share of the win back to the bonus balance (member_play_credit.sql), the rest to the main one.
    SELECT c.movement_id, c.main_after_minor + c.bonus_after_minor INTO v_movement_id, v_balance
      FROM member_play_credit(p_member_id, p_merchant_id, p_currency, p_amount, v_stake, v_bonus_stake,
                              p_house_account_id, 'vendor_credit', p_idempotency_key, NULL, p_body_hash) c;
    IF v_movement_id IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'WALLET_BALANCE_LIMIT';
    END IF;
  END IF;
  UPDATE vendor_transactions AS t SET movement_id = v_movement_id, balance_after_minor = v_balance
   WHERE t.id = v_transaction_row;

  INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response)
  VALUES (p_vendor_id, p_request_id, 'credit', p_body_hash, 200,
          jsonb_build_object('value', jsonb_build_object('balanceMinor', v_balance, 'currency', p_currency,
                                                         'transactionId', p_transaction_id, 'applied', true)))
  ON CONFLICT (vendor_id, request_id) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'REPLAY';
  END IF;
  RETURN QUERY SELECT 'applied'::text, v_balance, v_movement_id;
END
$$;

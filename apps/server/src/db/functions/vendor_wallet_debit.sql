-- A new real-money debit in one statement, the seamless wallet's common case (decisions 0012, 0019, 0063): the
-- session check, the vendor transaction row, the round's stake, the ledger movement with its entries (the main
-- balance first, a separate bonus balance for the rest),
-- and the stored answer of the requestId. One statement, so one implicit transaction: a refusal raises
-- SQLSTATE 'PW001' (the message is the error code) and undoes everything. A repeated transactionId, a
-- trial player or a rollback takes the general path of seamless-wallet.service.ts, which runs the same
-- statements one by one (seamless-wallet, betting and wallet repositories); keep the two in step.
CREATE OR REPLACE FUNCTION vendor_wallet_debit(
  p_vendor_id bigint, p_transaction_id text, p_request_id text, p_body_hash text, p_token_hash text,
  p_member_id bigint, p_merchant_id bigint, p_currency text, p_round_id text, p_game_id bigint, p_game_code text,
  p_amount bigint, p_house_account_id bigint, p_idempotency_key text
) RETURNS TABLE (outcome text, balance_minor bigint, movement_id bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_session_id bigint;
  v_transaction_row bigint;
  v_balance bigint;
  v_movement_id bigint;
  v_bonus_part bigint;
BEGIN
  SELECT s.id INTO v_session_id FROM live_game_sessions s
   WHERE s.token_hash = p_token_hash AND s.vendor_id = p_vendor_id AND s.member_id = p_member_id
     AND s.mode = 'real';
  IF v_session_id IS NULL THEN
    -- A transactionId already seen is a repeat, whatever became of the session since: the general path
    -- answers it. Only a new debit needs a live session.
    IF EXISTS (SELECT 1 FROM vendor_transactions t
                WHERE t.vendor_id = p_vendor_id AND t.transaction_id = p_transaction_id) THEN
      RETURN QUERY SELECT 'repeat'::text, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'session_expired'::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO vendor_transactions AS t (vendor_id, transaction_id, kind, state, mode, member_id, session_id, round_id,
                                        game_code, currency, amount_minor)
  VALUES (p_vendor_id, p_transaction_id, 'debit', 'debited', 'real', p_member_id, v_session_id, p_round_id,
          p_game_code, p_currency, p_amount)
  ON CONFLICT (vendor_id, transaction_id) DO NOTHING
  RETURNING t.id INTO v_transaction_row;
  IF v_transaction_row IS NULL THEN
    RETURN QUERY SELECT 'repeat'::text, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO game_rounds AS r (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor)
  VALUES (p_vendor_id, p_round_id, p_merchant_id, p_member_id, p_game_id, p_game_code, p_currency, p_amount)
  ON CONFLICT (vendor_id, round_id) DO UPDATE SET stake_minor = r.stake_minor + EXCLUDED.stake_minor
  WHERE r.status = 'open' AND r.member_id = EXCLUDED.member_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'VENDOR_ROUND_CLOSED';
  END IF;

  -- The main balance first, the bonus balance for the rest (member_play_debit.sql); the answer's balance is both.
  SELECT d.movement_id, d.main_after_minor + d.bonus_after_minor, d.bonus_part_minor
    INTO v_movement_id, v_balance, v_bonus_part
    FROM member_play_debit(p_member_id, p_merchant_id, p_currency, p_amount, p_house_account_id, 'vendor_debit',
                           p_idempotency_key, NULL, p_body_hash) d;
  IF v_movement_id IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'INSUFFICIENT_FUNDS';
  END IF;
  IF v_bonus_part > 0 THEN
    UPDATE game_rounds AS r SET bonus_stake_minor = r.bonus_stake_minor + v_bonus_part
     WHERE r.vendor_id = p_vendor_id AND r.round_id = p_round_id;
  END IF;
  UPDATE vendor_transactions AS t SET movement_id = v_movement_id, balance_after_minor = v_balance,
         bonus_amount_minor = v_bonus_part
   WHERE t.id = v_transaction_row;

  INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response)
  VALUES (p_vendor_id, p_request_id, 'debit', p_body_hash, 200,
          jsonb_build_object('value', jsonb_build_object('balanceMinor', v_balance, 'currency', p_currency,
                                                         'transactionId', p_transaction_id, 'applied', true)))
  ON CONFLICT (vendor_id, request_id) DO NOTHING;
  IF NOT FOUND THEN
    -- The requestId already has an answer: undo, and the caller replays that answer.
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'REPLAY';
  END IF;
  RETURN QUERY SELECT 'applied'::text, v_balance, v_movement_id;
END
$$;

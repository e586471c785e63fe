-- Credits for a round the player was never debited in (decision 0027). Any vendor's secret could pay such a
-- credit to any member of any brand that offers the vendor, without a limit. Now:
-- - a round credit (creditType absent or 'round') pays only an open round of that member with a stake, or
--   is refused with VENDOR_CREDIT_WITHOUT_DEBIT and moves nothing;
-- - a promotion or tournament credit pays a win with no stake, while the brand's total of such credits from
--   that vendor on the brand's day stays within the cap its operator set (0, the default: none accepted).

ALTER TABLE merchant_vendors
  ADD COLUMN promotion_cap_minor bigint NOT NULL DEFAULT 0
    CHECK (promotion_cap_minor BETWEEN 0 AND 9007199254740991);

-- One row per brand, vendor and day (the brand's time zone): the running total a credit's transaction
-- raises with a conditional update (paid + amount <= cap), under the row's lock, so that concurrent credits
-- can never pass the cap together. No keys to the brand and vendor rows (decision 0012): those rows are
-- never deleted (migration 0035).
CREATE TABLE vendor_promotion_days (
  merchant_id bigint NOT NULL,
  vendor_id bigint NOT NULL,
  day date NOT NULL,
  paid_minor bigint NOT NULL CHECK (paid_minor >= 0),
  credits integer NOT NULL CHECK (credits >= 0),
  PRIMARY KEY (merchant_id, vendor_id, day)
);

-- Each promotion or tournament credit paid, for the operator's listing (`games promotions`): who, how much,
-- which vendor, which transaction. Written in the credit's transaction, never changed.
CREATE TABLE vendor_promotion_credits (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL,
  vendor_id bigint NOT NULL,
  day date NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  credit_type text NOT NULL CHECK (credit_type IN ('promotion', 'tournament')),
  transaction_id text NOT NULL,
  round_id text NOT NULL,
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  movement_id bigint REFERENCES wallet_movements (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, transaction_id)
);
CREATE INDEX vendor_promotion_credits_day_idx ON vendor_promotion_credits (merchant_id, vendor_id, day, id);

CREATE FUNCTION vendor_promotion_credits_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vendor_promotion_credits is append-only';
END;
$$;
CREATE TRIGGER vendor_promotion_credits_no_change BEFORE UPDATE OR DELETE ON vendor_promotion_credits
  FOR EACH ROW EXECUTE FUNCTION vendor_promotion_credits_append_only();

-- The one-statement credit of the wallet's hot path now serves round credits only (a promotion or tournament
-- credit takes the general path in vendor.service.ts, which counts it against the cap). It is migration
-- 0038's function but for the round: an UPDATE of the member's open round with a stake instead of an upsert
-- that created a stake-less round. A round credit with a debit runs as many statements as before; only a
-- refused one reads the round again, to say whether it was closed or never staked.
CREATE OR REPLACE FUNCTION vendor_wallet_credit(
  p_vendor_id bigint, p_transaction_id text, p_request_id text, p_body_hash text,
  p_member_id bigint, p_merchant_id bigint, p_currency text, p_round_id text, p_game_id bigint, p_game_code text,
  p_amount bigint, p_ended boolean, p_detail jsonb, p_house_account_id bigint, p_idempotency_key text
) RETURNS TABLE (outcome text, balance_minor bigint, movement_id bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_transaction_row bigint;
  v_account_id bigint;
  v_balance bigint;
  v_movement_id bigint;
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
    AND r.status = 'open' AND r.member_id = p_member_id AND r.stake_minor > 0;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM game_rounds r WHERE r.vendor_id = p_vendor_id AND r.round_id = p_round_id
                 AND (r.status <> 'open' OR r.member_id <> p_member_id)) THEN
      RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'VENDOR_ROUND_CLOSED';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'VENDOR_CREDIT_WITHOUT_DEBIT';
  END IF;

  IF p_amount = 0 THEN
    SELECT a.balance_minor INTO v_balance FROM wallet_accounts a
     WHERE a.owner_type = 'member' AND a.member_id = p_member_id AND a.currency = p_currency;
    v_balance := coalesce(v_balance, 0);
  ELSE
    INSERT INTO wallet_accounts AS a (merchant_id, owner_type, member_id, currency, balance_minor)
    VALUES (p_merchant_id, 'member', p_member_id, p_currency, p_amount)
    ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
    DO UPDATE SET balance_minor = a.balance_minor + EXCLUDED.balance_minor, updated_at = now()
    WHERE a.balance_minor <= 9007199254740991 - EXCLUDED.balance_minor
    RETURNING a.id, a.balance_minor INTO v_account_id, v_balance;
    IF v_account_id IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'WALLET_BALANCE_LIMIT';
    END IF;
    INSERT INTO wallet_movements AS m (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                       request_hash)
    VALUES (p_merchant_id, 'vendor_credit', p_idempotency_key, p_member_id, p_currency, p_amount, NULL, p_body_hash)
    RETURNING m.id INTO v_movement_id;
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    VALUES (v_movement_id, v_account_id, p_amount, v_balance), (v_movement_id, p_house_account_id, -p_amount, NULL);
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

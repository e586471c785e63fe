-- A batch of new real-money round credits in one statement (docs/decisions/0071-batched-vendor-credits.md): what
-- vendor_wallet_credit does for one credit, for up to 500, each credit applied once by its transaction id exactly as
-- a single credit is. p_credits is a JSON array of objects: i (its place in the call), transaction_id, member_id,
-- merchant_id, currency, round_id, game_id, game_code, amount, ended, detail, house_account_id, idempotency_key,
-- request_hash. Answers one row per element: outcome 'applied', 'repeat' (the id was applied before, by a batch or a
-- single credit: its first balance and movement), or 'refused' with the refusal's code (VENDOR_ROUND_CLOSED,
-- VENDOR_CREDIT_WITHOUT_DEBIT, WALLET_BALANCE_LIMIT, VENDOR_IDEMPOTENCY_CONFLICT): nothing of a refused credit stays.
-- Locks in a fixed order, so that batches and single credits over the same ids and members never deadlock: first
-- every new transaction row (by transaction id, one statement: a single credit takes its row first too), then per
-- member (by member id) the rounds and the accounts. No subtransactions: a refusal is decided before anything of
-- its credit is written but the transaction row, which it deletes. Only a balance passing Number.MAX_SAFE_INTEGER
-- between the check and the credit (another writer in between) raises PW001 WALLET_BALANCE_LIMIT and undoes all.
CREATE OR REPLACE FUNCTION vendor_wallet_credit_batch(p_vendor_id bigint, p_credits jsonb)
RETURNS TABLE (i int, outcome text, balance_minor bigint, movement_id bigint, refusal text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_new_ids bigint[];
  v_new_keys text[];
  v_refused_keys text[] := '{}';
  v_refusals text[] := '{}';
  c record;
  v_stake bigint;
  v_bonus_stake bigint;
  v_movement_id bigint;
  v_balance bigint;
BEGIN
  -- 1. The transaction rows of the ids not seen before, in one statement; the first element of an id repeated
  -- within the batch is the one applied.
  WITH input AS (
    SELECT DISTINCT ON (x.transaction_id) x.*
      FROM jsonb_to_recordset(p_credits) AS x(i int, transaction_id text, member_id bigint, currency text,
                                              round_id text, game_code text, amount bigint)
     ORDER BY x.transaction_id, x.i
  ), inserted AS (
    INSERT INTO vendor_transactions AS t (vendor_id, transaction_id, kind, state, mode, member_id, session_id,
                                          round_id, game_code, currency, amount_minor)
    SELECT p_vendor_id, x.transaction_id, 'credit', 'credited', 'real', x.member_id, NULL, x.round_id, x.game_code,
           x.currency, x.amount
      FROM input x ORDER BY x.transaction_id
    ON CONFLICT (vendor_id, transaction_id) DO NOTHING
    RETURNING t.id, t.transaction_id
  )
  SELECT coalesce(array_agg(n.id), '{}'), coalesce(array_agg(n.transaction_id), '{}') INTO v_new_ids, v_new_keys
    FROM inserted n;

  -- 2. Each new credit on its round and the member's balance, member by member.
  FOR c IN
    SELECT * FROM (
      SELECT DISTINCT ON (x.transaction_id) x.*, n.id AS row_id
        FROM jsonb_to_recordset(p_credits) AS x(i int, transaction_id text, member_id bigint, merchant_id bigint,
                                                currency text, round_id text, game_id bigint, game_code text,
                                                amount bigint, ended boolean, detail jsonb, house_account_id bigint,
                                                idempotency_key text, request_hash text)
        JOIN unnest(v_new_ids, v_new_keys) AS n(id, transaction_id) ON n.transaction_id = x.transaction_id
       ORDER BY x.transaction_id, x.i
    ) s ORDER BY s.member_id, s.transaction_id
  LOOP
    -- Past the balance limit: refused before the round is touched (its settlement is written by a trigger).
    IF c.amount > 0 AND EXISTS (SELECT 1 FROM wallet_accounts a
                                 WHERE a.owner_type = 'member' AND a.member_id = c.member_id
                                   AND a.currency = c.currency AND a.balance_minor > 9007199254740991 - c.amount) THEN
      DELETE FROM vendor_transactions t WHERE t.id = c.row_id;
      v_refused_keys := v_refused_keys || c.transaction_id;
      v_refusals := v_refusals || 'WALLET_BALANCE_LIMIT'::text;
      CONTINUE;
    END IF;

    UPDATE game_rounds AS r SET
      win_minor = r.win_minor + c.amount,
      status = CASE WHEN c.ended THEN 'settled' ELSE 'open' END,
      settled_at = CASE WHEN c.ended THEN now() END,
      valid_bet_minor = CASE WHEN c.ended THEN r.stake_minor ELSE 0 END,
      detail = coalesce(c.detail, r.detail)
    WHERE r.vendor_id = p_vendor_id AND r.round_id = c.round_id
      AND r.status = 'open' AND r.member_id = c.member_id AND r.stake_minor > 0
    RETURNING r.stake_minor, r.bonus_stake_minor INTO v_stake, v_bonus_stake;
    IF NOT FOUND THEN
      DELETE FROM vendor_transactions t WHERE t.id = c.row_id;
      v_refused_keys := v_refused_keys || c.transaction_id;
      v_refusals := v_refusals || CASE
        WHEN EXISTS (SELECT 1 FROM game_rounds r WHERE r.vendor_id = p_vendor_id AND r.round_id = c.round_id
                       AND (r.status <> 'open' OR r.member_id <> c.member_id)) THEN 'VENDOR_ROUND_CLOSED'
        ELSE 'VENDOR_CREDIT_WITHOUT_DEBIT' END;
      CONTINUE;
    END IF;

    v_movement_id := NULL;
    IF c.amount = 0 THEN
      SELECT coalesce(sum(a.balance_minor), 0) INTO v_balance FROM wallet_accounts a
       WHERE a.owner_type IN ('member', 'member_bonus') AND a.member_id = c.member_id AND a.currency = c.currency;
    ELSE
      -- The bonus-funded share of the win back to the bonus balance (member_play_credit.sql), the rest to the main one.
      SELECT m.movement_id, m.main_after_minor + m.bonus_after_minor INTO v_movement_id, v_balance
        FROM member_play_credit(c.member_id, c.merchant_id, c.currency, c.amount, v_stake, v_bonus_stake,
                                c.house_account_id, 'vendor_credit', c.idempotency_key, NULL, c.request_hash) m;
      IF v_movement_id IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = 'WALLET_BALANCE_LIMIT';
      END IF;
    END IF;
    UPDATE vendor_transactions AS t SET movement_id = v_movement_id, balance_after_minor = v_balance
     WHERE t.id = c.row_id;
  END LOOP;

  -- 3. One answer per element: its first occurrence applied here, or refused; else the id's row says what it was.
  RETURN QUERY
  SELECT x.i,
         CASE WHEN rf.refusal IS NOT NULL THEN 'refused'
              WHEN x.i = f.first_i AND x.transaction_id = ANY (v_new_keys) THEN 'applied'
              WHEN t.kind = 'credit' AND t.mode = 'real' AND t.member_id = x.member_id AND t.round_id = x.round_id
                   AND t.amount_minor = x.amount THEN 'repeat'
              ELSE 'refused' END,
         t.balance_after_minor,
         t.movement_id,
         CASE WHEN rf.refusal IS NOT NULL THEN rf.refusal
              WHEN x.i = f.first_i AND x.transaction_id = ANY (v_new_keys) THEN NULL
              WHEN t.kind = 'credit' AND t.mode = 'real' AND t.member_id = x.member_id AND t.round_id = x.round_id
                   AND t.amount_minor = x.amount THEN NULL
              ELSE 'VENDOR_IDEMPOTENCY_CONFLICT' END
    FROM jsonb_to_recordset(p_credits) AS x(i int, transaction_id text, member_id bigint, round_id text, amount bigint)
    JOIN (SELECT y.transaction_id, min(y.i) AS first_i
            FROM jsonb_to_recordset(p_credits) AS y(i int, transaction_id text) GROUP BY y.transaction_id) f
      ON f.transaction_id = x.transaction_id
    LEFT JOIN unnest(v_refused_keys, v_refusals) AS rf(transaction_id, refusal) ON rf.transaction_id = x.transaction_id
    LEFT JOIN vendor_transactions t ON t.vendor_id = p_vendor_id AND t.transaction_id = x.transaction_id
   ORDER BY x.i;
END
$$;

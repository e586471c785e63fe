import pg from 'pg';

export interface HistoryTarget {
  merchantId: number;
  currency: string;
  vendorId: number;
  gameId: number;
  gameCode: string;
  houseAccountId: number;
}

/**
 * Give the bench's database the past of a running brand: `rounds` settled rounds of `members` other members,
 * written as the wallet writes them (a funding adjustment per member; per round a debit and, for one round
 * in three, a winning credit, each a movement with its two entries; the vendor transactions, the stored
 * answers of their requestIds and the round record). A database made minutes before has small tables that
 * grow by a fifth a minute, so autovacuum vacuums and analyzes them every minute, each pass about a second
 * of CPU: that is the young database, not a running server, whose hot tables hold millions of rows and
 * are analyzed minutes apart (docs/decisions/0011-wallet-bench-steady-state.md). Set-based SQL: about 26 s
 * for 200,000 rounds on a 2-core machine, the vacuum included. Returns what it wrote, for the log.
 */
export async function writeHistory(url: string, target: HistoryTarget, rounds: number, members: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  // Enough for every stake of a member's share of the rounds, so no balance is ever below 0.
  const funding = Math.ceil(rounds / members) * 150 + 1_000_000;
  const { merchantId, currency, vendorId, gameId, gameCode, houseAccountId } = target;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO members (merchant_id, account) SELECT $1, 'benchhist' || g FROM generate_series(1, $2) g`,
      [merchantId, members],
    );
    await client.query(
      `INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
       SELECT $1, 'member', id, $2, 0 FROM members WHERE merchant_id = $1 AND account LIKE 'benchhist%'`,
      [merchantId, currency],
    );
    // One row per past round, 50 ms apart over the hours before now, with the ids of its movements taken
    // from their sequence up front and the member's balance after each: every table below is written
    // from this one, without joins.
    await client.query(
      `CREATE TEMP TABLE bench_history ON COMMIT DROP AS
       SELECT g, member_id, stake, win, at, debit_movement, credit_movement,
              $4::bigint + sum(win - stake) OVER (PARTITION BY member_id ORDER BY g) - win AS balance_after_debit,
              $4::bigint + sum(win - stake) OVER (PARTITION BY member_id ORDER BY g) AS balance_after_credit
         FROM (SELECT g, ids[1 + g % $2] AS member_id, 100 + g % 50 AS stake,
                      CASE WHEN g % 3 = 0 THEN 2 * (100 + g % 50) ELSE 0 END AS win,
                      now() - ($1 - g) * interval '50 ms' AS at,
                      nextval('wallet_movements_id_seq') AS debit_movement,
                      CASE WHEN g % 3 = 0 THEN nextval('wallet_movements_id_seq') END AS credit_movement
                 FROM generate_series(1, $1::int) g,
                      (SELECT array_agg(id ORDER BY id) AS ids FROM members
                        WHERE merchant_id = $3 AND account LIKE 'benchhist%') m) rounds`,
      [rounds, members, merchantId, funding],
    );
    await client.query(
      `INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                     request_hash, created_at)
       SELECT $1, 'adjustment', 'bench-history-fund-' || id, id, $2, $3, 'bench history funding',
              md5(id::text), now() - interval '1 day'
         FROM members WHERE merchant_id = $1 AND account LIKE 'benchhist%'`,
      [merchantId, currency, funding],
    );
    await client.query(
      `INSERT INTO wallet_movements (id, merchant_id, kind, idempotency_key, member_id, currency, amount_minor,
                                     request_hash, created_at)
       SELECT id, $1, kind, key, member_id, $2, amount, md5(key), at FROM (
         SELECT debit_movement AS id, 'vendor_debit' AS kind, 'vendor:' || $3 || ':hd' || g AS key, member_id,
                -stake AS amount, at FROM bench_history
         UNION ALL
         SELECT credit_movement, 'vendor_credit', 'vendor:' || $3 || ':hc' || g, member_id, win, at
           FROM bench_history WHERE win > 0
       ) movements ORDER BY id`,
      [merchantId, currency, vendorId],
    );
    // The member's entry carries its balance after the movement; the house entry, the other side, none.
    await client.query(
      `INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
       SELECT movement_id, account_id, amount, balance_after, at FROM (
         SELECT m.id AS movement_id, a.id AS account_id, m.amount_minor AS amount, m.amount_minor AS balance_after,
                m.created_at AS at, 0 AS side
           FROM wallet_movements m
           JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = m.member_id AND a.currency = m.currency
          WHERE m.idempotency_key LIKE 'bench-history-fund-%'
         UNION ALL
         SELECT m.id, $1::bigint, -m.amount_minor, NULL, m.created_at, 1
           FROM wallet_movements m WHERE m.idempotency_key LIKE 'bench-history-fund-%'
         UNION ALL
         SELECT h.debit_movement, a.id, -h.stake, h.balance_after_debit, h.at, 0
           FROM bench_history h JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = h.member_id
         UNION ALL
         SELECT debit_movement, $1::bigint, stake, NULL, at, 1 FROM bench_history
         UNION ALL
         SELECT h.credit_movement, a.id, h.win, h.balance_after_credit, h.at, 0
           FROM bench_history h JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = h.member_id
          WHERE h.win > 0
         UNION ALL
         SELECT credit_movement, $1::bigint, -win, NULL, at, 1 FROM bench_history WHERE win > 0
       ) entries ORDER BY movement_id, side`,
      [houseAccountId],
    );
    await client.query(
      `UPDATE wallet_accounts a SET balance_minor = $1::bigint + s.total
         FROM (SELECT member_id, sum(win - stake) AS total FROM bench_history GROUP BY member_id) s
        WHERE a.owner_type = 'member' AND a.member_id = s.member_id`,
      [funding],
    );
    await client.query(
      `INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, round_id, game_code,
                                        currency, amount_minor, balance_after_minor, movement_id, created_at,
                                        updated_at)
       SELECT $1, t.transaction_id, t.kind, t.state, 'real', h.member_id, 'hr' || h.g, $2, $3, t.amount,
              t.balance_after, t.movement_id, h.at, h.at
         FROM bench_history h
        CROSS JOIN LATERAL (VALUES ('hd' || h.g, 'debit', 'debited', h.stake, h.balance_after_debit,
                                    h.debit_movement, 1),
                                   ('hc' || h.g, 'credit', 'credited', h.win, h.balance_after_credit,
                                    h.credit_movement, 2))
                    t(transaction_id, kind, state, amount, balance_after, movement_id, step)
        ORDER BY h.g, t.step`,
      [vendorId, gameCode, currency],
    );
    await client.query(
      `INSERT INTO vendor_requests (vendor_id, request_id, operation, body_hash, status_code, response, created_at)
       SELECT $1, 'hq' || t.transaction_id, t.operation, md5(t.transaction_id), 200,
              jsonb_build_object('value', jsonb_build_object('balanceMinor', t.balance_after, 'currency', $2::text,
                                                             'transactionId', t.transaction_id, 'applied', true)),
              h.at
         FROM bench_history h
        CROSS JOIN LATERAL (VALUES ('hd' || h.g, 'debit', h.balance_after_debit, 1),
                                   ('hc' || h.g, 'credit', h.balance_after_credit, 2))
                    t(transaction_id, operation, balance_after, step)
        ORDER BY h.g, t.step`,
      [vendorId, currency],
    );
    await client.query(
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT $1, 'hr' || g, $2, member_id, $3, $4, $5, stake, win, stake, 'settled', at, at
         FROM bench_history ORDER BY g`,
      [vendorId, merchantId, gameId, gameCode, currency],
    );
    await client.query('COMMIT');
    // A running server's tables have been vacuumed and analyzed: their visibility maps are set and the
    // planner has statistics. Autovacuum would do this a minute from now, inside the measured window.
    await client.query('VACUUM (ANALYZE)');
    return `${rounds.toLocaleString('en')} past rounds of ${members} members written and vacuumed in ${(
      (performance.now() - started) /
      1000
    ).toFixed(0)} s`;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

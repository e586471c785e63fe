import pg from 'pg';

/** The size of the brand the bench writes: a real brand's, as issue 32 sets it. */
export interface BrandSize {
  players: number;
  /** Ledger movements, each with its two entries; the first player has WHALE_MOVEMENTS of them. */
  movements: number;
  rounds: number;
  /** Days of play the rounds spread over, up to today in the brand's time zone. */
  days: number;
  /** The first player's movements (WHALE_MOVEMENTS unless given): bench:member pages 1,000,000 of them. */
  whaleMovements?: number;
}

/** The player whose ledger is paged: 20 movements a page, so page 500 is its 10,000th movement and more. */
export const WHALE_MOVEMENTS = 20_000;
// A real brand's catalogue: a few vendors of a few hundred games each, most of them played every day, so a
// month of the daily report at game level is tens of thousands of rows (the CSV export's size).
const VENDORS = 8;
const GAMES_PER_VENDOR = 250;
const CATEGORIES = ['LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'LOTT', 'ELOTT'];

export interface WrittenBrand {
  merchantId: number;
  timeZone: string;
  whaleId: number;
  summary: string;
}

/**
 * Writes a brand the size of a real one into the demo brand of a migrated database, in set-based SQL (a few
 * statements over generate_series, never a row at a time): its players (mobile numbers, e-mails, IPs), their
 * wallets and ledger movements with their entries and balances, and its settled rounds over `days` days with
 * the settlement feed's rows for them. Then the aggregates the reports' consumer would have kept from that
 * feed, in the same set-based SQL terms as its statements (modules/reports/reports-feed.repository.ts), and
 * the consumer's checkpoint at the feed's end: a running server has long taken it in. Triggers are off while
 * it writes (`session_replication_role = replica`, superuser only): the ledger's entries are written balanced,
 * and the feed is written in one statement instead of one trigger call per round.
 */
export async function writeBrand(url: string, size: BrandSize, log: (message: string) => void): Promise<WrittenBrand> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const started = performance.now();
  try {
    const brand = await client.query<{ id: string; time_zone: string }>(
      `SELECT id, time_zone FROM merchants WHERE code = 'parlay'`,
    );
    const merchantId = Number(brand.rows[0]?.id);
    const timeZone = brand.rows[0]?.time_zone ?? 'Asia/Seoul';
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '256MB'`);

    await step(
      'vendors',
      `INSERT INTO game_vendors (code, name, game_types, wallet_secret)
       SELECT 'BENCHV' || v, 'Bench vendor ' || v, ARRAY['LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'LOTT', 'ELOTT'], 'unused'
       FROM generate_series(1, $1) v`,
      [VENDORS],
    );
    await step(
      'games',
      `INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
       SELECT v.id, 'G' || g, 'Bench game ' || v.code || '-' || g, lower('Bench game ' || v.code || '-' || g),
              ($2::text[])[1 + (g + v.id::int) % array_length($2::text[], 1)]
       FROM game_vendors v, generate_series(1, $1) g WHERE v.code LIKE 'BENCHV%'`,
      [GAMES_PER_VENDOR, CATEGORIES],
    );
    await step(
      'merchant games',
      `INSERT INTO merchant_games (merchant_id, game_id, vendor_id, game_type, sort_order)
       SELECT $1, g.id, g.vendor_id, g.game_type, g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id
       WHERE v.code LIKE 'BENCHV%'`,
      [merchantId],
    );
    // Players registered over 180 days; one in three with a mobile number, one in two with an e-mail; an IP
    // each, shared by 256 players (a café's, an office's).
    await step(
      'players',
      `INSERT INTO members (merchant_id, account, nickname, country_dialing_code, mobile_num, email, register_method,
                            register_ip, last_login_ip, last_login_at, first_time_login, created_at)
       SELECT $1, 'player' || lpad(n::text, 6, '0'), 'Player ' || n,
              CASE WHEN n % 3 = 0 THEN '82' END, CASE WHEN n % 3 = 0 THEN (1000000000 + n)::text END,
              CASE WHEN n % 2 = 0 THEN 'player' || n || '@mail.example' END, 'BENCH',
              '10.' || (n / 65536) % 256 || '.' || (n / 256) % 256 || '.0', '10.' || (n / 65536) % 256 || '.' || (n / 256) % 256 || '.0',
              now() - (n % 30) * interval '1 day', false,
              now() - interval '180 days' + (n::float / $2::int) * interval '179 days'
       FROM generate_series(1, $2::int) n`,
      [merchantId, size.players],
    );
    await step(
      'known IPs',
      `INSERT INTO member_known_ips (member_id, ip, first_seen_at, last_seen_at)
       SELECT id, register_ip, created_at, last_login_at FROM members WHERE merchant_id = $1 AND register_method = 'BENCH'`,
      [merchantId],
    );
    await step(
      'wallets',
      `INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
       SELECT $1, 'member', id, 'KRW', 0 FROM members WHERE merchant_id = $1 AND register_method = 'BENCH'`,
      [merchantId],
    );
    await client.query(
      `INSERT INTO wallet_accounts (merchant_id, owner_type, currency) VALUES ($1, 'house', 'KRW')
       ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
      [merchantId],
    );
    const whale = await client.query<{ id: string }>(
      `SELECT id FROM members WHERE merchant_id = $1 AND account = 'player000001'`,
      [merchantId],
    );
    const whaleId = Number(whale.rows[0]?.id);
    // Each player's movements: a funding adjustment first, then debits and credits of rounds, over 90 days,
    // in time order (so ids grow with time, as they do when they are written one by one), with the balance
    // after each. The whale has WHALE_MOVEMENTS, the others share the rest.
    const whaleMovements = size.whaleMovements ?? WHALE_MOVEMENTS;
    const perPlayer = Math.max(2, Math.floor((size.movements - whaleMovements) / (size.players - 1)));
    await step(
      'movements',
      `INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                     created_at)
       SELECT $1, kind, 'bench:' || member_id || ':' || seq, member_id, 'KRW', amount,
              CASE WHEN seq = 1 THEN 'bench funding' END, at
       FROM (SELECT m.id AS member_id, s AS seq,
                    CASE WHEN s = 1 THEN 'adjustment' WHEN s % 2 = 0 THEN 'vendor_debit' ELSE 'vendor_credit' END AS kind,
                    CASE WHEN s = 1 THEN 100000000 WHEN s % 2 = 0 THEN -(1000 + (s * 37) % 9000)
                         ELSE 1 + (s * 53) % 12000 END AS amount,
                    now() - interval '90 days' + (s::float / counts.n) * interval '90 days' AS at
             FROM members m
             CROSS JOIN LATERAL (SELECT CASE WHEN m.id = $2::bigint THEN $3::int ELSE $4::int END AS n) counts
             CROSS JOIN LATERAL generate_series(1, counts.n) s
             WHERE m.merchant_id = $1 AND m.register_method = 'BENCH') movements
       ORDER BY at, member_id`,
      [merchantId, whaleId, whaleMovements, perPlayer],
    );
    await step(
      'ledger entries',
      `INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
       SELECT m.id, e.account_id, e.amount, e.balance_after, m.created_at
       FROM (SELECT m.id, m.amount_minor, m.created_at, a.id AS account_id,
                    sum(m.amount_minor) OVER (PARTITION BY m.member_id ORDER BY m.id) AS balance_after
             FROM wallet_movements m JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = m.member_id
             WHERE m.merchant_id = $1 AND m.idempotency_key LIKE 'bench:%') m
       CROSS JOIN LATERAL (VALUES (m.account_id, m.amount_minor, m.balance_after),
                                  ((SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1
                                      AND currency = 'KRW'), -m.amount_minor, NULL::bigint)) e (account_id, amount, balance_after)`,
      [merchantId],
    );
    await step(
      'balances',
      `UPDATE wallet_accounts a SET balance_minor = s.total
       FROM (SELECT member_id, sum(amount_minor) AS total FROM wallet_movements
             WHERE merchant_id = $1 AND idempotency_key LIKE 'bench:%' GROUP BY member_id) s
       WHERE a.owner_type = 'member' AND a.member_id = s.member_id`,
      [merchantId],
    );
    // Settled rounds over the last `days` days, more of them lately; players play a few games of one or two
    // vendors, most often their own favourite.
    await step(
      'rounds',
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT g.vendor_id, 'bench-' || r.n, $1, p.id, g.id, g.code, 'KRW', r.stake, r.win, r.stake, 'settled', r.at, r.at
       FROM (SELECT n, 1 + floor($2::int * power(((n * 15485863::bigint) % 1000003)::float / 1000003, 2.5))::int AS player,
                    (n * 104729::bigint) % 1000 AS pick,
                    1000 * (1 + (n * 31) % 50) AS stake,
                    CASE WHEN n % 3 = 0 THEN 1000 * (1 + (n * 31) % 50) * 27 / 10 ELSE 0 END AS win,
                    now() - $3::int * interval '1 day' * power(((n * 7919::bigint) % 1000003)::float / 1000003, 1.3) AS at
             FROM generate_series(1, $4::int) n) r
       JOIN members p ON p.merchant_id = $1 AND p.account = 'player' || lpad(r.player::text, 6, '0')
       JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k
             FROM games WHERE vendor_id IN (SELECT id FROM game_vendors WHERE code LIKE 'BENCHV%')) g
         ON g.k = (r.player * 13 + CASE WHEN r.pick < 700 THEN 0 ELSE r.pick % 7 END) % $5::int`,
      [merchantId, size.players, size.days, size.rounds, VENDORS * GAMES_PER_VENDOR],
    );
    await step(
      'feed',
      `INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, vendor_id, game_id, round_ref, stake_minor,
                                    valid_bet_minor, payout_minor, at)
       SELECT 'round', merchant_id, member_id, currency, vendor_id, game_id, id, stake_minor, valid_bet_minor,
              win_minor, settled_at
       FROM game_rounds WHERE merchant_id = $1 AND status = 'settled' ORDER BY settled_at`,
      [merchantId],
    );
    await client.query(
      `INSERT INTO settlement_feed_consumers (name, last_xid, last_id, applied)
       SELECT 'reports', f.xid, f.id, (SELECT count(*) FROM settlement_feed)
       FROM settlement_feed f ORDER BY f.xid DESC, f.id DESC LIMIT 1
       ON CONFLICT (name) DO UPDATE SET last_xid = EXCLUDED.last_xid, last_id = EXCLUDED.last_id,
                                        applied = EXCLUDED.applied`,
    );
    await writeAggregates(client, merchantId, step);
    await client.query(`SET session_replication_role = DEFAULT`);
    const vacuumStarted = performance.now();
    await client.query('VACUUM (ANALYZE)');
    log(`  vacuum and analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    return {
      merchantId,
      timeZone,
      whaleId,
      summary: `a brand of ${size.players.toLocaleString('en')} players, ${size.movements.toLocaleString('en')} movements and ${size.rounds.toLocaleString('en')} rounds written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    };
  } finally {
    await client.end();
  }
}

/**
 * The reports' aggregates of every settled round of the feed, as the consumer keeps them batch by batch: the
 * figures by day and hour, and each member's days per scope with the gap since its day before.
 */
async function writeAggregates(
  client: pg.Client,
  merchantId: number,
  step: (label: string, text: string, values?: unknown[]) => Promise<unknown>,
): Promise<void> {
  const rows = `SELECT f.merchant_id, f.member_id, coalesce(f.vendor_id, 0) AS vendor_id, coalesce(f.game_id, 0) AS game_id,
                       coalesce(g.game_type, '') AS game_type, f.stake_minor, f.valid_bet_minor, f.payout_minor,
                       (f.at AT TIME ZONE m.time_zone)::date AS day, date_trunc('hour', f.at, m.time_zone) AS hour
                FROM settlement_feed f JOIN merchants m ON m.id = f.merchant_id LEFT JOIN games g ON g.id = f.game_id
                WHERE f.kind = 'round' AND f.merchant_id = $1`;
  const sums = `sum(stake_minor), sum(valid_bet_minor), sum(payout_minor), count(*)`;
  await step(
    'report game days',
    `INSERT INTO report_game_days (merchant_id, day, vendor_id, game_id, game_type, turnover_minor, valid_bet_minor,
                                   payout_minor, rounds)
     SELECT merchant_id, day, vendor_id, game_id, min(game_type), ${sums} FROM (${rows}) e
     GROUP BY merchant_id, day, vendor_id, game_id`,
    [merchantId],
  );
  await step(
    'report vendor days',
    `INSERT INTO report_vendor_days (merchant_id, day, vendor_id, game_type, turnover_minor, valid_bet_minor,
                                     payout_minor, rounds)
     SELECT merchant_id, day, vendor_id, game_type, ${sums} FROM (${rows}) e
     GROUP BY merchant_id, day, vendor_id, game_type`,
    [merchantId],
  );
  await step(
    'report game hours',
    `INSERT INTO report_game_hours (merchant_id, hour, vendor_id, game_id, game_type, turnover_minor, valid_bet_minor,
                                    payout_minor, rounds)
     SELECT merchant_id, hour, vendor_id, game_id, min(game_type), ${sums} FROM (${rows}) e
     GROUP BY merchant_id, hour, vendor_id, game_id`,
    [merchantId],
  );
  await step(
    'report brand days',
    `INSERT INTO report_brand_days (merchant_id, day, turnover_minor, valid_bet_minor, payout_minor, rounds)
     SELECT merchant_id, day, ${sums} FROM (${rows}) e GROUP BY merchant_id, day
     ON CONFLICT (merchant_id, day) DO UPDATE SET turnover_minor = EXCLUDED.turnover_minor,
       valid_bet_minor = EXCLUDED.valid_bet_minor, payout_minor = EXCLUDED.payout_minor, rounds = EXCLUDED.rounds`,
    [merchantId],
  );
  await step(
    'report brand hours',
    `INSERT INTO report_brand_hours (merchant_id, hour, turnover_minor, valid_bet_minor, payout_minor, rounds)
     SELECT merchant_id, hour, ${sums} FROM (${rows}) e GROUP BY merchant_id, hour`,
    [merchantId],
  );
  await step(
    'report player days',
    `INSERT INTO report_player_days (merchant_id, scope, member_id, day, prev_day)
     SELECT merchant_id, scope, member_id, day,
            lag(day) OVER (PARTITION BY merchant_id, scope, member_id ORDER BY day)
     FROM (SELECT DISTINCT e.merchant_id, s.scope, e.member_id, e.day
           FROM (${rows}) e
           CROSS JOIN LATERAL (VALUES ('*'), ('v:' || e.vendor_id), ('c:' || e.game_type), ('g:' || e.game_id)) s (scope)
           WHERE e.stake_minor > 0) d`,
    [merchantId],
  );
  await step(
    'report player gaps',
    `INSERT INTO report_player_gaps (merchant_id, scope, day, gap, players)
     SELECT merchant_id, scope, day, coalesce(day - prev_day, 0), count(*) FROM report_player_days
     WHERE merchant_id = $1 GROUP BY merchant_id, scope, day, coalesce(day - prev_day, 0)`,
    [merchantId],
  );
}

import pg from 'pg';
import { addDays, localDay, monthStart } from '../../apps/server/src/lib/calendar';

/** The size of the brand bench:agents writes (issue 37). */
export interface AgentBrandSize {
  /** Every member of the brand's tree: the agents and the players under the lowest ones. */
  members: number;
  /** Levels of agents: one top agent, each agent above the lowest level with `fanOut` sub-agents. */
  levels: number;
  fanOut: number;
  /** Settled rounds of the whole brand a day, which the members' days add up to. */
  roundsPerDay: number;
  /** Days of figures at least (more when the last month started earlier: the overview reads it whole). */
  days: number;
  /** The players who play on a day, as a share of all of them. */
  activeShare: number;
}

export interface WrittenAgentBrand {
  merchantId: number;
  timeZone: string;
  topAgentId: number;
  /** An agent at the middle level (3 of 5): a team of 1/fanOut² of the brand. */
  midAgentId: number;
  counts: Record<string, number>;
  /** What was written and how, for the results. */
  written: string[];
  summary: string;
}

/** A day's game types a player plays, its first taking two thirds of its rounds. */
const TYPES_A_DAY = 2;
const CATEGORIES = ['LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'LOTT', 'ELOTT'];
/** Hours of a day a player plays in, its rounds shared evenly. */
const HOURS_A_DAY = 3;

/**
 * Writes the tree and its figures into the demo brand of a migrated database, set-based (a few statements over
 * generate_series, never a row at a time). The members go in level by level with their triggers on, so member_tree is
 * the database's own (decision 0059), and the time of the players' insert is the triggers' cost at that size. The
 * members' days and hours (decision 0061) are written directly as the feed's `member-figures` consumer would have kept
 * them from 2 million rounds a day: the past days from a formula, today's from the rounds written for today (at the
 * same rate since the brand's midnight), which the team bets page reads. Triggers are off for the figures and the rounds
 * (`session_replication_role = replica`): no feed rows, so the running server's consumer adds nothing to them.
 */
export async function writeAgentBrand(
  url: string,
  size: AgentBrandSize,
  log: (message: string) => void,
): Promise<WrittenAgentBrand> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const written: string[] = [];
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    const line = `${label}: ${(result.rowCount ?? 0).toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    log(`  ${line}`);
    written.push(line);
    return result;
  };
  const started = performance.now();
  try {
    const brand = await client.query<{ id: string; time_zone: string }>(
      `SELECT id, time_zone FROM merchants WHERE code = 'parlay'`,
    );
    const merchantId = Number(brand.rows[0]?.id);
    const timeZone = brand.rows[0]?.time_zone ?? 'Asia/Seoul';
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '256MB'`);

    // The agents, level by level (the top one is type 1, the others 2), each under its level's parent; triggers on.
    let agents = 0;
    for (let level = 1; level <= size.levels; level += 1) {
      await step(
        `agents of level ${level} (member_tree by its triggers)`,
        `INSERT INTO members (merchant_id, account, nickname, agent_type, upline_id, register_method, first_time_login,
                              created_at)
         SELECT $1, 'agentl' || $2::int || '_' || lpad((p.k * $3::int + n)::text, 4, '0'), 'Agent ' || $2::int || '-' || (p.k * $3::int + n),
                CASE WHEN $2::int = 1 THEN 1 ELSE 2 END, p.id, 'BENCH', false, now() - interval '400 days'
         FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
               WHERE merchant_id = $1 AND account LIKE 'agentl' || ($2::int - 1) || '\\_%'
               UNION ALL SELECT NULL, 0 WHERE $2::int = 1) p
         CROSS JOIN generate_series(1, CASE WHEN $2::int = 1 THEN 1 ELSE $3::int END) n`,
        [merchantId, level, size.fanOut],
      );
      agents += level === 1 ? 1 : size.fanOut ** (level - 1);
    }
    const players = size.members - agents;
    // The players, spread over the lowest agents, registered over 400 days (so some in every day of the overview).
    await step(
      'players (member_tree by its triggers: their cost at this size)',
      `INSERT INTO members (merchant_id, account, nickname, upline_id, register_method, first_time_login, created_at)
       SELECT $1, 'member' || lpad(n::text, 6, '0'), 'Member ' || n, leaf.id, 'BENCH', false,
              now() - interval '400 days' + (n::float / $2::int) * interval '400 days'
       FROM generate_series(1, $2::int) n
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
             WHERE merchant_id = $1 AND account LIKE 'agentl' || $3::int || '\\_%') leaf
         ON leaf.k = n % $4::int`,
      [merchantId, players, size.levels, size.fanOut ** (size.levels - 1)],
    );
    await step(
      'wallets',
      `INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
       SELECT $1, 'member', id, 'KRW', 100000 * (1 + id % 50) FROM members WHERE merchant_id = $1 AND register_method = 'BENCH'`,
      [merchantId],
    );
    const ids = await client.query<{ top: string; mid: string }>(
      `SELECT (SELECT id FROM members WHERE merchant_id = $1 AND account LIKE 'agentl1\\_%' ORDER BY id LIMIT 1) AS top,
              (SELECT id FROM members WHERE merchant_id = $1 AND account LIKE 'agentl3\\_%' ORDER BY id LIMIT 1) AS mid`,
      [merchantId],
    );
    const topAgentId = Number(ids.rows[0]?.top);
    const midAgentId = Number(ids.rows[0]?.mid);

    // A vendor of the bench with games of every category, on the brand: the rounds' games and the days' types.
    await step(
      'games',
      `WITH v AS (INSERT INTO game_vendors (code, name, game_types, wallet_secret)
                  VALUES ('BENCHAG', 'Bench agents vendor', $2::text[], 'unused') RETURNING id),
            g AS (INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
                  SELECT v.id, 'G' || n, 'Bench game ' || n, 'bench game ' || n, ($2::text[])[1 + n % array_length($2::text[], 1)]
                  FROM v, generate_series(1, 70) n RETURNING id, vendor_id, game_type)
       INSERT INTO merchant_games (merchant_id, game_id, vendor_id, game_type, sort_order)
       SELECT $1, id, vendor_id, game_type, id FROM g`,
      [merchantId, CATEGORIES],
    );
    await client.query(`SET session_replication_role = replica`);
    const today = localDay(new Date(), timeZone);
    const lastMonthStart = monthStart(addDays(monthStart(today), -1));
    const firstDay = addDays(today, 1 - size.days) < lastMonthStart ? addDays(today, 1 - size.days) : lastMonthStart;
    // A player is active on a day by a hash of (player, day); its rounds that day, so that the brand's add up.
    const perActive = Math.round(size.roundsPerDay / (size.activeShare * players));
    const activeWhere = `(p.k * 7919 + (d.day - '2000-01-01'::date) * 104729) % 1000 < ${Math.round(size.activeShare * 1000)}`;
    const gameTypes = CATEGORIES;
    const activePlayers = `SELECT p.id, p.k, d.day
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM members
             WHERE merchant_id = $1 AND register_method = 'BENCH' AND agent_type = 0) p
       CROSS JOIN (SELECT generate_series($2::date, $3::date, interval '1 day')::date AS day) d
       WHERE ${activeWhere}`;
    // Past days: the player's two game types, two thirds of its rounds in the first; stakes of 1,000 to 10,000 a
    // round by player, 90 to 104 % paid back by player and day.
    await step(
      'member_figure_days, past days (as the feed would have kept them)',
      `INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                       payout_minor)
       SELECT a.id, a.day, ($5::text[])[1 + (a.k + t) % array_length($5::text[], 1)], $1, r.rounds,
              r.rounds * 1000 * (1 + a.k % 10), r.rounds * 1000 * (1 + a.k % 10),
              r.rounds * 1000 * (1 + a.k % 10) * (90 + (a.k * 31 + (a.day - '2000-01-01'::date)) % 15) / 100
       FROM (${activePlayers}) a
       CROSS JOIN generate_series(0, ${TYPES_A_DAY - 1}) t
       CROSS JOIN LATERAL (SELECT CASE WHEN t = 0 THEN $4::int - $4::int / 3 ELSE $4::int / 3 END AS rounds) r`,
      [merchantId, firstDay, addDays(today, -1), perActive, gameTypes],
    );
    // Deposits on one day in 20 and withdrawals on one in 45 of each player, in the day's row of type ''.
    await step(
      'member_figure_days, deposits and withdrawals',
      `INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, deposits, deposit_minor, withdrawals,
                                       withdrawal_minor)
       SELECT p.id, d.day, '', $1,
              CASE WHEN (p.k + (d.day - '2000-01-01'::date)) % 20 = 0 THEN 1 ELSE 0 END,
              CASE WHEN (p.k + (d.day - '2000-01-01'::date)) % 20 = 0 THEN 100000 * (1 + p.k % 5) ELSE 0 END,
              CASE WHEN (p.k + (d.day - '2000-01-01'::date)) % 45 = 0 THEN 1 ELSE 0 END,
              CASE WHEN (p.k + (d.day - '2000-01-01'::date)) % 45 = 0 THEN 150000 ELSE 0 END
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM members
             WHERE merchant_id = $1 AND register_method = 'BENCH' AND agent_type = 0) p
       CROSS JOIN (SELECT generate_series($2::date, $3::date, interval '1 day')::date AS day) d
       WHERE (p.k + (d.day - '2000-01-01'::date)) % 20 = 0 OR (p.k + (d.day - '2000-01-01'::date)) % 45 = 0`,
      [merchantId, firstDay, today],
    );
    // Past hours (UTC) of the last `days` days: three hours of the player's day, its rounds shared evenly.
    const hoursFrom = addDays(today, 1 - size.days);
    await step(
      'member_figure_hours, past days (as the feed would have kept them)',
      `INSERT INTO member_figure_hours (member_id, hour, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor)
       SELECT a.id, (a.day::timestamp AT TIME ZONE $5) + ((a.k * 7 + h * 5) % 24) * interval '1 hour', $1, $4::int / 3,
              $4::int / 3 * 1000 * (1 + a.k % 10), $4::int / 3 * 1000 * (1 + a.k % 10),
              $4::int / 3 * 1000 * (1 + a.k % 10) * (90 + (a.k * 31 + (a.day - '2000-01-01'::date)) % 15) / 100
       FROM (${activePlayers}) a
       CROSS JOIN generate_series(0, ${HOURS_A_DAY - 1}) h`,
      [merchantId, hoursFrom, addDays(today, -1), perActive, timeZone],
    );

    // Today's rounds so far, at the day's rate since the brand's midnight, by today's active players, in the brand's
    // games; then today's days and hours from them, as the consumer would have added them.
    const midnight = await client.query<{ at: Date }>(`SELECT ($1::date::timestamp AT TIME ZONE $2) AS at`, [
      today,
      timeZone,
    ]);
    const elapsed = (Date.now() - midnight.rows[0]!.at.getTime()) / 86_400_000;
    const todayRounds = Math.max(1000, Math.round(size.roundsPerDay * elapsed));
    await step(
      'game_rounds of today so far (settled, triggers off: no feed rows)',
      `INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                                win_minor, valid_bet_minor, status, started_at, settled_at)
       SELECT g.vendor_id, 'bench-agents-' || r.n, $1, a.id, g.id, g.code, 'KRW', r.stake,
              CASE WHEN r.n % 3 = 0 THEN r.stake * 27 / 10 ELSE 0 END, r.stake, 'settled', r.at, r.at + interval '20 seconds'
       FROM (SELECT n, 1000 * (1 + (n * 31) % 10) AS stake,
                    $3::timestamptz + (n::float / $2::int) * (now() - interval '30 seconds' - $3::timestamptz) AS at
             FROM generate_series(1, $2::int) n) r
       JOIN (SELECT a.id, row_number() OVER (ORDER BY a.id) - 1 AS i FROM (${activePlayers.replaceAll('$2', '$4').replaceAll('$3', '$4')}) a) a
         ON a.i = (r.n * 15485863::bigint) % (SELECT count(*) FROM (${activePlayers.replaceAll('$2', '$4').replaceAll('$3', '$4')}) c)
       JOIN (SELECT g.id, g.vendor_id, g.code, row_number() OVER (ORDER BY g.id) - 1 AS i
             FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'BENCHAG') g
         ON g.i = (a.id * 13 + r.n % 3) % 70`,
      [merchantId, todayRounds, midnight.rows[0]!.at, today],
    );
    await step(
      "member_figure_days, today (from today's rounds)",
      `INSERT INTO member_figure_days (member_id, day, game_type, merchant_id, rounds, stake_minor, valid_bet_minor,
                                       payout_minor)
       SELECT r.member_id, $2::date, coalesce(g.game_type, 'OTHER'), $1, count(*), sum(r.stake_minor),
              sum(r.valid_bet_minor), sum(r.win_minor)
       FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
       WHERE r.merchant_id = $1 AND r.round_id LIKE 'bench-agents-%'
       GROUP BY r.member_id, coalesce(g.game_type, 'OTHER')
       ON CONFLICT (member_id, day, game_type) DO UPDATE SET rounds = EXCLUDED.rounds,
         stake_minor = EXCLUDED.stake_minor, valid_bet_minor = EXCLUDED.valid_bet_minor,
         payout_minor = EXCLUDED.payout_minor`,
      [merchantId, today],
    );
    await step(
      "member_figure_hours, today (from today's rounds)",
      `INSERT INTO member_figure_hours (member_id, hour, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor)
       SELECT member_id, date_trunc('hour', settled_at, 'UTC'), $1, count(*), sum(stake_minor), sum(valid_bet_minor),
              sum(win_minor)
       FROM game_rounds WHERE merchant_id = $1 AND round_id LIKE 'bench-agents-%'
       GROUP BY 1, 2`,
      [merchantId],
    );
    // The agents' team days, month members and months (decision 0069) from those days, as the consumer would have
    // kept them (the backfills of migrations 0098 and 0099); the team's sign-ups were kept by the members' trigger.
    await step(
      'agent_team_days (as the feed would have kept them)',
      `INSERT INTO agent_team_days (agent_id, day, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor,
                                    deposits, deposit_minor, withdrawals, withdrawal_minor, active_members)
       SELECT t.ancestor_id, d.day, $1, sum(d.rounds), sum(d.stake_minor), sum(d.valid_bet_minor), sum(d.payout_minor),
              sum(d.deposits), sum(d.deposit_minor), sum(d.withdrawals), sum(d.withdrawal_minor),
              count(DISTINCT d.member_id) FILTER (WHERE d.rounds > 0)
       FROM member_tree t JOIN member_figure_days d ON d.member_id = t.descendant_id
       WHERE t.depth > 0 AND d.merchant_id = $1
       GROUP BY t.ancestor_id, d.day`,
      [merchantId],
    );
    await step(
      'agent_team_month_members (as the feed would have kept them)',
      `INSERT INTO agent_team_month_members (agent_id, month, member_id)
       SELECT DISTINCT t.ancestor_id, date_trunc('month', d.day::timestamp)::date, d.member_id
       FROM member_tree t JOIN member_figure_days d ON d.member_id = t.descendant_id
       WHERE t.depth > 0 AND d.merchant_id = $1 AND d.rounds > 0`,
      [merchantId],
    );
    await step(
      'agent_team_months (as the feed would have kept them)',
      `INSERT INTO agent_team_months (agent_id, month, active_members)
       SELECT agent_id, month, count(*) FROM agent_team_month_members GROUP BY 1, 2`,
    );
    await client.query(`SET session_replication_role = DEFAULT`);
    const vacuumStarted = performance.now();
    await client.query('VACUUM (ANALYZE)');
    log(`  vacuum and analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    const counted = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM member_tree) AS member_tree_rows,
              (SELECT count(*) FROM member_figure_days) AS member_figure_days_rows,
              (SELECT count(*) FROM member_figure_hours) AS member_figure_hours_rows,
              (SELECT coalesce(sum(rounds), 0) FROM member_figure_days WHERE day < $1::date) AS past_rounds,
              (SELECT count(*) FROM game_rounds WHERE round_id LIKE 'bench-agents-%') AS today_rounds`,
      [today],
    );
    const counts: Record<string, number> = { agents, players };
    for (const [key, value] of Object.entries(counted.rows[0] ?? {})) counts[key] = Number(value);
    const pastDays = Math.max(1, Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000));
    written.push(
      `member_figure_days/hours written directly in bulk as the feed's member-figures consumer would have kept them: ${pastDays} past days from ${firstDay} (${Math.round(counts['past_rounds']! / pastDays).toLocaleString('en')} rounds a day), hours for the last ${size.days} days, today's from the ${counts['today_rounds']!.toLocaleString('en')} rounds written for today`,
    );
    log(`  ${written.at(-1)}`);
    return {
      merchantId,
      timeZone,
      topAgentId,
      midAgentId,
      counts,
      written,
      summary: `a brand of ${size.members.toLocaleString('en')} members (${agents} agents on ${size.levels} levels) with ${counts['member_figure_days_rows']!.toLocaleString('en')} member days and ${counts['member_figure_hours_rows']!.toLocaleString('en')} member hours written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    };
  } finally {
    await client.end();
  }
}

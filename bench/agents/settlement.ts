import pg from 'pg';
import type { ContractTier } from '@parlay/contract';
import { addDays, dayStart, localDay } from '../../apps/server/src/lib/calendar';
import type { AgentSettlementService } from '../../apps/server/src/modules/agents/index';
import type { AgentBrandSize } from './brand';

// bench:agents' settlement measures (issue 37): the 5-minute real-time salary of the whole brand (goal under 10 s) and
// its daily salary (goal under 60 s), each settled by AgentSettlementService (settlePeriod, then payOpen) and, in the
// same run, by a bare node-postgres loop doing the same work in plain SQL: the contracts in force, each agent's team
// sums over member_tree joined with the members' slots or days, the run and its lines, then each line paid top agents
// first, 50 a transaction, as one statement moving the money (balances, movement, ledger entries) and marking the line.

const SLOT_MS = 5 * 60_000;
/** A settlement period, [start, end): a 5-minute slot, or a brand day. */
interface SettlementPeriod {
  start: Date;
  end: Date;
}
/** A brand day's period. */
const dayPeriod = (day: string, timeZone: string): SettlementPeriod => ({
  start: dayStart(day, timeZone),
  end: dayStart(addDays(day, 1), timeZone),
});
/** Rounds of each measure: the bare loop and the service alternate, each settling a period of its own. */
export const SETTLEMENT_ROUNDS = Number(process.env['BENCH_SETTLEMENT_ROUNDS'] ?? 3);
/** The rate of each level's contracts, top first (basis points): never rising down the tree. */
const REALTIME_RATES_BP = [50, 40, 30, 20, 10];
const DAILY_RATES_BP = [100, 80, 60, 40, 20];
/** What each agent's wallet is given, so that no line waits for its payer. */
const AGENT_FUNDING_MINOR = 1_000_000_000_000;
/** Rounds a player plays in a 5-minute slot it plays in. */
const ROUNDS_A_SLOT = 2;
/** Slots written: the last day's, every slot alike (the measured ones and the day before them). */
const SLOTS_WRITTEN = 288;
/** Lines paid in one transaction, as SETTLEMENT_PAY_BATCH. */
const PAY_BATCH = 50;

export interface SettlementFixtures {
  merchantId: number;
  timeZone: string;
  currency: string;
  /** The 5-minute periods measured, in turn (2 × rounds), then one to warm up with. */
  slots: SettlementPeriod[];
  /** The days measured, in turn (2 × rounds), then one to warm up with. */
  days: string[];
  written: string[];
  counts: Record<string, number>;
}

/**
 * The settlement's rows, set-based: a real-time salary (single bet) and a daily salary contract for every agent, the
 * top agent's from the brand and each other's from its upline, active since the day before the first day measured;
 * every agent's wallet funded; and the members' 5-minute slots of the last day before the measured ones (2 million
 * rounds a day: about 6,900 rounds a slot, 2 each by about 3,500 players), every slot alike. The daily salary reads the
 * members' days the brand already has.
 */
export async function writeSettlementFixtures(
  url: string,
  merchantId: number,
  size: AgentBrandSize,
  log: (message: string) => void,
): Promise<SettlementFixtures> {
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
  try {
    const brand = await client.query<{ time_zone: string; currency: string }>(
      `SELECT time_zone, currency FROM merchants WHERE id = $1`,
      [merchantId],
    );
    const timeZone = brand.rows[0]!.time_zone;
    const currency = brand.rows[0]!.currency;
    const measured = 2 * SETTLEMENT_ROUNDS + 1;
    // The last `measured` slots ending an hour ago, newest first; the days before today, newest first.
    const lastEnd = Math.floor((Date.now() - 3_600_000) / SLOT_MS) * SLOT_MS;
    const slots = Array.from({ length: measured }, (_, index) => {
      const end = lastEnd - index * SLOT_MS;
      return { start: new Date(end - SLOT_MS), end: new Date(end) };
    });
    const today = localDay(new Date(), timeZone);
    const days = Array.from({ length: measured }, (_, index) => addDays(today, -1 - index));
    const activatedAt = dayStart(addDays(days.at(-1)!, -1), timeZone);

    const rates = (list: number[]) => `ARRAY[${list.join(', ')}]`;
    await step(
      'agent_contracts: a realtime_salary and a daily_salary for every agent, active',
      `INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, tiers, top_rate_bp, status,
                                    created_at, activated_at)
       SELECT $1, m.upline_id, m.id, k.kind, 'single_bet',
              jsonb_build_array(
                jsonb_build_object('rateBp', r.rate / 2, 'minActiveMembers', 0, 'minValidBetMinor', 0),
                jsonb_build_object('rateBp', r.rate, 'minActiveMembers', 5, 'minValidBetMinor', 0)),
              r.rate, 'active', $2::timestamptz, $2::timestamptz
       FROM members m
       CROSS JOIN LATERAL (SELECT count(*)::int AS level FROM member_tree t
                           WHERE t.descendant_id = m.id AND t.depth > 0) l
       CROSS JOIN (VALUES ('realtime_salary', ${rates(REALTIME_RATES_BP)}),
                          ('daily_salary', ${rates(DAILY_RATES_BP)})) k(kind, rates)
       CROSS JOIN LATERAL (SELECT k.rates[l.level + 1] AS rate) r
       WHERE m.merchant_id = $1 AND m.register_method = 'BENCH' AND m.agent_type > 0`,
      [merchantId, activatedAt.toISOString()],
    );
    await step(
      "agents' wallets funded (no line waits for its payer)",
      `UPDATE wallet_accounts w SET balance_minor = w.balance_minor + $2
       FROM members m
       WHERE m.id = w.member_id AND w.owner_type = 'member' AND m.merchant_id = $1 AND m.register_method = 'BENCH'
         AND m.agent_type > 0`,
      [merchantId, AGENT_FUNDING_MINOR],
    );
    const counted = await client.query<{ players: number }>(
      `SELECT count(*)::int AS players FROM members WHERE merchant_id = $1 AND register_method = 'BENCH' AND agent_type = 0`,
      [merchantId],
    );
    const players = counted.rows[0]!.players;
    const roundsPerSlot = Math.round(size.roundsPerDay / 288);
    const playersPerSlot = Math.max(1, Math.ceil(roundsPerSlot / ROUNDS_A_SLOT));
    const every = Math.max(1, Math.floor(players / playersPerSlot));
    await client.query(`SET session_replication_role = replica`);
    await step(
      `member_figure_slots: the last ${SLOTS_WRITTEN} slots before ${new Date(lastEnd).toISOString()}, ~${roundsPerSlot.toLocaleString('en')} rounds each`,
      `INSERT INTO member_figure_slots (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor)
       SELECT p.id, s.slot, $1, $5::int, $5::int * 1000 * (1 + p.k % 10), $5::int * 1000 * (1 + p.k % 10),
              $5::int * 1000 * (1 + p.k % 10) * (90 + (p.k * 31) % 15) / 100
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM members
             WHERE merchant_id = $1 AND register_method = 'BENCH' AND agent_type = 0) p
       CROSS JOIN generate_series($2::timestamptz - ($3::int - 1) * interval '5 minutes', $2::timestamptz,
                                  interval '5 minutes') s(slot)
       WHERE p.k % $4::int = 0 AND p.k / $4::int <= $6::int`,
      [merchantId, new Date(lastEnd - SLOT_MS).toISOString(), SLOTS_WRITTEN, every, ROUNDS_A_SLOT, playersPerSlot],
    );
    await client.query(`SET session_replication_role = DEFAULT`);
    await client.query('VACUUM (ANALYZE) member_figure_slots, agent_contracts, wallet_accounts');
    const figures = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM agent_contracts WHERE merchant_id = $1) AS contracts,
              (SELECT count(*) FROM member_figure_slots WHERE slot = $2::timestamptz) AS slot_members,
              (SELECT sum(rounds) FROM member_figure_slots WHERE slot = $2::timestamptz) AS slot_rounds,
              (SELECT count(*) FROM member_figure_slots) AS member_figure_slots_rows,
              (SELECT count(*) FROM member_figure_days WHERE day = $3::date AND valid_bet_minor > 0) AS day_rows,
              (SELECT sum(rounds) FROM member_figure_days WHERE day = $3::date) AS day_rounds`,
      [merchantId, slots[0]!.start.toISOString(), days[0]],
    );
    const counts: Record<string, number> = {};
    for (const [key, value] of Object.entries(figures.rows[0] ?? {})) counts[key] = Number(value);
    written.push(
      `settlement: ${counts['contracts']} contracts active since ${activatedAt.toISOString()}; a slot: ${counts['slot_rounds']!.toLocaleString('en')} rounds by ${counts['slot_members']!.toLocaleString('en')} players; a day: ${counts['day_rounds']!.toLocaleString('en')} rounds in ${counts['day_rows']!.toLocaleString('en')} member days`,
    );
    log(`  ${written.at(-1)}`);
    return { merchantId, timeZone, currency, slots, days, written, counts };
  } finally {
    await client.end();
  }
}

/** A statement sent while timing was on: its text, values and time. */
export interface TimedStatement {
  text: string;
  values: unknown[];
  ms: number;
}

/**
 * Times every statement sent through `pool` while on: through `pool.query` (the announcements' balance reads) and in a
 * transaction (drizzle's transactions query on a client checked out of the pool, which bench:agents' recorder does not
 * see). `pool.query` checks a client out with a callback and queries it with one: not timed twice.
 */
export function timePool(pool: pg.Pool): { start(): void; take(): TimedStatement[] } {
  let timing = false;
  let statements: TimedStatement[] = [];
  const patched = new WeakSet<object>();
  const wrap = (target: { query: (...args: unknown[]) => unknown }) => {
    const send = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      const result = send(...args);
      if (!timing || !(result instanceof Promise)) return result;
      const [first, second] = args;
      const config = typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
      const started = performance.now();
      return result.then((value: unknown) => {
        statements.push({
          text: config.text,
          values: config.values ?? (Array.isArray(second) ? second : []),
          ms: performance.now() - started,
        });
        return value;
      });
    };
  };
  wrap(pool);
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const result = connect(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((client: pg.PoolClient) => {
      if (!patched.has(client)) {
        patched.add(client);
        wrap(client);
      }
      return client;
    });
  };
  return {
    start() {
      timing = true;
      statements = [];
    },
    take() {
      timing = false;
      return statements;
    },
  };
}

interface Outcome {
  /** Statements sent. */
  statements: number;
  lines: number;
  due: number;
  paid: number;
  pending: number;
}

interface BareContract {
  id: number;
  agentId: number;
  payerId: number | null;
  level: number;
  tiers: ContractTier[];
}

/**
 * The bare loop's settlement of one period: what the service does, written plainly. The run, the contracts in force,
 * the team sums of their agents in one statement, the lines (figured in Node, as a single bet salary) in one insert,
 * committed; then the lines paid top first, 50 a transaction, each by one statement.
 */
async function bareSettle(
  pool: pg.Pool,
  fixtures: SettlementFixtures,
  kind: 'realtime_salary' | 'daily_salary',
  period: SettlementPeriod,
  houseAccountId: number,
): Promise<Outcome> {
  const rhythm = kind === 'realtime_salary' ? '5m' : 'D';
  const days = kind === 'realtime_salary' ? undefined : dayOf(period, fixtures.timeZone);
  const client = await pool.connect();
  let statements = 0;
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    statements += 1;
    return send(...args);
  };
  try {
    await client.query('BEGIN');
    const run = await client.query<{ id: string }>(
      `INSERT INTO agent_settlement_runs (merchant_id, kind, rhythm, period_start, period_end)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (merchant_id, kind, rhythm, period_start) DO NOTHING RETURNING id`,
      [fixtures.merchantId, kind, rhythm, period.start, period.end],
    );
    const runId = Number(run.rows[0]!.id);
    const contracts = (
      await client.query<{
        id: string;
        downline_id: string;
        upline_id: string | null;
        level: string;
        tiers: ContractTier[];
      }>(
        `SELECT c.id, c.downline_id, c.upline_id, c.tiers,
                (SELECT count(*) FROM member_tree t WHERE t.descendant_id = c.downline_id AND t.depth > 0) AS level
         FROM agent_contracts c
         WHERE c.merchant_id = $1 AND c.kind = $2 AND c.activated_at < $3 AND (c.ended_at IS NULL OR c.ended_at >= $3)`,
        [fixtures.merchantId, kind, period.end],
      )
    ).rows.map<BareContract>((row) => ({
      id: Number(row.id),
      agentId: Number(row.downline_id),
      payerId: row.upline_id === null ? null : Number(row.upline_id),
      level: Number(row.level),
      tiers: row.tiers,
    }));
    const source =
      days === undefined
        ? `member_figure_slots f ON f.member_id = t.descendant_id AND f.slot >= $2 AND f.slot < $3`
        : `member_figure_days f ON f.member_id = t.descendant_id AND f.day BETWEEN $2::date AND $3::date`;
    const sums = await client.query<{ agent_id: string; active: string; valid_bet: string; profit_loss: string }>(
      `SELECT t.ancestor_id AS agent_id, count(DISTINCT f.member_id) FILTER (WHERE f.valid_bet_minor > 0) AS active,
              sum(f.valid_bet_minor) AS valid_bet, sum(f.payout_minor - f.stake_minor) AS profit_loss
       FROM member_tree t JOIN ${source}
       WHERE t.ancestor_id = ANY($1::bigint[]) AND t.depth > 0
       GROUP BY t.ancestor_id`,
      [
        contracts.map((contract) => contract.agentId),
        ...(days === undefined ? [period.start, period.end] : [days.from, days.to]),
      ],
    );
    const teams = new Map(sums.rows.map((row) => [Number(row.agent_id), row]));
    const columns: unknown[][] = Array.from({ length: 9 }, () => []);
    for (const contract of contracts) {
      const team = teams.get(contract.agentId);
      const active = Number(team?.active ?? 0);
      const validBet = Number(team?.valid_bet ?? 0);
      const profitLoss = Number(team?.profit_loss ?? 0);
      let rate = 0;
      for (const tier of contract.tiers) {
        if (active >= tier.minActiveMembers && validBet >= tier.minValidBetMinor) rate = tier.rateBp;
      }
      const amount = validBet > 0 && rate > 0 ? Number((BigInt(validBet) * BigInt(rate)) / 10_000n) : 0;
      if (amount === 0 && validBet === 0 && profitLoss === 0) continue;
      const line = [
        contract.id,
        contract.agentId,
        contract.payerId,
        contract.level,
        active,
        validBet,
        profitLoss,
        rate,
        amount,
      ];
      line.forEach((value, index) => columns[index]!.push(value));
    }
    await client.query(
      `INSERT INTO agent_settlement_lines (run_id, merchant_id, contract_id, agent_id, payer_id, agent_level,
                                           period_start, period_end, active_members, valid_bet_minor,
                                           profit_loss_minor, rate_bp, base_minor, amount_minor, carry_minor, status)
       SELECT $1, $2, l.contract_id, l.agent_id, l.payer_id, l.level, $3, $4, l.active, l.valid_bet, l.profit_loss,
              l.rate, l.valid_bet, l.amount, 0, CASE WHEN l.amount > 0 THEN 'due' ELSE 'none' END
       FROM unnest($5::bigint[], $6::bigint[], $7::bigint[], $8::int[], $9::int[], $10::bigint[], $11::bigint[],
                   $12::int[], $13::bigint[])
            AS l(contract_id, agent_id, payer_id, level, active, valid_bet, profit_loss, rate, amount)`,
      [runId, fixtures.merchantId, period.start, period.end, ...columns],
    );
    await client.query('COMMIT');
    const lines = columns[0]!.length;
    const due = columns[8]!.filter((amount) => Number(amount) > 0).length;

    let paid = 0;
    let pending = 0;
    let after = { level: -1, id: 0 };
    for (;;) {
      await client.query('BEGIN');
      const open = await client.query<{
        id: string;
        agent_id: string;
        payer_id: string | null;
        agent_level: number;
        amount_minor: string;
      }>(
        `SELECT id, agent_id, payer_id, agent_level, amount_minor FROM agent_settlement_lines
         WHERE run_id = $1 AND status IN ('due', 'pending') AND (agent_level, id) > ($2, $3)
         ORDER BY agent_level, id LIMIT $4 FOR UPDATE SKIP LOCKED`,
        [runId, after.level, after.id, PAY_BATCH],
      );
      for (const line of open.rows) {
        after = { level: line.agent_level, id: Number(line.id) };
        const moved = await client.query(line.payer_id === null ? BRAND_PAYS : UPLINE_PAYS, [
          fixtures.merchantId,
          fixtures.currency,
          line.id,
          line.amount_minor,
          line.agent_id,
          `bench-bare-settlement:${line.id}`,
          `${kind} ${period.start.toISOString()}..${period.end.toISOString()}`,
          line.payer_id ?? houseAccountId,
        ]);
        if (moved.rowCount === 1) paid += 1;
        else pending += 1;
      }
      await client.query('COMMIT');
      if (open.rows.length < PAY_BATCH) break;
    }
    return { statements, lines, due, paid, pending };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    Reflect.deleteProperty(client, 'query');
    client.release();
  }
}

// One line's payment in one statement: $1 brand, $2 currency, $3 line, $4 amount, $5 agent, $6 key, $7 reason, $8 the
// payer (the upline's member id, or the brand's house account). The line is marked paid with its movement, or pending.
const MARK_LINE = `line AS (
    UPDATE agent_settlement_lines
    SET status = CASE WHEN EXISTS (SELECT 1 FROM mov) THEN 'paid' ELSE 'pending' END, movement_id = (SELECT id FROM mov),
        paid_at = CASE WHEN EXISTS (SELECT 1 FROM mov) THEN now() END, attempts = attempts + 1
    WHERE id = $3::bigint
  )
  SELECT id FROM mov`;
const BRAND_PAYS = `WITH dst AS (
    UPDATE wallet_accounts SET balance_minor = balance_minor + $4::bigint, updated_at = now()
    WHERE owner_type = 'member' AND member_id = $5::bigint AND currency = $2::text RETURNING id, balance_minor
  ), mov AS (
    INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
    SELECT $1::bigint, 'agent_salary', $6::text, $5::bigint, $2::text, $4::bigint, $7::text FROM dst RETURNING id
  ), ent AS (
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    SELECT mov.id, dst.id, $4::bigint, dst.balance_minor FROM mov, dst
    UNION ALL SELECT mov.id, $8::bigint, -$4::bigint, NULL FROM mov
  ), ${MARK_LINE}`;
const UPLINE_PAYS = `WITH src AS (
    UPDATE wallet_accounts SET balance_minor = balance_minor - $4::bigint, updated_at = now()
    WHERE owner_type = 'member' AND member_id = $8::bigint AND currency = $2::text AND balance_minor >= $4::bigint
    RETURNING id, balance_minor
  ), dst AS (
    UPDATE wallet_accounts SET balance_minor = balance_minor + $4::bigint, updated_at = now()
    WHERE owner_type = 'member' AND member_id = $5::bigint AND currency = $2::text AND EXISTS (SELECT 1 FROM src)
    RETURNING id, balance_minor
  ), mov AS (
    INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
    SELECT $1::bigint, 'agent_salary', $6::text, $8::bigint, $2::text, -$4::bigint, $7::text FROM dst RETURNING id
  ), ent AS (
    INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
    SELECT mov.id, src.id, -$4::bigint, src.balance_minor FROM mov, src
    UNION ALL SELECT mov.id, dst.id, $4::bigint, dst.balance_minor FROM mov, dst
  ), ${MARK_LINE}`;

export interface SettlementRun {
  by: 'service' | 'bare loop';
  periodStart: string;
  /** The bare loop's statements. */
  statements?: number;
  ms: number;
  lines: number;
  due: number;
  paid: number;
  pending: number;
}

export interface SettlementMeasure {
  through: 'service';
  /** The service's median time to settle and pay one period, ms. */
  ms: number;
  baselineMs: number;
  /** The bare loop's time over the service's, summed over the rounds. */
  ratio: number;
  linesPaid: number;
  runs: SettlementRun[];
  /** Statements the service sent for its first period, and the bare loop for its first. */
  statements: number;
  baselineStatements: number;
  /**
   * The service's statements of its first period grouped by text, the most time first (`ms`: their total as they ran,
   * waits for the connection's turn included), and the plan of the read it spent the most time in, run again alone.
   */
  slowestStatements: { ms: number; count: number; maxMs: number; sql: string }[];
  slowestPlan: string[];
}

/** A day period's brand day, as the members' days it sums. */
const dayOf = (period: SettlementPeriod, timeZone: string) => {
  const day = localDay(period.start, timeZone);
  return { from: day, to: day };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round2 = (value: number) => Number(value.toFixed(2));

/**
 * One measure: the bare loop and the service settle SETTLEMENT_ROUNDS periods each, alternating (who goes first
 * alternates too), after a warm-up read of a period neither settles. The service's first period is timed statement
 * by statement.
 */
export async function measureSettlement(options: {
  name: string;
  kind: 'realtime_salary' | 'daily_salary';
  service: AgentSettlementService;
  timer: { start(): void; take(): TimedStatement[] };
  bare: pg.Pool;
  fixtures: SettlementFixtures;
  log: (message: string) => void;
}): Promise<SettlementMeasure> {
  const { kind, fixtures, bare } = options;
  const rhythm = kind === 'realtime_salary' ? '5m' : 'D';
  const periods =
    kind === 'realtime_salary' ? fixtures.slots : fixtures.days.map((day) => dayPeriod(day, fixtures.timeZone));
  const brand = { merchantId: fixtures.merchantId, timeZone: fixtures.timeZone, currency: fixtures.currency };
  const house = await bare.query<{ id: string }>(
    `SELECT id FROM wallet_accounts WHERE owner_type = 'house' AND merchant_id = $1 AND currency = $2`,
    [fixtures.merchantId, fixtures.currency],
  );
  const houseAccountId = Number(house.rows[0]!.id);
  // Warm-up: the sums of the last period, read and thrown away (pages in memory for both alike).
  const warm = periods.at(-1)!;
  const warmDays = kind === 'realtime_salary' ? undefined : dayOf(warm, fixtures.timeZone);
  await bare.query(
    warmDays === undefined
      ? `SELECT t.ancestor_id, sum(f.valid_bet_minor) FROM member_tree t JOIN member_figure_slots f
           ON f.member_id = t.descendant_id AND f.slot >= $1 AND f.slot < $2 WHERE t.depth > 0 GROUP BY 1`
      : `SELECT t.ancestor_id, sum(f.valid_bet_minor) FROM member_tree t JOIN member_figure_days f
           ON f.member_id = t.descendant_id AND f.day BETWEEN $1::date AND $2::date WHERE t.depth > 0 GROUP BY 1`,
    warmDays === undefined ? [warm.start, warm.end] : [warmDays.from, warmDays.to],
  );

  const runs: SettlementRun[] = [];
  let statements: TimedStatement[] = [];
  const byService = async (period: SettlementPeriod) => {
    const first = statements.length === 0;
    if (first) options.timer.start();
    const started = performance.now();
    const due = (await options.service.settlePeriod(brand, kind, rhythm, period)) ?? 0;
    const { paid, pending } = await options.service.payOpen(brand);
    const ms = performance.now() - started;
    if (first) statements = options.timer.take();
    const lines = await bare.query<{ n: string }>(
      `SELECT count(*) AS n FROM agent_settlement_lines l JOIN agent_settlement_runs r ON r.id = l.run_id
       WHERE r.merchant_id = $1 AND r.kind = $2 AND r.period_start = $3`,
      [fixtures.merchantId, kind, period.start],
    );
    runs.push({
      by: 'service',
      periodStart: period.start.toISOString(),
      ms: round2(ms),
      lines: Number(lines.rows[0]!.n),
      due,
      paid,
      pending,
    });
  };
  let baselineStatements = 0;
  const byBare = async (period: SettlementPeriod) => {
    const started = performance.now();
    const outcome = await bareSettle(bare, fixtures, kind, period, houseAccountId);
    baselineStatements ||= outcome.statements;
    runs.push({
      by: 'bare loop',
      periodStart: period.start.toISOString(),
      ms: round2(performance.now() - started),
      ...outcome,
    });
  };
  for (let round = 0; round < SETTLEMENT_ROUNDS; round += 1) {
    const [a, b] = [periods[2 * round]!, periods[2 * round + 1]!];
    if (round % 2 === 0) {
      await byBare(a);
      await byService(b);
    } else {
      await byService(a);
      await byBare(b);
    }
    const last = runs.slice(-2);
    options.log(
      `  ${options.name}, round ${round + 1}: ${last.map((run) => `${run.by} ${run.ms.toFixed(0)} ms (${run.paid} of ${run.lines} lines paid)`).join('; ')}`,
    );
  }

  const service = runs.filter((run) => run.by === 'service');
  const baseline = runs.filter((run) => run.by === 'bare loop');
  const sum = (list: SettlementRun[]) => list.reduce((total, run) => total + run.ms, 0);
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const grouped = new Map<string, { ms: number; count: number; maxMs: number; sql: string; sample: TimedStatement }>();
  for (const statement of statements) {
    const sql = oneLine(statement.text).slice(0, 200);
    const group = grouped.get(sql) ?? { ms: 0, count: 0, maxMs: 0, sql, sample: statement };
    group.ms += statement.ms;
    group.count += 1;
    group.maxMs = Math.max(group.maxMs, statement.ms);
    grouped.set(sql, group);
  }
  const groups = [...grouped.values()].sort((a, b) => b.ms - a.ms);
  // The read the service spent the most time in, all its runs together.
  const slowestRead = groups.find(
    (group) => /^\s*(SELECT|WITH)\b/i.test(group.sql) && !/\b(INSERT|UPDATE)\b/i.test(group.sample.text),
  )?.sample;
  let slowestPlan: string[] = [];
  if (slowestRead) {
    // Run alone after the measures, the figures as the service read them (a read: EXPLAIN ANALYZE changes nothing).
    const explained = await bare.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${slowestRead.text}`,
      slowestRead.values,
    );
    // An IN list of every agent id makes a line of thousands of characters: cut.
    slowestPlan = explained.rows.map((row) =>
      row['QUERY PLAN'].length > 300 ? `${row['QUERY PLAN'].slice(0, 300)}…` : row['QUERY PLAN'],
    );
  }
  const result: SettlementMeasure = {
    through: 'service',
    ms: round2(median(service.map((run) => run.ms))),
    baselineMs: round2(median(baseline.map((run) => run.ms))),
    ratio: Number((sum(baseline) / sum(service)).toFixed(3)),
    linesPaid: service.reduce((total, run) => total + run.paid, 0),
    runs,
    statements: statements.length,
    baselineStatements,
    slowestStatements: groups
      .slice(0, 6)
      .map((group) => ({ ms: round2(group.ms), count: group.count, maxMs: round2(group.maxMs), sql: group.sql })),
    slowestPlan,
  };
  options.log(
    `${options.name}: service ${result.ms} ms (median of ${service.length}), bare loop ${result.baselineMs} ms; ratio ${result.ratio}; statements of a period: service ${result.statements}, bare loop ${baselineStatements}; most time: ${result.slowestStatements
      .slice(0, 3)
      .map((group) => `${group.ms} ms in ${group.count} × ${group.sql.slice(0, 40)}`)
      .join('; ')}`,
  );
  return result;
}

/**
 * Every line of the bench's runs paid once: `lost`, lines with money not paid; `doubled`, settlement movements no line
 * holds or held by two lines; `unbalanced`, settlement movements whose ledger entries do not sum to 0; the money the
 * lines say against the movements; the agents' balances moved by what the brand paid (each transfer nets to 0 among
 * them); and the real-time lines alike in every period (every slot holds the same figures).
 */
export async function checkSettlement(
  bare: pg.Pool,
  fixtures: SettlementFixtures,
  agentBalancesBefore: number,
): Promise<Record<string, number | boolean>> {
  const checks = await bare.query<Record<string, string>>(
    `SELECT
       (SELECT count(*) FROM agent_settlement_lines WHERE merchant_id = $1) AS lines,
       (SELECT count(*) FROM agent_settlement_lines WHERE merchant_id = $1 AND amount_minor > 0) AS lines_due,
       (SELECT count(*) FROM agent_settlement_lines WHERE merchant_id = $1 AND status = 'paid') AS lines_paid,
       (SELECT count(*) FROM agent_settlement_lines WHERE merchant_id = $1 AND amount_minor > 0 AND status <> 'paid')
         AS lost,
       (SELECT count(*) FROM wallet_movements w WHERE w.merchant_id = $1 AND w.kind = 'agent_salary'
          AND NOT EXISTS (SELECT 1 FROM agent_settlement_lines l WHERE l.movement_id = w.id))
       + (SELECT count(*) FROM (SELECT movement_id FROM agent_settlement_lines WHERE movement_id IS NOT NULL
                                GROUP BY movement_id HAVING count(*) > 1) d) AS doubled,
       (SELECT count(*) FROM (SELECT e.movement_id FROM ledger_entries e
                              JOIN wallet_movements w ON w.id = e.movement_id
                              WHERE w.merchant_id = $1 AND w.kind = 'agent_salary'
                              GROUP BY e.movement_id HAVING sum(e.amount_minor) <> 0) u) AS unbalanced,
       (SELECT coalesce(sum(amount_minor), 0) FROM agent_settlement_lines WHERE merchant_id = $1 AND status = 'paid')
         AS lines_minor,
       (SELECT coalesce(sum(abs(amount_minor)), 0) FROM wallet_movements WHERE merchant_id = $1 AND kind = 'agent_salary')
         AS movements_minor,
       (SELECT coalesce(sum(amount_minor), 0) FROM agent_settlement_lines
        WHERE merchant_id = $1 AND status = 'paid' AND payer_id IS NULL) AS brand_paid_minor,
       (SELECT count(*) FROM (SELECT l.contract_id FROM agent_settlement_lines l
                              JOIN agent_contracts c ON c.id = l.contract_id AND c.kind = 'realtime_salary'
                              WHERE l.merchant_id = $1
                              GROUP BY l.contract_id HAVING count(DISTINCT l.amount_minor) > 1) x)
         AS realtime_lines_differing`,
    [fixtures.merchantId],
  );
  const row = checks.rows[0]!;
  const balances = await agentBalances(bare, fixtures.merchantId);
  return {
    lines: Number(row['lines']),
    linesDue: Number(row['lines_due']),
    linesPaid: Number(row['lines_paid']),
    lost: Number(row['lost']),
    doubled: Number(row['doubled']),
    unbalanced: Number(row['unbalanced']),
    linesMinorEqualMovements: row['lines_minor'] === row['movements_minor'],
    agentBalancesMovedByBrandPaid: balances - agentBalancesBefore === Number(row['brand_paid_minor']),
    realtimeContractsPaidDifferently: Number(row['realtime_lines_differing']),
  };
}

/** The sum of every agent's balance. */
export async function agentBalances(bare: pg.Pool, merchantId: number): Promise<number> {
  const rows = await bare.query<{ total: string }>(
    `SELECT coalesce(sum(w.balance_minor), 0) AS total FROM wallet_accounts w JOIN members m ON m.id = w.member_id
     WHERE w.owner_type = 'member' AND m.merchant_id = $1 AND m.agent_type > 0`,
    [merchantId],
  );
  return Number(rows.rows[0]!.total);
}

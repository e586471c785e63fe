import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { SettlementFeedService } from '../settlement-feed/index';
import {
  aggregatesOf,
  consumeAll,
  insertSettledRound,
  readAggregates,
  scanSettledRounds,
  settledRoundStatement,
  sorted,
  type DirectRound,
} from './reports.fixtures';
import { REPORTS_CONSUMER, ReportsService } from './reports.service';

const CLIENTS = 16;
const ROUNDS = 6;
const onPostgres = Boolean(process.env['DATABASE_URL']);

async function feedRows(t: TestApp): Promise<number> {
  const rows = await query(t.app.db, sql`SELECT count(*) AS n FROM settlement_feed`);
  return toNumber(rows[0]?.['n']);
}

async function expectAggregatesToMatchScan(t: TestApp): Promise<void> {
  const brand = await t.app.merchants.findByCode('parlay');
  const { expected } = aggregatesOf(
    await scanSettledRounds(t.app.db),
    [],
    new Map([[brand!.id, brand!.brand.timeZone]]),
  );
  const stored = await readAggregates(t.app.db);
  expect(sorted(stored.gameDays)).toEqual(sorted(expected.gameDays));
  expect(sorted(stored.vendorDays)).toEqual(sorted(expected.vendorDays));
  expect(sorted(stored.gameHours)).toEqual(sorted(expected.gameHours));
  expect(sorted(stored.brandDays)).toEqual(sorted(expected.brandDays));
  expect(sorted(stored.players)).toEqual(sorted(expected.players));
}

describe(ReportsService.name, () => {
  let t: TestApp;
  let second: DatabaseHandle | undefined;
  let target: Omit<DirectRound, 'memberId' | 'roundId' | 'stakeMinor' | 'winMinor' | 'settledAt'>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await installTestVendor(t.app);
    const brand = await t.app.merchants.findByCode('parlay');
    const rows = await query(
      t.app.db,
      sql`SELECT g.id, g.vendor_id FROM games g JOIN game_vendors v ON v.id = g.vendor_id
          WHERE v.code = 'TESTV' AND g.code = 'G3'`,
    );
    target = {
      merchantId: brand!.id,
      vendorId: toNumber(rows[0]?.['vendor_id']),
      gameId: toNumber(rows[0]?.['id']),
      gameCode: 'G3',
      currency: 'KRW',
    };
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await t.close();
  }, 60_000);

  it('never counts a round twice when two instances consume the feed while rounds settle', async () => {
    // The other instance: its own pool on PostgreSQL; on PGlite the one connection, interleaved.
    let otherDb = t.app.db;
    if (onPostgres) {
      second = await openDatabase({ kind: 'postgres', url: t.database.handle.url!, poolSize: 4 });
      otherDb = second.db;
    }
    const otherFeed = new SettlementFeedService(otherDb);
    const instances = [t.app.reports, new ReportsService(otherDb, otherFeed)];

    const players = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const { authorization, member } = await createFundedPlayer(t.app, 1_000_000);
      players.push({ ...(await launchFor(t.app, authorization)), memberId: member.id });
    }
    const before = (await t.app.settlementFeed.findCheckpoint(REPORTS_CONSUMER))?.applied ?? 0;
    const rowsBefore = await feedRows(t);

    let loading = true;
    const applied = [0, 0];
    const busy = [0, 0];
    const consumers = instances.map(async (reports, index) => {
      while (loading) {
        const result = await reports.consumeFeed({ batchSize: 5, maxBatches: 2 });
        applied[index]! += result.applied;
        if (result.busy) busy[index]! += 1;
        // Give the load its turn (on PGlite everything shares one connection and one event loop).
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const load = players.map(async (player, client) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const base = { playerId: player.playerId, currency: 'KRW', gameCode: 'G1', roundId: `cc${client}-${round}` };
        const debit = await callWallet(t.app, 'debit', {
          ...base,
          requestId: `ccd${client}-${round}`,
          sessionToken: player.sessionToken,
          transactionId: `ccd${client}-${round}`,
          amountMinor: 100 + client,
        });
        expect(debit.status).toBe(200);
        const credit = await callWallet(t.app, 'credit', {
          ...base,
          requestId: `ccc${client}-${round}`,
          transactionId: `ccc${client}-${round}`,
          amountMinor: client % 3 === 0 ? 300 : 0,
          roundEnded: true,
        });
        expect(credit.status).toBe(200);
        // And a round of another day, settled late.
        await insertSettledRound(t.app.db, {
          ...target,
          memberId: player.memberId,
          roundId: `ccp${client}-${round}`,
          stakeMinor: 10 + round,
          winMinor: round,
          settledAt: new Date(Date.now() - (round + 1) * 86_400_000 - client * 60_000),
        });
      }
    });
    await Promise.all(load);
    loading = false;
    await Promise.all(consumers);
    await consumeAll(t.app.reports, t.app.settlementFeed);

    const written = (await feedRows(t)) - rowsBefore;
    expect(written).toBe(CLIENTS * ROUNDS * 2);
    const checkpoint = await t.app.settlementFeed.findCheckpoint(REPORTS_CONSUMER);
    // Every row applied once: what the two instances applied, and the rest after, is every row written.
    expect(checkpoint!.applied - before).toBe(written);
    expect(applied[0]! + applied[1]!).toBeLessThanOrEqual(written);
    await expectAggregatesToMatchScan(t);
  }, 300_000);

  it.runIf(onPostgres)('applies a row that commits after a row behind it was applied, never skipping it', async () => {
    const member = await createTestMember(t.app);
    const round = (roundId: string, stakeMinor: number): DirectRound => ({
      ...target,
      memberId: member.id,
      roundId,
      stakeMinor,
      winMinor: 0,
      settledAt: new Date(),
    });
    const early = new pg.Client({ connectionString: t.database.handle.url });
    const late = new pg.Client({ connectionString: t.database.handle.url });
    await early.connect();
    await late.connect();
    try {
      // `early` takes its transaction id first; `late` writes its row first (the lower sequence number) and
      // stays open; `early` writes and commits. Ordered by sequence alone, early's row would be applied and
      // the checkpoint moved past late's number, which then commits behind it.
      await early.query('BEGIN');
      await early.query('SELECT pg_current_xact_id()');
      await late.query('BEGIN');
      const lateRow = settledRoundStatement(round('order-late', 7));
      await late.query(lateRow.text, lateRow.values);
      const earlyRow = settledRoundStatement(round('order-early', 5));
      await early.query(earlyRow.text, earlyRow.values);
      await early.query('COMMIT');
      await consumeAll(t.app.reports, t.app.settlementFeed);
      const lateIds = await late.query<{ id: string }>(
        `SELECT id::text AS id FROM settlement_feed WHERE xid = pg_current_xact_id()`,
      );
      const checkpoint = await t.app.settlementFeed.findCheckpoint(REPORTS_CONSUMER);
      expect(Number(checkpoint!.id)).toBeGreaterThan(Number(lateIds.rows[0]?.id));
      await late.query('COMMIT');
    } finally {
      await early.end();
      await late.end();
    }
    await consumeAll(t.app.reports, t.app.settlementFeed);
    await expectAggregatesToMatchScan(t);
  });
});

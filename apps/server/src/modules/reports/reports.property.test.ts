import fc from 'fast-check';
import pg from 'pg';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import {
  aggregatesOf,
  consumeAll,
  dayOf,
  insertSettledRound,
  periodPlayersOf,
  readAggregates,
  scanSettledRounds,
  settledRoundStatement,
  sorted,
  type DirectRound,
  type MoneyEventRecord,
} from './reports.fixtures';
import { addDays, ReportsService } from './reports.service';

/** A brand whose clocks change (on 1 November 2026), so the days and hours around it are in the runs. */
const TIME_ZONE = 'America/New_York';
const PLAYERS = 3;
/** The operator of the test's own changes (a brand's promotion cap, the end of an abandoned round). */
const OPERATOR = { kind: 'cli', osUser: 'reports-test' } as const;

type Command =
  | { op: 'play'; player: number; game: number; stake: number; win: number }
  | { op: 'open'; player: number; game: number; stake: number }
  | { op: 'rollback'; index: number }
  | { op: 'close'; index: number; outcome: 'settled' | 'cancelled' }
  | { op: 'promotion'; player: number; amount: number }
  | { op: 'past'; player: number; game: number; minutesAgo: number; stake: number; win: number }
  | { op: 'money'; kind: 'deposit' | 'withdrawal'; player: number; amount: number }
  | { op: 'consume'; batchSize: number }
  | { op: 'hold' }
  | { op: 'heldRound'; player: number; game: number; minutesAgo: number; stake: number; win: number }
  | { op: 'release'; commit: boolean };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const game = fc.integer({ min: 0, max: 4 });
const stake = fc.integer({ min: 1, max: 500 });
const win = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 }));
// Up to 40 days back: both sides of the clock change, and rounds that settle into days already counted.
const minutesAgo = fc.integer({ min: 0, max: 40 * 24 * 60 });

const serverCommands: fc.Arbitrary<Command>[] = [
  fc.record({ op: fc.constant('play' as const), player, game: fc.integer({ min: 0, max: 2 }), stake, win }),
  fc.record({ op: fc.constant('open' as const), player, game: fc.integer({ min: 0, max: 2 }), stake }),
  fc.record({ op: fc.constant('rollback' as const), index: fc.nat() }),
  fc.record({
    op: fc.constant('close' as const),
    index: fc.nat(),
    outcome: fc.constantFrom('settled' as const, 'cancelled' as const),
  }),
  fc.record({ op: fc.constant('promotion' as const), player, amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ op: fc.constant('past' as const), player, game, minutesAgo, stake, win }),
  fc.record({
    op: fc.constant('money' as const),
    kind: fc.constantFrom('deposit' as const, 'withdrawal' as const),
    player,
    amount: stake,
  }),
  fc.record({ op: fc.constant('consume' as const), batchSize: fc.integer({ min: 1, max: 7 }) }),
];
// Transactions held open on connections of their own: PostgreSQL only (PGlite is one connection).
const heldCommands: fc.Arbitrary<Command>[] = [
  fc.record({ op: fc.constant('hold' as const) }),
  fc.record({ op: fc.constant('heldRound' as const), player, game, minutesAgo, stake, win }),
  fc.record({ op: fc.constant('release' as const), commit: fc.boolean() }),
];
const onPostgres = Boolean(process.env['DATABASE_URL']);
const command = fc.oneof(...serverCommands, ...(onPostgres ? heldCommands : []));

interface Player {
  memberId: number;
  playerId: string;
  sessionToken: string;
}

describe(ReportsService.name, () => {
  let t: TestApp;
  let merchant: Merchant;
  let players: Player[] = [];
  /** The games rounds are played in: the test vendor's three (RNG, LIVE, RNG), and two of the demo catalogue. */
  const games: { vendorId: number; gameId: number; code: string }[] = [];
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // The test drives the consumer itself; the timed job would take batches from under it.
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.db.execute(sql`UPDATE merchants SET time_zone = ${TIME_ZONE} WHERE code = 'parlay'`);
    await installTestVendor(t.app);
    const brand = await t.app.merchants.findByCode('parlay');
    merchant = { ...brand!, brand: { ...brand!.brand, timeZone: TIME_ZONE } };
    await t.app.gaming.promotionCaps.setPromotionCap(OPERATOR, merchant.id, 'TESTV', 1_000_000);
    const rows = await query(
      t.app.db,
      sql`SELECT g.id, g.vendor_id, g.code FROM games g JOIN game_vendors v ON v.id = g.vendor_id
          WHERE (v.code = 'TESTV' AND g.code IN ('G1', 'G2', 'G3')) OR g.code IN ('SEA_LOTTO', 'DS88_LOBBY')
          ORDER BY v.code = 'TESTV' DESC, g.code`,
    );
    for (const row of rows) {
      games.push({ vendorId: toNumber(row['vendor_id']), gameId: toNumber(row['id']), code: String(row['code']) });
    }
    expect(games.map((entry) => entry.code)).toEqual(['G1', 'G2', 'G3', 'DS88_LOBBY', 'SEA_LOTTO']);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps aggregates equal to a scan of the rounds through settles, cancels, late rounds and open transactions', async () => {
    const moneyEvents: MoneyEventRecord[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40 }), async (commands) => {
        run += 1;
        // Players of their own each run: their first days and gaps are this run's, not the runs' before.
        players = [];
        for (let index = 0; index < PLAYERS; index += 1) {
          const { authorization, member } = await createFundedPlayer(t.app, 10_000_000);
          const launched = await launchFor(t.app, authorization);
          players.push({ memberId: member.id, playerId: launched.playerId, sessionToken: launched.sessionToken });
        }
        const open: { player: number; roundId: string; debitId: string; game: number }[] = [];
        const held: { client: pg.Client; rounds: number }[] = [];
        let serial = 0;
        const next = (prefix: string) => `m${run}-${prefix}${(serial += 1)}`;
        const direct = (command: {
          player: number;
          game: number;
          minutesAgo: number;
          stake: number;
          win: number;
        }): DirectRound => {
          const target = games[command.game]!;
          return {
            merchantId: merchant.id,
            memberId: players[command.player]!.memberId,
            vendorId: target.vendorId,
            gameId: target.gameId,
            gameCode: target.code,
            currency: 'KRW',
            roundId: next('past'),
            stakeMinor: command.stake,
            winMinor: command.win,
            settledAt: new Date(Date.now() - command.minutesAgo * 60_000),
          };
        };
        const debit = async (who: number, gameCode: string, roundId: string, amount: number) => {
          const transactionId = next('d');
          const reply = await callWallet(t.app, 'debit', {
            requestId: transactionId,
            playerId: players[who]!.playerId,
            sessionToken: players[who]!.sessionToken,
            currency: 'KRW',
            gameCode,
            roundId,
            transactionId,
            amountMinor: amount,
          });
          expect(reply.status).toBe(200);
          return transactionId;
        };
        try {
          for (const command of commands) {
            switch (command.op) {
              case 'play': {
                const roundId = next('r');
                const gameCode = games[command.game]!.code;
                await debit(command.player, gameCode, roundId, command.stake);
                const transactionId = next('c');
                const reply = await callWallet(t.app, 'credit', {
                  requestId: transactionId,
                  playerId: players[command.player]!.playerId,
                  currency: 'KRW',
                  gameCode,
                  roundId,
                  transactionId,
                  amountMinor: command.win,
                  roundEnded: true,
                });
                expect(reply.status).toBe(200);
                break;
              }
              case 'open': {
                const roundId = next('r');
                const debitId = await debit(command.player, games[command.game]!.code, roundId, command.stake);
                open.push({ player: command.player, roundId, debitId, game: command.game });
                break;
              }
              case 'rollback': {
                const round = open.splice(command.index % Math.max(open.length, 1), 1)[0];
                if (!round) break;
                const reply = await callWallet(t.app, 'rollback', {
                  requestId: next('x'),
                  playerId: players[round.player]!.playerId,
                  currency: 'KRW',
                  gameCode: games[round.game]!.code,
                  roundId: round.roundId,
                  transactionId: round.debitId,
                });
                expect(reply.status).toBe(200);
                break;
              }
              case 'close': {
                const round = open.splice(command.index % Math.max(open.length, 1), 1)[0];
                if (!round) break;
                await t.app.gaming.abandonedRounds.closeAbandonedRound(OPERATOR, {
                  vassalage: 'TESTV',
                  roundId: round.roundId,
                  outcome: command.outcome,
                  reason: 'model test',
                });
                break;
              }
              case 'promotion': {
                const transactionId = next('p');
                const reply = await callWallet(t.app, 'credit', {
                  requestId: transactionId,
                  playerId: players[command.player]!.playerId,
                  currency: 'KRW',
                  gameCode: 'G1',
                  roundId: transactionId,
                  transactionId,
                  amountMinor: command.amount,
                  roundEnded: true,
                  creditType: 'promotion',
                });
                expect(reply.status).toBe(200);
                break;
              }
              case 'past':
                await insertSettledRound(t.app.db, direct(command));
                break;
              case 'money':
                await t.app.db.transaction((tx) =>
                  t.app.settlementFeed.appendMoneyEvent(tx, {
                    kind: command.kind,
                    merchantId: merchant.id,
                    memberId: players[command.player]!.memberId,
                    currency: 'KRW',
                    amountMinor: command.amount,
                  }),
                );
                break;
              case 'consume':
                await t.app.reports.consumeFeed({ batchSize: command.batchSize, maxBatches: 3 });
                break;
              case 'hold': {
                // The transaction takes its id now and writes its feed row later: a row with a lower xid may
                // then commit after rows the consumer has already taken.
                const client = new pg.Client({ connectionString: t.database.handle.url });
                await client.connect();
                await client.query('BEGIN');
                await client.query('SELECT pg_current_xact_id()');
                held.push({ client, rounds: 0 });
                break;
              }
              case 'heldRound': {
                const transaction = held[0];
                if (!transaction) break;
                const statement = settledRoundStatement(direct(command));
                await transaction.client.query(statement.text, statement.values);
                transaction.rounds += 1;
                break;
              }
              case 'release': {
                const transaction = held.shift();
                if (!transaction) break;
                await transaction.client.query(command.commit ? 'COMMIT' : 'ROLLBACK');
                await transaction.client.end();
                break;
              }
            }
          }
        } finally {
          for (const transaction of held.splice(0)) {
            await transaction.client.query('COMMIT');
            await transaction.client.end();
          }
        }
        // Rounds left open are closed, as their vendor or an operator would.
        for (const round of open) {
          await t.app.gaming.abandonedRounds.closeAbandonedRound(OPERATOR, {
            vassalage: 'TESTV',
            roundId: round.roundId,
            outcome: 'settled',
            reason: 'model test end',
          });
        }
        await consumeAll(t.app.reports, t.app.settlementFeed);

        const feedMoney = await query(
          t.app.db,
          sql`SELECT kind, merchant_id, amount_minor, at FROM settlement_feed WHERE kind <> 'round'`,
        );
        moneyEvents.splice(
          0,
          moneyEvents.length,
          ...feedMoney.map((row) => ({
            kind: row['kind'] as 'deposit' | 'withdrawal',
            merchantId: toNumber(row['merchant_id']),
            amountMinor: toNumber(row['amount_minor']),
            at: toIso(row['at']),
          })),
        );
        const { expected, sets } = aggregatesOf(
          await scanSettledRounds(t.app.db),
          moneyEvents,
          new Map([[merchant.id, TIME_ZONE]]),
        );
        const stored = await readAggregates(t.app.db);
        expect(sorted(stored.gameDays)).toEqual(sorted(expected.gameDays));
        expect(sorted(stored.vendorDays)).toEqual(sorted(expected.vendorDays));
        expect(sorted(stored.gameHours)).toEqual(sorted(expected.gameHours));
        expect(sorted(stored.brandDays)).toEqual(sorted(expected.brandDays));
        expect(sorted(stored.brandHours)).toEqual(sorted(expected.brandHours));
        expect(sorted(stored.money)).toEqual(sorted(expected.money));
        expect(sorted(stored.players)).toEqual(sorted(expected.players));

        // Distinct players over periods, as the dashboard answers them, against the scan's member sets.
        const today = dayOf(new Date(), TIME_ZONE);
        for (const [back, length] of [
          [0, 1],
          [6, 7],
          [29, 30],
          [41, 12],
          [20, 5],
        ] as const) {
          const from = addDays(today, -back);
          const to = addDays(from, length - 1);
          const dashboard = await t.app.reports.getDashboard(merchant, { period: 'custom', from, to });
          expect(dashboard.totals.activePlayers).toBe(periodPlayersOf(sets, merchant.id, '*', from, to));
          for (const category of dashboard.byCategory) {
            expect([category.gameType, category.activePlayers]).toEqual([
              category.gameType,
              periodPlayersOf(sets, merchant.id, `c:${category.gameType}`, from, to),
            ]);
          }
          const vendorIds = new Map(games.map((entry) => [entry.vendorId, entry.vendorId]));
          for (const vendor of dashboard.byVendor) {
            const vendorId = (
              await query(t.app.db, sql`SELECT id FROM game_vendors WHERE code = ${vendor.vassalage}`)
            )[0]?.['id'];
            expect(vendorIds.has(toNumber(vendorId))).toBe(true);
            expect([vendor.vassalage, vendor.activePlayers]).toEqual([
              vendor.vassalage,
              periodPlayersOf(sets, merchant.id, `v:${toNumber(vendorId)}`, from, to),
            ]);
          }
        }
      }),
      { numRuns: 10 },
    );
  }, 600_000);
});

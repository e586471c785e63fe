import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { consumeAll, insertSettledRound } from './reports.fixtures';
import { formatMinor } from '../../lib/amount-format';
import { ReportsService } from './reports.service';

const TIME_ZONE = 'America/New_York';

describe(ReportsService.name, () => {
  let t: TestApp;
  let merchant: Merchant;
  let reports: ReportsService;
  let game: { vendorId: number; gameId: number; code: string };
  let other: { vendorId: number; gameId: number; code: string };
  let serial = 0;

  /** A settled round of `memberId` at `at` (ISO), written as the seed writes the past. */
  const settle = (memberId: number, at: string, stake: number, win: number, target = game) =>
    insertSettledRound(t.app.db, {
      merchantId: merchant.id,
      memberId,
      vendorId: target.vendorId,
      gameId: target.gameId,
      gameCode: target.code,
      currency: 'KRW',
      roundId: `rt-${(serial += 1)}`,
      stakeMinor: stake,
      winMinor: win,
      settledAt: new Date(at),
    });
  const consume = () => consumeAll(t.app.reports, t.app.settlementFeed);

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.reportSignups?.stop();
    await t.app.db.execute(sql`UPDATE merchants SET time_zone = ${TIME_ZONE} WHERE code = 'parlay'`);
    await installTestVendor(t.app);
    const brand = await t.app.merchants.findByCode('parlay');
    merchant = { ...brand!, brand: { ...brand!.brand, timeZone: TIME_ZONE } };
    const rows = await query(
      t.app.db,
      sql`SELECT g.id, g.vendor_id, g.code FROM games g JOIN game_vendors v ON v.id = g.vendor_id
          WHERE (v.code = 'TESTV' AND g.code = 'G2') OR g.code = 'DS88_LOBBY' ORDER BY g.code DESC`,
    );
    [game, other] = rows.map((row) => ({
      vendorId: toNumber(row['vendor_id']),
      gameId: toNumber(row['id']),
      code: String(row['code']),
    })) as [typeof game, typeof other];
    // "Today" is 2026-11-20 in the brand's time zone for the service under test.
    reports = new ReportsService(t.app.db, t.app.settlementFeed, { now: () => new Date('2026-11-20T15:00:00Z') });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('counts a member once over a period that holds two of its days taken in the same batch', async () => {
    const member = await createTestMember(t.app);
    await settle(member.id, '2026-11-10T15:00:00Z', 100, 0);
    await settle(member.id, '2026-11-12T15:00:00Z', 100, 0);
    await settle(member.id, '2026-11-12T16:00:00Z', 100, 250, other);
    await consume();
    const period = { period: 'custom' as const, from: '2026-11-09', to: '2026-11-13' };
    const dashboard = await reports.getDashboard(merchant, period);
    expect(dashboard.totals).toMatchObject({ activePlayers: 1, rounds: 3, turnoverMinor: 300, payoutMinor: 250 });
    expect(dashboard.totals.ggrMinor).toBe(50);
    expect(dashboard.byVendor.map((vendor) => [vendor.vassalage, vendor.activePlayers, vendor.rounds])).toEqual([
      ['TESTV', 1, 2],
      ['DS88', 1, 1],
    ]);
    expect(dashboard.series.map((point) => [point.at, point.activePlayers, point.rounds])).toEqual([
      ['2026-11-09', 0, 0],
      ['2026-11-10', 1, 1],
      ['2026-11-11', 0, 0],
      ['2026-11-12', 1, 2],
      ['2026-11-13', 0, 0],
    ]);
  });

  it('counts a round settled late into an earlier day once, and the member once over the period', async () => {
    const member = await createTestMember(t.app);
    await settle(member.id, '2026-11-15T15:00:00Z', 100, 0);
    await consume();
    // Settled after the 15th was counted, into the 14th: the 15th's previous day is now the 14th.
    await settle(member.id, '2026-11-14T15:00:00Z', 100, 0);
    await consume();
    const one = await reports.getDashboard(merchant, { period: 'custom', from: '2026-11-14', to: '2026-11-15' });
    expect(one.totals.activePlayers).toBe(1);
    const fifteenth = await reports.getDashboard(merchant, { period: 'custom', from: '2026-11-15', to: '2026-11-15' });
    expect(fifteenth.totals.activePlayers).toBe(1);
  });

  it('gives a day of the brand its own hours: 25 on the day the clocks go back', async () => {
    const member = await createTestMember(t.app);
    // 1 November 2026 in New York: 01:00-02:00 happens twice, first at -04:00 (05:00Z), then at -05:00 (06:00Z).
    await settle(member.id, '2026-11-01T05:30:00Z', 10, 0);
    await settle(member.id, '2026-11-01T06:30:00Z', 20, 0);
    await consume();
    const day = await reports.getDashboard(merchant, { period: 'custom', from: '2026-11-01', to: '2026-11-01' });
    expect(day.granularity).toBe('hour');
    expect(day.series).toHaveLength(25);
    expect(day.series[0]?.at).toBe('2026-11-01T04:00:00.000Z');
    expect(day.series.filter((point) => point.rounds > 0).map((point) => [point.at, point.turnoverMinor])).toEqual([
      ['2026-11-01T05:00:00.000Z', 10],
      ['2026-11-01T06:00:00.000Z', 20],
    ]);
    expect(day.series.every((point) => point.activePlayers === null)).toBe(true);
  });

  it("answers today, 7 and 30 days as the brand's days up to its today", async () => {
    expect(reports.periodOf(merchant, { period: 'today' })).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(reports.periodOf(merchant, { period: '7d' })).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(reports.periodOf(merchant, { period: '30d' })).toEqual({ from: '2026-10-22', to: '2026-11-20' });
    // 03:00Z on the 21st is still the 20th in New York.
    const late = new ReportsService(t.app.db, t.app.settlementFeed, { now: () => new Date('2026-11-21T03:00:00Z') });
    expect(late.periodOf(merchant, { period: 'today' })).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it('adds deposits and withdrawals of the feed to their day, and counts sign-ups from members', async () => {
    const member = await createTestMember(t.app);
    // The demo member's seeded deposits of the last hours (db/seed-cashier.ts) may be in today already.
    await consume();
    const before = (await t.app.reports.getDashboard(merchant, { period: 'today' })).totals;
    await t.app.db.transaction(async (tx) => {
      await t.app.settlementFeed.appendMoneyEvent(tx, {
        kind: 'deposit',
        merchantId: merchant.id,
        memberId: member.id,
        currency: 'KRW',
        amountMinor: 5_000,
      });
      await t.app.settlementFeed.appendMoneyEvent(tx, {
        kind: 'withdrawal',
        merchantId: merchant.id,
        memberId: member.id,
        currency: 'KRW',
        amountMinor: 1_200,
      });
    });
    await consume();
    await t.app.reports.refreshSignups('all');
    const today = await t.app.reports.getDashboard(merchant, { period: 'today' });
    expect(today.totals).toMatchObject({
      depositMinor: before.depositMinor + 5_000,
      deposits: before.deposits + 1,
      withdrawalMinor: before.withdrawalMinor + 1_200,
      withdrawals: before.withdrawals + 1,
    });
    const members = await query(
      t.app.db,
      sql`SELECT count(*) AS n FROM members WHERE merchant_id = ${merchant.id} AND NOT is_free_play
            AND (created_at AT TIME ZONE ${TIME_ZONE})::date = ${today.from}::date`,
    );
    expect(today.totals.signups).toBe(toNumber(members[0]?.['n']));
    expect(today.totals.signups).toBeGreaterThan(0);
    // A second count changes nothing.
    expect(await t.app.reports.refreshSignups('yesterday')).toBe(0);
  });

  it('pages the daily report newest day first, each page after the last, at every level', async () => {
    const member = await createTestMember(t.app);
    for (let day = 1; day <= 9; day += 1) {
      await settle(member.id, `2026-10-0${day}T15:00:00Z`, 100 * day, 50, day % 2 === 0 ? game : other);
    }
    await consume();
    for (const level of ['brand', 'vendor', 'category', 'game'] as const) {
      const all = await reports.listDailyRows(merchant, { from: '2026-10-01', to: '2026-10-09', level, limit: 200 });
      expect(all.nextCursor).toBeNull();
      const paged = [];
      let cursor: string | undefined;
      do {
        const page = await reports.listDailyRows(merchant, {
          from: '2026-10-01',
          to: '2026-10-09',
          level,
          limit: 2,
          ...(cursor === undefined ? {} : { cursor }),
        });
        expect(page.items.length).toBeLessThanOrEqual(2);
        paged.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(paged).toEqual(all.items);
      expect(all.items.map((row) => row.day)).toEqual(
        [...all.items.map((row) => row.day)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)),
      );
      expect(all.items.reduce((sum, row) => sum + row.turnoverMinor, 0)).toBe(4_500);
      expect(all.items.every((row) => row.ggrMinor === row.turnoverMinor - row.payoutMinor)).toBe(true);
    }
    const games = await reports.listDailyRows(merchant, {
      from: '2026-10-01',
      to: '2026-10-09',
      level: 'game',
      limit: 200,
      vassalage: 'TESTV',
    });
    expect(games.items.map((row) => [row.day, row.gameCode, row.gameType, row.players])).toEqual([
      ['2026-10-08', 'G2', 'LIVE', 1],
      ['2026-10-06', 'G2', 'LIVE', 1],
      ['2026-10-04', 'G2', 'LIVE', 1],
      ['2026-10-02', 'G2', 'LIVE', 1],
    ]);
  });

  it('refuses a cursor that is not one of the list', async () => {
    for (const cursor of ['nonsense!', Buffer.from('["2026-10-01","x"]').toString('base64url'), 'W10']) {
      await expect(
        reports.listDailyRows(merchant, { from: '2026-10-01', to: '2026-10-09', level: 'vendor', limit: 5, cursor }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('exports every row as CSV, page after page, amounts in major units and no cell a formula', async () => {
    await t.app.db.execute(
      sql`UPDATE games SET game_name = '=HYPERLINK("http://x.example")' WHERE id = ${game.gameId}`,
    );
    const member = await createTestMember(t.app);
    // More rows than one page of the export: 1,100 days of one game would be too many; 600 days of two games.
    for (let day = 0; day < 600; day += 1) {
      const at = new Date(Date.parse('2024-01-01T15:00:00Z') + day * 86_400_000).toISOString();
      await settle(member.id, at, 1_234, 34);
      await settle(member.id, at, 10, 0, other);
    }
    await consume();
    const usd = { ...merchant, brand: { ...merchant.brand, currencyExponent: 2 } };
    const lines: string[] = [];
    for await (const chunk of reports.exportDailyRows(usd, { from: '2024-01-01', to: '2025-08-22', level: 'game' })) {
      lines.push(...chunk.split('\r\n').filter(Boolean));
    }
    expect(lines[0]).toBe(
      'day,vendor,vendor_name,game,game_name,category,currency,turnover,valid_bets,payouts,ggr,rounds,players,signups,deposits,withdrawals',
    );
    expect(lines).toHaveLength(1 + 1_200);
    expect(lines[1]).toBe(
      `2025-08-22,TESTV,Test vendor TESTV,G2,"'=HYPERLINK(""http://x.example"")",LIVE,KRW,12.34,12.34,0.34,12.00,1,1,,,`,
    );
    expect(lines.filter((line) => line.includes(',=')).length).toBe(0);
    // A day the players won: its GGR is a negative number, not text.
    await settle(member.id, '2023-06-01T15:00:00Z', 100, 350);
    await consume();
    const lost: string[] = [];
    for await (const chunk of reports.exportDailyRows(usd, { from: '2023-06-01', to: '2023-06-01', level: 'brand' })) {
      lost.push(chunk);
    }
    expect(lost.join('').split('\r\n')[1]).toBe('2023-06-01,,,,,,KRW,1.00,1.00,3.50,-2.50,1,1,0,0.00,0.00');
  }, 120_000);

  it('formats minor units exactly', () => {
    expect(formatMinor(12_345, 2)).toBe('123.45');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(7, 0)).toBe('7');
    expect(formatMinor(9_007_199_254_740_991, 3)).toBe('9007199254740.991');
  });

  it('keeps every feed row as written: an update or a delete is refused', async () => {
    await expect(t.app.db.execute(sql`UPDATE settlement_feed SET stake_minor = 0`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`DELETE FROM settlement_feed`)).rejects.toThrow();
  });
});

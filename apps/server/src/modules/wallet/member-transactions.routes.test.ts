import { query, toNumber } from '@parlay/db';
import { MEMBER_PERIOD_MAX_DAYS, WALLET_CALLS, type MemberTransaction } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_MEMBER_ACCOUNT, DEMO_MEMBER_ROUNDS, seedDemoMemberHistory } from '../../db/seed-member-history';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember, type TestMember } from '../../test/members';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { MemberTransactionsService } from './member-transactions.service';

const LIST = WALLET_CALLS.memberTransactions.path;
const EXPORT = WALLET_CALLS.memberTransactionsExport.path;

/** The brand's day (Asia/Seoul) `days` before today. */
function seoulDay(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
}

describe(MemberTransactionsService.name, () => {
  let t: TestApp;
  let demo: { authorization: string; memberId: number };
  let player: { authorization: string; memberId: number };
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemoMemberHistory(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_MEMBER_ROUNDS);
    const [row] = await query<{ id: unknown; merchant_id: unknown }>(
      t.app.db,
      sql`SELECT m.id, m.merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
          WHERE b.code = ${DEMO_MERCHANT_CODE} AND m.account = ${DEMO_MEMBER_ACCOUNT}`,
    );
    const member: TestMember = {
      id: toNumber(row!.id),
      merchantId: toNumber(row!.merchant_id),
      merchantCode: DEMO_MERCHANT_CODE,
      account: DEMO_MEMBER_ACCOUNT,
      password: '',
      agentType: 0,
      isFreePlay: false,
    };
    demo = { authorization: (await signInTestMember(t.app, member)).authorization, memberId: member.id };

    // Another member who plays through the seamless wallet: a won round, then a round its vendor rolls back.
    await installTestVendor(t.app);
    const funded = await createFundedPlayer(t.app, 1_000);
    player = { authorization: funded.authorization, memberId: funded.member.id };
    const launch = await launchFor(t.app, funded.authorization);
    const call = (operation: 'debit' | 'credit' | 'rollback', id: string, extra: Record<string, unknown>) =>
      callWallet(t.app, operation, {
        playerId: launch.playerId,
        currency: 'KRW',
        requestId: `${operation}-${id}`,
        transactionId: id,
        ...extra,
      });
    const bet = { sessionToken: launch.sessionToken, gameCode: 'G1' };
    await call('debit', 'tx-r1-d', { ...bet, roundId: 'tx-r1', amountMinor: 100 });
    await call('credit', 'tx-r1-c', { roundId: 'tx-r1', gameCode: 'G1', amountMinor: 250, ended: true });
    await call('debit', 'tx-r2-d', { ...bet, roundId: 'tx-r2', amountMinor: 40 });
    await call('rollback', 'tx-r2-d', { roundId: 'tx-r2', gameCode: 'G1' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const get = async (url: string, authorization?: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { language: 'EN', ...(authorization ? { authorization } : {}), ...headers },
    });
    return response;
  };
  const page = async (params: Record<string, string>, authorization = demo.authorization) => {
    const response = await get(`${LIST}?${new URLSearchParams(params).toString()}`, authorization);
    expect(response.statusCode).toBe(200);
    return response.json().value as { list: MemberTransaction[]; nextCursor: string | null; currency: string };
  };
  /** Every page of a filter, following the cursors. */
  const everyPage = async (params: Record<string, string>, authorization = demo.authorization) => {
    const all: MemberTransaction[] = [];
    let cursor: string | null = null;
    do {
      const next = await page({ ...params, ...(cursor ? { cursor } : {}) }, authorization);
      all.push(...next.list);
      cursor = next.nextCursor;
    } while (cursor);
    return all;
  };
  const count = async (memberId: number, where = sql``) => {
    const [row] = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId} ${where}`,
    );
    return toNumber(row!.n);
  };

  it('lists every movement once, newest first by time, each balance following from the one before', async () => {
    const all = await everyPage({ pageSize: '37' });
    expect(all).toHaveLength(await count(demo.memberId));
    expect(new Set(all.map((row) => row.transactionNo)).size).toBe(all.length);
    for (let index = 1; index < all.length; index += 1) {
      const newer = all[index - 1]!;
      const older = all[index]!;
      expect(Date.parse(newer.at)).toBeGreaterThanOrEqual(Date.parse(older.at));
      expect(newer.balanceAfterMinor).toBe(older.balanceAfterMinor + newer.amountMinor);
    }
    expect(all.at(-1)!.balanceAfterMinor).toBe(all.at(-1)!.amountMinor);
    const balance = (await get(WALLET_CALLS.balance.path, demo.authorization)).json().value.sumBalance;
    expect(all[0]!.balanceAfterMinor).toBe(balance);
  });

  it('says what each movement was: a bet, a win or a refund of a round of a named game, an adjustment and why, a deposit', async () => {
    const all = await everyPage({ pageSize: '100' });
    const types = new Set(all.map((row) => row.type));
    expect([...types].sort()).toEqual(['adjustment', 'bet', 'deposit', 'refund', 'win']);
    for (const row of all.filter((item) => item.type !== 'adjustment' && item.type !== 'deposit')) {
      expect(row).toMatchObject({ roundId: expect.stringMatching(/^demo-m-\d+$/), gameName: expect.any(String) });
      expect(row.vassalage).toBeTruthy();
      expect(row.amountMinor > 0).toBe(row.type !== 'bet');
    }
    const notes = all.filter((row) => row.type === 'adjustment').map((row) => row.note);
    expect(notes).toEqual(expect.arrayContaining(['Welcome credit', 'Event bonus', 'Demo account starting balance']));
    // A deposit (the demo's past ones: seed-cashier.ts) names its order.
    const deposits = all.filter((row) => row.type === 'deposit');
    expect(deposits.length).toBeGreaterThan(0);
    for (const row of deposits)
      expect(row).toMatchObject({ note: expect.stringMatching(/^D\d{6}[0-9A-F]{10}$/), roundId: null });
  });

  it("names a round's movements made through the seamless wallet, its vendor's rollback as a refund", async () => {
    const all = await everyPage({}, player.authorization);
    expect(all.map((row) => [row.type, row.amountMinor, row.roundId])).toEqual([
      ['refund', 40, 'tx-r2'],
      ['bet', -40, 'tx-r2'],
      ['win', 250, 'tx-r1'],
      ['bet', -100, 'tx-r1'],
      ['adjustment', 1_000, null],
    ]);
    expect(all[0]).toMatchObject({ vassalage: 'TESTV', vendorName: 'Test vendor TESTV', balanceAfterMinor: 1_150 });
  });

  it("names the points mall's, the conversion's and the VIP bonus's movements, each type filterable", async () => {
    const funded = await createFundedPlayer(t.app, 1_000);
    const owner = { memberId: funded.member.id, merchantId: funded.member.merchantId, currency: 'KRW' };
    const wallet = t.app.gaming.wallet;
    await t.app.db.transaction(async (tx) => {
      const key = `test-points:${funded.member.id}`;
      await wallet.credit(tx, { ...owner, amountMinor: 300, kind: 'point_conversion', idempotencyKey: `${key}:c` });
      await wallet.debit(tx, { ...owner, amountMinor: 200, kind: 'point_purchase', idempotencyKey: `${key}:p` });
      await wallet.credit(tx, {
        ...owner,
        amountMinor: 200,
        kind: 'point_purchase_refund',
        idempotencyKey: `${key}:r`,
      });
      await wallet.credit(tx, { ...owner, amountMinor: 50, kind: 'vip_bonus', idempotencyKey: `${key}:v` });
    });
    const all = await everyPage({}, funded.authorization);
    expect(all.map((row) => [row.type, row.amountMinor])).toEqual([
      ['vipBonus', 50],
      ['pointMall', 200],
      ['pointMall', -200],
      ['pointConversion', 300],
      ['adjustment', 1_000],
    ]);
    expect(all[0]!.balanceAfterMinor).toBe(1_350);
    expect((await everyPage({ type: 'pointMall' }, funded.authorization)).length).toBe(2);
    expect((await everyPage({ type: 'vipBonus' }, funded.authorization)).map((row) => row.amountMinor)).toEqual([50]);
  });

  it("names the reward engine's movements: a bonus, its forfeit and a cashback, each type filterable", async () => {
    const funded = await createFundedPlayer(t.app, 1_000);
    const owner = { memberId: funded.member.id, merchantId: funded.member.merchantId, currency: 'KRW' };
    const wallet = t.app.gaming.wallet;
    await t.app.db.transaction(async (tx) => {
      const key = `test-rewards:${funded.member.id}`;
      await wallet.credit(tx, { ...owner, amountMinor: 500, kind: 'bonus', idempotencyKey: `${key}:b` });
      await wallet.debit(tx, { ...owner, amountMinor: 400, kind: 'bonus_forfeit', idempotencyKey: `${key}:f` });
      await wallet.credit(tx, { ...owner, amountMinor: 70, kind: 'rebate', idempotencyKey: `${key}:r` });
    });
    const all = await everyPage({}, funded.authorization);
    expect(all.map((row) => [row.type, row.amountMinor])).toEqual([
      ['rebate', 70],
      ['bonus', -400],
      ['bonus', 500],
      ['adjustment', 1_000],
    ]);
    expect(all[0]!.balanceAfterMinor).toBe(1_170);
    expect((await everyPage({ type: 'bonus' }, funded.authorization)).length).toBe(2);
    expect((await everyPage({ type: 'rebate' }, funded.authorization)).map((row) => row.amountMinor)).toEqual([70]);
  });

  it('filters by type, each page reading from where the last ended', async () => {
    const refunds = await everyPage({ type: 'refund', pageSize: '3' });
    expect(refunds.length).toBe(await count(demo.memberId, sql`AND kind IN ('vendor_rollback', 'round_cancel')`));
    expect(refunds.every((row) => row.type === 'refund' && row.amountMinor > 0)).toBe(true);
    const bets = await everyPage({ type: 'bet', pageSize: '50' });
    expect(bets.length).toBe(await count(demo.memberId, sql`AND kind = 'vendor_debit'`));
    expect(await everyPage({ type: 'transfer' })).toEqual([]);
  });

  it("filters by a period of the brand's days, and refuses a period it cannot read", async () => {
    const from = seoulDay(10);
    const to = seoulDay(3);
    const inPeriod = await everyPage({ from, to, pageSize: '20' });
    expect(inPeriod.length).toBeGreaterThan(5);
    const day = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(at));
    expect(inPeriod.every((row) => day(row.at) >= from && day(row.at) <= to)).toBe(true);
    const all = await everyPage({ pageSize: '100' });
    expect(inPeriod.length).toBe(all.filter((row) => day(row.at) >= from && day(row.at) <= to).length);

    const longest = { from: seoulDay(MEMBER_PERIOD_MAX_DAYS - 1), to: seoulDay(0) };
    expect((await page(longest)).list.length).toBeGreaterThan(0);
    const periods: Record<string, string>[] = [
      { from },
      { from: to, to: from },
      { from: '2026-02-30', to: '2026-03-02' },
      { from: seoulDay(MEMBER_PERIOD_MAX_DAYS), to: seoulDay(0) },
    ];
    for (const params of periods) {
      const response = await get(`${LIST}?${new URLSearchParams(params).toString()}`, demo.authorization);
      expect({ params, status: response.statusCode, code: response.json().code }).toEqual({
        params,
        status: 400,
        code: 'WALLET_PERIOD_INVALID',
      });
    }
  });

  it("refuses a cursor it never answered, and another member's movement as a cursor finds nothing", async () => {
    for (const cursor of ['1zz!!', '1.5', '-1', 'A1', '0']) {
      const response = await get(`${LIST}?cursor=${encodeURIComponent(cursor)}`, demo.authorization);
      expect({ cursor, status: response.statusCode, code: response.json().code }).toEqual({
        cursor,
        status: 400,
        code: 'GAME_CURSOR_INVALID',
      });
    }
    const theirs = (await page({ pageSize: '1' }, player.authorization)).list[0]!;
    const read = await page({ cursor: Number(theirs.transactionNo).toString(36) });
    expect(read).toMatchObject({ list: [], nextCursor: null });
  });

  it("reaches only the session's own movements: never another member's, nor from another brand's host", async () => {
    const mine = new Set((await everyPage({ pageSize: '100' })).map((row) => row.transactionNo));
    const theirs = await everyPage({}, player.authorization);
    expect(theirs.some((row) => mine.has(row.transactionNo))).toBe(false);
    // Query parameters naming a member are not read.
    const named = await get(`${LIST}?memberId=${player.memberId}&pageSize=5`, demo.authorization);
    expect(named.json().value.list.every((row: MemberTransaction) => mine.has(row.transactionNo))).toBe(true);

    await createTestBrand(t.app.db, 'tx-other', 'tx-other.test');
    const elsewhere = await get(LIST, demo.authorization, { host: 'tx-other.test' });
    expect({ status: elsewhere.statusCode, code: elsewhere.json().code }).toEqual({
      status: 401,
      code: 'NOT_LOGGED_IN',
    });
    const exported = await get(EXPORT, demo.authorization, { host: 'tx-other.test' });
    expect(exported.statusCode).toBe(401);
  });

  it('refuses a visitor and a trial (type 4) account, the list and the CSV alike', async () => {
    const trial = await signInTestMember(t.app, { agentType: 4 });
    for (const path of [LIST, EXPORT]) {
      const visitor = await get(path);
      expect({ path, status: visitor.statusCode, code: visitor.json().code }).toEqual({
        path,
        status: 401,
        code: 'NOT_LOGGED_IN',
      });
      const refused = await get(path, trial.authorization);
      expect({ path, status: refused.statusCode, code: refused.json().code }).toEqual({
        path,
        status: 403,
        code: 'NEED_TRUE_ACCOUNT',
      });
    }
  });

  it('exports the filtered movements as CSV in the member language, amounts in major units', async () => {
    const from = seoulDay(20);
    const to = seoulDay(0);
    const response = await get(`${EXPORT}?from=${from}&to=${to}&type=bet`, demo.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="transactions-${from}-${to}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('time,transaction_no,type,amount,balance_after,currency,game,vendor,round,note');
    const bets = await everyPage({ from, to, type: 'bet', pageSize: '100' });
    expect(lines).toHaveLength(bets.length + 1);
    const first = lines[1]!.split(',');
    expect(first.slice(1, 6)).toEqual([
      bets[0]!.transactionNo,
      'Bet',
      String(bets[0]!.amountMinor),
      String(bets[0]!.balanceAfterMinor),
      'KRW',
    ]);
    expect(first[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const korean = await get(`${EXPORT}?type=refund`, demo.authorization, { language: 'KO' });
    const rows = korean.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]!.startsWith('시간,거래 번호,유형')).toBe(true);
    expect(rows.slice(1).every((line) => line.split(',')[2] === '환불')).toBe(true);

    const refused = await get(`${EXPORT}?from=${to}&to=${from}`, demo.authorization);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 400,
      code: 'WALLET_PERIOD_INVALID',
    });
  });

  it('streams an export read by read, each movement once and in order', async () => {
    const service = new MemberTransactionsService(t.app.db, 50);
    const owner = {
      memberId: demo.memberId,
      merchantId: (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!.id,
      brand: { timeZone: 'Asia/Seoul', currency: 'KRW', currencyExponent: 0 },
    };
    const chunks: string[] = [];
    for await (const chunk of await service.exportCsv(owner, {}, 'EN')) chunks.push(chunk);
    const lines = chunks.join('').trimEnd().split('\r\n');
    expect(lines).toHaveLength((await count(demo.memberId)) + 1);
    expect(new Set(lines).size).toBe(lines.length);
    expect(chunks).toHaveLength(1 + Math.ceil((lines.length - 1) / 50));
    const numbers = lines.slice(1).map((line) => line.split(',')[1]);
    const listed = (await everyPage({ pageSize: '100' })).map((row) => row.transactionNo);
    expect(numbers).toEqual(listed);
  });
});

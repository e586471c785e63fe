import {
  AGENT_CALLS,
  MEMBER_TRANSACTION_TYPES,
  TEAM_TRANSACTION_TYPES,
  type TeamBet,
  type TeamBets,
  type TeamTransaction,
  type TeamTransactions,
} from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { fund, setPaymentPassword, TEST_PAYMENT_PASSWORD } from '../transfers/upline-transfer.fixtures';
import { TeamRecordsService } from './team-records';

// Team betting and transaction details (personalHistoryCopy, agentDownlineTransactionDetailsCopy): the rounds and the
// money movements of the caller's downline at any depth over the brand's days (Asia/Seoul), newest first, keyset paged,
// with the totals of the whole filtered period; scoped as every agent call is (decision 0059).

interface Round {
  member: TestMember;
  /** G1 and G3 are RNG games, G2 a LIVE one (testVendorFeed). */
  game: 'G1' | 'G2' | 'G3';
  startedAt: string;
  stake: number;
  win: number;
  status: 'open' | 'settled' | 'cancelled';
}

/** The brand's (Asia/Seoul) day `daysAgo` before today. */
const seoulDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() - daysAgo * 86_400_000));

describe(TeamRecordsService.name, () => {
  let t: TestApp;
  // top ─┬─ sub (agent) ── deep        other ── outsider
  //      └─ direct                     brand-b: agentB ── foreigner
  let top: { member: TestMember; authorization: string };
  let sub: { member: TestMember; authorization: string };
  let deep: TestMember;
  let direct: TestMember;
  let outsider: TestMember;
  let foreigner: TestMember;
  let rounds = 0;

  async function addRound(round: Round) {
    rounds += 1;
    const settled = round.status === 'open' ? null : new Date(Date.parse(round.startedAt) + 5_000).toISOString();
    await t.app.db.execute(
      sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                   stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
          SELECT v.id, ${`team-${rounds}`}, ${round.member.merchantId}, ${round.member.id}, g.id, g.code, 'KRW',
                 ${round.stake}, ${round.win}, ${round.status === 'settled' ? round.stake : 0}, ${round.status},
                 ${round.startedAt}::timestamptz, ${settled}::timestamptz
          FROM game_vendors v JOIN games g ON g.vendor_id = v.id
          WHERE v.code = 'TESTV' AND g.code = ${round.game}`,
    );
  }

  async function credit(member: TestMember, kind: 'deposit' | 'vendor_credit', amountMinor: number) {
    await t.app.db.transaction((tx) =>
      t.app.gaming.wallet.credit(tx, {
        memberId: member.id,
        merchantId: member.merchantId,
        currency: 'KRW',
        amountMinor,
        kind,
        idempotencyKey: `team-records-${kind}-${member.id}-${amountMinor}`,
        counterparty: kind === 'deposit' ? 'cashier' : 'house',
      }),
    );
  }

  async function transfer(from: TestMember, to: TestMember, amountMinor: number) {
    const merchant = (await t.app.merchants.findByCode(from.merchantCode))!;
    const request = { amountMinor, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: `tr-${from.id}-${to.id}` };
    if (from.agentType !== 0) {
      await t.app.gaming.downlineTransfers.transfer(merchant, from, { ...request, memberId: to.id });
    } else {
      await t.app.gaming.uplineTransfers.transfer(merchant, from, request);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    await createTestBrand(t.app.db, 'records-b', 'records-b.test');
    top = await signInTestMember(t.app, { agentType: 1 });
    sub = await signInTestMember(t.app, { agentType: 2, uplineId: top.member.id });
    deep = await createTestMember(t.app, { account: `Deep${Date.now().toString(36)}`, uplineId: sub.member.id });
    direct = await createTestMember(t.app, { uplineId: top.member.id });
    const other = await createTestMember(t.app, { agentType: 1 });
    outsider = await createTestMember(t.app, { uplineId: other.id });
    const agentB = await createTestMember(t.app, { agentType: 1, merchantCode: 'records-b' });
    foreigner = await createTestMember(t.app, { merchantCode: 'records-b', uplineId: agentB.id });

    // Rounds of 1 to 4 November in Seoul (2026-11-01T15:30Z is already the 2nd there).
    const played: Round[] = [
      { member: deep, game: 'G1', startedAt: '2026-11-01T14:00:00Z', stake: 100, win: 250, status: 'settled' },
      { member: deep, game: 'G2', startedAt: '2026-11-01T15:30:00Z', stake: 200, win: 0, status: 'settled' },
      { member: deep, game: 'G1', startedAt: '2026-11-02T03:00:00Z', stake: 50, win: 0, status: 'open' },
      { member: direct, game: 'G3', startedAt: '2026-11-03T03:00:00Z', stake: 300, win: 600, status: 'settled' },
      { member: direct, game: 'G2', startedAt: '2026-11-03T03:00:00Z', stake: 70, win: 10, status: 'settled' },
      { member: sub.member, game: 'G1', startedAt: '2026-11-04T03:00:00Z', stake: 40, win: 0, status: 'settled' },
      // Not the team's: the agent's own, an outsider's, another brand's, and one a day after the period.
      { member: top.member, game: 'G1', startedAt: '2026-11-02T03:00:00Z', stake: 9_000, win: 0, status: 'settled' },
      { member: outsider, game: 'G1', startedAt: '2026-11-02T03:00:00Z', stake: 8_000, win: 0, status: 'settled' },
      { member: foreigner, game: 'G1', startedAt: '2026-11-02T03:00:00Z', stake: 7_000, win: 0, status: 'settled' },
      { member: deep, game: 'G1', startedAt: '2026-11-04T15:00:00Z', stake: 6_000, win: 0, status: 'settled' },
    ];
    for (const round of played) await addRound(round);

    // Movements of today: deposits, an operator's funding, transfers down and up the tree, and a round's own credit.
    for (const member of [top.member, sub.member, deep]) await setPaymentPassword(t.app, member.id);
    await fund(t.app, top.member, 100_000);
    await fund(t.app, sub.member, 20_000);
    await credit(deep, 'deposit', 30_000);
    await credit(direct, 'deposit', 15_000);
    await credit(outsider, 'deposit', 99_000);
    await credit(deep, 'vendor_credit', 777);
    await transfer(top.member, deep, 5_000);
    await transfer(sub.member, deep, 3_000);
    await transfer(deep, sub.member, 1_000);
  }, 180_000);
  afterAll(() => t.close());

  const get = (path: string, authorization: string | undefined, params: Record<string, string> = {}, host?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(params).toString()}`,
      headers: { language: 'EN', ...(authorization ? { authorization } : {}), ...(host ? { host } : {}) },
    });
  const november = { from: '2026-11-01', to: '2026-11-04' };
  const today = () => ({ from: seoulDay(1), to: seoulDay(-1) });

  /** Every page of a call, by its cursor; the first page's totals. */
  async function everyPage<T extends TeamBets | TeamTransactions>(
    path: string,
    authorization: string,
    params: Record<string, string>,
  ): Promise<{ first: T; items: T['items'] }> {
    const pages: T[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(path, authorization, { ...params, ...(cursor ? { cursor } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json().value as T;
      if (pages.length > 0) expect(page.totals).toBeNull();
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    return { first: pages[0]!, items: pages.flatMap((page): T['items'][number][] => page.items) as T['items'] };
  }
  const betTotals = (items: TeamBet[]) => ({
    rounds: items.length,
    stakeMinor: items.reduce((sum, item) => sum + item.stakeMinor, 0),
    validBetMinor: items.reduce((sum, item) => sum + item.validBetMinor, 0),
    winMinor: items.reduce((sum, item) => sum + item.winMinor, 0),
    profitLossMinor: items.reduce((sum, item) => sum + item.profitLossMinor, 0),
  });

  it("lists the team's rounds at any depth, newest first, page by page, with totals that are the rows' sums", async () => {
    const { first, items } = await everyPage<TeamBets>(AGENT_CALLS.teamBets.path, top.authorization, {
      ...november,
      limit: '2',
    });
    expect(items.map((item) => `${item.account}:${item.stakeMinor}`)).toEqual([
      `${sub.member.account}:40`,
      // Two rounds started at the same time: the later written first (the keyset's tie-break).
      `${direct.account}:70`,
      `${direct.account}:300`,
      `${deep.account}:50`,
      `${deep.account}:200`,
      `${deep.account}:100`,
    ]);
    expect(first.totals).toEqual(betTotals(items));
    expect(first.totals).toEqual({
      rounds: 6,
      stakeMinor: 760,
      validBetMinor: 710,
      winMinor: 860,
      profitLossMinor: 150,
    });
    expect(items[0]).toMatchObject({
      gameType: 'RNG',
      status: 'settled',
      profitLossMinor: -40,
      vendorName: 'Test vendor TESTV',
    });
    expect(items.find((item) => item.status === 'open')).toMatchObject({ validBetMinor: 0, profitLossMinor: 0 });
    expect(first).toMatchObject({ from: '2026-11-01', to: '2026-11-04', currency: 'KRW', timeZone: 'Asia/Seoul' });
  });

  it('narrows to a game type, a status and one member by account (any case); a sub-agent sees its own team only', async () => {
    const live = await everyPage<TeamBets>(AGENT_CALLS.teamBets.path, top.authorization, {
      ...november,
      gameType: 'LIVE',
    });
    expect(live.items.map((item) => item.stakeMinor)).toEqual([70, 200]);
    expect(live.first.totals).toEqual(betTotals(live.items));

    const open = await everyPage<TeamBets>(AGENT_CALLS.teamBets.path, top.authorization, {
      ...november,
      status: 'open',
    });
    expect(open.items.map((item) => item.stakeMinor)).toEqual([50]);
    expect(open.first.totals).toMatchObject({ rounds: 1, validBetMinor: 0, profitLossMinor: 0 });

    const one = await everyPage<TeamBets>(AGENT_CALLS.teamBets.path, top.authorization, {
      ...november,
      account: deep.account.toUpperCase(),
      status: 'settled',
    });
    expect(one.items.map((item) => item.stakeMinor)).toEqual([200, 100]);
    expect(one.first.totals).toEqual(betTotals(one.items));

    const subTeam = await everyPage<TeamBets>(AGENT_CALLS.teamBets.path, sub.authorization, november);
    expect(new Set(subTeam.items.map((item) => item.account))).toEqual(new Set([deep.account]));
  });

  it("refuses a member outside the caller's downline, a period past 93 days and a cursor it did not give", async () => {
    for (const path of [AGENT_CALLS.teamBets.path, AGENT_CALLS.teamTransactions.path]) {
      // Another agent's member, another brand's, the caller's upline, the caller itself, nobody.
      for (const account of [outsider.account, foreigner.account, top.member.account, sub.member.account, 'nobody']) {
        const response = await get(path, sub.authorization, { ...november, account });
        expect({ path, account, status: response.statusCode, code: response.json().code }).toEqual({
          path,
          account,
          status: 403,
          code: 'AGENT_NOT_IN_DOWNLINE',
        });
      }
      const long = await get(path, top.authorization, { from: '2026-01-01', to: '2026-11-04' });
      expect(long.json().code).toBe('WALLET_PERIOD_INVALID');
      const cursor = await get(path, top.authorization, { ...november, cursor: '1;DROP' });
      expect(cursor.json().code).toBe('GAME_CURSOR_INVALID');
    }
  });

  it('refuses a plain member NOT_AGENT, no session NOT_LOGGED_IN, and an agent on another brand', async () => {
    const member = (await signInTestMember(t.app, { uplineId: top.member.id })).authorization;
    for (const path of [AGENT_CALLS.teamBets.path, AGENT_CALLS.teamTransactions.path]) {
      expect((await get(path, member, november)).json()).toMatchObject({ code: 'NOT_AGENT' });
      expect((await get(path, undefined, november)).statusCode).toBe(401);
      expect((await get(path, top.authorization, november, 'records-b.test')).json()).toMatchObject({
        code: 'NOT_LOGGED_IN',
      });
    }
  });

  it('shows every money type of the member record but the rounds’ own', () => {
    expect([...TEAM_TRANSACTION_TYPES, 'bet', 'win', 'refund'].sort()).toEqual([...MEMBER_TRANSACTION_TYPES].sort());
  });

  it("lists the team's money movements from each member's side, newest first, with totals by type that add up", async () => {
    const { first, items } = await everyPage<TeamTransactions>(AGENT_CALLS.teamTransactions.path, top.authorization, {
      ...today(),
      limit: '2',
    });
    const line = (item: TeamTransaction) =>
      `${item.account}:${item.type}:${item.amountMinor}:${item.counterpartyAccount ?? '-'}`;
    // Newest first; a transfer between two members of the team in both members' rows, the sender's first; the agent's
    // own and the outsider's movements and the round's credit left out.
    expect(items.map(line)).toEqual([
      `${deep.account}:uplineTransfer:-1000:${sub.member.account}`,
      `${sub.member.account}:uplineTransfer:1000:${deep.account}`,
      `${sub.member.account}:downlineTransfer:-3000:${deep.account}`,
      `${deep.account}:downlineTransfer:3000:${sub.member.account}`,
      `${deep.account}:downlineTransfer:5000:${top.member.account}`,
      `${direct.account}:deposit:15000:-`,
      `${deep.account}:deposit:30000:-`,
      `${sub.member.account}:adjustment:20000:-`,
    ]);
    expect(new Set(items.map((item) => `${item.transactionNo}:${item.account}`)).size).toBe(items.length);
    const sum = (list: TeamTransaction[]) => list.reduce((total, item) => total + item.amountMinor, 0);
    expect(first.totals).toEqual({
      count: items.length,
      amountMinor: sum(items),
      byType: [
        { type: 'deposit', count: 2, amountMinor: 45_000 },
        { type: 'uplineTransfer', count: 2, amountMinor: 0 },
        { type: 'downlineTransfer', count: 3, amountMinor: 5_000 },
        { type: 'adjustment', count: 1, amountMinor: 20_000 },
      ],
    });
    for (const total of first.totals!.byType) {
      const ofType = items.filter((item) => item.type === total.type);
      expect({ type: total.type, count: ofType.length, amountMinor: sum(ofType) }).toEqual(total);
    }
  });

  it('narrows the movements to a type and to one member, and reads nothing of another period', async () => {
    const deposits = await everyPage<TeamTransactions>(AGENT_CALLS.teamTransactions.path, top.authorization, {
      ...today(),
      type: 'deposit',
    });
    expect(deposits.items.map((item) => item.amountMinor)).toEqual([15_000, 30_000]);
    expect(deposits.first.totals).toMatchObject({ count: 2, amountMinor: 45_000 });

    const mine = await everyPage<TeamTransactions>(AGENT_CALLS.teamTransactions.path, sub.authorization, {
      ...today(),
      account: deep.account,
      limit: '1',
    });
    expect(mine.items.map((item) => item.amountMinor)).toEqual([-1_000, 3_000, 5_000, 30_000]);
    expect(mine.first.totals).toMatchObject({ count: 4, amountMinor: 37_000 });

    const before = await everyPage<TeamTransactions>(AGENT_CALLS.teamTransactions.path, top.authorization, november);
    expect(before.items).toEqual([]);
    expect(before.first.totals).toEqual({ count: 0, amountMinor: 0, byType: [] });
  });
});

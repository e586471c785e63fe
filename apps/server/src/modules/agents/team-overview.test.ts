import { AGENT_CALLS } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { waitForFeedReady } from '../../test/feed';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { TeamOverviewService } from './team-overview';

// The overview's sums (decision 0061): the agent's team at any depth over the brand's days, from the members' days the
// feed's consumer keeps, checked against the events the test wrote, summed here.

interface Event {
  member: TestMember;
  kind: 'round' | 'deposit' | 'withdrawal';
  at: string;
  stake?: number;
  payout?: number;
  amount?: number;
}

describe(TeamOverviewService.name, () => {
  let t: TestApp;
  let top: TestMember;
  let sub: TestMember;
  let deep: TestMember;
  let direct: TestMember;
  let outsider: TestMember;
  // The brand's (Asia/Seoul) Friday 2026-11-27 at 10:00; 2026-11-26 15:30 UTC is already the 27th there.
  const now = new Date('2026-11-27T01:00:00Z');

  async function write(events: Event[]): Promise<void> {
    for (const event of events) {
      const round = event.kind === 'round';
      await query(
        t.app.db,
        sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, stake_minor, valid_bet_minor,
                                         payout_minor, amount_minor, at)
            VALUES (${event.kind}, ${event.member.merchantId}, ${event.member.id}, 'KRW', ${event.stake ?? 0},
                    ${round ? (event.stake ?? 0) : 0}, ${event.payout ?? 0}, ${event.amount ?? 0}, ${event.at})`,
      );
    }
    await waitForFeedReady(t.app.db);
    await t.app.memberFigures.consumeFeed();
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await query(t.app.db, sql`UPDATE merchants SET time_zone = 'Asia/Seoul' WHERE code = 'parlay'`);
    top = await createTestMember(t.app, { agentType: 1 });
    sub = await createTestMember(t.app, { agentType: 2, uplineId: top.id });
    deep = await createTestMember(t.app, { uplineId: sub.id });
    direct = await createTestMember(t.app, { uplineId: top.id });
    outsider = await createTestMember(t.app);
    // Registered: deep last month, direct today (Seoul), sub yesterday.
    await query(
      t.app.db,
      sql`UPDATE members SET created_at = '2026-10-20T03:00:00Z' WHERE id IN (${top.id}, ${deep.id})`,
    );
    await query(t.app.db, sql`UPDATE members SET created_at = '2026-11-26T16:00:00Z' WHERE id = ${direct.id}`);
    await query(t.app.db, sql`UPDATE members SET created_at = '2026-11-26T03:00:00Z' WHERE id = ${sub.id}`);
    await query(t.app.db, sql`UPDATE members SET created_at = '2026-09-01T03:00:00Z' WHERE id = ${outsider.id}`);
    await write([
      // Today in Seoul (the 27th).
      { member: deep, kind: 'round', at: '2026-11-26T15:30:00Z', stake: 10_000, payout: 0 },
      { member: direct, kind: 'round', at: '2026-11-27T00:10:00Z', stake: 5_000, payout: 12_000 },
      { member: direct, kind: 'deposit', at: '2026-11-27T00:05:00Z', amount: 50_000 },
      // Yesterday (the 26th).
      { member: deep, kind: 'round', at: '2026-11-26T02:00:00Z', stake: 3_000, payout: 1_000 },
      { member: sub, kind: 'withdrawal', at: '2026-11-26T05:00:00Z', amount: 20_000 },
      // Last month (October 31st in Seoul, though UTC still says the 31st too).
      { member: deep, kind: 'round', at: '2026-10-31T10:00:00Z', stake: 7_000, payout: 0 },
      // Not the team's: the agent itself and a member under no one.
      { member: top, kind: 'round', at: '2026-11-27T00:20:00Z', stake: 99_000, payout: 0 },
      { member: outsider, kind: 'round', at: '2026-11-27T00:20:00Z', stake: 88_000, payout: 0 },
    ]);
  }, 180_000);
  afterAll(() => t.close());

  it("sums the team at any depth over the brand's today, yesterday, this month and the last", async () => {
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    const overview = await new TeamOverviewService(t.app.db, () => now).overview(
      { memberId: top.id, merchantId: top.merchantId },
      brand,
    );
    expect(overview).toMatchObject({ teamSize: 3, directMembers: 2, agents: 1, currency: 'KRW' });
    const [today, yesterday, thisMonth, lastMonth] = overview.periods;
    expect(today).toEqual({
      period: 'today',
      from: '2026-11-27',
      to: '2026-11-27',
      newMembers: 1,
      activeMembers: 2,
      depositMinor: 50_000,
      deposits: 1,
      withdrawalMinor: 0,
      withdrawals: 0,
      betMinor: 15_000,
      validBetMinor: 15_000,
      profitLossMinor: -3_000,
    });
    expect(yesterday).toMatchObject({
      newMembers: 1,
      activeMembers: 1,
      withdrawalMinor: 20_000,
      profitLossMinor: -2_000,
    });
    // deep played on two days of November: one active member of the month, not two.
    expect(thisMonth).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-27',
      newMembers: 2,
      activeMembers: 2,
      betMinor: 18_000,
      profitLossMinor: -5_000,
    });
    expect(lastMonth).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      newMembers: 1,
      activeMembers: 1,
      betMinor: 7_000,
    });
    expect(overview.days).toHaveLength(14);
    expect(overview.days.at(-1)).toEqual({
      day: '2026-11-27',
      activeMembers: 2,
      newMembers: 1,
      validBetMinor: 15_000,
      profitLossMinor: -3_000,
    });
    expect(overview.days[0]?.day).toBe('2026-11-14');
  });

  it('answers a sub-agent its own team only, and an agent with no team zeros', async () => {
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    const service = new TeamOverviewService(t.app.db, () => now);
    const mid = await service.overview({ memberId: sub.id, merchantId: sub.merchantId }, brand);
    expect(mid).toMatchObject({ teamSize: 1, directMembers: 1, agents: 0 });
    expect(mid.periods[0]).toMatchObject({ activeMembers: 1, betMinor: 10_000, newMembers: 0 });
    const alone = await service.overview({ memberId: deep.id, merchantId: deep.merchantId }, brand);
    expect(alone.teamSize).toBe(0);
    expect(alone.periods.every((period) => period.betMinor === 0 && period.activeMembers === 0)).toBe(true);
  });

  it("answers the signed-in agent's own team over HTTP, and refuses a member who is no agent", async () => {
    const get = async (authorization: string) =>
      t.app.inject({ method: 'GET', url: AGENT_CALLS.teamOverview.path, headers: { language: 'EN', authorization } });
    const response = await get((await signInTestMember(t.app, sub)).authorization);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({ teamSize: 1, currency: 'KRW', timeZone: 'Asia/Seoul' });
    expect(response.json().value.periods.map((period: { period: string }) => period.period)).toEqual([
      'today',
      'yesterday',
      'thisMonth',
      'lastMonth',
    ]);
    const plain = await get((await signInTestMember(t.app, deep)).authorization);
    expect(plain.json().code).toBe('NOT_AGENT');
  });

  it("lists the team's profit and loss member by member, with totals and game types, searched and paged", async () => {
    const authorization = (await signInTestMember(t.app, top)).authorization;
    const get = async (search: string) =>
      t.app.inject({
        method: 'GET',
        url: `${AGENT_CALLS.teamProfitLoss.path}?${search}`,
        headers: { language: 'EN', authorization },
      });
    const all = await get('from=2026-11-01&to=2026-11-30');
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().value;
    // November: deep 13,000 staked for 1,000; direct 5,000 for 12,000 and a deposit; sub a withdrawal only.
    expect(page.totals).toEqual({
      rounds: 3,
      betMinor: 18_000,
      validBetMinor: 18_000,
      payoutMinor: 13_000,
      profitLossMinor: -5_000,
      depositMinor: 50_000,
      withdrawalMinor: 20_000,
      members: 3,
    });
    expect(page.categories).toEqual([
      {
        gameType: 'OTHER',
        rounds: 3,
        betMinor: 18_000,
        validBetMinor: 18_000,
        payoutMinor: 13_000,
        profitLossMinor: -5_000,
      },
    ]);
    const byAccount = new Map(page.items.map((item: { account: string }) => [item.account, item]));
    expect(byAccount.get(deep.account)).toMatchObject({ level: 2, rounds: 2, profitLossMinor: -12_000 });
    expect(byAccount.get(direct.account)).toMatchObject({ level: 1, profitLossMinor: 7_000, depositMinor: 50_000 });
    expect(byAccount.get(sub.account)).toMatchObject({ level: 1, type: 2, rounds: 0, withdrawalMinor: 20_000 });
    expect(byAccount.has(outsider.account)).toBe(false);

    // One a page, by account; the direct members only; a prefix.
    const first = (await get('from=2026-11-01&to=2026-11-30&limit=1')).json().value;
    const second = (await get(`from=2026-11-01&to=2026-11-30&limit=1&cursor=${first.nextCursor}`)).json().value;
    expect(second.items[0].account.toLowerCase() > first.items[0].account.toLowerCase()).toBe(true);
    const direct1 = (await get('from=2026-11-01&to=2026-11-30&direct=true')).json().value;
    expect(direct1.items.every((item: { level: number }) => item.level === 1)).toBe(true);
    expect(direct1.totals.members).toBe(2);
    const searched = (
      await get(`from=2026-11-01&to=2026-11-30&account=${deep.account.slice(0, 6).toUpperCase()}`)
    ).json().value;
    expect(searched.items.map((item: { account: string }) => item.account)).toContain(deep.account);

    // A period that cannot be read.
    expect((await get('from=2026-11-30&to=2026-11-01')).json().code).toBe('WALLET_PERIOD_INVALID');
    expect((await get('from=2026-01-01&to=2026-11-30')).json().code).toBe('WALLET_PERIOD_INVALID');
  });
});

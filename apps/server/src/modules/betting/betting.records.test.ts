import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrand } from '../../test/brands';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember, type TestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { BettingService } from './betting.service';

interface TestRound {
  vendor: 'TESTV' | 'TESTW';
  /** G1 and G3 are RNG games, G2 a LIVE one (testVendorFeed). */
  game: 'G1' | 'G2' | 'G3';
  roundId: string;
  startedAt: string;
  stake: number;
  win: number;
  status: 'open' | 'settled' | 'cancelled';
}

/**
 * The member centre's records (personalHistoryCopy) and profit and loss (personalProfit). The demo brand's days
 * are Seoul's (UTC+9): 2026-11-01T15:30Z is 2 November there.
 */
describe(`${BettingService.name} for the member centre`, () => {
  let t: TestApp;
  let owner: { member: TestMember; authorization: string };
  let neighbour: { member: TestMember; authorization: string };

  async function addRound(member: TestMember, round: TestRound) {
    const settled = round.status === 'open' ? null : new Date(Date.parse(round.startedAt) + 5_000).toISOString();
    await t.app.db.execute(
      sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                   stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
          SELECT v.id, ${round.roundId}, ${member.merchantId}, ${member.id}, g.id, g.code, 'KRW', ${round.stake},
                 ${round.win}, ${round.status === 'settled' ? round.stake : 0}, ${round.status},
                 ${round.startedAt}::timestamptz, ${settled}::timestamptz
          FROM game_vendors v JOIN games g ON g.vendor_id = v.id
          WHERE v.code = ${round.vendor} AND g.code = ${round.game}`,
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    await installTestVendor(t.app, 'TESTW');
    await createTestBrand(t.app.db, 'brand-rec', 'brand-rec.test');
    owner = await signInTestMember(t.app);
    neighbour = await signInTestMember(t.app);
    const rounds: TestRound[] = [
      // 1 November 23:00 in Seoul.
      {
        vendor: 'TESTV',
        game: 'G1',
        roundId: 'rec-1',
        startedAt: '2026-11-01T14:00:00Z',
        stake: 100,
        win: 250,
        status: 'settled',
      },
      // 2 November 00:30 in Seoul, still 1 November in UTC.
      {
        vendor: 'TESTV',
        game: 'G2',
        roundId: 'rec-2',
        startedAt: '2026-11-01T15:30:00Z',
        stake: 200,
        win: 0,
        status: 'settled',
      },
      {
        vendor: 'TESTW',
        game: 'G1',
        roundId: 'rec-3',
        startedAt: '2026-11-02T03:00:00Z',
        stake: 50,
        win: 0,
        status: 'open',
      },
      {
        vendor: 'TESTV',
        game: 'G3',
        roundId: 'rec-4',
        startedAt: '2026-11-03T03:00:00Z',
        stake: 300,
        win: 600,
        status: 'settled',
      },
      {
        vendor: 'TESTV',
        game: 'G1',
        roundId: 'rec-5',
        startedAt: '2026-11-03T04:00:00Z',
        stake: 0,
        win: 0,
        status: 'cancelled',
      },
    ];
    for (const round of rounds) await addRound(owner.member, round);
    await addRound(neighbour.member, {
      vendor: 'TESTV',
      game: 'G2',
      roundId: 'rec-n1',
      startedAt: '2026-11-02T05:00:00Z',
      stake: 999,
      win: 0,
      status: 'settled',
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const get = async (url: string, authorization = owner.authorization, host = 'localhost') => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization, host, language: 'EN' } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read every value shape
    return { status: response.statusCode, body: response.json<{ code: string; message: string; value: any }>() };
  };
  const ids = (list: { roundId: string }[]) => list.map((record) => record.roundId);
  const records = '/wps/member/betting/records';
  const profit = '/wps/member/betting/profit';

  describe('GET /wps/member/betting/records', () => {
    it("reads a period of the brand's days, newest started first, with the totals of every round in it", async () => {
      const { status, body } = await get(`${records}?from=2026-11-02&to=2026-11-02`);
      expect(status).toBe(200);
      expect(ids(body.value.list)).toEqual(['rec-3', 'rec-2']);
      // The open round's stake is staked, not yet lost: the win or loss counts settled rounds.
      expect(body.value.totals).toEqual({
        rounds: 2,
        stakeMinor: 250,
        validBetMinor: 200,
        payoutMinor: 0,
        profitMinor: -200,
      });
    });

    it('filters by category and by vendor, and their totals follow', async () => {
      const live = await get(`${records}?from=2026-11-01&to=2026-11-03&gameType=LIVE`);
      expect(ids(live.body.value.list)).toEqual(['rec-2']);
      expect(live.body.value.totals).toMatchObject({ rounds: 1, stakeMinor: 200, profitMinor: -200 });
      const rng = await get(`${records}?from=2026-11-01&to=2026-11-03&gameType=RNG&vassalage=TESTV`);
      expect(ids(rng.body.value.list)).toEqual(['rec-5', 'rec-4', 'rec-1']);
      expect(rng.body.value.totals).toEqual({
        rounds: 3,
        stakeMinor: 400,
        validBetMinor: 400,
        payoutMinor: 850,
        profitMinor: 450,
      });
      const other = await get(`${records}?vassalage=TESTW`);
      expect(ids(other.body.value.list)).toEqual(['rec-3']);
      // Without a period there are no totals to add up over the member's whole history.
      expect(other.body.value.totals).toBeNull();
    });

    it('pages a period by the cursor it answered, the totals on the first page only', async () => {
      const seen: string[] = [];
      let url = `${records}?from=2026-11-01&to=2026-11-03&pageSize=2`;
      for (let page = 0; page < 5; page += 1) {
        const { body } = await get(url);
        seen.push(...ids(body.value.list));
        expect(body.value.totals === null).toBe(page > 0);
        if (!body.value.nextCursor) break;
        url = `${records}?from=2026-11-01&to=2026-11-03&pageSize=2&cursor=${body.value.nextCursor}`;
      }
      expect(seen).toEqual(['rec-5', 'rec-4', 'rec-3', 'rec-2', 'rec-1']);
    });

    it('refuses a period it cannot read with a translated error', async () => {
      for (const query of [
        'from=2026-11-03&to=2026-11-01',
        'from=2026-01-01&to=2026-04-04',
        'from=2026-02-30&to=2026-03-01',
        'from=2026-11-01',
      ]) {
        const { status, body } = await get(`${records}?${query}`);
        expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 'WALLET_PERIOD_INVALID' });
        expect(body.message).toBe('The period is not valid: choose a start no later than its end, at most 93 days.');
      }
      const korean = await t.app.inject({
        method: 'GET',
        url: `${records}?from=2026-11-03&to=2026-11-01`,
        headers: { authorization: owner.authorization, language: 'KO' },
      });
      expect(korean.json().message).toContain('조회 기간');
      for (const query of ['gameType=CASINO', 'from=20261101&to=2026-11-02', 'cursor=12-ab']) {
        expect((await get(`${records}?${query}`)).status).toBe(400);
      }
      expect((await get(`${records}?from=2026-01-01&to=2026-04-03`)).status).toBe(200);
    });

    it("shows a member only their own rounds, and none of them on another brand's host", async () => {
      const mine = await get(`${records}?from=2026-11-01&to=2026-11-03`, neighbour.authorization);
      expect(ids(mine.body.value.list)).toEqual(['rec-n1']);
      expect(mine.body.value.totals).toMatchObject({ rounds: 1, stakeMinor: 999 });
      const theirs = await get(`${records}/TESTV/rec-1`, neighbour.authorization);
      expect({ status: theirs.status, code: theirs.body.code }).toEqual({
        status: 404,
        code: 'WALLET_ROUND_NOT_FOUND',
      });
      const elsewhere = await get(`${records}?from=2026-11-01&to=2026-11-03`, owner.authorization, 'brand-rec.test');
      expect({ status: elsewhere.status, code: elsewhere.body.code }).toEqual({ status: 401, code: 'NOT_LOGGED_IN' });
      const stranger = await signInTestMember(t.app, { merchantCode: 'brand-rec' });
      const strangers = await get(`${records}?from=2026-11-01&to=2026-11-03`, stranger.authorization, 'brand-rec.test');
      expect(strangers.body.value.list).toEqual([]);
      expect((await get(`${records}/TESTV/rec-1`, stranger.authorization, 'brand-rec.test')).status).toBe(404);
    });

    it('refuses a trial account and a visitor', async () => {
      const trial = await signInTestMember(t.app, { agentType: 4 });
      for (const url of [records, `${records}/TESTV/rec-1`, `${profit}?from=2026-11-01&to=2026-11-03`]) {
        const refused = await get(url, trial.authorization);
        expect({ url, status: refused.status, code: refused.body.code }).toEqual({
          url,
          status: 403,
          code: 'NEED_TRUE_ACCOUNT',
        });
        const visitor = await t.app.inject({ method: 'GET', url });
        expect({ url, code: visitor.json().code }).toEqual({ url, code: 'NOT_LOGGED_IN' });
      }
    });
  });

  describe('GET /wps/member/betting/profit', () => {
    it("adds up settled rounds by the brand's day they settled on and by category", async () => {
      const { status, body } = await get(`${profit}?from=2026-10-31&to=2026-11-03`);
      expect(status).toBe(200);
      const figures = (rounds: number, stake: number, payout: number) => ({
        rounds,
        stakeMinor: stake,
        validBetMinor: stake,
        payoutMinor: payout,
        profitMinor: payout - stake,
      });
      expect(body.value).toEqual({
        from: '2026-10-31',
        to: '2026-11-03',
        currency: 'KRW',
        totals: figures(3, 600, 850),
        days: [
          { day: '2026-10-31', ...figures(0, 0, 0) },
          { day: '2026-11-01', ...figures(1, 100, 250) },
          { day: '2026-11-02', ...figures(1, 200, 0) },
          { day: '2026-11-03', ...figures(1, 300, 600) },
        ],
        categories: [
          { gameType: 'RNG', ...figures(2, 400, 850) },
          { gameType: 'LIVE', ...figures(1, 200, 0) },
        ],
      });
    });

    it("counts another member's rounds for them only", async () => {
      const { body } = await get(`${profit}?from=2026-11-01&to=2026-11-03`, neighbour.authorization);
      expect(body.value.totals).toMatchObject({ rounds: 1, stakeMinor: 999, profitMinor: -999 });
      expect(body.value.categories).toEqual([expect.objectContaining({ gameType: 'LIVE', rounds: 1 })]);
    });

    it('refuses a period it cannot read', async () => {
      for (const query of ['from=2026-11-03&to=2026-11-01', 'from=2026-01-01&to=2026-06-01', 'from=2026-11-01']) {
        const { status, body } = await get(`${profit}?${query}`);
        expect({ query, status }).toEqual({ query, status: 400 });
        expect(['WALLET_PERIOD_INVALID', 'VALIDATION_FAILED']).toContain(body.code);
      }
      expect((await get(`${profit}?from=2026-11-03&to=2026-11-01`)).body.code).toBe('WALLET_PERIOD_INVALID');
    });
  });
});

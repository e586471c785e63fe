import { drawFast, drawKeno, fastRules, hashServerSeed, kenoRules, type LotteryBet } from '@parlay/fairness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import {
  createFundedMember,
  getPlatformBalance,
  startFaultyProxy,
  startPlatform,
  type FundedMember,
  type Platform,
} from '../test/platform';
import { setLotterySettings } from './lottery-settings';
import {
  CREDIT_PATH,
  ManualClock,
  openLotterySession,
  platformRound,
  registerLottery,
  startLotteryHouse,
} from './lottery.test-support';
import * as repository from './lottery.repository';
import { LotteryService, type DrawView, type SlipView } from './lottery.service';

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}
interface GamesView {
  serverTime: string;
  prizeMode: string;
  balanceMinor: number;
  games: {
    gameCode: string;
    odds: Record<string, number>;
    nextDraw: (DrawView & { closesAt: string }) | null;
  }[];
}
interface Placed {
  slip: SlipView;
  balanceMinor: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FIVE_MINUTES = 5 * 60_000;

let platform: Platform;
/** Each test's draws on a day of its own (draws are global per game), one second past a five-minute beat. */
let nextDay = 1;
const houses: HouseApp[] = [];

beforeAll(async () => {
  platform = await startPlatform();
  await registerLottery(platform);
});

afterEach(async () => {
  for (const house of houses.splice(0)) await house.app.close();
});

afterAll(async () => {
  await platform?.close();
});

function freshClock(): ManualClock {
  const start = Math.floor(Date.now() / DAY_MS) * DAY_MS + nextDay * DAY_MS + 2 * FIVE_MINUTES + 1_000;
  nextDay += 1;
  return new ManualClock(start);
}

async function lotteryHouse(clock: ManualClock, walletUrl?: string): Promise<HouseApp> {
  const house = await startLotteryHouse(platform, clock, walletUrl ? { walletUrl } : {});
  houses.push(house);
  return house;
}

async function call<T>(
  house: HouseApp,
  authorization: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<Envelope<T>> {
  const response = await house.app.inject({
    method,
    url: `/house/lottery/api${url}`,
    headers: authorization ? { authorization, 'accept-language': 'en' } : { 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response.json<Envelope<T>>();
}

async function nextDraw(house: HouseApp, auth: string, gameCode: string) {
  const games = await call<GamesView>(house, auth, 'GET', '/games');
  expect(games.success).toBe(true);
  const draw = games.value.games.find((game) => game.gameCode === gameCode)!.nextDraw;
  expect(draw).not.toBeNull();
  return draw!;
}

const digitBet = (position: number, digit: number, stakeMinor: number): LotteryBet => ({
  betType: 'digit',
  selection: [`${position}:${digit}`],
  stakeMinor,
});

async function slipsInDb(drawNo: string): Promise<{ status: string; count: number }[]> {
  const rows = await query<{ status: string; count: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT s.status, count(*) AS count FROM house.lottery_slips s JOIN house.lottery_draws d ON d.id = s.draw_id
        WHERE d.draw_no = ${drawNo} GROUP BY s.status ORDER BY s.status`,
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

describe(LotteryService.name, () => {
  it('schedules the draws ahead with their seed hashes, takes a slip and refuses one after the close', async () => {
    const clock = freshClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, house, member, 'FAST1');

    const draw = await nextDraw(house, auth, 'FAST1');
    expect(draw.seed).toBeNull();
    expect(draw.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(draw.drawsAt) - Date.parse(draw.closesAt)).toBe(10_000);

    const placed = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'FAST1',
      drawNo: draw.drawNo,
      bets: [digitBet(1, 7, 1_000), { betType: 'big_small', selection: ['sum:big'], stakeMinor: 500 }],
    });
    expect(placed.success).toBe(true);
    expect(placed.value.slip).toMatchObject({ drawNo: draw.drawNo, stakeMinor: 1_500, status: 'open' });
    expect(placed.value.balanceMinor).toBe(98_500);
    expect(await platformRound(platform, placed.value.slip.slipId)).toMatchObject({ stake: 1_500 });

    // A bet its family refuses, and a stake outside the limits: nothing is written, nothing moves.
    const bad = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'FAST1',
      drawNo: draw.drawNo,
      bets: [{ betType: 'digit', selection: ['6:1'], stakeMinor: 1_000 }],
    });
    expect(bad).toMatchObject({ success: false, code: 'LOTTERY_BET_INVALID' });
    const tooSmall = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'FAST1',
      drawNo: draw.drawNo,
      bets: [digitBet(1, 1, 50)],
    });
    expect(tooSmall).toMatchObject({ success: false, code: 'HOUSE_BET_OUT_OF_LIMITS' });

    // At the close, on the vendor's clock (the loop has not even passed yet): refused, no stake taken.
    clock.time = Date.parse(draw.closesAt);
    const late = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'FAST1',
      drawNo: draw.drawNo,
      bets: [digitBet(2, 3, 1_000)],
    });
    expect(late).toMatchObject({
      success: false,
      code: 'LOTTERY_DRAW_CLOSED',
      message: expect.stringContaining('closed'),
    });
    expect(await getPlatformBalance(platform, member.id)).toBe(98_500);
    expect(await slipsInDb(draw.drawNo)).toEqual([{ status: 'placed', count: 1 }]);

    // The next draw is open already, and its slips are listed as open.
    const following = await nextDraw(house, auth, 'FAST1');
    expect(following.drawNo).not.toBe(draw.drawNo);
    const mine = await call<SlipView[]>(house, auth, 'GET', '/slips?status=open');
    expect(mine.value.map((slip) => slip.slipId)).toEqual([placed.value.slip.slipId]);
  });

  it("refuses a slip that would take a number's liability past the brand's limit, and takes others", async () => {
    const clock = freshClock();
    const house = await lotteryHouse(clock);
    await setLotterySettings(platform.test.database.handle.db, '*', 'FAST5', { maxLiabilityMinor: 20_000 });
    await house.lottery!.draws.tick();
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, house, member, 'FAST5');
    const draw = await nextDraw(house, auth, 'FAST5');
    const odds = fastRules.defaultOdds('Lott').digit!;
    const exposureOf = (stake: number) => Math.floor((stake * odds) / 100);

    const slip = (bets: LotteryBet[]) =>
      call<Placed>(house, auth, 'POST', '/slips', { gameCode: 'FAST5', drawNo: draw.drawNo, bets });
    expect((await slip([digitBet(3, 4, 1_000)])).success).toBe(true);
    expect((await slip([digitBet(3, 4, 1_000)])).success).toBe(true);
    // A third would pass 20,000 on "pos3:4"; the whole slip is refused, its other bet with it.
    const refused = await slip([digitBet(1, 1, 1_000), digitBet(3, 4, 1_000)]);
    expect(refused).toMatchObject({ success: false, code: 'LOTTERY_LIABILITY_LIMIT' });
    expect(await getPlatformBalance(platform, member.id)).toBe(98_000);
    expect((await slip([digitBet(3, 5, 1_000)])).success).toBe(true);
    const found = await repository.findDraw(platform.test.database.handle.db, 'FAST5', draw.drawNo);
    expect(await repository.findExposure(platform.test.database.handle.db, found!.id)).toEqual([
      { brand: expect.any(String), currency: expect.any(String), key: 'pos3:4', payoutMinor: 2 * exposureOf(1_000) },
      { brand: expect.any(String), currency: expect.any(String), key: 'pos3:5', payoutMinor: exposureOf(1_000) },
    ]);

    // A debit the platform refuses (not enough money) cancels the slip and gives its exposure back.
    const poor = await createFundedMember(platform, 500);
    const poorAuth = await openLotterySession(platform, house, poor, 'FAST5');
    const broke = await call<Placed>(house, poorAuth, 'POST', '/slips', {
      gameCode: 'FAST5',
      drawNo: draw.drawNo,
      bets: [digitBet(3, 5, 1_000)],
    });
    expect(broke).toMatchObject({ success: false, code: 'HOUSE_INSUFFICIENT_FUNDS' });
    expect(await repository.findExposure(platform.test.database.handle.db, found!.id)).toEqual([
      expect.objectContaining({ key: 'pos3:4', payoutMinor: 2 * exposureOf(1_000) }),
      expect.objectContaining({ key: 'pos3:5', payoutMinor: exposureOf(1_000) }),
    ]);
    expect(await slipsInDb(draw.drawNo)).toEqual([
      { status: 'cancelled', count: 1 },
      { status: 'placed', count: 3 },
    ]);
    expect(await getPlatformBalance(platform, poor.id)).toBe(500);
    await setLotterySettings(platform.test.database.handle.db, '*', 'FAST5', {});
  });

  it("settles every slip of the draw at its rules' payout, reveals the seed, and the books balance", async () => {
    const clock = freshClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const members = [await createFundedMember(platform, 200_000), await createFundedMember(platform, 200_000)];
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'FAST3')));
    const draw = await nextDraw(house, auths[0]!, 'FAST3');
    // Every bet type, many options: some of them win whatever the digits.
    const bets: LotteryBet[] = [
      ...Array.from({ length: 10 }, (_, digit) => digitBet(1, digit, 100 + digit * 10)),
      { betType: 'big_small', selection: ['sum:small'], stakeMinor: 1_000 },
      { betType: 'big_small', selection: ['2:big'], stakeMinor: 700 },
      { betType: 'odd_even', selection: ['5:odd'], stakeMinor: 900 },
      { betType: 'sum', selection: ['22'], stakeMinor: 300 },
      { betType: 'front3', selection: ['mixed'], stakeMinor: 400 },
      { betType: 'back3', selection: ['pair'], stakeMinor: 400 },
      { betType: 'dragon_tiger', selection: ['tie'], stakeMinor: 200 },
      { betType: 'dragon_tiger', selection: ['dragon'], stakeMinor: 600 },
    ];
    const slipIds: { member: FundedMember; slipId: string; bets: LotteryBet[] }[] = [];
    for (const [index, auth] of auths.entries()) {
      for (let slip = 0; slip < 3; slip += 1) {
        const mine = bets.slice(slip * 6, slip * 6 + 6);
        const placed = await call<Placed>(house, auth, 'POST', '/slips', {
          gameCode: 'FAST3',
          drawNo: draw.drawNo,
          bets: mine,
        });
        expect(placed.success).toBe(true);
        slipIds.push({ member: members[index]!, slipId: placed.value.slip.slipId, bets: mine });
      }
    }

    clock.time = Date.parse(draw.drawsAt);
    await house.lottery!.draws.tick();

    const proof = await call<{ draw: DrawView; check: { seedMatchesHash: boolean; resultMatches: boolean } }>(
      house,
      null,
      'GET',
      `/draws/FAST3/${draw.drawNo}`,
    );
    expect(proof.value.draw.status).toBe('settled');
    expect(proof.value.check).toEqual({ seedMatchesHash: true, resultMatches: true });
    const seed = proof.value.draw.seed!;
    expect(hashServerSeed(seed)).toBe(draw.seedHash);
    // The result recomputed here from the public inputs alone, and each slip's payout from the rules.
    const result = drawFast({ seed, gameCode: 'FAST3', drawNo: draw.drawNo });
    expect(proof.value.draw.result).toEqual(result);
    const odds = fastRules.defaultOdds('Lott');
    const expected = new Map<number, number>(members.map((member) => [member.id, 200_000]));
    let anyWin = false;
    for (const { member, slipId, bets: placed } of slipIds) {
      const payout = placed.reduce((sum, bet) => sum + fastRules.settle(bet, result, odds), 0);
      const stake = placed.reduce((sum, bet) => sum + bet.stakeMinor, 0);
      anyWin ||= payout > 0;
      expected.set(member.id, expected.get(member.id)! - stake + payout);
      expect(await platformRound(platform, slipId)).toEqual({ stake, win: payout, status: 'settled' });
    }
    expect(anyWin).toBe(true);
    for (const member of members) expect(await getPlatformBalance(platform, member.id)).toBe(expected.get(member.id));
    const settled = await call<SlipView[]>(house, auths[0]!, 'GET', '/slips?status=settled');
    expect(settled.value).toHaveLength(3);
    expect(settled.value.every((slip) => slip.status === 'settled' && slip.result !== null)).toBe(true);

    // Public results: the seed revealed, anyone may check.
    const results = await call<DrawView[]>(house, null, 'GET', '/results?gameCode=FAST3');
    expect(results.value[0]).toMatchObject({ drawNo: draw.drawNo, seed, result });
    // Another pass pays nothing more.
    await house.lottery!.draws.tick();
    for (const member of members) expect(await getPlatformBalance(platform, member.id)).toBe(expected.get(member.id));
  });

  it('pays each slip once when the draw is settled twice at once on two instances; the lease keeps one loop', async () => {
    const clock = freshClock();
    const first = await lotteryHouse(clock);
    const second = await lotteryHouse(clock);
    await first.lottery!.draws.tick();
    await second.lottery!.draws.tick();
    expect(first.lottery!.draws.isLeader).toBe(true);
    expect(second.lottery!.draws.isLeader).toBe(false);
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, second, member, 'FAST5');
    const draw = await nextDraw(second, auth, 'FAST5');
    let stakes = 0;
    for (let digit = 0; digit < 10; digit += 1) {
      const placed = await call<Placed>(second, auth, 'POST', '/slips', {
        gameCode: 'FAST5',
        drawNo: draw.drawNo,
        bets: [digitBet(4, digit, 1_000), { betType: 'odd_even', selection: ['sum:even'], stakeMinor: 500 }],
      });
      expect(placed.success).toBe(true);
      stakes += 1_500;
    }
    // Drawn (as the leader's pass would), then settled by both instances and twice by one, all at once.
    const db = platform.test.database.handle.db;
    const stored = (await repository.findDraw(db, 'FAST5', draw.drawNo))!;
    const result = drawFast({ seed: stored.seed!, gameCode: 'FAST5', drawNo: draw.drawNo });
    clock.time = stored.drawsAt;
    expect(await repository.markDrawn(db, stored.id, result, clock.now())).toBe(true);
    const drawn = (await repository.findDraw(db, 'FAST5', draw.drawNo))!;
    await Promise.all([
      first.lottery!.draws.settleDraw(drawn),
      second.lottery!.draws.settleDraw(drawn),
      first.lottery!.draws.settleDraw(drawn),
    ]);
    const odds = fastRules.defaultOdds('Lott');
    const payout =
      fastRules.settle(digitBet(4, result.digits[3]!, 1_000), result, odds) +
      10 * fastRules.settle({ betType: 'odd_even', selection: ['sum:even'], stakeMinor: 500 }, result, odds);
    expect(await getPlatformBalance(platform, member.id)).toBe(100_000 - stakes + payout);
    expect((await repository.findDraw(db, 'FAST5', draw.drawNo))!.status).toBe('settled');
    const [credits] = await query<{ count: unknown; total: unknown }>(
      db,
      sql`SELECT count(*) AS count, COALESCE(sum(win_minor), 0) AS total FROM game_rounds
          WHERE round_id IN (SELECT slip_id FROM house.lottery_slips WHERE draw_id = ${stored.id})`,
    );
    expect({ count: Number(credits!.count), total: Number(credits!.total) }).toEqual({ count: 10, total: payout });
    // The follower's passes do nothing while the leader holds the lease.
    await second.lottery!.draws.tick();
    expect(second.lottery!.draws.isLeader).toBe(false);
  });

  it('never passes the liability limit with many slips placed at once near it, and the money balances', async () => {
    const clock = freshClock();
    const house = await lotteryHouse(clock);
    const odds = fastRules.defaultOdds('Lott').digit!;
    const exposure = Math.floor((1_000 * odds) / 100);
    // Room for exactly five slips on "pos2:8".
    await setLotterySettings(platform.test.database.handle.db, '*', 'FAST1', { maxLiabilityMinor: exposure * 5 + 1 });
    await house.lottery!.draws.tick();
    const members = await Promise.all(Array.from({ length: 5 }, () => createFundedMember(platform, 50_000)));
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'FAST1')));
    const draw = await nextDraw(house, auths[0]!, 'FAST1');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call<Placed>(house, auths[index % auths.length]!, 'POST', '/slips', {
          gameCode: 'FAST1',
          drawNo: draw.drawNo,
          bets: [digitBet(2, 8, 1_000)],
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.success);
    expect(placed).toHaveLength(5);
    expect(
      answers.filter((answer) => !answer.success).every((answer) => answer.code === 'LOTTERY_LIABILITY_LIMIT'),
    ).toBe(true);
    const db = platform.test.database.handle.db;
    const stored = (await repository.findDraw(db, 'FAST1', draw.drawNo))!;
    expect(await repository.findExposure(db, stored.id)).toEqual([
      expect.objectContaining({ key: 'pos2:8', payoutMinor: exposure * 5 }),
    ]);
    const before = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(before.reduce((sum, balance) => sum + balance, 0)).toBe(5 * 50_000 - 5 * 1_000);

    clock.time = stored.drawsAt;
    await house.lottery!.draws.tick();
    const result = drawFast({ seed: stored.seed!, gameCode: 'FAST1', drawNo: draw.drawNo });
    const win = result.digits[1] === 8 ? exposure : 0;
    const after = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(after.reduce((sum, balance) => sum + balance, 0)).toBe(5 * 50_000 - 5 * 1_000 + 5 * win);
    await setLotterySettings(platform.test.database.handle.db, '*', 'FAST1', {});
  });

  it('a new instance started between the payouts written and their acknowledged credits pays each slip once', async () => {
    // Not a SIGKILL: the first instance stops with every payout written and credited by the platform but no
    // answer back (as a process killed right after its credits were sent), and a second one takes over.
    const clock = freshClock();
    const proxy = await startFaultyProxy(platform.url);
    try {
      const first = await lotteryHouse(clock, proxy.url);
      await first.lottery!.draws.tick();
      const member = await createFundedMember(platform, 100_000);
      const auth = await openLotterySession(platform, first, member, 'KENO');
      const draw = await nextDraw(first, auth, 'KENO');
      const bets: LotteryBet[] = [
        { betType: 'pick1', selection: ['7'], stakeMinor: 1_000 },
        { betType: 'odd_even', selection: ['odd'], stakeMinor: 1_000 },
        { betType: 'odd_even', selection: ['even'], stakeMinor: 1_000 },
        { betType: 'big_small', selection: ['small'], stakeMinor: 1_000 },
        { betType: 'big_small', selection: ['big'], stakeMinor: 1_000 },
      ];
      for (const bet of bets) {
        const placed = await call<Placed>(first, auth, 'POST', '/slips', {
          gameCode: 'KENO',
          drawNo: draw.drawNo,
          bets: [bet],
        });
        expect(placed.success).toBe(true);
      }
      // The platform applies every credit and its answers are lost: the pass leaves the slips owed.
      proxy.mode = 'drop-answer';
      proxy.failOn = CREDIT_PATH;
      clock.time = Date.parse(draw.drawsAt);
      await first.lottery!.draws.tick();
      expect(await slipsInDb(draw.drawNo)).toEqual([{ status: 'payout_due', count: 5 }]);
      const db = platform.test.database.handle.db;
      const stored = (await repository.findDraw(db, 'KENO', draw.drawNo))!;
      expect(stored.status).toBe('drawn');
      const result = drawKeno({ seed: stored.seed!, gameCode: 'KENO', drawNo: draw.drawNo });
      const odds = kenoRules.defaultOdds('Lott');
      const total = bets.reduce((sum, bet) => sum + kenoRules.settle(bet, result, odds), 0);
      expect(total).toBeGreaterThan(0);
      expect(await getPlatformBalance(platform, member.id)).toBe(95_000 + total);
      await first.app.close();
      houses.splice(houses.indexOf(first), 1);

      // The next instance finds the payouts owed and credits them again: the platform answers each as a repeat.
      const second = await lotteryHouse(clock);
      await second.lottery!.draws.tick();
      expect(await slipsInDb(draw.drawNo)).toEqual([{ status: 'settled', count: 5 }]);
      expect((await repository.findDraw(db, 'KENO', draw.drawNo))!.status).toBe('settled');
      expect(await getPlatformBalance(platform, member.id)).toBe(95_000 + total);
      await second.lottery!.draws.tick();
      expect(await getPlatformBalance(platform, member.id)).toBe(95_000 + total);
    } finally {
      await proxy.close();
    }
  });
});

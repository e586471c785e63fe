import { dropPlinko } from '@parlay/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import { houseCatalogueFeed } from '../catalogue';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startHouse,
  startPlatform,
  type Platform,
} from '../test/platform';

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}
interface Round {
  roundId: string;
  stakeMinor: number;
  winMinor: number | null;
  state: string;
  params: Record<string, unknown>;
  outcome: { path: number[]; bucket: number; multiplier: number } | null;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
}
interface Play {
  round: Round;
  balanceMinor: number | null;
}

let platform: Platform;
let house: HouseApp;

beforeAll(async () => {
  platform = await startPlatform();
  house = await startHouse(platform.url, platform);
});

afterAll(async () => {
  await house?.app.close();
  await platform?.close();
});

async function call<T>(authorization: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await house.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response.json<Envelope<T>>();
}

/** The platform's wallet calls for a round: what the seamless wallet moved, by kind. */
async function walletCalls(roundId: string): Promise<{ kind: string; state: string; amount: number }[]> {
  const rows = await query<{ kind: string; state: string; amount_minor: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT kind, state, amount_minor FROM vendor_transactions WHERE round_id = ${roundId} ORDER BY id`,
  );
  return rows.map((row) => ({ kind: row.kind, state: row.state, amount: Number(row.amount_minor) }));
}

describe('plinko rounds', () => {
  it('lists Parlay Plinko among the originals of the feed, with its icon', () => {
    const feed = houseCatalogueFeed({ publicUrl: 'https://games.example', basePath: '/house' });
    const plinko = feed.games.find((game) => game.code === 'plinko');
    expect(plinko).toMatchObject({ gameName: 'Parlay Plinko', gameType: 'RNG', status: 'active' });
    expect(plinko?.showIcon).toBe('https://games.example/house/icons/plinko.svg');
    // Filed as dice, limbo and mines are: no crash classification.
    expect(plinko).not.toHaveProperty('gameClassify');
  });

  it('debits the stake and credits the bucket once per round, as the seeds decide', async () => {
    const member = await createFundedMember(platform, 100_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'plinko'));
    let expected = 100_000;
    const played: Round[] = [];
    for (const [rows, risk] of [
      [8, 'low'],
      [12, 'medium'],
      [16, 'high'],
      [16, 'high'],
      [9, 'low'],
    ] as const) {
      const play = await call<Play>(auth, 'POST', '/house/api/plinko/bet', { amountMinor: 1_000, rows, risk });
      expect(play.success).toBe(true);
      const { round } = play.value;
      expect(round.state).toBe('settled');
      expect(round.params).toEqual({ rows, risk });
      expect(round.outcome?.path).toHaveLength(rows);
      // The pay is the stake times the bucket's multiplier, in whole minor units.
      expect(round.winMinor).toBe(Math.floor(1_000 * round.outcome!.multiplier));
      expected += -1_000 + round.winMinor!;
      expect(play.value.balanceMinor).toBe(expected);
      expect(await walletCalls(round.roundId)).toEqual([
        { kind: 'debit', state: 'debited', amount: 1_000 },
        { kind: 'credit', state: 'credited', amount: round.winMinor },
      ]);
      played.push(round);
    }
    expect(await getPlatformBalance(platform, member.id)).toBe(expected);

    // Once the pair rotates, every drop replays from the revealed seed.
    const { revealed } = (await call<{ revealed: { serverSeed: string } }>(auth, 'POST', '/house/api/seeds/rotate', {}))
      .value;
    for (const round of played) {
      const seeds = { serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
      const drop = dropPlinko(seeds, Number(round.params.rows), round.params.risk as 'low');
      expect(round.outcome).toEqual({ path: drop.path, bucket: drop.bucket, multiplier: drop.multiplierX10 / 10 });
    }
  });

  it('plays 50 drops sent together: each debited and credited once, and the books balance', async () => {
    const member = await createFundedMember(platform, 1_000_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'plinko'));
    const plays = await Promise.all(
      Array.from({ length: 50 }, () =>
        call<Play>(auth, 'POST', '/house/api/plinko/bet', { amountMinor: 1_000, rows: 16, risk: 'high' }),
      ),
    );
    expect(plays.every((play) => play.success && play.value.round.state === 'settled')).toBe(true);
    // Every round its own nonce, so 50 different drops of the same seed pair.
    expect(new Set(plays.map((play) => play.value.round.nonce)).size).toBe(50);
    const won = plays.reduce((sum, play) => sum + play.value.round.winMinor!, 0);
    expect(await getPlatformBalance(platform, member.id)).toBe(1_000_000 - 50_000 + won);
    for (const play of plays) {
      const calls = await walletCalls(play.value.round.roundId);
      expect(calls.map((entry) => entry.kind)).toEqual(['debit', 'credit']);
    }
  });

  it('refuses rows outside 8 to 16 and an unknown risk with HOUSE_BAD_REQUEST, moving nothing', async () => {
    const member = await createFundedMember(platform, 10_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'plinko'));
    for (const body of [
      { amountMinor: 1_000, rows: 7, risk: 'low' },
      { amountMinor: 1_000, rows: 17, risk: 'high' },
      { amountMinor: 1_000, rows: 12.5, risk: 'low' },
      { amountMinor: 1_000, rows: 12, risk: 'extreme' },
      { amountMinor: 1_000, rows: 12 },
    ]) {
      const refused = await call<Play>(auth, 'POST', '/house/api/plinko/bet', body);
      expect(refused).toMatchObject({ success: false, code: 'HOUSE_BAD_REQUEST' });
    }
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
    const [row] = await query<{ count: unknown }>(
      platform.test.database.handle.db,
      sql`SELECT count(*) AS count FROM house.rounds WHERE player_id = ${String(member.id)}`,
    );
    expect(Number(row?.count)).toBe(0);
  });

  it("leaves on the platform's record a verifier address with the rows and the risk", async () => {
    const member = await createFundedMember(platform, 10_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'plinko'));
    const { round } = (
      await call<Play>(auth, 'POST', '/house/api/plinko/bet', { amountMinor: 500, rows: 14, risk: 'medium' })
    ).value;
    const record = await platform.test.app.inject({
      method: 'GET',
      url: `/wps/member/betting/records/HOUSE/${round.roundId}`,
      headers: { authorization: member.authorization },
    });
    const detail = record.json<Envelope<{ detail: Record<string, unknown> }>>().value.detail;
    expect(detail).toMatchObject({ game: 'plinko', params: { rows: 14, risk: 'medium' }, outcome: round.outcome });
    const verifyUrl = new URL(String(detail.verifyUrl));
    expect(Object.fromEntries(verifyUrl.searchParams)).toMatchObject({ game: 'plinko', rows: '14', risk: 'medium' });
  });
});

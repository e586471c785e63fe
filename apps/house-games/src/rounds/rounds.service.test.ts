import {
  FloatStream,
  diceHundredthsFromFloat,
  limboHundredthsFromFloat,
  placeMines,
  playSlotRound,
  PAYLINES,
} from '@parlay/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import { HOUSE_ERRORS } from '../errors';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startFaultyProxy,
  startHouse,
  startPlatform,
  type Platform,
} from '../test/platform';
import { RoundsService } from './rounds.service';

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}
interface Round {
  roundId: string;
  stakeMinor: number;
  winMinor: number | null;
  state: string;
  outcome: Record<string, unknown> | null;
  progress: { revealed: number[] } | null;
  serverSeedHash: string;
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

async function call<T>(
  target: HouseApp,
  authorization: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<Envelope<T>> {
  const response = await target.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response.json<Envelope<T>>();
}

async function platformRound(roundId: string): Promise<{ stake: number; win: number; status: string } | undefined> {
  const [row] = await query<{ stake_minor: unknown; win_minor: unknown; status: string }>(
    platform.test.database.handle.db,
    sql`SELECT stake_minor, win_minor, status FROM game_rounds WHERE round_id = ${roundId}`,
  );
  return row ? { stake: Number(row.stake_minor), win: Number(row.win_minor), status: row.status } : undefined;
}

describe(RoundsService.name, () => {
  it('plays dice for real money: the balance moves by exactly the stake and the win, and the betting record matches', async () => {
    const member = await createFundedMember(platform, 100_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    let expected = 100_000;
    for (let bet = 0; bet < 8; bet += 1) {
      const play = await call<Play>(house, auth, 'POST', '/house/api/dice/bet', {
        amountMinor: 1_000,
        target: 50,
        direction: 'over',
      });
      expect(play.success).toBe(true);
      const { round } = play.value;
      // The outcome is the fairness package's, from the round's own seeds, once the seed is revealed.
      expected += -1_000 + (round.winMinor ?? 0);
      expect(play.value.balanceMinor).toBe(expected);
      expect(round.state).toBe('settled');
      expect(await platformRound(round.roundId)).toEqual({ stake: 1_000, win: round.winMinor, status: 'settled' });
    }
    expect(await getPlatformBalance(platform, member.id)).toBe(expected);

    // Rotation reveals the server seed; every recorded roll replays from it.
    const rotated = await call<{ revealed: { serverSeed: string } }>(
      house,
      auth,
      'POST',
      '/house/api/seeds/rotate',
      {},
    );
    const history = await call<Round[]>(house, auth, 'GET', '/house/api/rounds?gameCode=dice');
    expect(history.value).toHaveLength(8);
    for (const round of history.value) {
      expect(round.serverSeed).toBe(rotated.value.revealed.serverSeed);
      const roll = diceHundredthsFromFloat(
        new FloatStream({ serverSeed: round.serverSeed!, clientSeed: round.clientSeed, nonce: round.nonce }).next(),
      );
      expect(round.outcome?.roll).toBe(roll / 100);
      expect(round.winMinor).toBe(roll > 5_000 ? 1_980 : 0);
    }
  });

  it('plays limbo and the slot, paying the multiplier and the paytable exactly', async () => {
    const member = await createFundedMember(platform, 100_000);
    const limbo = await openHouseSession(house, await launchGame(platform, member, 'limbo'));
    const slot = await openHouseSession(house, await launchGame(platform, member, 'lucky-parlay'));
    let expected = 100_000;
    const played: Round[] = [];
    for (let bet = 0; bet < 5; bet += 1) {
      const play = await call<Play>(house, limbo, 'POST', '/house/api/limbo/bet', { amountMinor: 500, target: 1.5 });
      expected += -500 + (play.value.round.winMinor ?? 0);
      expect(play.value.round.winMinor).toBe((play.value.round.outcome?.multiplier as number) >= 1.5 ? 750 : 0);
      played.push(play.value.round);
      const spin = await call<Play>(house, slot, 'POST', '/house/api/slot/spin', { amountMinor: 200 });
      expected += -200 + (spin.value.round.winMinor ?? 0);
      played.push(spin.value.round);
      expect(spin.value.balanceMinor).toBe(expected);
    }
    expect(await getPlatformBalance(platform, member.id)).toBe(expected);
    const { revealed } = (
      await call<{ revealed: { serverSeed: string } }>(house, slot, 'POST', '/house/api/seeds/rotate', {})
    ).value;
    for (const round of played) {
      const seeds = { serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
      if (round.outcome && 'spins' in round.outcome) {
        expect(round.winMinor).toBe((playSlotRound(seeds).totalUnits * 200) / PAYLINES);
      } else {
        expect(round.outcome?.multiplier).toBe(limboHundredthsFromFloat(new FloatStream(seeds).next()) / 100);
      }
    }
  });

  it('refuses a slot stake that does not split over the paylines, and a stake outside the limits, moving nothing', async () => {
    const member = await createFundedMember(platform, 10_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'lucky-parlay'));
    const odd = await call<Play>(house, auth, 'POST', '/house/api/slot/spin', { amountMinor: 210 });
    expect(odd).toMatchObject({ success: false, code: 'HOUSE_STAKE_STEP' });
    const tooBig = await call<Play>(house, auth, 'POST', '/house/api/slot/spin', { amountMinor: 2_000_000 });
    expect(tooBig).toMatchObject({ success: false, code: 'HOUSE_BET_OUT_OF_LIMITS' });
    const poor = await call<Play>(house, auth, 'POST', '/house/api/slot/spin', { amountMinor: 20_000 });
    expect(poor).toMatchObject({ success: false, code: 'HOUSE_INSUFFICIENT_FUNDS' });
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
  });

  it("refuses a stake past the player's own loss limit with HOUSE_LOSS_LIMIT, moving nothing", async () => {
    const member = await createFundedMember(platform, 10_000);
    const { app } = platform.test;
    const merchantId = (await app.merchants.resolveByHost('localhost')).id;
    await app.protection.setLimit({ memberId: member.id, merchantId }, 'lossDaily', 1_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'lucky-parlay'));
    const over = await call<Play>(house, auth, 'POST', '/house/api/slot/spin', { amountMinor: 2_000 });
    expect(over).toMatchObject({ success: false, code: 'HOUSE_LOSS_LIMIT' });
    expect([HOUSE_ERRORS.HOUSE_LOSS_LIMIT.ko, HOUSE_ERRORS.HOUSE_LOSS_LIMIT.en]).toContain(over.message);
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
  });

  it('keeps a mines round across a reload and pays the cash-out of the safe tiles', async () => {
    const member = await createFundedMember(platform, 50_000);
    const launch = await launchGame(platform, member, 'mines');
    const auth = await openHouseSession(house, launch);
    const started = await call<Play>(house, auth, 'POST', '/house/api/mines/start', { amountMinor: 1_000, mines: 3 });
    expect(started.value.round.state).toBe('open');
    expect(started.value.round.outcome).toBeNull();
    expect(await getPlatformBalance(platform, member.id)).toBe(49_000);

    // The server seed is still secret, so compute the safe tiles from the records the way an auditor would
    // later; here the test reads the house's own row to pick safe tiles.
    const rows = {
      rows: await query<{ outcome: { mineTiles: number[] } }>(
        platform.test.database.handle.db,
        sql`SELECT outcome FROM house.rounds WHERE round_id = ${started.value.round.roundId}`,
      ),
    };
    const mines = rows.rows[0]!.outcome.mineTiles;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));

    await call<Play>(house, auth, 'POST', '/house/api/mines/reveal', {
      roundId: started.value.round.roundId,
      tile: safe[0],
    });
    // A reload: a new session from a new launch finds the round in play with its progress.
    const reloaded = await openHouseSession(house, await launchGame(platform, member, 'mines'));
    const state = await call<{ openRound: Round }>(house, reloaded, 'GET', '/house/api/state?gameCode=mines');
    expect(state.value.openRound.roundId).toBe(started.value.round.roundId);
    expect(state.value.openRound.progress?.revealed).toEqual([safe[0]]);
    await call<Play>(house, reloaded, 'POST', '/house/api/mines/reveal', {
      roundId: started.value.round.roundId,
      tile: safe[1],
    });
    const cashed = await call<Play>(house, reloaded, 'POST', '/house/api/mines/cashout', {
      roundId: started.value.round.roundId,
    });
    // 0.99 × C(25,2) / C(22,2) = 0.99 × 300 / 231 → 1285 for 1000.
    expect(cashed.value.round.winMinor).toBe(1_285);
    expect(cashed.value.round.state).toBe('settled');
    expect(cashed.value.balanceMinor).toBe(50_285);
    expect(await getPlatformBalance(platform, member.id)).toBe(50_285);

    const { revealed } = (
      await call<{ revealed: { serverSeed: string } }>(house, reloaded, 'POST', '/house/api/seeds/rotate', {})
    ).value;
    const { nonce, clientSeed } = cashed.value.round;
    expect(placeMines({ serverSeed: revealed.serverSeed, clientSeed, nonce }, 3)).toEqual(mines);
  });

  it('counts every tile of reveals sent together, and the cash-out pays them all', async () => {
    const member = await createFundedMember(platform, 50_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'mines'));
    const started = await call<Play>(house, auth, 'POST', '/house/api/mines/start', { amountMinor: 1_000, mines: 3 });
    const roundId = started.value.round.roundId;
    const [row] = await query<{ outcome: { mineTiles: number[] } }>(
      platform.test.database.handle.db,
      sql`SELECT outcome FROM house.rounds WHERE round_id = ${roundId}`,
    );
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !row!.outcome.mineTiles.includes(tile));

    // Four reveals at once, each decided on the round as it read it: none may write over another.
    const answers = await Promise.all(
      safe.slice(0, 4).map((tile) => call<Play>(house, auth, 'POST', '/house/api/mines/reveal', { roundId, tile })),
    );
    expect(answers.map((answer) => answer.success)).toEqual([true, true, true, true]);
    const state = await call<{ openRound: Round }>(house, auth, 'GET', '/house/api/state?gameCode=mines');
    expect([...(state.value.openRound.progress?.revealed as number[])].sort((a, b) => a - b)).toEqual(
      safe.slice(0, 4).sort((a, b) => a - b),
    );
    const cashed = await call<Play>(house, auth, 'POST', '/house/api/mines/cashout', { roundId });
    // 0.99 × C(25,4) / C(22,4) = 0.99 × 12650 / 7315 → 1712 for 1000.
    expect(cashed.value.round.winMinor).toBe(1_712);
    expect(await getPlatformBalance(platform, member.id)).toBe(50_712);
  });

  it('ends a mines round on a mine with a zero credit', async () => {
    const member = await createFundedMember(platform, 5_000);
    const auth = await openHouseSession(house, await launchGame(platform, member, 'mines'));
    const started = await call<Play>(house, auth, 'POST', '/house/api/mines/start', { amountMinor: 1_000, mines: 24 });
    const rows = {
      rows: await query<{ outcome: { mineTiles: number[] } }>(
        platform.test.database.handle.db,
        sql`SELECT outcome FROM house.rounds WHERE round_id = ${started.value.round.roundId}`,
      ),
    };
    const lost = await call<Play>(house, auth, 'POST', '/house/api/mines/reveal', {
      roundId: started.value.round.roundId,
      tile: rows.rows[0]!.outcome.mineTiles[0],
    });
    expect(lost.value.round).toMatchObject({ state: 'settled', winMinor: 0 });
    expect(lost.value.round.outcome).toEqual({ mineTiles: rows.rows[0]!.outcome.mineTiles });
    expect(await getPlatformBalance(platform, member.id)).toBe(4_000);
    expect(await platformRound(started.value.round.roundId)).toEqual({ stake: 1_000, win: 0, status: 'settled' });
  });

  it("leaves on the platform's betting record what replays the round, and never the server seed", async () => {
    const member = await createFundedMember(platform, 10_000);
    const dice = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    const mines = await openHouseSession(house, await launchGame(platform, member, 'mines'));
    const record = async (roundId: string) =>
      (
        await platform.test.app.inject({
          method: 'GET',
          url: `/wps/member/betting/records/HOUSE/${roundId}`,
          headers: { authorization: member.authorization },
        })
      ).json<Envelope<{ detail: Record<string, unknown> | null }>>().value.detail;

    const rolled = (
      await call<Play>(house, dice, 'POST', '/house/api/dice/bet', {
        amountMinor: 1_000,
        target: 50,
        direction: 'over',
      })
    ).value.round;
    const rolledDetail = await record(rolled.roundId);
    expect(rolledDetail).toEqual({
      game: 'dice',
      params: { target: 50, direction: 'over', multiplier: 1.9801 },
      outcome: rolled.outcome,
      serverSeedHash: rolled.serverSeedHash,
      clientSeed: rolled.clientSeed,
      nonce: rolled.nonce,
      verifyUrl: expect.any(String),
    });
    // The verifier's address names the inputs and the seed's hash, never the seed.
    const verifyUrl = new URL(String(rolledDetail?.verifyUrl));
    expect(`${verifyUrl.origin}${verifyUrl.pathname}`).toBe('http://localhost/house/verify');
    expect(Object.fromEntries(verifyUrl.searchParams)).toEqual({
      game: 'dice',
      serverSeedHash: rolled.serverSeedHash,
      clientSeed: rolled.clientSeed,
      nonce: String(rolled.nonce),
    });
    // Until the pair rotates, the verifier cannot read the seed by its hash.
    const seedByHash = () =>
      house.app.inject({
        method: 'GET',
        url: `/house/api/seeds/${rolled.serverSeedHash}`,
        headers: { language: 'EN' },
      });
    const hidden = await seedByHash();
    expect([hidden.statusCode, hidden.json<Envelope<unknown>>().code]).toEqual([404, 'HOUSE_SEED_NOT_REVEALED']);
    const malformed = await house.app.inject({ method: 'GET', url: '/house/api/seeds/not-a-hash' });
    expect(malformed.json<Envelope<unknown>>().code).toBe('HOUSE_BAD_REQUEST');

    const started = await call<Play>(house, mines, 'POST', '/house/api/mines/start', { amountMinor: 1_000, mines: 3 });
    const [row] = await query<{ outcome: { mineTiles: number[] } }>(
      platform.test.database.handle.db,
      sql`SELECT outcome FROM house.rounds WHERE round_id = ${started.value.round.roundId}`,
    );
    const outcome = row!.outcome;
    const safe = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !outcome.mineTiles.includes(tile))!;
    await call<Play>(house, mines, 'POST', '/house/api/mines/reveal', {
      roundId: started.value.round.roundId,
      tile: safe,
    });
    await call<Play>(house, mines, 'POST', '/house/api/mines/cashout', { roundId: started.value.round.roundId });
    expect(await record(started.value.round.roundId)).toMatchObject({
      game: 'mines',
      params: { mines: 3 },
      verifyUrl: expect.stringContaining('game=mines&') as unknown,
      outcome: { mineTiles: outcome.mineTiles },
      progress: { revealed: [safe] },
    });

    // After rotation the revealed seed and the record's inputs give the record's roll.
    const { serverSeed } = (
      await call<{ revealed: { serverSeed: string } }>(house, dice, 'POST', '/house/api/seeds/rotate', {})
    ).value.revealed;
    expect(JSON.stringify(rolledDetail)).not.toContain(serverSeed);
    // Now anyone holding the record's hash reads the seed, as the verifier does.
    const revealed = await seedByHash();
    expect(revealed.json<Envelope<unknown>>()).toMatchObject({
      success: true,
      value: { serverSeedHash: rolled.serverSeedHash, serverSeed },
    });
    const roll = diceHundredthsFromFloat(
      new FloatStream({
        serverSeed,
        clientSeed: String(rolledDetail?.clientSeed),
        nonce: Number(rolledDetail?.nonce),
      }).next(),
    );
    expect((rolledDetail?.outcome as { roll: number }).roll).toBe(roll / 100);
  });

  it('rolls back a debit whose answer never came, when the platform had applied it, and moves nothing in the end', async () => {
    const proxy = await startFaultyProxy(platform.url);
    const faulty = await startHouse(proxy.url, platform);
    try {
      const member = await createFundedMember(platform, 20_000);
      const auth = await openHouseSession(faulty, await launchGame(platform, member, 'dice'));
      proxy.mode = 'drop-answer';
      proxy.failOn = '/wps/vendor/wallet/debit';
      const play = await call<Play>(faulty, auth, 'POST', '/house/api/dice/bet', {
        amountMinor: 5_000,
        target: 50,
        direction: 'over',
      });
      expect(play).toMatchObject({ success: false, code: 'HOUSE_WALLET_UNAVAILABLE' });
      expect(await getPlatformBalance(platform, member.id)).toBe(20_000);
      const [round] = (await call<Round[]>(faulty, auth, 'GET', '/house/api/rounds?gameCode=dice')).value;
      expect(round!.state).toBe('cancelled');
      expect(await platformRound(round!.roundId)).toMatchObject({ status: 'cancelled' });
    } finally {
      await faulty.app.close();
      await proxy.close();
    }
  });

  it('rolls back a debit the platform never received, so that a late copy of it is refused', async () => {
    const proxy = await startFaultyProxy(platform.url);
    const faulty = await startHouse(proxy.url, platform);
    try {
      const member = await createFundedMember(platform, 20_000);
      const auth = await openHouseSession(faulty, await launchGame(platform, member, 'limbo'));
      proxy.mode = 'refuse';
      proxy.failOn = '/wps/vendor/wallet/debit';
      const play = await call<Play>(faulty, auth, 'POST', '/house/api/limbo/bet', { amountMinor: 5_000, target: 2 });
      expect(play).toMatchObject({ success: false, code: 'HOUSE_WALLET_UNAVAILABLE' });
      const [round] = (await call<Round[]>(faulty, auth, 'GET', '/house/api/rounds?gameCode=limbo')).value;
      expect(round!.state).toBe('cancelled');
      // The late debit with the same transaction id: the platform remembers the rollback and refuses it.
      proxy.mode = 'pass';
      await expect(
        faulty.wallet.debit({
          playerId: String(member.id),
          currency: 'KRW',
          sessionToken: (await launchGame(platform, member, 'limbo')).sessionToken!,
          transactionId: `${round!.roundId}.d`,
          roundId: round!.roundId,
          gameCode: 'limbo',
          amountMinor: 5_000,
        }),
      ).rejects.toMatchObject({ name: 'WalletRefusedError' });
      expect(await getPlatformBalance(platform, member.id)).toBe(20_000);
    } finally {
      await faulty.app.close();
      await proxy.close();
    }
  });

  it('leaves a credit in flight to the request making it: the recovery pays only what is owed', async () => {
    const proxy = await startFaultyProxy(platform.url);
    const faulty = await startHouse(proxy.url, platform);
    try {
      const member = await createFundedMember(platform, 20_000);
      const auth = await openHouseSession(faulty, await launchGame(platform, member, 'dice'));
      proxy.mode = 'hold';
      proxy.failOn = '/wps/vendor/wallet/credit';
      const playing = call<Play>(faulty, auth, 'POST', '/house/api/dice/bet', {
        amountMinor: 1_000,
        target: 50,
        direction: 'under',
      });
      // The stake is taken and the credit is on its way: the round is crediting, and nothing failed.
      await expect
        .poll(async () => {
          const [latest] = await query<{ state: string }>(
            platform.test.database.handle.db,
            sql`SELECT state FROM house.rounds WHERE player_id = ${String(member.id)} ORDER BY id DESC LIMIT 1`,
          );
          return latest?.state;
        })
        .toBe('crediting');
      expect(await getPlatformBalance(platform, member.id)).toBe(19_000);
      expect(await faulty.rounds.recover()).toMatchObject({ credited: 0 });

      proxy.release();
      const play = await playing;
      expect(play.success).toBe(true);
      expect(play.value.round.state).toBe('settled');
      expect(play.value.balanceMinor).toBe(19_000 + (play.value.round.winMinor ?? 0));
      expect(await platformRound(play.value.round.roundId)).toMatchObject({ status: 'settled' });
    } finally {
      await faulty.app.close();
      await proxy.close();
    }
  });

  it('keeps a win owed while the platform is unreachable and pays it once it answers', async () => {
    const proxy = await startFaultyProxy(platform.url);
    const faulty = await startHouse(proxy.url, platform);
    try {
      const member = await createFundedMember(platform, 20_000);
      const auth = await openHouseSession(faulty, await launchGame(platform, member, 'dice'));
      proxy.mode = 'refuse';
      proxy.failOn = '/wps/vendor/wallet/credit';
      // Under 98.00 wins 98 times in 100; whatever the roll, the credit (win or zero) is owed.
      const play = await call<Play>(faulty, auth, 'POST', '/house/api/dice/bet', {
        amountMinor: 1_000,
        target: 98,
        direction: 'under',
      });
      expect(play.success).toBe(true);
      expect(play.value.round.state).toBe('crediting');
      expect(play.value.balanceMinor).toBeNull();
      expect(await getPlatformBalance(platform, member.id)).toBe(19_000);
      expect(await platformRound(play.value.round.roundId)).toMatchObject({ status: 'open' });

      proxy.mode = 'pass';
      await faulty.rounds.recover();
      const round = (await call<Round>(faulty, auth, 'GET', `/house/api/rounds/${play.value.round.roundId}`)).value;
      expect(round.state).toBe('settled');
      expect(await getPlatformBalance(platform, member.id)).toBe(19_000 + (round.winMinor ?? 0));
      expect(await platformRound(round.roundId)).toEqual({ stake: 1_000, win: round.winMinor, status: 'settled' });
    } finally {
      await faulty.app.close();
      await proxy.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { HOUSE_ERRORS, type HouseErrorCode } from '../errors';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startHouse,
  startPlatform,
  type Platform,
} from '../test/platform';
import { registerApiRoutes } from './api.routes';

let platform: Platform;
let house: HouseApp;

beforeAll(async () => {
  platform = await startPlatform();
  // Not started: no crash game takes bets, so a crash bet is one for the next game.
  house = await startHouse(platform.url, platform);
});

afterAll(async () => {
  await house?.app.close();
  await platform?.close();
});

interface Answer {
  status: number;
  body: { success: boolean; code?: string; message?: string; value?: unknown };
}

async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { authorization?: string; language?: string; payload?: unknown; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.authorization) headers.authorization = options.authorization;
  if (options.language) headers.language = options.language;
  if (options.raw !== undefined) headers['content-type'] = 'application/json';
  const response = await house.app.inject({
    method,
    url,
    headers,
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.payload === undefined
        ? {}
        : { payload: options.payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** The same refusal in Korean (no language header) and in English, in the house's envelope. */
async function expectRefused(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  code: HouseErrorCode,
  options: { authorization?: string; payload?: unknown; raw?: string } = {},
): Promise<void> {
  const ko = await send(method, url, options);
  const en = await send(method, url, { ...options, language: 'EN' });
  expect(ko.status).toBe(HOUSE_ERRORS[code].status);
  expect(ko.body).toMatchObject({ success: false, code, message: HOUSE_ERRORS[code].ko });
  expect(en.status).toBe(HOUSE_ERRORS[code].status);
  expect(en.body).toMatchObject({ success: false, code, message: HOUSE_ERRORS[code].en });
}

describe(registerApiRoutes.name, () => {
  it('answers an unknown game or method in the house envelope, translated', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    await expectRefused('POST', '/house/api/roulette/bet', 'HOUSE_NOT_FOUND', {
      authorization,
      payload: { amountMinor: 100 },
    });
    await expectRefused('GET', '/house/api/dice/bet', 'HOUSE_NOT_FOUND', { authorization });
    await expectRefused('PUT', '/house/api/state', 'HOUSE_NOT_FOUND', { authorization, payload: {} });
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
  });

  it('answers a malformed escape or an over-long round id in the path as a translated bad request', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    await expectRefused('GET', '/house/api/rounds/%E0%A4%A', 'HOUSE_BAD_REQUEST', { authorization });
    await expectRefused('GET', `/house/api/rounds/hg-${'a'.repeat(200)}`, 'HOUSE_BAD_REQUEST', { authorization });
  });

  it('refuses the state or history of a game the vendor does not have instead of answering another', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    for (const gameCode of ['roulette', '', 'dice%00', 'toString']) {
      await expectRefused('GET', `/house/api/state?gameCode=${gameCode}`, 'HOUSE_BAD_REQUEST', { authorization });
      await expectRefused('GET', `/house/api/rounds?gameCode=${gameCode}`, 'HOUSE_BAD_REQUEST', { authorization });
    }
    await expectRefused('GET', '/house/api/state?gameCode=dice&gameCode=mines', 'HOUSE_BAD_REQUEST', {
      authorization,
    });
    // Without a game code the session's game answers; a known one answers for itself.
    expect((await send('GET', '/house/api/state', { authorization })).body).toMatchObject({
      success: true,
      value: { gameCode: 'dice' },
    });
    expect((await send('GET', '/house/api/state?gameCode=mines', { authorization })).body).toMatchObject({
      success: true,
      value: { gameCode: 'mines' },
    });
  });

  it('refuses a seed rotation whose body is JSON null and keeps the seed pair', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    const seeds = async () =>
      ((await send('GET', '/house/api/state', { authorization })).body.value as { seeds: unknown }).seeds;
    const before = await seeds();
    await expectRefused('POST', '/house/api/seeds/rotate', 'HOUSE_BAD_REQUEST', { authorization, raw: 'null' });
    expect(await seeds()).toEqual(before);
    // With no body at all the rotation keeps the client seed, as before.
    const rotated = await house.app.inject({
      method: 'POST',
      url: '/house/api/seeds/rotate',
      headers: { authorization },
    });
    expect(rotated.json()).toMatchObject({ success: true });
  });

  it('opens one mines round when starts are sent together, taking one stake', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'mines'));
    const starts = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/house/api/mines/start', { authorization, payload: { amountMinor: 100, mines: 3 } }),
      ),
    );
    const opened = starts.filter((start) => start.status === 200);
    expect(opened).toHaveLength(1);
    for (const refused of starts.filter((start) => start.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, code: 'HOUSE_ROUND_OPEN' });
    }
    expect(await getPlatformBalance(platform, member.id)).toBe(9_900);
    const state = (await send('GET', '/house/api/state?gameCode=mines', { authorization })).body.value as {
      seeds: { nextNonce: number };
      history: unknown[];
    };
    // The refused starts took no nonce and left no round.
    expect(state.seeds.nextNonce).toBe(1);
    expect(state.history).toHaveLength(1);
  });

  it('refuses a crash bet for the next game above the balance instead of queuing it', async () => {
    const member = await createFundedMember(platform, 1_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'crash'));
    await expectRefused('POST', '/house/api/crash/bet', 'HOUSE_INSUFFICIENT_FUNDS', {
      authorization,
      payload: { amountMinor: 5_000 },
    });
    expect((await send('GET', '/house/api/crash/history', { authorization })).body).toMatchObject({
      success: true,
      value: [],
    });
    // A stake the balance covers is still queued for the next game.
    expect(
      (await send('POST', '/house/api/crash/bet', { authorization, payload: { amountMinor: 1_000 } })).body,
    ).toMatchObject({ success: true, value: { queued: true } });
    expect(await getPlatformBalance(platform, member.id)).toBe(1_000);
  });

  it('tells the player to launch again when the platform has ended the launch session', async () => {
    const member = await createFundedMember(platform, 10_000);
    const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
    const logout = await platform.test.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: member.authorization },
    });
    expect(logout.json()).toMatchObject({ success: true });
    await expectRefused('POST', '/house/api/dice/bet', 'HOUSE_SESSION_INVALID', {
      authorization,
      payload: { amountMinor: 100, target: 50, direction: 'over' },
    });
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
  });
});

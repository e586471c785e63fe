import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../../server/src/cli/command';
import { adminCommands } from '../../server/src/cli/commands/index';
import { runAdmin } from '../../server/src/cli/run';
import { DEMO_MERCHANT_CODE } from '../../server/src/db/seed';
import type { HouseApp } from './app';
import { setHouseLimits } from './limits';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startHouse,
  startPlatform,
  type Platform,
} from './test/platform';

let platform: Platform;
let house: HouseApp | undefined;
let context: AdminContext;
const admin = (line: string) => runAdmin(adminCommands, context, line.split(' '));

beforeAll(async () => {
  platform = await startPlatform();
  context = { db: platform.test.database.handle.db, defaultMerchantCode: DEMO_MERCHANT_CODE };
});

afterAll(async () => {
  await house?.app.close();
  await platform?.close();
});

describe(setHouseLimits.name, () => {
  it('says the house games have not started yet on a database without their schema', async () => {
    const listed = await admin('house limits list');
    expect(listed.exitCode).toBe(1);
    expect(listed.output).toContain('the house games have not started on this database yet');
  });

  it("sets a brand's limits with `npm run admin -- house`, and the brand's players play within them", async () => {
    house = await startHouse(platform.url, platform);
    expect(await admin('house limits list')).toEqual({
      exitCode: 0,
      output: 'No limits set: every brand has the vendor defaults.',
    });
    const set = await admin('house limits set --game dice --min 500 --max 2000 --max-win 5000');
    expect(set.exitCode).toBe(0);
    const member = await createFundedMember(platform, 10_000);
    const launch = await launchGame(platform, member, 'dice');
    expect(set.output).toBe(
      `House limits of ${DEMO_MERCHANT_CODE} ${launch.currency} dice: bet 500–2000, max win 5000.`,
    );
    expect((await admin('house limits set --default --game dice --min 100 --max 9000 --max-win 90000')).exitCode).toBe(
      0,
    );
    expect((await admin('house limits list')).output).toBe(
      [
        `* ${launch.currency} dice: bet 100–9000, max win 90000`,
        `${DEMO_MERCHANT_CODE} ${launch.currency} dice: bet 500–2000, max win 5000`,
      ].join('\n'),
    );

    const authorization = await openHouseSession(house, launch);
    const state = await house.app.inject({ method: 'GET', url: '/house/api/state', headers: { authorization } });
    expect(state.json<{ value: { limits: unknown } }>().value.limits).toEqual({
      minBetMinor: 500,
      maxBetMinor: 2_000,
      maxWinMinor: 5_000,
    });
    const refused = await house.app.inject({
      method: 'POST',
      url: '/house/api/dice/bet',
      headers: { authorization },
      payload: { amountMinor: 3_000, target: 50, direction: 'over' },
    });
    expect(refused.json()).toMatchObject({ success: false, code: 'HOUSE_BET_OUT_OF_LIMITS' });
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);

    // Each setting is in the platform's audit trail, under the brand it is for (the default: the platform).
    const trail = await platform.test.app.audit.search(
      { allBrands: true, merchantIds: [] },
      { limit: 5, action: 'house.limits' },
    );
    expect(trail.items.map((entry) => [entry.brand, entry.targetId, entry.before])).toEqual([
      [null, `*/${launch.currency}/dice`, null],
      [DEMO_MERCHANT_CODE, `${DEMO_MERCHANT_CODE}/${launch.currency}/dice`, null],
    ]);
  });

  it('refuses limits that make no sense and writes nothing', async () => {
    const before = (await admin('house limits list')).output;
    for (const [line, message] of [
      ['house limits set --game roulette --min 1 --max 2 --max-win 3', 'game must be one of'],
      ['house limits set --game dice --min 0 --max 2 --max-win 3', 'above 0'],
      ['house limits set --game dice --min 50 --max 20 --max-win 3', 'must not be below the minimum'],
      ['house limits set --game dice --min 1.5 --max 20 --max-win 3', '--min is a whole number'],
      ['house limits set --game dice --min 1 --max 2 --max-win 3 --merchant nobody', 'MERCHANT_NOT_FOUND'],
    ] as const) {
      const result = await admin(line);
      expect(result.exitCode, line).toBe(1);
      expect(result.output, line).toContain(message);
    }
    expect((await admin('house limits list')).output).toBe(before);
    const trail = await platform.test.app.audit.search(
      { allBrands: true, merchantIds: [] },
      { limit: 50, action: 'house.limits' },
    );
    expect(trail.items).toHaveLength(2);
  });
});

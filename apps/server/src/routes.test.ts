import {
  ACCOUNT_CALLS,
  AGENT_CALLS,
  APPLICATION_CALLS,
  BACKOFFICE_CALLS,
  BACKOFFICE_PATH_PREFIX,
  BONUS_CALLS,
  CALL_PATH_PREFIXES,
  CASHIER_CALLS,
  CONTACT_CALLS,
  GAME_CALLS,
  MESSAGE_CALLS,
  LEADERBOARD_CALLS,
  MISSION_CALLS,
  PROMOTION_CALLS,
  POINT_CALLS,
  POINT_MALL_CALLS,
  PROTECTION_CALLS,
  RAFFLE_CALLS,
  REBATE_CALLS,
  SUPPORT_CALLS,
  REFERRAL_CALLS,
  SECURITY_CALLS,
  SYSTEM_CALLS,
  KYC_CALLS,
  TRANSFER_CALLS,
  VENDOR_WALLET_CALLS,
  VIP_CALLS,
  WALLET_CALLS,
  WITHDRAWAL_CALLS,
  type ApiCall,
} from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

const CONTRACT_CALLS: ApiCall[] = [
  ACCOUNT_CALLS,
  AGENT_CALLS,
  APPLICATION_CALLS,
  BONUS_CALLS,
  SYSTEM_CALLS,
  GAME_CALLS,
  WALLET_CALLS,
  MESSAGE_CALLS,
  REFERRAL_CALLS,
  SECURITY_CALLS,
  PROTECTION_CALLS,
  VIP_CALLS,
  CONTACT_CALLS,
  VENDOR_WALLET_CALLS,
  BACKOFFICE_CALLS,
  TRANSFER_CALLS,
  KYC_CALLS,
  CASHIER_CALLS,
  WITHDRAWAL_CALLS,
  POINT_CALLS,
  POINT_MALL_CALLS,
  REBATE_CALLS,
  LEADERBOARD_CALLS,
  MISSION_CALLS,
  PROMOTION_CALLS,
  RAFFLE_CALLS,
  SUPPORT_CALLS,
].flatMap((table) => Object.values(table));
const PREFIXES = [...CALL_PATH_PREFIXES, BACKOFFICE_PATH_PREFIX];

const routeName = (method: string, path: string) => `${method} ${path}`;

describe('the routes of the platform calls', () => {
  let t: TestApp;
  const registered: string[] = [];

  beforeAll(async () => {
    // With the outbox and the settlement clock on, so that every route the server can serve is registered.
    t = await createTestApp(
      { DEV_OUTBOX_API: 'true', DEV_CLOCK_API: 'true' },
      {
        onRoute: (route) => {
          if (!PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
          // HEAD is Fastify's own twin of each GET.
          const methods = [route.method].flat().filter((method) => method !== 'HEAD');
          registered.push(...methods.map((method) => routeName(method, route.url)));
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('are exactly the calls of the contract, by method and path', () => {
    const contract = CONTRACT_CALLS.map((call) => routeName(call.method, call.path));
    expect(registered.length).toBeGreaterThan(50);
    expect([...registered].sort()).toEqual([...contract].sort());
  });
});

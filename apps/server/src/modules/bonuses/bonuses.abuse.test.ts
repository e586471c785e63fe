import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { injectEncrypted, solveAltcha } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { bonusesOf, closePromotions, createPromotion } from './bonuses.fixtures';

// The sign-up bonus's abuse check (decision 0057): a new member sharing its registration IP or phone with a member
// paid the same sign-up bonus is not paid; the bonus is held as a flag, paid once by its key if an operator releases it.

// Registration runs scrypt at production cost; a loaded machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe('the sign-up bonus and the abuse check', () => {
  let t: TestApp;
  let brand: Merchant;
  let promotionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await closePromotions(t.app, brand.id, 'signup_bonus');
    promotionId = (
      await createPromotion(t.app, brand.id, {
        kind: 'signup_bonus',
        rules: { fixedMinor: 5_000, wageringMultiplier: 3 },
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  }, 60_000);

  let serial = 0;
  async function register(ip: string): Promise<number> {
    serial += 1;
    const username = `abuse${Date.now().toString(36)}${serial}`;
    const response = await injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      body: {
        login: false,
        registerMethod: 'WEB',
        altcha: await solveAltcha(t.app),
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
      },
      headers: {},
      remoteAddress: ip,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [member] = await query<{ id: unknown }>(t.app.db, sql`SELECT id FROM members WHERE account = ${username}`);
    return toNumber(member!.id);
  }
  const balanceOf = (memberId: number) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId: brand.id, memberId, currency: 'KRW' });
  const flagsOf = (memberId: number) =>
    query<{ id: unknown; kind: string; payout_key: string; matched: unknown; status: string }>(
      t.app.db,
      sql`SELECT id, kind, payout_key, matched_member_ids::text AS matched, status FROM abuse_flags
          WHERE member_id = ${memberId}`,
    );

  it('holds the bonus of a member registering from the IP of a member paid it, and pays it once when released', async () => {
    const first = await register('203.0.113.21');
    expect(await bonusesOf(t.app.db, first)).toHaveLength(1);

    const second = await register('203.0.113.21');
    expect(await bonusesOf(t.app.db, second)).toEqual([]);
    expect(await balanceOf(second)).toBe(0);
    const [flag] = await flagsOf(second);
    expect(flag).toMatchObject({
      kind: 'signup_bonus',
      payout_key: `bonus:${promotionId}:${second}`,
      matched: `{${first}}`,
      status: 'open',
    });

    // Another address, and one that says nothing of a person (a private network), are paid as before.
    const third = await register('198.51.100.33');
    const fourth = await register('10.9.9.9');
    const fifth = await register('10.9.9.9');
    for (const memberId of [third, fourth, fifth]) expect(await balanceOf(memberId)).toBe(5_000);
    expect(await flagsOf(fifth)).toEqual([]);

    const flagId = toNumber(flag!.id);
    await Promise.allSettled(
      Array.from({ length: 5 }, () => t.app.abuse.release(TEST_ACTOR, brand, flagId, 'Same household, one bonus each')),
    );
    expect(await bonusesOf(t.app.db, second)).toEqual([
      expect.objectContaining({ status: 'active', amountMinor: 5_000, wageringRequiredMinor: 15_000 }),
    ]);
    expect(await balanceOf(second)).toBe(5_000);
    const movements = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM wallet_movements WHERE idempotency_key = ${`bonus:${promotionId}:${second}`}`,
    );
    expect(toNumber(movements[0]?.n)).toBe(1);
  });

  it("rejects a held bonus for good: the member's balance stays as it was", async () => {
    await register('203.0.113.77');
    const twin = await register('203.0.113.77');
    const [flag] = await flagsOf(twin);
    await t.app.abuse.reject(TEST_ACTOR, brand, toNumber(flag!.id), 'Second account of one person');
    expect(await bonusesOf(t.app.db, twin)).toEqual([]);
    expect(await balanceOf(twin)).toBe(0);
    expect((await flagsOf(twin))[0]?.status).toBe('rejected');
  });
});

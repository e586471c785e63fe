import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBrand } from '../../test/brands';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createTestMember,
  injectEncrypted,
  queryRows,
  signInTestMember,
  solveAltcha,
  type TestMember,
} from '../../test/members';
import { ReferralService } from './referral.service';

// Registration runs scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let counter = 1;
const nextIp = () => `10.7.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
const uniqueName = () => `ref${Date.now().toString(36)}${counter++}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, authorization?: string, host = 'localhost') {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { host, language: 'EN', ...(authorization ? { authorization } : {}) },
  });
}

/** A member registered as a visitor would through `link`: the registration page's code, sent with the form. */
async function registerThrough(link: string, username: string) {
  const referralCode = new URL(link).searchParams.get('referralCode') ?? '';
  return injectEncrypted(t.app, {
    method: 'PUT',
    url: '/wps/member/register',
    body: {
      login: true,
      registerMethod: 'WEB',
      altcha: await solveAltcha(t.app),
      username,
      password: 'Secret12!',
      confirmPassword: 'Secret12!',
      referralCode,
    },
    remoteAddress: nextIp(),
  });
}

/** Members who name `inviter` as inviter, inserted directly, registered at the given times. */
async function insertReferred(inviter: TestMember, registeredAt: Date[]): Promise<number[]> {
  const ids: number[] = [];
  for (const at of registeredAt) {
    const member = await createTestMember(t.app, { merchantCode: inviter.merchantCode });
    await t.app.db.execute(
      sql`UPDATE members SET referrer_id = ${inviter.id}, created_at = ${at.toISOString()}::timestamptz
          WHERE id = ${member.id}`,
    );
    ids.push(member.id);
  }
  return ids;
}

async function withBrandChange(
  change: () => Promise<unknown>,
  restore: () => Promise<unknown>,
  run: () => Promise<void>,
) {
  await change();
  t.app.merchants.invalidate();
  try {
    await run();
  } finally {
    await restore();
    t.app.merchants.invalidate();
  }
}

describe(ReferralService.name, () => {
  describe('GET /wps/member/referral', () => {
    it('refuses a visitor, a trial account and a free-play guest', async () => {
      expect((await get('/wps/member/referral')).json().code).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect((await get('/wps/member/referral', trial.authorization)).json().code).toBe('NEED_TRUE_ACCOUNT');
      const guest = await signInTestMember(t.app, { isFreePlay: true });
      expect((await get('/wps/member/referral/members', guest.authorization)).json().code).toBe('NEED_TRUE_ACCOUNT');
    });

    it("links to the registration on the brand's site address, whatever the Host, and names the inviter of who registers there", async () => {
      const inviter = await signInTestMember(t.app);
      // A host no brand claims falls back to the demo brand: the link must still be the brand's own address.
      const summary = (await get('/wps/member/referral', inviter.authorization, 'evil-attacker.example')).json().value;
      const [brand] = await queryRows<{ site_url: string }>(
        t.app,
        sql`SELECT site_url FROM merchants WHERE code = 'parlay'`,
      );
      expect(summary.code).toMatch(/^[A-Z2-9]{8}$/);
      expect(summary.link).toBe(`${brand?.site_url}/register?referralCode=${summary.code}`);
      expect(summary.counts).toEqual({ total: 0, thisMonth: 0, played: 0 });

      const username = uniqueName();
      expect((await registerThrough(summary.link, username)).json().success).toBe(true);

      const after = (await get('/wps/member/referral', inviter.authorization)).json().value;
      expect(after).toMatchObject({ code: summary.code, counts: { total: 1, thisMonth: 1, played: 0 } });
      const members = (await get('/wps/member/referral/members', inviter.authorization)).json().value;
      expect(members.nextCursor).toBeNull();
      expect(members.list).toHaveLength(1);
      expect(members.list[0]).toMatchObject({ hasPlayed: false });
      expect(members.list[0].account).toBe(
        `${username.slice(0, 2)}${'*'.repeat(username.length - 3)}${username.slice(-1)}`,
      );
      expect(Date.now() - Date.parse(members.list[0].registeredAt)).toBeLessThan(60_000);
    });

    it('gives an account without a code one, the same at every read', async () => {
      const member = await signInTestMember(t.app);
      expect(
        (
          await queryRows<{ c: string | null }>(
            t.app,
            sql`SELECT invite_code AS c FROM members WHERE id = ${member.member.id}`,
          )
        )[0]?.c,
      ).toBeNull();
      const first = (await get('/wps/member/referral', member.authorization)).json().value.code;
      const second = (await get('/wps/member/referral', member.authorization)).json().value.code;
      expect(first).toMatch(/^[A-Z2-9]{8}$/);
      expect(second).toBe(first);
    });

    it("counts this month's in the brand's time zone, and those who have played", async () => {
      const inviter = await createTestMember(t.app);
      // 00:30 on 1 November in Seoul is still 31 October in UTC; 23:59 on 31 October in Seoul is last month.
      const [, , later] = await insertReferred(inviter, [
        new Date('2026-10-31T14:59:00Z'),
        new Date('2026-10-31T15:30:00Z'),
        new Date('2026-11-20T09:00:00Z'),
      ]);
      const [vendor] = await queryRows<{ id: number }>(t.app, sql`SELECT id FROM game_vendors ORDER BY id LIMIT 1`);
      await t.app.db.execute(
        sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_code, currency, stake_minor)
            VALUES (${vendor?.id}, ${`referral-${later}`}, ${inviter.merchantId}, ${later}, 'dice', 'KRW', 1000)`,
      );
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const summary = await t.app.accounts.referrals.getSummary(merchant, inviter.id, new Date('2026-11-27T12:00:00Z'));
      expect(summary.counts).toEqual({ total: 3, thisMonth: 2, played: 1 });
    });

    it('offers no link while registration would not take the code, and refuses with the referral switch off', async () => {
      const member = await signInTestMember(t.app);
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const rules = await t.app.accounts.registration.getRules(merchant.id);
      await withBrandChange(
        () =>
          t.app.accounts.registration.setRules(merchant.id, {
            referralCode: { ...rules.referralCode, enabled: false },
          }),
        () => t.app.accounts.registration.setRules(merchant.id, { referralCode: rules.referralCode }),
        async () => {
          const summary = (await get('/wps/member/referral', member.authorization)).json().value;
          expect(summary.link).toBeNull();
          expect(summary.code).toMatch(/^[A-Z2-9]{8}$/);
        },
      );
      const [brand] = await queryRows<{ site_url: string }>(
        t.app,
        sql`SELECT site_url FROM merchants WHERE id = ${merchant.id}`,
      );
      await withBrandChange(
        () => t.app.db.execute(sql`UPDATE merchants SET site_url = NULL WHERE id = ${merchant.id}`),
        () => t.app.db.execute(sql`UPDATE merchants SET site_url = ${brand?.site_url} WHERE id = ${merchant.id}`),
        async () => {
          expect((await get('/wps/member/referral', member.authorization)).json().value.link).toBeNull();
        },
      );
      const whitelabel = merchant.whitelabel.map((node) =>
        node.modId === 'REFERRAL' ? { ...node, enabled: '0' as const } : node,
      );
      await withBrandChange(
        () =>
          t.app.db.execute(
            sql`UPDATE merchants SET whitelabel = ${JSON.stringify(whitelabel)}::jsonb WHERE id = ${merchant.id}`,
          ),
        () =>
          t.app.db.execute(
            sql`UPDATE merchants SET whitelabel = ${JSON.stringify(merchant.whitelabel)}::jsonb WHERE id = ${merchant.id}`,
          ),
        async () => {
          expect((await get('/wps/member/referral', member.authorization)).json().code).toBe('FUNCTION_NOT_ENABLED');
          expect((await get('/wps/member/referral/members', member.authorization)).json().code).toBe(
            'FUNCTION_NOT_ENABLED',
          );
        },
      );
    });
  });

  describe('GET /wps/member/referral/members', () => {
    it('pages newest first by keyset, and refuses a cursor it never gave', async () => {
      const inviter = await signInTestMember(t.app);
      const ids = await insertReferred(inviter.member, [
        new Date('2026-11-01T00:00:00Z'),
        new Date('2026-11-02T00:00:00Z'),
        new Date('2026-11-03T00:00:00Z'),
      ]);
      const accounts = await queryRows<{ id: number; account: string }>(
        t.app,
        sql`SELECT id, account FROM members WHERE referrer_id = ${inviter.member.id} ORDER BY id DESC`,
      );
      expect(accounts.map((row) => Number(row.id))).toEqual([...ids].reverse());
      const first = (await get('/wps/member/referral/members?pageSize=2', inviter.authorization)).json().value;
      expect(first.list.map((item: { registeredAt: string }) => item.registeredAt)).toEqual([
        '2026-11-03T00:00:00.000Z',
        '2026-11-02T00:00:00.000Z',
      ]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (
        await get(`/wps/member/referral/members?pageSize=2&cursor=${first.nextCursor}`, inviter.authorization)
      ).json().value;
      expect(second.list.map((item: { registeredAt: string }) => item.registeredAt)).toEqual([
        '2026-11-01T00:00:00.000Z',
      ]);
      expect(second.nextCursor).toBeNull();
      // Masked: never the account as it is.
      for (const item of [...first.list, ...second.list]) {
        expect(accounts.map((row) => row.account)).not.toContain(item.account);
        expect(item.account).toContain('*');
      }
      const bad = await get('/wps/member/referral/members?cursor=../1', inviter.authorization);
      expect(bad.statusCode).toBe(400);
    });

    it("shows a member only their own: not another member's, not on another brand's host", async () => {
      const inviter = await signInTestMember(t.app);
      await insertReferred(inviter.member, [new Date('2026-11-05T00:00:00Z')]);
      const other = await signInTestMember(t.app);
      const otherList = (await get('/wps/member/referral/members', other.authorization)).json().value;
      expect(otherList.list).toEqual([]);
      expect((await get('/wps/member/referral', other.authorization)).json().value.counts.total).toBe(0);

      await createTestBrand(t.app.db, 'referralother', 'referral-other.example');
      // The inviter's token is the demo brand's: another brand's host knows no such session.
      expect(
        (await get('/wps/member/referral/members', inviter.authorization, 'referral-other.example')).json().code,
      ).toBe('NOT_LOGGED_IN');
      // A member of the other brand sees none of the demo brand's.
      const foreign = await signInTestMember(t.app, { merchantCode: 'referralother' });
      const foreignList = (
        await get('/wps/member/referral/members', foreign.authorization, 'referral-other.example')
      ).json().value;
      expect(foreignList.list).toEqual([]);
    });
  });
});

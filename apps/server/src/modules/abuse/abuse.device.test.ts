import { randomBytes } from 'node:crypto';
import { DEVICE_HEADER } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../lib/crypto/token';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, injectEncrypted, loginThroughApi, solveAltcha, type TestMember } from '../../test/members';
import { bonusesOf, closePromotions, createPromotion } from '../bonuses/bonuses.fixtures';
import type { Merchant } from '../merchant/index';
import { feedDeposit, missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import {
  drainReferrals,
  inviteMember,
  progressOf,
  referralPaidTo,
  setReferralRules,
  stopReferralJobs,
} from '../referral/referral-rewards.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';

// The abuse check's "same device" (decision 0057, migration 0084): the player site's device id (X-Parlay-Device), kept
// as its SHA-256 with each sign-in and registration, matches two members of a brand who used one browser. Each member
// here signs in or registers from an address of its own, so what matches is the device alone.

// Registration and sign-in run scrypt at production cost; a loaded machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** A device id as the player site makes one: 128 random bits, base64url. */
const newDeviceId = () => randomBytes(16).toString('base64url');

let lastAddress = 0;
/** A public address no other member of the test uses (an address that says something of a person, and its own). */
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;

describe('the abuse check and the device id', () => {
  let t: TestApp;
  let brand: Merchant;
  let promotionId: number;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopReferralJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    brand = (await t.app.merchants.findByCode('parlay'))!;
    await setReferralRules(t.app, 'parlay');
    await drainReferrals(t.app);
    await closePromotions(t.app, brand.id, 'signup_bonus');
    promotionId = (
      await createPromotion(t.app, brand.id, {
        kind: 'signup_bonus',
        rules: { fixedMinor: 5_000, wageringMultiplier: 3 },
      })
    ).id;
    await createTestBrand(t.app.db, 'devicex', 'devicex.example');
  });
  afterAll(async () => {
    await t.close();
  }, 60_000);

  let serial = 0;
  /** Registers through PUT /wps/member/register (login false) with this device header, as the player site does. */
  async function register(device: string | undefined): Promise<number> {
    serial += 1;
    const username = `device${Date.now().toString(36)}${serial}`;
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
      headers: device === undefined ? {} : { [DEVICE_HEADER]: device },
      remoteAddress: newAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [member] = await query<{ id: unknown }>(t.app.db, sql`SELECT id FROM members WHERE account = ${username}`);
    return toNumber(member!.id);
  }

  /** Signs in through POST /wps/session/login with this device header; answers the response. */
  async function signIn(member: TestMember, device: string, host = 'localhost') {
    const response = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { headers: { host, [DEVICE_HEADER]: device }, remoteAddress: newAddress() },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ success: boolean }>().success, response.body).toBe(true);
    return response;
  }

  const balanceOf = (memberId: number) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId: brand.id, memberId, currency: 'KRW' });
  const flagsOf = async (memberId: number) =>
    (
      await query<{ kind: string; payout_key: string; evidence: string }>(
        t.app.db,
        sql`SELECT kind, payout_key, evidence::text AS evidence FROM abuse_flags WHERE member_id = ${memberId}`,
      )
    ).map((row) => ({ ...row, evidence: JSON.parse(row.evidence) as unknown }));
  const signInDevices = async (memberId: number) =>
    (
      await query<{ device_hash: string | null }>(
        t.app.db,
        sql`SELECT device_hash FROM member_sign_ins WHERE member_id = ${memberId} ORDER BY id`,
      )
    ).map((row) => row.device_hash);
  const accountOf = async (memberId: number) =>
    (await query<{ account: string }>(t.app.db, sql`SELECT account FROM members WHERE id = ${memberId}`))[0]!.account;

  it("holds the sign-up bonus of a member registering on the device of a member paid it, with the device's hash", async () => {
    const device = newDeviceId();
    const first = await register(device);
    expect(await balanceOf(first)).toBe(5_000);

    const second = await register(device);
    expect(await bonusesOf(t.app.db, second)).toEqual([]);
    expect(await balanceOf(second)).toBe(0);
    const [flag] = await flagsOf(second);
    expect(flag).toMatchObject({ kind: 'signup_bonus', payout_key: `bonus:${promotionId}:${second}` });
    // Only the hash is kept and shown: the id itself is nowhere in the database.
    expect(flag?.evidence).toEqual([
      { kind: 'device', value: sha256Hex(device), memberId: first, account: await accountOf(first) },
    ]);
    const [stored] = await query<{ register_device_hash: string | null }>(
      t.app.db,
      sql`SELECT register_device_hash FROM members WHERE id = ${first}`,
    );
    expect(stored?.register_device_hash).toBe(sha256Hex(device));

    // Another device, and no device at all (another client, storage off), are paid as before.
    const third = await register(newDeviceId());
    const fourth = await register(undefined);
    const fifth = await register(undefined);
    for (const memberId of [third, fourth, fifth]) {
      expect(await balanceOf(memberId)).toBe(5_000);
      expect(await flagsOf(memberId)).toEqual([]);
    }
  });

  it('ignores a device header of another shape: the registration and the sign-in go ahead, with no device kept', async () => {
    const malformed = ['short', 'x'.repeat(65), 'not base64url at all!!', `${newDeviceId()}=`];
    const registered = await register(malformed[0]);
    const [stored] = await query<{ register_device_hash: string | null }>(
      t.app.db,
      sql`SELECT register_device_hash FROM members WHERE id = ${registered}`,
    );
    expect(stored?.register_device_hash).toBeNull();
    expect(await balanceOf(registered)).toBe(5_000);

    const member = await createTestMember(t.app);
    for (const device of malformed) await signIn(member, device);
    expect(await signInDevices(member.id)).toEqual([null, null, null, null]);
  });

  it('matches two members who signed in on one device, never another device or another brand', async () => {
    const device = newDeviceId();
    const a = await createTestMember(t.app);
    const b = await createTestMember(t.app);
    const c = await createTestMember(t.app);
    const elsewhere = await createTestMember(t.app, { merchantCode: 'devicex' });
    await signIn(a, device);
    await signIn(b, device);
    await signIn(c, newDeviceId());
    await signIn(elsewhere, device, 'devicex.example');
    expect(await signInDevices(a.id)).toEqual([sha256Hex(device)]);

    const shared = (x: TestMember, y: TestMember) =>
      t.app.abuse.shared(t.app.db, x.merchantId, x.id, { memberId: y.id });
    expect(await shared(a, b)).toEqual([
      { kind: 'device', value: sha256Hex(device), memberId: b.id, account: b.account },
    ]);
    expect(await shared(a, c)).toEqual([]);
    expect(await shared(a, elsewhere)).toEqual([]);
    expect(await shared(elsewhere, a)).toEqual([]);
  });

  it("holds the referral reward of an inviter who signed in on its invited member's device", async () => {
    const device = newDeviceId();
    const inviter = await createTestMember(t.app);
    const invited = await inviteMember(t.app, inviter);
    await signIn(inviter, device);
    await signIn(invited, device);
    // A pair on devices of their own, qualifying the same way, is paid.
    const otherInviter = await createTestMember(t.app);
    const otherInvited = await inviteMember(t.app, otherInviter);
    await signIn(otherInviter, newDeviceId());
    await signIn(otherInvited, newDeviceId());

    for (const member of [invited, otherInvited]) {
      await feedDeposit(t.app.db, { merchantId: member.merchantId, memberId: member.id, amountMinor: 10_000 });
      await settleRound(t.app.db, { merchantId: member.merchantId, memberId: member.id, game, validBetMinor: 5_000 });
    }
    await drainReferrals(t.app);

    expect((await progressOf(t.app.db, invited.id))?.status).toBe('held');
    expect(await referralPaidTo(t.app.db, inviter.id)).toEqual({ count: 0, total: 0 });
    const [flag] = await flagsOf(inviter.id);
    expect(flag).toMatchObject({ kind: 'referral', payout_key: `referral:${invited.id}` });
    expect(flag?.evidence).toEqual([
      { kind: 'device', value: sha256Hex(device), memberId: invited.id, account: invited.account },
    ]);

    expect((await progressOf(t.app.db, otherInvited.id))?.status).toBe('paid');
    expect(await referralPaidTo(t.app.db, otherInviter.id)).toEqual({ count: 1, total: 3_000 });
    expect(await flagsOf(otherInviter.id)).toEqual([]);
  });
});

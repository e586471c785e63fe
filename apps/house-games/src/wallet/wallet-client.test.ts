import { VENDOR_WALLET_PATHS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_VENDOR_CODE } from '../catalogue';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  startFaultyProxy,
  startPlatform,
  VENDOR_SECRET,
  type Platform,
} from '../test/platform';
import { WalletClient, WalletRefusedError } from './wallet-client';

const MINUTE_MS = 60_000;

describe(WalletClient.name, () => {
  let platform: Platform;
  let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
  let sequence = 0;

  beforeAll(async () => {
    platform = await startPlatform();
    proxy = await startFaultyProxy(platform.url);
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await platform?.close();
  }, 60_000);

  /** A funded member with a live launch of dice, and the round fields the calls share. */
  async function playerWithRound() {
    const member = await createFundedMember(platform, 10_000);
    const launch = await launchGame(platform, member, 'dice');
    sequence += 1;
    const round = {
      playerId: launch['playerId'] ?? '',
      currency: launch['currency'] ?? '',
      roundId: `wc-${sequence}`,
      gameCode: 'dice',
    };
    return { member, sessionToken: launch['sessionToken'] ?? '', round };
  }

  function client(now: () => number): WalletClient {
    return new WalletClient({
      baseUrl: proxy.url,
      vendorCode: HOUSE_VENDOR_CODE,
      secret: VENDOR_SECRET,
      retryDelaysMs: [0],
      maxAttempts: 3,
      now,
    });
  }

  it('signs each attempt when it is sent: a credit retried 10 minutes after a lost attempt is paid', async () => {
    const { member, sessionToken, round } = await playerWithRound();
    await client(Date.now).debit({ ...round, sessionToken, transactionId: `${round.roundId}.d`, amountMinor: 1_000 });

    const lostAt = Date.now() - 10 * MINUTE_MS;
    const signedAt: number[] = [];
    const wallet = client(() => {
      // The first attempt left ten minutes ago and was lost on the way (the platform never saw it); the
      // next leaves now, with the way open. Sent with the first attempt's time, it would be refused.
      const at = signedAt.length === 0 ? lostAt : Date.now();
      if (signedAt.length === 1) proxy.mode = 'pass';
      signedAt.push(at);
      return at;
    });
    proxy.mode = 'refuse';
    proxy.failOn = VENDOR_WALLET_PATHS.credit;
    try {
      const credited = await wallet.credit({
        ...round,
        transactionId: `${round.roundId}.c`,
        amountMinor: 2_500,
        roundEnded: true,
      });
      expect(credited).toMatchObject({ balanceMinor: 11_500, applied: true });
    } finally {
      proxy.mode = 'pass';
      proxy.failOn = null;
    }
    expect(signedAt).toHaveLength(2);
    expect(signedAt[1]! - signedAt[0]!).toBeGreaterThanOrEqual(10 * MINUTE_MS);
    expect(await getPlatformBalance(platform, member.id)).toBe(11_500);
  });

  it('retries a batch of credits whose answer was lost and gets each credit once, answered one by one', async () => {
    const first = await playerWithRound();
    const second = await playerWithRound();
    const wallet = client(Date.now);
    for (const { sessionToken, round } of [first, second]) {
      await wallet.debit({ ...round, sessionToken, transactionId: `${round.roundId}.d`, amountMinor: 1_000 });
    }
    const credit = (round: typeof first.round, amountMinor: number) => ({
      ...round,
      transactionId: `${round.roundId}.c`,
      amountMinor,
      roundEnded: true,
    });
    // The platform applies the batch and the answer is lost; the retry, the same request, gets its answer.
    let attempts = 0;
    proxy.mode = 'drop-answer';
    proxy.failOn = VENDOR_WALLET_PATHS.creditBatch;
    const retried = client(() => {
      attempts += 1;
      if (attempts === 2) proxy.mode = 'pass';
      return Date.now();
    });
    try {
      const answers = await retried.creditBatch([
        credit(first.round, 2_500),
        credit(second.round, 0),
        { ...credit(first.round, 0), roundId: 'wc-no-such-round', transactionId: 'wc-unstaked.c' },
      ]);
      expect(answers).toEqual([
        { transactionId: `${first.round.roundId}.c`, outcome: 'applied', balanceMinor: 11_500, currency: 'KRW' },
        { transactionId: `${second.round.roundId}.c`, outcome: 'applied', balanceMinor: 9_000, currency: 'KRW' },
        { transactionId: 'wc-unstaked.c', outcome: 'refused', currency: 'KRW', code: 'VENDOR_CREDIT_WITHOUT_DEBIT' },
      ]);
    } finally {
      proxy.mode = 'pass';
      proxy.failOn = null;
    }
    expect(attempts).toBe(2);
    // Sent again in another batch: already applied, with its first balance; nothing moves twice.
    const again = await wallet.creditBatch([credit(second.round, 0), credit(first.round, 2_500)]);
    expect(again.map((answer) => [answer.outcome, answer.balanceMinor])).toEqual([
      ['already_applied', 9_000],
      ['already_applied', 11_500],
    ]);
    expect(await getPlatformBalance(platform, first.member.id)).toBe(11_500);
    expect(await getPlatformBalance(platform, second.member.id)).toBe(9_000);
  });

  it('takes a refusal of a clock 6 minutes off as an answer and does not retry it', async () => {
    const { member, sessionToken, round } = await playerWithRound();
    let attempts = 0;
    const wallet = client(() => {
      attempts += 1;
      return Date.now() + 6 * MINUTE_MS;
    });
    const refusal = await wallet
      .debit({ ...round, sessionToken, transactionId: `${round.roundId}.d`, amountMinor: 1_000 })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletRefusedError);
    expect(refusal).toMatchObject({ code: 'VENDOR_SIGNATURE_EXPIRED', status: 401 });
    await expect(
      wallet.credit({ ...round, transactionId: `${round.roundId}.c`, amountMinor: 0, roundEnded: true }),
    ).rejects.toMatchObject({ code: 'VENDOR_SIGNATURE_EXPIRED' });
    expect(attempts).toBe(2);
    expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
  });
});

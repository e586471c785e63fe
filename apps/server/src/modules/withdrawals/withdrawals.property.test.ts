import { WITHDRAWAL_HELD_STATUSES, type WithdrawalStatus } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import { payoutNoOf, type PayoutProvider } from './withdrawal-review.service';
import {
  bindAccount,
  checkWithdrawalLedger,
  createWithdrawer,
  setWithdrawalSettings,
  type Withdrawer,
} from './withdrawals.fixtures';
import { WithdrawalService } from './withdrawals.service';

const START = 100_000;

type Step =
  | { kind: 'request'; amount: number }
  | { kind: 'approve'; pick: number; provider: boolean; refuse: boolean }
  | { kind: 'reject'; pick: number }
  | { kind: 'markPaid'; pick: number }
  | { kind: 'payoutResult'; pick: number; paid: boolean }
  | { kind: 'confirm'; pick: number; outcome: 'received' | 'partlyReceived' }
  | { kind: 'autoReceipt'; minutes: number }
  | { kind: 'resolve'; pick: number; refund: number };

/** Where each request may go next: any other move is a bug. */
const LEGAL: Record<WithdrawalStatus, WithdrawalStatus[]> = {
  requested: ['approved', 'paying', 'rejected'],
  approved: ['paid', 'rejected'],
  paying: ['paid', 'payout_failed'],
  payout_failed: ['paying', 'paid', 'rejected'],
  paid: ['confirmed_received', 'partly_received', 'not_received', 'auto_received'],
  rejected: [],
  confirmed_received: [],
  partly_received: [],
  not_received: [],
  auto_received: [],
};

/** Every state some run of arrows leads to from `from`. */
function reachable(from: WithdrawalStatus): WithdrawalStatus[] {
  const seen = new Set<WithdrawalStatus>();
  const next = [...LEGAL[from]];
  while (next.length > 0) {
    const status = next.pop()!;
    if (seen.has(status)) continue;
    seen.add(status);
    next.push(...LEGAL[status]);
  }
  return [...seen];
}

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('request' as const), amount: fc.integer({ min: 1_000, max: 60_000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('approve' as const),
      pick: fc.nat(20),
      provider: fc.boolean(),
      refuse: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('markPaid' as const), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('payoutResult' as const), pick: fc.nat(20), paid: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      pick: fc.nat(20),
      outcome: fc.constantFrom('received' as const, 'partlyReceived' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('autoReceipt' as const), minutes: fc.integer({ min: 0, max: 90 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('resolve' as const), pick: fc.nat(20), refund: fc.nat(10_000) }),
  },
);

describe(WithdrawalService.name, () => {
  let t: TestApp;
  let merchant: Merchant;
  const provider: PayoutProvider & { refuseNext: boolean } = {
    code: 'modelpay',
    refuseNext: false,
    async createPayout(req) {
      if (provider.refuseNext) {
        provider.refuseNext = false;
        throw new Error('refused');
      }
      return { providerRef: `ref-${req.payoutNo}` };
    },
    // The model's results come only through its payout events.
    async queryPayout(payoutNo) {
      return { status: 'pending', providerRef: `ref-${payoutNo}`, reason: null };
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    await setWithdrawalSettings(t.app, {
      minMinor: 1_000,
      maxMinor: 1_000_000,
      dailyCount: 100,
      confirmMinutes: 60,
      paymentPasswordRequired: false,
    });
    merchant = (await t.app.merchants.findByCode('parlay'))!;
    t.app.withdrawals.review.setPayoutGateway({
      payoutProviderOf: async () => ({ provider, callbackUrl: 'http://x/cb' }),
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps the ledger balanced, the hold equal to the open requests, and every request in a legal state', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 18 }), async (steps) => {
        run += 1;
        // The clock the service and the job read: moved on by the auto-receipt steps.
        let now = Date.now() + run * 86_400_000;
        const who: Withdrawer = await createWithdrawer(t.app, { depositMinor: START, betMinor: START });
        const accountId = await bindAccount(t.app, who);
        const requests = new WithdrawalService(
          t.app.db,
          t.app.gaming.wallet,
          t.app.accounts.paymentPassword,
          () => new Date(now),
        );
        const { review } = t.app.withdrawals;
        const member = { ...who.member, sessionId: 0 };
        const ids: number[] = [];
        const seen = new Map<number, WithdrawalStatus>();
        const pick = (index: number) => (ids.length ? ids[index % ids.length]! : undefined);
        const statusOf = async (id: number) =>
          (
            await query<{ status: WithdrawalStatus }>(
              t.app.db,
              sql`SELECT status FROM withdrawal_requests WHERE id = ${id}`,
            )
          )[0]!.status;
        const attempt = async (action: () => Promise<unknown>) => {
          try {
            await action();
          } catch (error) {
            const code = (error as { code?: string }).code;
            // Refusals are the rules at work; anything else is a bug.
            if (!code?.startsWith('WITHDRAWAL_') && code !== 'BO_CHANGED_SINCE_OPENED') throw error;
          }
        };
        for (const [index, step] of steps.entries()) {
          const id = 'pick' in step ? pick(step.pick) : undefined;
          const row = id === undefined ? undefined : await review.get(merchant, id);
          switch (step.kind) {
            case 'request':
              await attempt(async () => {
                const made = await requests.request(
                  merchant,
                  member,
                  { bankAccountId: accountId, amountMinor: step.amount, requestId: `model-${run}-${index}` },
                  '10.0.0.1',
                );
                ids.push(made.id);
              });
              break;
            case 'approve':
              if (!row) break;
              provider.refuseNext = step.refuse;
              await attempt(() =>
                review.approve(TEST_ACTOR, merchant, row.id, {
                  version: row.version,
                  payout: step.provider ? 'provider' : 'manual',
                }),
              );
              provider.refuseNext = false;
              break;
            case 'reject':
              if (row)
                await attempt(() =>
                  review.reject(TEST_ACTOR, merchant, row.id, { version: row.version, reason: 'model' }),
                );
              break;
            case 'markPaid':
              if (row) await attempt(() => review.markPaid(TEST_ACTOR, merchant, row.id, { version: row.version }));
              break;
            case 'payoutResult':
              if (row) {
                await review.onPayoutEvent({
                  payoutNo: payoutNoOf(row.id),
                  providerRef: 'ref',
                  status: step.paid ? 'paid' : 'failed',
                  reason: step.paid ? null : 'bank said no',
                  eventId: `ev-${index}`,
                });
              }
              break;
            case 'confirm':
              if (row) {
                await attempt(() =>
                  requests.confirm(merchant, member, row.id, {
                    outcome: step.outcome,
                    ...(step.outcome === 'partlyReceived'
                      ? { missingMinor: Math.max(1, Math.floor(row.amountMinor / 3)) }
                      : {}),
                  }),
                );
              }
              break;
            case 'autoReceipt':
              now += step.minutes * 60_000;
              await requests.autoReceive(new Date(now));
              break;
            case 'resolve':
              if (row) {
                await attempt(() =>
                  review.resolveCase(TEST_ACTOR, merchant, row.id, {
                    version: row.version,
                    reason: 'model',
                    refundMinor: step.refund,
                  }),
                );
              }
              break;
          }
          // After every step: each request moved only along the legal arrows, and the books agree.
          for (const known of ids) {
            const status = await statusOf(known);
            const before = seen.get(known) ?? 'requested';
            // One step may take more than one arrow (approval through a provider that refuses: paying, then failed).
            if (status !== before) expect(reachable(before), `${before} → ${status}`).toContain(status);
            seen.set(known, status);
          }
          expect(await checkWithdrawalLedger(t.app)).toEqual({
            unbalancedMovements: 0,
            negativeBalances: 0,
            balanceMismatches: 0,
            holdGap: 0,
          });
        }
        // Money is kept: the member's balance + what is held + what was paid out − refunds = the start.
        const rows = await query<{ status: WithdrawalStatus; amount_minor: unknown; case_refund_minor: unknown }>(
          t.app.db,
          sql`SELECT status, amount_minor, case_refund_minor FROM withdrawal_requests WHERE member_id = ${who.member.id}`,
        );
        const balance = toNumber(
          (
            await query<{ b: unknown }>(
              t.app.db,
              sql`SELECT balance_minor AS b FROM wallet_accounts WHERE owner_type = 'member' AND member_id = ${who.member.id}`,
            )
          )[0]!.b,
        );
        const out = rows
          .filter((row) => row.status !== 'rejected')
          .reduce((sum, row) => sum + toNumber(row.amount_minor) - toNumber(row.case_refund_minor ?? 0), 0);
        expect(balance + out).toBe(START);
        expect(rows.every((row) => WITHDRAWAL_HELD_STATUSES.includes(row.status) || row.status in LEGAL)).toBe(true);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});

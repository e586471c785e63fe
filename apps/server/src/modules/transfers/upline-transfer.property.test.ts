import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember } from '../../test/members';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { fund, mainBalance, setPaymentPassword, TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';
import { UplineTransferService } from './upline-transfer.service';

const START = 1_000;
const LIMITS = { minMinor: 100, maxMinor: 600, dailyMaxMinor: 1_500 };

interface Step {
  player: number;
  amount: number;
  key: number;
}

/** Two members under one agent as a reader would write them down: what the server must agree with. */
class UplineModel {
  readonly balances = [START, START];
  upline = 0;
  readonly sent = [0, 0];
  private readonly keys = new Map<string, number>();

  apply(step: Step): string {
    if (step.amount < LIMITS.minMinor) return 'TRANSFER_BELOW_MIN';
    if (step.amount > LIMITS.maxMinor) return 'TRANSFER_ABOVE_MAX';
    const id = `${step.player}:${step.key}`;
    const known = this.keys.get(id);
    if (known !== undefined) return known === step.amount ? 'repeat' : 'TRANSFER_REQUEST_CONFLICT';
    if (this.sent[step.player]! + step.amount > LIMITS.dailyMaxMinor) return 'TRANSFER_DAILY_LIMIT';
    if (this.balances[step.player]! < step.amount) return 'TRANSFER_INSUFFICIENT_BALANCE';
    this.keys.set(id, step.amount);
    this.balances[step.player]! -= step.amount;
    this.sent[step.player]! += step.amount;
    this.upline += step.amount;
    return 'applied';
  }
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  player: fc.integer({ min: 0, max: 1 }),
  amount: fc.oneof(fc.integer({ min: 50, max: 700 }), fc.constantFrom(99, 100, 600, 601)),
  // Few keys, so that repeats and conflicts come up often.
  key: fc.integer({ min: 0, max: 6 }),
});

describe(UplineTransferService.name, () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.execute(sql`INSERT INTO member_transfer_limits (merchant_id, min_minor, max_minor, daily_max_minor)
      SELECT id, ${LIMITS.minMinor}, ${LIMITS.maxMinor}, ${LIMITS.dailyMaxMinor} FROM merchants WHERE code = 'parlay'`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('agrees with the model over random transfers, repeats and conflicts: limits hold, nothing made or lost', async () => {
    const merchant = await t.app.merchants.findByCode('parlay');
    if (!merchant) throw new Error('no demo brand');
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }), async (steps) => {
        run += 1;
        const agent = await createTestMember(t.app, { agentType: 1 });
        const players = [];
        for (let index = 0; index < 2; index += 1) {
          const player = await signInTestMember(t.app, { uplineId: agent.id });
          await setPaymentPassword(t.app, player.member.id);
          await fund(t.app, player.member, START);
          players.push(player);
        }
        const model = new UplineModel();
        for (const step of steps) {
          const expected = model.apply(step);
          let outcome: string;
          try {
            const reply = await t.app.gaming.uplineTransfers.transfer(merchant, players[step.player]!.member, {
              amountMinor: step.amount,
              paymentPassword: TEST_PAYMENT_PASSWORD,
              requestId: `model-${run}-${step.key}`,
            });
            outcome = reply.repeated ? 'repeat' : 'applied';
          } catch (error) {
            outcome = (error as { code?: string }).code ?? String(error);
          }
          expect(outcome, JSON.stringify(step)).toBe(expected);
        }
        for (const [index, player] of players.entries()) {
          expect(await mainBalance(t.app, player.member.id)).toBe(model.balances[index]);
        }
        expect(await mainBalance(t.app, agent.id)).toBe(model.upline);
        expect(model.upline + model.balances[0]! + model.balances[1]!).toBe(2 * START);
        expect(await checkLedger(t.app)).toMatchObject({
          balanceMismatches: 0,
          unbalancedMovements: 0,
          negativeBalances: 0,
        });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});

import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { DownlineTransferService } from './downline-transfer.service';
import { fund, mainBalance, setPaymentPassword, TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';

const START = 2_000;
const LIMITS = { minMinor: 100, maxMinor: 600, dailyMaxMinor: 1_500 };

// Whom the agent sends to: its direct member, a member under its sub-agent, its own upline (the upline transfer, whose
// daily total is counted apart), a member of another agent.
const TARGETS = ['direct', 'deep', 'upline', 'outsider'] as const;
type Target = (typeof TARGETS)[number];

interface Step {
  target: Target;
  amount: number;
  key: number;
}

/** An agent's money as a reader would write it down: what the server must agree with. */
class AgentModel {
  balance = START;
  readonly received: Record<Target, number> = { direct: 0, deep: 0, upline: 0, outsider: 0 };
  private readonly sent = { upline: 0, downline: 0 };
  private readonly keys = new Map<string, { amount: number; target: Target }>();

  constructor(private readonly scope: 'any' | 'direct') {}

  apply(step: Step): string {
    if (step.target === 'outsider') return 'AGENT_NOT_IN_DOWNLINE';
    if (step.target === 'deep' && this.scope === 'direct') return 'TRANSFER_DOWNLINE_DIRECT_ONLY';
    if (step.amount < LIMITS.minMinor) return 'TRANSFER_BELOW_MIN';
    if (step.amount > LIMITS.maxMinor) return 'TRANSFER_ABOVE_MAX';
    // One requestId space for the agent, whichever direction.
    const known = this.keys.get(String(step.key));
    if (known)
      return known.amount === step.amount && known.target === step.target ? 'repeat' : 'TRANSFER_REQUEST_CONFLICT';
    const direction = step.target === 'upline' ? 'upline' : 'downline';
    if (this.sent[direction] + step.amount > LIMITS.dailyMaxMinor) return 'TRANSFER_DAILY_LIMIT';
    if (this.balance < step.amount) return 'TRANSFER_INSUFFICIENT_BALANCE';
    this.keys.set(String(step.key), { amount: step.amount, target: step.target });
    this.balance -= step.amount;
    this.sent[direction] += step.amount;
    this.received[step.target] += step.amount;
    return 'applied';
  }
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  target: fc.constantFrom(...TARGETS, 'direct', 'deep'),
  amount: fc.oneof(fc.integer({ min: 50, max: 700 }), fc.constantFrom(99, 100, 600, 601)),
  // Few keys, so that repeats and conflicts come up often.
  key: fc.integer({ min: 0, max: 6 }),
});

describe(DownlineTransferService.name, () => {
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

  it('agrees with the model over transfers down and up, scopes, outsiders, repeats and conflicts', async () => {
    const merchant = await t.app.merchants.findByCode('parlay');
    if (!merchant) throw new Error('no demo brand');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('any' as const, 'direct' as const),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }),
        async (scope, steps) => {
          run += 1;
          await t.app.db.execute(sql`UPDATE member_transfer_limits SET downline_scope = ${scope}`);
          // top ── agent ─┬─ direct
          //               └─ sub (agent) ── deep         other ── outsider
          const top = await createTestMember(t.app, { agentType: 1 });
          const agent = await createTestMember(t.app, { agentType: 2, uplineId: top.id });
          const sub = await createTestMember(t.app, { agentType: 2, uplineId: agent.id });
          const other = await createTestMember(t.app, { agentType: 1 });
          const members: Record<Target, { id: number }> = {
            direct: await createTestMember(t.app, { uplineId: agent.id }),
            deep: await createTestMember(t.app, { uplineId: sub.id }),
            upline: top,
            outsider: await createTestMember(t.app, { uplineId: other.id }),
          };
          await setPaymentPassword(t.app, agent.id);
          await fund(t.app, agent, START);
          const model = new AgentModel(scope);
          for (const step of steps) {
            const expected = model.apply(step);
            const request = {
              amountMinor: step.amount,
              paymentPassword: TEST_PAYMENT_PASSWORD,
              requestId: `model-${run}-${step.key}`,
            };
            let outcome: string;
            try {
              const reply =
                step.target === 'upline'
                  ? await t.app.gaming.uplineTransfers.transfer(merchant, agent, request)
                  : await t.app.gaming.downlineTransfers.transfer(merchant, agent, {
                      ...request,
                      memberId: members[step.target].id,
                    });
              outcome = reply.repeated ? 'repeat' : 'applied';
            } catch (error) {
              outcome = (error as { code?: string }).code ?? String(error);
            }
            expect(outcome, JSON.stringify(step)).toBe(expected);
          }
          expect(await mainBalance(t.app, agent.id)).toBe(model.balance);
          for (const target of TARGETS) {
            expect(await mainBalance(t.app, members[target].id), target).toBe(model.received[target]);
          }
          expect(await checkLedger(t.app)).toMatchObject({
            balanceMismatches: 0,
            unbalancedMovements: 0,
            negativeBalances: 0,
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});

import { PROTECTION_CHANGE_DELAY_HOURS } from '@parlay/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { ProtectionService } from './protection.service';

const HOUR = 60 * 60_000;
const DELAY = PROTECTION_CHANGE_DELAY_HOURS * HOUR;

type Step = { kind: 'set'; value: number | null } | { kind: 'wait'; hours: number } | { kind: 'job' };

/** The rule as a reader would write it down: what the service must show after every step. */
class LimitModel {
  value: number | null = null;
  pending: { value: number | null; at: number } | null = null;

  settle(now: number) {
    if (this.pending && this.pending.at <= now) {
      this.value = this.pending.value;
      this.pending = null;
    }
  }

  set(value: number | null, now: number) {
    this.settle(now);
    if (value === this.value) this.pending = null;
    else if (value !== null && (this.value === null || value < this.value)) {
      this.value = value;
      this.pending = null;
    } else this.pending = { value, at: now + DELAY };
  }
}

const steps = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      value: fc.option(fc.constantFrom(100, 200, 300, 500), { nil: null }),
    }),
    fc.record({ kind: fc.constant('wait' as const), hours: fc.constantFrom(1, 12, 23, 24, 25, 48) }),
    fc.record({ kind: fc.constant('job' as const) }),
  ),
  { minLength: 1, maxLength: 12 },
);

describe(ProtectionService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('shows every limit as the model does over any order of changes and waits: lower at once, higher after 24 h', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan: Step[]) => {
        const member = await createTestMember(t.app);
        const owner = { memberId: member.id, merchantId: member.merchantId };
        const clock = { at: new Date('2026-11-27T00:00:00Z'), now: () => clock.at };
        const service = new ProtectionService(t.app.db, t.app.sessions, t.app.audit, clock);
        const model = new LimitModel();
        for (const step of plan) {
          if (step.kind === 'wait') clock.at = new Date(clock.at.getTime() + step.hours * HOUR);
          else if (step.kind === 'job') await service.applyAllDue();
          else {
            await service.setLimit(owner, 'lossDaily', step.value);
            model.set(step.value, clock.at.getTime());
          }
          model.settle(clock.at.getTime());
          const shown = (await service.getSettings(owner)).limits.find((limit) => limit.key === 'lossDaily');
          expect(shown?.value).toBe(model.value);
          expect(shown?.pending).toEqual(
            model.pending
              ? { value: model.pending.value, effectiveAt: new Date(model.pending.at).toISOString() }
              : null,
          );
        }
      }),
      { numRuns: 40 },
    );
  });
});

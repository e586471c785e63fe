import type { ContractTerms } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { AgentContractsService } from './contracts';

// Agent contracts under concurrency (decision 0066): one offer at a time per downline and kind, an offer accepted
// once, and an upline's rate lowered while it passes a higher one on: never an open downline contract above the
// upline's own.

const PARALLEL = 20;
const dividend = (...rates: number[]): ContractTerms => ({
  kind: 'dividend',
  salaryType: null,
  period: 'W',
  tiers: rates.map((rateBp, index) => ({ rateBp, minActiveMembers: index, minValidBetMinor: 0 })),
});

describe(`${AgentContractsService.name} under concurrency`, () => {
  let t: TestApp;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
  });
  afterAll(() => t.close());

  /** top (a brand dividend of 4,000) ── mid ── low, all agents. */
  async function chain() {
    const top = await createTestMember(t.app, { agentType: 1 });
    const mid = await createTestMember(t.app, { agentType: 2, uplineId: top.id });
    const low = await createTestMember(t.app, { agentType: 2, uplineId: mid.id });
    await t.app.agentContracts.setBrandContract(
      merchantId,
      { id: top.id, type: 1, uplineIsAgent: false },
      dividend(4_000),
      TEST_ACTOR,
    );
    return { top, mid, low };
  }
  const caller = (member: TestMember) => ({ memberId: member.id, merchantId });
  const settle = async <T>(work: Promise<T>[]) => {
    const results = await Promise.allSettled(work);
    return {
      passed: results.filter((result) => result.status === 'fulfilled').length,
      codes: results.flatMap((result) =>
        result.status === 'rejected' ? [(result.reason as { code?: string }).code ?? String(result.reason)] : [],
      ),
    };
  };

  it(`keeps one offer per downline and kind when ${PARALLEL} come at once, and accepts it once`, async () => {
    const { top, mid } = await chain();
    const offers = await settle(
      Array.from({ length: PARALLEL }, (_, index) =>
        t.app.agentContracts.process(caller(top), {
          action: 'offer',
          downlineAccount: mid.account,
          terms: dividend(1_000 + index),
        }),
      ),
    );
    expect(offers.passed).toBe(1);
    expect(new Set(offers.codes)).toEqual(new Set(['CONTRACT_OFFER_PENDING']));
    const [offered] = (await t.app.agentContracts.ofKind(caller(mid), 'dividend')).fromUpline;
    const accepts = await settle(
      Array.from({ length: PARALLEL }, () =>
        t.app.agentContracts.process(caller(mid), {
          action: 'accept',
          contractId: offered!.id,
          version: offered!.version,
        }),
      ),
    );
    expect(accepts.passed).toBe(1);
    expect(new Set(accepts.codes)).toEqual(new Set(['CONTRACT_CHANGED']));
    const events = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM agent_contract_events WHERE contract_id = ${offered!.id} AND action = 'accept'`,
    );
    expect(toNumber(events[0]?.n)).toBe(1);
  });

  it("never leaves a downline contract above its upline's own when the upline's rate falls meanwhile", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { top, mid, low } = await chain();
      const first = await t.app.agentContracts.process(caller(top), {
        action: 'offer',
        downlineAccount: mid.account,
        terms: dividend(3_500),
      });
      await t.app.agentContracts.process(caller(mid), {
        action: 'accept',
        contractId: first.contract.id,
        version: first.contract.version,
      });
      const lower = await t.app.agentContracts.process(caller(top), {
        action: 'offer',
        downlineAccount: mid.account,
        terms: dividend(1_000),
      });
      // mid accepts 1,000 (confirming what it ends) while it offers low 3,000 under its 3,500.
      await settle([
        t.app.agentContracts.process(caller(mid), {
          action: 'accept',
          contractId: lower.contract.id,
          version: lower.contract.version,
          confirmDownlineTermination: true,
        }),
        t.app.agentContracts.process(caller(mid), {
          action: 'offer',
          downlineAccount: low.account,
          terms: dividend(3_000),
        }),
      ]);
      const above = await query<{ n: unknown }>(
        t.app.db,
        sql`SELECT count(*) AS n FROM agent_contracts c JOIN agent_contracts u
              ON u.downline_id = c.upline_id AND u.kind = c.kind AND u.status = 'active'
             WHERE c.upline_id = ${mid.id} AND c.status IN ('offered', 'active') AND c.top_rate_bp > u.top_rate_bp`,
      );
      expect(toNumber(above[0]?.n)).toBe(0);
    }
  });
});

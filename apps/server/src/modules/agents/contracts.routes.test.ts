import { ACCOUNT_CALLS, AGENT_CALLS, type ContractTerms, type KindContracts } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import { agentContractsRoutes } from './contracts.routes';

// Agent contracts (decision 0066): offers to a direct downline agent within the offerer's own contract, answers,
// terminations asked and confirmed, the auto-termination of downline contracts above a newly accepted rate, and the
// specification's four calls. Every refusal changes nothing.

const tiers = (...rates: number[]) =>
  rates.map((rateBp, index) => ({ rateBp, minActiveMembers: index * 2, minValidBetMinor: index * 100_000 }));
const dividend = (...rates: number[]): ContractTerms => ({
  kind: 'dividend',
  salaryType: null,
  period: 'W',
  tiers: tiers(...rates),
});
const realtime = (...rates: number[]): ContractTerms => ({
  kind: 'realtime_salary',
  salaryType: 'single_bet',
  period: null,
  tiers: tiers(...rates),
});

describe(agentContractsRoutes.name, () => {
  let t: TestApp;
  // top (brand contracts) ── mid (agent) ── low (agent) ── player; top ── plain (member); other agent ── stranger
  let top: TestMember;
  let mid: TestMember;
  let low: TestMember;
  let plain: TestMember;
  let stranger: TestMember;
  const auth: Record<string, string> = {};
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tag = Date.now().toString(36);
    top = await createTestMember(t.app, { agentType: 1, account: `ctop${tag}` });
    mid = await createTestMember(t.app, { agentType: 2, account: `cmid${tag}`, uplineId: top.id });
    low = await createTestMember(t.app, { agentType: 2, account: `clow${tag}`, uplineId: mid.id });
    await createTestMember(t.app, { account: `cplayer${tag}`, uplineId: low.id });
    plain = await createTestMember(t.app, { account: `cplain${tag}`, uplineId: top.id });
    const other = await createTestMember(t.app, { agentType: 1 });
    stranger = await createTestMember(t.app, { agentType: 2, uplineId: other.id });
    for (const member of [top, mid, low, plain, stranger]) {
      auth[member.account] = (await signInTestMember(t.app, member)).authorization;
    }
    merchantId = top.merchantId;
    for (const terms of [dividend(2_000, 4_000), realtime(50, 100)]) {
      await t.app.agentContracts.setBrandContract(
        merchantId,
        { id: top.id, type: 1, uplineIsAgent: false },
        terms,
        TEST_ACTOR,
      );
    }
  });
  afterAll(() => t.close());

  const send = (member: TestMember, path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: path,
      headers: { language: 'EN', authorization: auth[member.account]! },
      ...(payload === undefined ? {} : { payload }),
    });
  const act = (member: TestMember, payload: Record<string, unknown>) =>
    send(member, AGENT_CALLS.processContract.path, payload);
  const kind = async (member: TestMember, name: string): Promise<KindContracts> => {
    const response = await send(member, `${AGENT_CALLS.kindContracts.path}?kind=${name}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value as KindContracts;
  };
  const contractCount = async () =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM agent_contracts`))[0]?.n);
  const offer = async (from: TestMember, to: TestMember, terms: ContractTerms) => {
    const response = await act(from, { action: 'offer', downlineAccount: to.account, terms });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.contract as { id: number; version: number; status: string };
  };

  it('offers a contract to a direct downline agent, which accepts it; both see it', async () => {
    const offered = await offer(top, mid, dividend(1_000, 3_000));
    expect(offered.status).toBe('offered');
    const consolidated = (await send(mid, AGENT_CALLS.contracts.path)).json().value;
    expect(consolidated).toMatchObject({ divtypereq: 'new', dailysalreqtype: 'none', realtimesalreqtype: 'none' });
    const accepted = await act(mid, { action: 'accept', contractId: offered.id, version: offered.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().value.contract).toMatchObject({ status: 'active', topRateBp: 3_000 });
    expect((await kind(top, 'dividend')).toDownline.map((row) => [row.downlineAccount, row.status])).toEqual([
      [mid.account, 'active'],
    ]);
    expect((await send(mid, AGENT_CALLS.contracts.path)).json().value.divtypereq).toBe('none');
    // The specification's dividend read answers the same.
    const relay = await send(mid, AGENT_CALLS.dividendContracts.path);
    expect(relay.json().value.fromUpline[0]).toMatchObject({ uplineAccount: top.account, status: 'active' });
  });

  it('refuses offers outside the rules, each with its own code, writing nothing', async () => {
    const before = await contractCount();
    const refusals: [TestMember, Record<string, unknown>, string][] = [
      // Not a direct downline: a deeper one, a plain member, another agent's, the caller itself.
      [top, { action: 'offer', downlineAccount: low.account, terms: dividend(1_000) }, 'CONTRACT_NOT_DIRECT_DOWNLINE'],
      [
        top,
        { action: 'offer', downlineAccount: plain.account, terms: dividend(1_000) },
        'CONTRACT_NOT_DIRECT_DOWNLINE',
      ],
      [
        top,
        { action: 'offer', downlineAccount: stranger.account, terms: dividend(1_000) },
        'CONTRACT_NOT_DIRECT_DOWNLINE',
      ],
      // Above its own rate, on other terms, of a kind it has none of, tiers that fall.
      [top, { action: 'offer', downlineAccount: mid.account, terms: dividend(4_001) }, 'CONTRACT_RATE_ABOVE_OWN'],
      [
        top,
        { action: 'offer', downlineAccount: mid.account, terms: { ...dividend(100), period: 'M' } },
        'CONTRACT_TERMS_MISMATCH',
      ],
      [
        top,
        { action: 'offer', downlineAccount: mid.account, terms: { ...realtime(10), kind: 'daily_salary' } },
        'CONTRACT_UPLINE_HAS_NONE',
      ],
      [top, { action: 'offer', downlineAccount: mid.account, terms: dividend(3_000, 2_000) }, 'CONTRACT_TERMS_INVALID'],
      [
        top,
        { action: 'offer', downlineAccount: mid.account, terms: { ...dividend(100), salaryType: 'loss' } },
        'CONTRACT_TERMS_INVALID',
      ],
      // A plain member is no agent at all.
      [plain, { action: 'offer', downlineAccount: low.account, terms: dividend(100) }, 'NOT_AGENT'],
    ];
    for (const [from, payload, code] of refusals) {
      const response = await act(from, payload);
      expect([response.json().code, payload]).toEqual([code, payload]);
    }
    expect(await contractCount()).toBe(before);
    // The relay call of one kind takes that kind's actions only.
    const wrongKind = await send(top, AGENT_CALLS.processRealtimeSalaryContract.path, {
      action: 'offer',
      downlineAccount: mid.account,
      terms: dividend(100),
    });
    expect(wrongKind.json().code).toBe('CONTRACT_TERMS_INVALID');
  });

  it('answers an offer once: a second offer waits, a stale version and the wrong side are refused', async () => {
    const offered = await offer(top, mid, realtime(40, 80));
    expect((await act(top, { action: 'offer', downlineAccount: mid.account, terms: realtime(30) })).json().code).toBe(
      'CONTRACT_OFFER_PENDING',
    );
    // The upline cannot accept its own offer; another agent cannot see it.
    expect((await act(top, { action: 'accept', contractId: offered.id, version: offered.version })).json().code).toBe(
      'CONTRACT_ACTION_NOT_ALLOWED',
    );
    expect(
      (await act(stranger, { action: 'reject', contractId: offered.id, version: offered.version })).json().code,
    ).toBe('CONTRACT_NOT_FOUND');
    expect(
      (await act(mid, { action: 'accept', contractId: offered.id, version: offered.version + 1 })).json().code,
    ).toBe('CONTRACT_CHANGED');
    const rejected = await act(mid, { action: 'reject', contractId: offered.id, version: offered.version });
    expect(rejected.json().value.contract).toMatchObject({ status: 'rejected', endReason: 'rejected' });
    // Through the specification's real-time call: a new offer, accepted.
    const again = await send(top, AGENT_CALLS.processRealtimeSalaryContract.path, {
      action: 'offer',
      downlineAccount: mid.account,
      terms: realtime(40, 80),
    });
    const contract = again.json().value.contract;
    const accepted = await send(mid, AGENT_CALLS.processRealtimeSalaryContract.path, {
      action: 'accept',
      contractId: contract.id,
      version: contract.version,
    });
    expect(accepted.json().value.contract.status).toBe('active');
  });

  it("ends the downline's contracts above a lower rate once the agent confirms (auto-termination)", async () => {
    // mid passes 2,500 on to low; then top offers mid 2,000: mid must confirm that low's contract ends.
    const toLow = await offer(mid, low, dividend(1_000, 2_500));
    await act(low, { action: 'accept', contractId: toLow.id, version: toLow.version });
    const lower = await offer(top, mid, dividend(1_000, 2_000));
    const unconfirmed = await act(mid, { action: 'accept', contractId: lower.id, version: lower.version });
    expect(unconfirmed.json()).toMatchObject({
      code: 'CONTRACT_CONFIRM_DOWNLINE_TERMINATION',
      value: { accounts: [low.account] },
    });
    expect(unconfirmed.json().message).toContain(low.account);
    expect((await kind(low, 'dividend')).fromUpline[0]).toMatchObject({ status: 'active', topRateBp: 2_500 });

    const confirmed = await act(mid, {
      action: 'accept',
      contractId: lower.id,
      version: lower.version,
      confirmDownlineTermination: true,
    });
    expect(confirmed.json().value).toMatchObject({
      contract: { status: 'active', topRateBp: 2_000 },
      endedDownline: [{ account: low.account }],
    });
    const lowSees = await kind(low, 'dividend');
    expect(lowSees.fromUpline).toEqual([]);
    expect(lowSees.history[0]).toMatchObject({ status: 'terminated', endReason: 'upline_rate_lowered' });
    // mid's old contract from top ended as replaced.
    expect((await kind(mid, 'dividend')).history.map((row) => row.endReason)).toContain('replaced');
  });

  it('ends an active contract when one side asks and the other confirms; the asker may withdraw first', async () => {
    const [active] = (await kind(mid, 'dividend')).fromUpline;
    const asked = await act(mid, { action: 'requestTermination', contractId: active!.id, version: active!.version });
    const afterAsk = asked.json().value.contract;
    expect(afterAsk.terminationRequestedBy).toBe('downline');
    expect((await send(top, AGENT_CALLS.contracts.path)).json().value.divtypereq).toBe('terminate');
    // The asker cannot confirm its own request; it may withdraw it.
    expect(
      (await act(mid, { action: 'confirmTermination', contractId: afterAsk.id, version: afterAsk.version })).json()
        .code,
    ).toBe('CONTRACT_ACTION_NOT_ALLOWED');
    const withdrawn = (
      await act(mid, { action: 'withdrawTermination', contractId: afterAsk.id, version: afterAsk.version })
    ).json().value.contract;
    expect(withdrawn.terminationRequestedBy).toBeNull();
    const again = (
      await act(top, { action: 'requestTermination', contractId: withdrawn.id, version: withdrawn.version })
    ).json().value.contract;
    const ended = await act(mid, { action: 'confirmTermination', contractId: again.id, version: again.version });
    expect(ended.json().value.contract).toMatchObject({ status: 'terminated', endReason: 'terminated' });
    // Each step is in the contract's history.
    const events = await query<{ action: string }>(
      t.app.db,
      sql`SELECT action FROM agent_contract_events WHERE contract_id = ${again.id} ORDER BY id`,
    );
    expect(events.map((event) => event.action)).toEqual([
      'offer',
      'accept',
      'requestTermination',
      'withdrawTermination',
      'requestTermination',
      'confirmTermination',
    ]);
  });

  it('lets a plain member call no contract call', async () => {
    const response = await send(plain, AGENT_CALLS.contracts.path);
    expect(response.json().code).toBe('NOT_AGENT');
  });

  it("carries an agent's contract requests in its member info, and none in a plain member's", async () => {
    const waiting = await offer(top, mid, realtime(20));
    const info = (member: TestMember) => send(member, ACCOUNT_CALLS.memberInfo.path).then((r) => r.json().value);
    expect((await info(mid)).contractInfo).toEqual({
      dailysalreqtype: 'none',
      divtypereq: 'none',
      contracthoursalreqtype: 'none',
      realtimesalreqtype: 'new',
    });
    expect((await info(plain)).contractInfo).toBeUndefined();
    await act(top, { action: 'cancel', contractId: waiting.id, version: waiting.version });
    expect((await info(mid)).contractInfo.realtimesalreqtype).toBe('none');
  });
});

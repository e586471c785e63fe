import {
  AGENT_CALLS,
  type ConsolidatedContracts,
  type ContractTerms,
  type InviteLink,
  type KindContracts,
} from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createTestMember,
  injectEncrypted,
  queryRows,
  signInTestMember,
  solveAltcha,
  type TestMember,
} from '../../test/members';
import { agentAccountsRoutes } from './agent-accounts.routes';

// An invitation link's contract terms (decision 0064, "Later: contract terms"): checked as an offer is when the link is
// made (the same refusals, nothing written), and offered by the agent to each sub-agent registering by the link; a
// term that no longer fits the agent's own contract then is skipped, never the registrant's error.

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

describe(`${agentAccountsRoutes.name} contract terms`, () => {
  let t: TestApp;
  let agent: TestMember;
  let agentAuth: string;
  let counter = 0;
  const tag = Date.now().toString(36).slice(-5);
  const uniqueName = () => `lt${tag}${(counter += 1)}`;

  const setOwn = (terms: ContractTerms) =>
    t.app.agentContracts.setBrandContract(
      agent.merchantId,
      { id: agent.id, type: 1, uplineIsAgent: false },
      terms,
      TEST_ACTOR,
    );

  /** The app's warnings, as JSON lines (a skipped term is logged on the registration's request, not shown). */
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => warnings.push(line) } });
    agent = await createTestMember(t.app, { agentType: 1 });
    agentAuth = (await signInTestMember(t.app, agent)).authorization;
    await setOwn(dividend(2_000, 4_000));
    await setOwn(realtime(50, 100));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, authorization: string, body?: unknown) =>
    t.app.inject({
      method,
      url: path,
      headers: { language: 'EN', authorization },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const createLink = (body: Record<string, unknown>) =>
    call('POST', AGENT_CALLS.createInviteLink.path, agentAuth, { label: 'Partners', ...body });
  const register = async (affiliateCode: string, username: string) =>
    injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      body: {
        login: false,
        registerMethod: 'WEB',
        altcha: await solveAltcha(t.app),
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        affiliateCode,
      },
      remoteAddress: `10.8.0.${(counter += 1) % 250}`,
    });
  /** The registrant signed in, as the member it became. */
  const registrant = async (account: string): Promise<string> => {
    const [row] = await queryRows<{ id: number; merchant_id: number; agent_type: number }>(
      t.app,
      sql`SELECT id::int, merchant_id::int, agent_type FROM members WHERE lower(account) = lower(${account})`,
    );
    const member: TestMember = {
      id: row!.id,
      merchantId: row!.merchant_id,
      merchantCode: agent.merchantCode,
      account,
      password: 'Secret12!',
      agentType: row!.agent_type,
      isFreePlay: false,
    };
    return (await signInTestMember(t.app, member)).authorization;
  };
  const counts = async () =>
    (
      await queryRows<{ links: number; contracts: number }>(
        t.app,
        sql`SELECT (SELECT count(*)::int FROM agent_invite_links WHERE agent_id = ${agent.id}) AS links,
                   (SELECT count(*)::int FROM agent_contracts WHERE upline_id = ${agent.id}) AS contracts`,
      )
    )[0]!;

  it('makes a sub-agent link with terms within the agent’s own, and lists them', async () => {
    const terms = [dividend(1_000, 3_000), realtime(40)];
    const response = await createLink({ accountType: 'agent', contractTerms: terms });
    expect(response.statusCode, response.body).toBe(200);
    const link = response.json().value as InviteLink;
    expect(link).toMatchObject({ accountType: 'agent', contractTerms: terms });
    const listed = (await call('GET', AGENT_CALLS.inviteLinks.path, agentAuth)).json().value.items as InviteLink[];
    expect(listed.find((item) => item.id === link.id)?.contractTerms).toEqual(terms);
    // A link made without terms has none.
    expect((await createLink({ accountType: 'agent' })).json().value.contractTerms).toEqual([]);
  });

  it('refuses terms an offer could not carry, with the offer’s codes, and writes nothing', async () => {
    const before = await counts();
    const refusals: [Record<string, unknown>, string][] = [
      [{ accountType: 'agent', contractTerms: [realtime(40), dividend(1_000, 4_500)] }, 'CONTRACT_RATE_ABOVE_OWN'],
      [{ accountType: 'agent', contractTerms: [{ ...dividend(1_000), period: 'M' }] }, 'CONTRACT_TERMS_MISMATCH'],
      [
        { accountType: 'agent', contractTerms: [{ ...realtime(10), kind: 'daily_salary' }] },
        'CONTRACT_UPLINE_HAS_NONE',
      ],
      [{ accountType: 'agent', contractTerms: [dividend(3_000, 2_000)] }, 'CONTRACT_TERMS_INVALID'],
      [{ accountType: 'agent', contractTerms: [realtime(10), realtime(20)] }, 'VALIDATION_FAILED'],
      [{ accountType: 'member', contractTerms: [realtime(10)] }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of refusals) {
      expect((await createLink(body)).json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await counts()).toEqual(before);
  });

  it('offers the link’s terms to the sub-agent registering by it, who sees them as new', async () => {
    const terms = [dividend(1_500, 2_500), realtime(30, 60)];
    const link = (await createLink({ accountType: 'agent', contractTerms: terms })).json().value as InviteLink;
    const name = uniqueName();
    expect((await register(link.code, name)).statusCode).toBe(200);

    const auth = await registrant(name);
    const info = (await call('GET', AGENT_CALLS.contracts.path, auth)).json().value as ConsolidatedContracts;
    expect(info).toMatchObject({ divtypereq: 'new', realtimesalreqtype: 'new', dailysalreqtype: 'none' });
    expect(info.fromUpline.map((row) => [row.kind, row.status, row.tiers])).toEqual(
      expect.arrayContaining([
        ['dividend', 'offered', terms[0]!.tiers],
        ['realtime_salary', 'offered', terms[1]!.tiers],
      ]),
    );
    // The offer's event, as any offer's, naming the link.
    const events = await queryRows<{ action: string; actor: string; link: number }>(
      t.app,
      sql`SELECT e.action, e.actor, (e.detail->>'inviteLinkId')::int AS link
            FROM agent_contract_events e JOIN agent_contracts c ON c.id = e.contract_id
           WHERE c.id IN (${sql.join(
             info.fromUpline.map((row) => sql`${row.id}`),
             sql`, `,
           )})`,
    );
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.action === 'offer' && event.actor === `member:${agent.id}`)).toBe(true);
    expect(events.every((event) => event.link === link.id)).toBe(true);

    // The sub-agent accepts one as any offer (existing).
    const dividendOffer = info.fromUpline.find((row) => row.kind === 'dividend')!;
    const accepted = await call('POST', AGENT_CALLS.processContract.path, auth, {
      action: 'accept',
      contractId: dividendOffer.id,
      version: dividendOffer.version,
    });
    expect(accepted.json().value.contract.status).toBe('active');
  });

  it('skips a term that no longer fits the agent’s own contract; the registration and the other terms go on', async () => {
    const link = (
      await createLink({ accountType: 'agent', contractTerms: [dividend(1_000, 3_500), realtime(20)] })
    ).json().value as InviteLink;
    // The brand lowers the agent's dividend below the link's top rate.
    await setOwn(dividend(1_000, 3_000));

    const name = uniqueName();
    const response = await register(link.code, name);
    expect(response.statusCode, response.body).toBe(200);
    const auth = await registrant(name);
    const info = (await call('GET', AGENT_CALLS.contracts.path, auth)).json().value as ConsolidatedContracts;
    expect(info).toMatchObject({ divtypereq: 'none', realtimesalreqtype: 'new' });
    // The operator finds why in the log, on the registration's request.
    const skippedLines = warnings
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['msg'] === 'registration: invitation link terms skipped');
    expect(skippedLines).toEqual([
      expect.objectContaining({
        level: 40,
        linkId: link.id,
        skipped: [{ kind: 'dividend', code: 'CONTRACT_RATE_ABOVE_OWN' }],
        reqId: expect.any(String) as unknown,
      }),
    ]);
    const dividends = (await call('GET', `${AGENT_CALLS.kindContracts.path}?kind=dividend`, auth)).json()
      .value as KindContracts;
    expect(dividends.fromUpline).toEqual([]);
    expect(dividends.history).toEqual([]);
    const registrations = (await call('GET', AGENT_CALLS.inviteLinks.path, agentAuth)).json().value
      .items as InviteLink[];
    expect(registrations.find((item) => item.id === link.id)?.registrations).toBe(1);
  });
  it('registers a member, with no offers, by a sub-agent link once the brand has turned sub-agents off', async () => {
    const link = (await createLink({ accountType: 'agent', contractTerms: [realtime(20)] })).json().value as InviteLink;
    await queryRows(
      t.app,
      sql`INSERT INTO agent_settings (merchant_id, sub_agents_allowed) VALUES (${agent.merchantId}, false)
          ON CONFLICT (merchant_id) DO UPDATE SET sub_agents_allowed = false`,
    );
    try {
      const name = uniqueName();
      const response = await register(link.code, name);
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await queryRows<{ agent_type: number; offers: number }>(
        t.app,
        sql`SELECT m.agent_type, (SELECT count(*)::int FROM agent_contracts c WHERE c.downline_id = m.id) AS offers
              FROM members m WHERE lower(m.account) = lower(${name})`,
      );
      expect(row).toEqual({ agent_type: 0, offers: 0 });
    } finally {
      await queryRows(
        t.app,
        sql`UPDATE agent_settings SET sub_agents_allowed = true WHERE merchant_id = ${agent.merchantId}`,
      );
    }
  });
});

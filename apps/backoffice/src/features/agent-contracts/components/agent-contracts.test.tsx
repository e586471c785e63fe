import type { BoAgentSettings, BoContract, BoContractPage, BrandSettings } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const contract = (id: number, fields: Partial<BoContract> = {}): BoContract => ({
  id,
  kind: 'dividend',
  salaryType: null,
  period: 'W',
  tiers: [
    { rateBp: 2_000, minActiveMembers: 0, minValidBetMinor: 0 },
    { rateBp: 4_000, minActiveMembers: 5, minValidBetMinor: 5_000_000 },
  ],
  topRateBp: 4_000,
  uplineAccount: null,
  uplineId: null,
  downlineAccount: 'agent',
  downlineId: 1,
  status: 'active',
  terminationRequestedBy: null,
  endReason: null,
  createdAt: '2026-10-19T10:00:00.000Z',
  activatedAt: '2026-10-19T10:00:00.000Z',
  endedAt: null,
  version: 1,
  ...fields,
});
const BRAND_DIVIDEND = contract(1);
const TO_SUB = contract(2, {
  kind: 'daily_salary',
  salaryType: 'single_bet',
  period: null,
  tiers: [{ rateBp: 50, minActiveMembers: 0, minValidBetMinor: 0 }],
  topRateBp: 50,
  uplineAccount: 'agent',
  uplineId: 1,
  downlineAccount: 'subagent',
  downlineId: 2,
  terminationRequestedBy: 'downline',
});
const REPLACED = contract(3, {
  downlineAccount: 'subagent',
  uplineAccount: 'agent',
  uplineId: 1,
  downlineId: 2,
  status: 'terminated',
  endReason: 'replaced',
  endedAt: '2026-11-01T10:00:00.000Z',
});
/** The brand's agent settings under the list (agent-settings.test.tsx tests them). */
const AGENT_SETTINGS: BoAgentSettings = {
  subAgentsAllowed: true,
  dividendCarriesLoss: true,
  version: 0,
  updatedAt: null,
};
const page = (items: BoContract[], nextCursor: string | null = null): BoContractPage => ({ items, nextCursor });

/** The brand settings as far as the dialog reads them: the currency (KRW, no minor digits). */
const settings = {
  code: 'parlay',
  name: 'Parlay',
  version: 1,
  siteUrl: 'https://parlay.example',
  whitelabel: [],
  knownModules: [],
  maintenance: { state: 'off', startsAt: null, endsAt: null },
  regions: { countries: [], ips: [] },
  domains: [],
  customerService: [],
  operator: { company: '', address: '', regulator: '', licenceNumber: '', licenceUrl: '', demo: false },
  languages: ['KO', 'EN'],
  defaultLanguage: 'KO',
  currency: { code: 'KRW', symbol: '₩', exponent: 0, membersWithBalance: 0 },
  theme: { chatHeaderColor: '#5b3fd6', primaryColor: '#f6c544', secondaryColor: '#ff8a3d' },
  logoUrl: null,
} satisfies BrandSettings;

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the agent contracts page', () => {
  it('lists the contracts in words, filters open and ended, and pages on by keyset', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      signedIn(['readOnly']),
      answer('agentSettings', AGENT_SETTINGS),
      answer('agentContracts', ({ url }) => {
        asked.push(url.search);
        if (url.searchParams.get('status') === 'ended') return page([REPLACED]);
        return url.searchParams.get('cursor') === '2' ? page([REPLACED]) : page([BRAND_DIVIDEND, TO_SUB], '2');
      }),
    );
    renderApp('/brands/parlay/agent-contracts');
    const table = await screen.findByRole('table', { name: 'Agent contracts' });
    const brandRow = within(table).getByRole('row', { name: /#1\b/ });
    expect(brandRow).toHaveTextContent('Dividend');
    expect(brandRow).toHaveTextContent('Weekly');
    expect(brandRow).toHaveTextContent('Brand');
    expect(brandRow).toHaveTextContent('Up to 40% · 2 tiers');
    expect(brandRow).toHaveTextContent('Active');
    const subRow = within(table).getByRole('row', { name: /#2\b/ });
    expect(subRow).toHaveTextContent('Daily salary');
    expect(subRow).toHaveTextContent('On valid bets');
    expect(subRow).toHaveTextContent('Up to 0.5% · 1 tier');
    expect(subRow).toHaveTextContent('Downline asks to end it');
    // Read-only: no brand contract to set.
    expect(screen.queryByRole('button', { name: 'Set brand contract' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Replaced by a new contract')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?limit=50&cursor=2');

    await user.click(screen.getByRole('button', { name: 'Ended' }));
    await within(table).findByText('Replaced by a new contract');
    expect(asked.at(-1)).toBe('?limit=50&status=ended');

    await act(() => changeLanguage('KO'));
    expect(await screen.findByRole('table', { name: '에이전트 계약' })).toHaveTextContent('새 계약으로 대체');
    await act(() => changeLanguage('EN'));
  });

  it('sets a brand salary contract with its tiers, and shows the list again with it', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let saved: BoContract | null = null;
    server.use(
      signedIn(['admin']),
      answer('agentSettings', AGENT_SETTINGS),
      answer('brandSettings', settings),
      answer('agentContracts', () => page(saved ? [saved, BRAND_DIVIDEND] : [BRAND_DIVIDEND])),
      answer('setBrandAgentContract', async ({ request }) => {
        const body = (await request.json()) as { terms: BoContract };
        sent.push(body);
        saved = contract(9, { ...body.terms, topRateBp: 150 });
        return saved;
      }),
    );
    renderApp('/brands/parlay/agent-contracts');
    await screen.findByRole('table', { name: 'Agent contracts' });
    await user.click(screen.getByRole('button', { name: 'Set brand contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set brand contract' });
    await user.type(within(dialog).getByLabelText(/Agent's account/), 'agent');
    await user.selectOptions(within(dialog).getByLabelText('Contract'), 'realtime_salary');
    expect(within(dialog).queryByLabelText('Period')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Salary measure'), 'loss');
    const first = within(dialog).getByRole('listitem', { name: 'Tier 1' });
    await user.type(within(first).getByLabelText('Rate (%)'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    const second = within(dialog).getByRole('listitem', { name: 'Tier 2' });
    await user.type(within(second).getByLabelText('Rate (%)'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Set contract' }));
    expect(await within(dialog).findByText(/^Tier 2: a rate from 0.01 to 100%/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(second).getByLabelText('Rate (%)'));
    await user.type(within(second).getByLabelText('Rate (%)'), '1.5');
    await user.clear(within(second).getByLabelText('Min. active members'));
    await user.type(within(second).getByLabelText('Min. active members'), '3');
    await user.clear(within(second).getByLabelText('Min. valid bet (KRW)'));
    await user.type(within(second).getByLabelText('Min. valid bet (KRW)'), '1,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Set contract' }));
    expect(await screen.findByText('Real-time salary contract with agent set: up to 1.5%.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        account: 'agent',
        terms: {
          kind: 'realtime_salary',
          salaryType: 'loss',
          period: null,
          tiers: [
            { rateBp: 50, minActiveMembers: 0, minValidBetMinor: 0 },
            { rateBp: 150, minActiveMembers: 3, minValidBetMinor: 1_000_000 },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const table = screen.getByRole('table', { name: 'Agent contracts' });
    expect(await within(table).findByRole('row', { name: /#9\b/ })).toHaveTextContent('Real-time salary');
  });

  it("keeps the dialog open with the server's refusal, in the operator's language", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('agentSettings', AGENT_SETTINGS),
      answer('brandSettings', settings),
      answer('agentContracts', page([BRAND_DIVIDEND])),
      answer('setBrandAgentContract', () => fail('CONTRACT_NOT_TOP_AGENT')),
    );
    renderApp('/brands/parlay/agent-contracts');
    await user.click(await screen.findByRole('button', { name: 'Set brand contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set brand contract' });
    expect(within(dialog).getByLabelText('Period')).toHaveValue('W');
    await user.type(within(dialog).getByLabelText(/Agent's account/), 'subagent');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Set contract' }));
    expect(
      await within(dialog).findByText(
        'A brand contract is for a top agent only (an agent whose upline is not an agent).',
      ),
    ).toBeInTheDocument();
  });
});

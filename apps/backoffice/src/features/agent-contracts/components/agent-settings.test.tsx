import { ERRORS, type BoAgentSettings, type BoAgentSettingsUpdate, type BoContractPage } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const DEFAULTS: BoAgentSettings = { subAgentsAllowed: true, dividendCarriesLoss: true, version: 0, updatedAt: null };
const NO_CONTRACTS: BoContractPage = { items: [], nextCursor: null };

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe("the agent contracts page's agent settings", () => {
  it('saves both switches with the version opened, and opens again at the saved one', async () => {
    const user = userEvent.setup();
    const bodies: BoAgentSettingsUpdate[] = [];
    server.use(
      signedIn(['admin']),
      answer('agentContracts', NO_CONTRACTS),
      answer('agentSettings', DEFAULTS),
      answer('updateAgentSettings', async ({ request }) => {
        const body = (await request.json()) as BoAgentSettingsUpdate;
        bodies.push(body);
        return {
          subAgentsAllowed: body.subAgentsAllowed,
          dividendCarriesLoss: body.dividendCarriesLoss,
          version: body.version + 1,
          updatedAt: '2026-11-28T09:30:00.000Z',
        };
      }),
    );
    renderApp('/brands/parlay/agent-contracts');
    const form = await screen.findByRole('form', { name: 'Agent settings' });
    const subAgents = within(form).getByRole('switch', { name: /^Agents may create sub-agents/ });
    const carry = within(form).getByRole('switch', { name: /^A dividend's loss carries into the next period/ });
    expect(subAgents).toBeChecked();
    expect(carry).toBeChecked();
    expect(form).toHaveTextContent('Never saved: both are on (the defaults).');
    expect(form).toHaveTextContent("that loss is taken off the contract's next periods");

    await user.click(subAgents);
    await user.click(carry);
    // Each switch says what it means as it now stands.
    expect(form).toHaveTextContent('Off: agents can make members only');
    expect(form).toHaveTextContent('Off: each period stands alone');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent settings saved.')).toBeVisible();
    expect(bodies).toEqual([{ subAgentsAllowed: false, dividendCarriesLoss: false, version: 0 }]);

    const saved = await screen.findByRole('form', { name: 'Agent settings' });
    expect(saved).toHaveTextContent(/Version 1, last saved/);
    expect(within(saved).getByRole('switch', { name: /^Agents may create sub-agents/ })).not.toBeChecked();
    await user.click(within(saved).getByRole('switch', { name: /^A dividend's loss carries/ }));
    await user.click(within(saved).getByRole('button', { name: 'Save' }));
    await screen.findByText(/Version 2, last saved/);
    expect(bodies.at(-1)).toEqual({ subAgentsAllowed: false, dividendCarriesLoss: true, version: 1 });

    await act(() => changeLanguage('KO'));
    expect(await screen.findByRole('form', { name: '에이전트 설정' })).toHaveTextContent(
      '배당 손실을 다음 기간으로 이월',
    );
    await act(() => changeLanguage('EN'));
  });

  it("says a stale save's refusal and keeps the switches as set", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('agentContracts', NO_CONTRACTS),
      answer('agentSettings', DEFAULTS),
      answer('updateAgentSettings', () => fail('BO_CHANGED_SINCE_OPENED')),
    );
    renderApp('/brands/parlay/agent-contracts');
    const form = await screen.findByRole('form', { name: 'Agent settings' });
    await user.click(within(form).getByRole('switch', { name: /^Agents may create sub-agents/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ERRORS.BO_CHANGED_SINCE_OPENED.en)).toBeVisible();
    expect(within(form).getByRole('switch', { name: /^Agents may create sub-agents/ })).not.toBeChecked();
  });

  it('shows the settings read-only to a role without brand.write', async () => {
    server.use(
      signedIn(['readOnly']),
      answer('agentContracts', NO_CONTRACTS),
      answer('agentSettings', { ...DEFAULTS, subAgentsAllowed: false, version: 3, updatedAt: '2026-11-27T10:00:00Z' }),
    );
    renderApp('/brands/parlay/agent-contracts');
    const form = await screen.findByRole('form', { name: 'Agent settings' });
    const subAgents = within(form).getByRole('switch', { name: /^Agents may create sub-agents/ });
    expect(subAgents).not.toBeChecked();
    expect(subAgents).toBeDisabled();
    expect(within(form).getByRole('switch', { name: /^A dividend's loss carries/ })).toBeDisabled();
    expect(form).toHaveTextContent(/Version 3, last saved/);
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

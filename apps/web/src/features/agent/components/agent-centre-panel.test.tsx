import {
  AGENT_CALLS,
  DownlineTransferOverviewResponseSchema,
  TeamOverviewResponseSchema,
  TeamPageResponseSchema,
  TRANSFER_CALLS,
  WHITELABEL,
  type TeamOverview,
} from '@parlay/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useAccountGateStore } from '../../../lib/account-gate';
import { useAgentCentreStore } from '../../../lib/agent-centre-store';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../test/api';
import { buildSystemStatus, flag } from '../../../test/fixtures';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { AgentCentrePanel } from './agent-centre-panel';

const figures = (period: TeamOverview['periods'][number]['period']) => ({
  period,
  from: '2026-11-28',
  to: '2026-11-28',
  newMembers: 0,
  activeMembers: 0,
  depositMinor: 0,
  deposits: 0,
  withdrawalMinor: 0,
  withdrawals: 0,
  betMinor: 0,
  validBetMinor: 0,
  profitLossMinor: 0,
});

const overview: TeamOverview = {
  teamSize: 4321,
  directMembers: 3,
  agents: 1,
  periods: [figures('today'), figures('yesterday'), figures('thisMonth'), figures('lastMonth')],
  days: [{ day: '2026-11-28', activeMembers: 0, newMembers: 0, validBetMinor: 0, profitLossMinor: 0 }],
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
};

function signIn(type: number) {
  useSessionStore.getState().startSession({ token: 'token-1', isAgent: type, account: 'agent01' });
}

describe(AgentCentrePanel.name, () => {
  beforeEach(async () => {
    useSessionStore.getState().endSession();
    useAgentCentreStore.setState({ page: null });
    useModalStore.setState({ current: null });
    useAccountGateStore.setState({ isTrueAccountWarningOpen: false });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('opens on the overview once its figures have loaded, with only the built pages in its menu', async () => {
    let answered = false;
    server.use(
      http.get(AGENT_CALLS.teamOverview.path, async () => {
        await delay(20);
        answered = true;
        return ok(TeamOverviewResponseSchema, overview);
      }),
      http.get(AGENT_CALLS.teamMembers.path, () =>
        ok(TeamPageResponseSchema, { items: [], nextCursor: null, currency: 'KRW', currencyExponent: 0 }),
      ),
      // Team management reads how deep the brand lets the agent send money.
      http.get(TRANSFER_CALLS.downlineOverview.path, () =>
        ok(DownlineTransferOverviewResponseSchema, {
          scope: 'any',
          limits: { minMinor: 1_000, maxMinor: 1_000_000, dailyMaxMinor: 5_000_000 },
          sentTodayMinor: 0,
          balanceMinor: 0,
          currency: 'KRW',
        }),
      ),
    );
    signIn(41);
    const user = userEvent.setup();
    renderWithShell(<AgentCentrePanel />);
    act(() => useAgentCentreStore.getState().openAgentCentre());
    // A loader, not an empty panel, until the overview has answered.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' });
    expect(answered).toBe(true);
    expect(within(dialog).getByText('4,321')).toBeVisible();
    const menu = within(dialog).getByRole('navigation', { name: 'Agent centre menu' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((entry) => entry.textContent),
    ).toEqual([
      'Announcements',
      'Overview',
      'Accounts',
      'Team management',
      'Team betting',
      'User profit and loss',
      'My income',
      'Transaction details',
    ]);
    expect(within(menu).getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(menu).getByRole('button', { name: 'Team management' }));
    expect(await within(dialog).findByRole('tab', { name: 'List' })).toBeVisible();
    expect(within(menu).getByRole('button', { name: 'Team management' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(dialog).getByRole('button', { name: 'Close the agent centre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useAgentCentreStore.getState().page).toBeNull();
  });

  it('lists a contract page while the brand has its flag on, after the built pages', async () => {
    server.use(http.get(AGENT_CALLS.teamOverview.path, () => ok(TeamOverviewResponseSchema, overview)));
    signIn(1);
    const whitelabel = [
      flag(WHITELABEL.DIVIDEND_CONTRACT, true),
      flag(WHITELABEL.SALARY, false),
      flag(WHITELABEL.HOURLY_SALARY, false),
      flag(WHITELABEL.REALTIME_SALARY, true),
    ];
    renderWithShell(<AgentCentrePanel />, { status: buildSystemStatus({ whitelabel }) });
    act(() => useAgentCentreStore.getState().openAgentCentre());
    const dialog = await screen.findByRole('dialog', { name: 'Agent centre' });
    const menu = within(dialog).getByRole('navigation', { name: 'Agent centre menu' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((entry) => entry.textContent)
        .slice(-3),
    ).toEqual(['Transaction details', 'Dividends', 'Real-time salary']);
  });

  it('refuses a trial (type 4) account with the in_need_true_account warning', async () => {
    signIn(4);
    renderWithShell(<AgentCentrePanel />);
    act(() => useAgentCentreStore.getState().openAgentCentre());
    await waitFor(() => expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(true));
    expect(useAgentCentreStore.getState().page).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed for a member who is no agent, and asks a visitor to sign in', async () => {
    signIn(0);
    renderWithShell(<AgentCentrePanel />);
    act(() => useAgentCentreStore.getState().openAgentCentre());
    await waitFor(() => expect(useAgentCentreStore.getState().page).toBeNull());
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => useSessionStore.getState().endSession());
    act(() => useAgentCentreStore.getState().openAgentCentre());
    await waitFor(() => expect(useModalStore.getState().current?.name).toBe('loginPopupModal'));
    expect(useAgentCentreStore.getState().page).toBeNull();
  });
});

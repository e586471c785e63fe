import { AGENT_CALLS, TeamOverviewResponseSchema, type TeamOverview } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import AgentTeamOverviewPage from './index';

const period = (
  name: TeamOverview['periods'][number]['period'],
  from: string,
  to: string,
  profitLossMinor: number,
) => ({
  period: name,
  from,
  to,
  newMembers: 3,
  activeMembers: 12,
  depositMinor: 1_500_000,
  deposits: 4,
  withdrawalMinor: 250_000,
  withdrawals: 1,
  betMinor: 900_000,
  validBetMinor: 800_000,
  profitLossMinor,
});

/** 14 days to 2026-11-28: the team lost on the last day and won on the first, nothing in between. */
function overviewOf(): TeamOverview {
  const days = Array.from({ length: 14 }, (_, index) => ({
    day: `2026-11-${String(15 + index).padStart(2, '0')}`,
    activeMembers: 0,
    newMembers: 0,
    validBetMinor: 0,
    profitLossMinor: 0,
  }));
  days[0] = { ...days[0]!, activeMembers: 2, newMembers: 1, validBetMinor: 40_000, profitLossMinor: 10_000 };
  days[13] = { ...days[13]!, activeMembers: 5, newMembers: 2, validBetMinor: 60_000, profitLossMinor: -35_000 };
  return {
    teamSize: 1234,
    directMembers: 56,
    agents: 7,
    periods: [
      period('today', '2026-11-28', '2026-11-28', -35_000),
      period('yesterday', '2026-11-27', '2026-11-27', 0),
      period('thisMonth', '2026-11-01', '2026-11-28', 12_000),
      period('lastMonth', '2026-10-01', '2026-10-31', -7_000),
    ],
    days,
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
  };
}

describe('AgentTeamOverviewPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the team, its four periods with a loss in red and a win in green, and the last 14 days', async () => {
    server.use(http.get(AGENT_CALLS.teamOverview.path, () => ok(TeamOverviewResponseSchema, overviewOf())));
    const { container } = renderWithShell(<AgentTeamOverviewPage />);

    expect(await screen.findByText('1,234')).toBeVisible();
    expect(screen.getByText('Direct members').nextElementSibling).toHaveTextContent('56');
    expect(screen.getByText('Agents').nextElementSibling).toHaveTextContent('7');

    const today = screen.getByRole('region', { name: /^Today/ });
    const loss = within(today).getByText('Team profit and loss').nextElementSibling!;
    expect(loss).toHaveTextContent('−₩35,000');
    expect(loss).toHaveAttribute('data-sign', 'minus');
    expect(within(today).getByText('Deposits').nextElementSibling).toHaveTextContent('₩1,500,0004 times');
    expect(within(today).getByText('Valid bets').nextElementSibling).toHaveTextContent('₩800,000');
    const thisMonth = screen.getByRole('region', { name: /^This month/ });
    const win = within(thisMonth).getByText('Team profit and loss').nextElementSibling!;
    expect(win).toHaveTextContent('+₩12,000');
    expect(win).toHaveAttribute('data-sign', 'plus');
    expect(screen.getByRole('region', { name: /^Last month/ })).toBeVisible();
    expect(screen.getByRole('region', { name: /^Yesterday/ })).toBeVisible();

    // The charts say what they show; only days with figures draw a bar.
    const money = screen.getByRole('img', {
      name: /^14 days from .*: valid bets ₩100,000 in all, team profit and loss −₩25,000\.$/,
    });
    expect(money.querySelectorAll('rect')).toHaveLength(4);
    const members = screen.getByRole('img', { name: /at most 5 active members a day, 3 new members in all\.$/ });
    expect(members.querySelectorAll('rect')).toHaveLength(4);
    // The table beside them: the latest day first, its loss signed.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows[1]).toHaveTextContent('−₩35,000');
    expect(container.textContent).not.toContain('NaN');
  });

  it('says why when the overview cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(AGENT_CALLS.teamOverview.path, () => {
        calls += 1;
        return calls === 1 ? fail('NOT_AGENT') : ok(TeamOverviewResponseSchema, overviewOf());
      }),
    );
    renderWithShell(<AgentTeamOverviewPage />);
    expect(await screen.findByRole('alert')).toBeVisible();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('1,234')).toBeVisible();
  });
});

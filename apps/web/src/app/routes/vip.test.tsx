import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { fail } from '../../test/api';
import { recordRequests, server } from '../../test/server';
import { createTestQueryClient, renderWithShell } from '../../test/render-with-shell';
import { answerChanges, answerLevels, answerMine, LEVELS, SILVER } from '../../test/vip-answers';
import { Component as VipPage } from './vip';

function signIn(rank: { labelName: string; rankLevel: number }) {
  useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
  useSessionStore.getState().setMember({ id: 7, account: 'demo', type: 0, clubLabel: rank });
}

describe('/vip', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().endSession();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it("shows a member's level, the bars towards the next with their figures, and the levels with theirs marked", async () => {
    signIn({ labelName: 'Silver', rankLevel: 1 });
    server.use(answerMine(), answerLevels(), answerChanges());
    renderWithShell(<VipPage />);

    expect(await screen.findByTestId('vip-level-name')).toHaveTextContent('Silver');
    expect(screen.getByRole('heading', { name: 'Progress to Gold' })).toBeVisible();
    const validBet = screen.getByRole('progressbar', { name: 'Valid bets' });
    expect(validBet).toHaveAttribute('aria-valuenow', '30');
    expect(validBet).toHaveAttribute('aria-valuetext', '30% · ₩300,000 of ₩1,000,000');
    expect(screen.getByRole('progressbar', { name: 'Deposits' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Over the last 30 days. Both figures must be met.')).toBeVisible();

    const table = await screen.findByRole('table', { name: 'The levels, what each takes and what it gives' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').querySelector('strong')?.textContent)).toEqual(
      LEVELS.levels.map((level) => level.name),
    );
    const mine = rows.find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine).toBeDefined();
    expect(within(mine!).getByRole('rowheader')).toHaveTextContent('SilverLevel 1Your level');
    expect(within(mine!).getByText('Valid bets ₩100,000')).toBeVisible();
    expect(within(mine!).getByText('Upgrade ₩10,000')).toBeVisible();
    expect(within(mine!).getByText('3 a day')).toBeVisible();
    expect(within(mine!).getByText('Live 0.5%')).toBeVisible();
    expect(within(rows[0]!).getAllByText('Nothing')).toHaveLength(2);
    expect(rows.filter((row) => row.hasAttribute('aria-current'))).toHaveLength(1);

    const changes = await screen.findByRole('table', { name: 'My level changes, newest first' });
    expect(within(changes).getByText('Upgrade')).toBeVisible();
    expect(within(changes).getByText('Bronze → Silver')).toBeVisible();
  });

  it('gives the header the level the VIP answer names when member info still has the old one', async () => {
    signIn({ labelName: 'Bronze', rankLevel: 0 });
    server.use(answerMine(), answerLevels(), answerChanges());
    renderWithShell(<VipPage />);
    await screen.findByTestId('vip-level-name');
    // The session takes it in an effect, which runs once the page is drawn.
    await waitFor(() =>
      expect(useSessionStore.getState().member?.clubLabel).toEqual({ labelName: 'Silver', rankLevel: 1 }),
    );
  });

  it('asks for the level again each time the page shows, since a round settled meanwhile may have raised it', async () => {
    signIn({ labelName: 'Silver', rankLevel: 1 });
    let asked = 0;
    server.use(
      answerMine(() => {
        asked += 1;
        return asked === 1 ? SILVER : { ...SILVER, rankLevel: 2, name: 'Gold', next: null };
      }),
      answerLevels(),
      answerChanges(),
    );
    const client = createTestQueryClient({ staleTime: 60_000 });
    const first = renderWithShell(<VipPage />, { client });
    expect(await screen.findByTestId('vip-level-name')).toHaveTextContent('Silver');
    first.unmount();
    renderWithShell(<VipPage />, { client });
    await waitFor(() => expect(screen.getByTestId('vip-level-name')).toHaveTextContent('Gold'));
    expect(asked).toBe(2);
    await waitFor(() =>
      expect(useSessionStore.getState().member?.clubLabel).toEqual({ labelName: 'Gold', rankLevel: 2 }),
    );
  });

  it('says the member is at the top level, with no bars, and what keeping it asks when the figures fall short', async () => {
    signIn({ labelName: 'Gold', rankLevel: 2 });
    server.use(
      answerMine({
        ...SILVER,
        rankLevel: 2,
        name: 'Gold',
        next: null,
        keep: {
          validBet: { currentMinor: 100_000, targetMinor: 500_000, percent: 20 },
          deposit: { currentMinor: 0, targetMinor: 0, percent: 100 },
          met: false,
          reviewFrom: '2026-12-01T00:00:00.000Z',
        },
      }),
      answerLevels(),
      answerChanges({ items: [], nextCursor: null }),
    );
    renderWithShell(<VipPage />);
    expect(await screen.findByRole('heading', { name: 'You are at the top level' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/^To keep Gold: valid bets ₩500,000 and deposits ₩0 over the period\./)).toHaveTextContent(
      /A review may lower the level from Dec 1, 2026\.$/,
    );
    expect(await screen.findByText('No level changes yet')).toBeVisible();
  });

  it('shows a visitor the way in and asks the server nothing (the VIP calls are a member’s)', async () => {
    const sent = recordRequests();
    renderWithShell(<VipPage />);
    expect(screen.getByText('Log in to see your VIP rank')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('asks a trial account to log in as a member, and asks the server nothing (it has no rank)', () => {
    const sent = recordRequests();
    useSessionStore.getState().startSession({ token: 'token-4', isAgent: 4, account: 'trial' });
    renderWithShell(<VipPage />);
    expect(screen.getByText('Log in to see your VIP rank')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('offers to try again when the level cannot be loaded, and then shows it', async () => {
    signIn({ labelName: 'Silver', rankLevel: 1 });
    let failing = true;
    server.use(
      answerMine(() => {
        return failing ? fail('SERVICE_UNAVAILABLE') : SILVER;
      }),
      answerLevels(),
      answerChanges(),
    );
    renderWithShell(<VipPage />);
    expect(await screen.findByText('Your level could not be loaded.')).toBeVisible();
    failing = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByTestId('vip-level-name')).toHaveTextContent('Silver');
  });

  it('names its parts in Korean', async () => {
    signIn({ labelName: 'Silver', rankLevel: 1 });
    server.use(answerMine(), answerLevels(), answerChanges());
    await i18n.changeLanguage('ko');
    renderWithShell(<VipPage />);
    expect(await screen.findByRole('heading', { name: 'Gold까지의 진행' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'VIP 등급' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: '유효 베팅' })).toBeVisible();
  });
});

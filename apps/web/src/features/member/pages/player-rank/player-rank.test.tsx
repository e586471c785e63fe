import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import { answerMine, SILVER } from '../../../../test/vip-answers';
import PlayerRankPage from './index';

describe('the rank page', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    useSessionStore
      .getState()
      .setMember({ id: 7, account: 'demo01', type: 0, clubLabel: { labelName: 'Silver', rankLevel: 1 } });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it("names itself in a level-2 title, as every page of the member centre does, above the member's rank", async () => {
    server.use(answerMine());
    renderWithShell(<PlayerRankPage />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('My rank');
    expect(screen.getByText('Silver')).toBeVisible();
    expect(screen.getByText('Level 1')).toBeVisible();
    await i18n.changeLanguage('ko');
    expect(await screen.findByRole('heading', { level: 2, name: '내 등급' })).toBeVisible();
  });

  it('shows the progress towards the next level as /vip does, and links to every level', async () => {
    server.use(answerMine());
    renderWithShell(<PlayerRankPage />);
    expect(await screen.findByRole('heading', { name: 'Progress to Gold' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Valid bets' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByRole('progressbar', { name: 'Deposits' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('link', { name: 'All levels and benefits' })).toHaveAttribute('href', '/vip');
  });

  it('shows the level the member reached since member info was read, here and in the session the header reads', async () => {
    server.use(answerMine({ ...SILVER, rankLevel: 2, name: 'Gold', next: null }));
    renderWithShell(<PlayerRankPage />);
    expect(await screen.findByText('Gold')).toBeVisible();
    expect(screen.getByText('Level 2')).toBeVisible();
    expect(useSessionStore.getState().member?.clubLabel).toEqual({ labelName: 'Gold', rankLevel: 2 });
  });
});

import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { renderWithShell } from '../../../../test/render-with-shell';
import PlayerRankPage from './index';

describe('the rank page', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    useSessionStore
      .getState()
      .setMember({ id: 7, account: 'demo01', type: 0, clubLabel: { labelName: 'Gold', rankLevel: 3 } });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it("names itself in a level-2 title, as every page of the member centre does, above the member's rank", async () => {
    renderWithShell(<PlayerRankPage />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('My rank');
    expect(screen.getByText('Gold')).toBeVisible();
    expect(screen.getByText('Level 3')).toBeVisible();
    await i18n.changeLanguage('ko');
    expect(await screen.findByRole('heading', { level: 2, name: '내 등급' })).toBeVisible();
  });
});

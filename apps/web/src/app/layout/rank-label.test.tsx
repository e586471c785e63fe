import { ACCOUNT_CALLS, MemberInfoResponseSchema, type MemberInfo } from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { offline, ok, silentRealtime } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { RootLayout } from './root-layout';

function memberInfo(clubLabel: MemberInfo['clubLabel']): MemberInfo {
  return {
    id: 7,
    account: 'demo01',
    nickname: '',
    type: 0,
    toUpline: '',
    clubLabel,
    memberLabel: [],
    isFreePlay: false,
    language: null,
    hasMobile: false,
    hasEmail: false,
    previousLoginAt: null,
    lastLoginAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

// The rank label (clubLabel) is shown in the bottom navigation and the avatar menu from the member info the shell
// keeps in the session (docs/product/site-shell-and-routes.md#header): a level reached shows once member info is
// read again (or at once on /vip and the member centre's playerRank, lib/vip-level.ts).
describe('the rank label', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().endSession();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it("follows member info: the bottom navigation and the avatar menu show the member's new level after a refetch", async () => {
    let label = { labelName: 'Silver', rankLevel: 1 };
    server.use(
      http.get(ACCOUNT_CALLS.memberInfo.path, () => ok(MemberInfoResponseSchema, memberInfo(label))),
      silentRealtime(),
      offline(),
    );
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    const { client } = renderWithShell(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/index" element={<p>lobby page</p>} />
        </Route>
      </Routes>,
      { route: '/index' },
    );
    const rank = await screen.findByTitle('Rank');
    await screen.findByText('Silver', { selector: '[title="Rank"]' });

    label = { labelName: 'Gold', rankLevel: 5 };
    await act(() => client.invalidateQueries({ queryKey: ['navigation', 'member-info'] }));
    await screen.findByText('Gold', { selector: '[title="Rank"]' });
    expect(rank).toHaveTextContent('Gold');
    expect(useSessionStore.getState().member?.clubLabel).toEqual({ labelName: 'Gold', rankLevel: 5 });

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5_000 }));
    expect(within(await screen.findByRole('menu')).getByText('Gold')).toBeVisible();
  });
});

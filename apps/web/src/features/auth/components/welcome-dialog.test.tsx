import { BONUS_CALLS, SignupBonusResponseSchema, type LoginResult, type SignupBonus } from '@parlay/contract';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../../lib/member-centre-store';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../test/api';
import { renderWithShell, createTestQueryClient } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import { AuthModals } from './auth-modals';
import { WelcomeDialog } from './welcome-dialog';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const BONUS: SignupBonus = {
  amountMinor: 5_000,
  currency: 'KRW',
  currencyExponent: 0,
  wageringMultiplier: 3,
};

const REGISTERED: LoginResult = {
  id: 11,
  account: 'newplayer',
  nickname: 'Newbie',
  type: 0,
  toUpline: '',
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  isFreePlay: false,
  language: null,
  hasMobile: false,
  hasEmail: false,
  previousLoginAt: null,
  lastLoginAt: null,
  createdAt: '2026-11-29T00:00:00.000Z',
  token: 'y'.repeat(43),
  expiresAt: '2026-11-30T00:00:00.000Z',
  firstTimeLogin: true,
  passwordExpired: false,
  passwordIsDefault: false,
  cpw: false,
};

describe(WelcomeDialog.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useMemberCentreStore.setState({ page: null });
    act(() => useSessionStore.getState().endSession());
  });
  afterEach(() => {
    cleanup();
    act(() => useModalStore.getState().closeModal());
  });

  function completeSignIn(via: 'register' | 'username') {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useCompleteSignIn(), { wrapper });
    act(() => result.current(REGISTERED, via));
  }

  it('opens once after a registration, with the new member named, and not after a sign-in', () => {
    completeSignIn('username');
    expect(useModalStore.getState().current).toBeNull();
    completeSignIn('register');
    expect(useModalStore.getState().current).toEqual({ name: 'welcomeModal', payload: { name: 'Newbie' } });
  });

  it("names the brand's sign-up bonus with its wagering, and takes the member to the deposit page", async () => {
    server.use(http.get(BONUS_CALLS.signupBonus.path, () => ok(SignupBonusResponseSchema, BONUS)));
    renderWithShell(<AuthModals />);
    act(() => useModalStore.getState().openModal('welcomeModal', { name: 'Newbie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome, Newbie!' });
    await waitFor(() => expect(screen.getByTestId('welcome-bonus')).toHaveTextContent('5,000'));
    expect(screen.getByTestId('welcome-bonus')).toHaveTextContent('Wager it 3× to withdraw it.');
    expect(dialog).toHaveTextContent('Make your first deposit');
    const user = userEvent.setup();
    if (isBuiltMemberCentrePage('depositv2')) {
      await user.click(screen.getByRole('button', { name: 'Deposit now' }));
      expect(useMemberCentreStore.getState().page).toBe('depositv2');
    } else {
      await user.click(screen.getByRole('button', { name: 'Explore games' }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names no bonus when the brand gives none, and lets the member go to the games', async () => {
    server.use(http.get(BONUS_CALLS.signupBonus.path, () => ok(SignupBonusResponseSchema, null)));
    await i18n.changeLanguage('ko');
    renderWithShell(<AuthModals />);
    act(() => useModalStore.getState().openModal('welcomeModal', { name: 'Newbie' }));
    await screen.findByRole('dialog', { name: 'Newbie님, 환영합니다!' });
    expect(screen.queryByTestId('welcome-bonus')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '게임 둘러보기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useMemberCentreStore.getState().page).toBeNull();
  });
});

import type { SystemStatus } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import i18n from '../../../i18n/index';
import { guardProtectedAction, useAccountGateStore } from '../../../lib/account-gate';
import { BrandProvider } from '../../../lib/brand';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { AuthModals } from './auth-modals';

const status = {
  brand: { name: 'Parlay Demo' },
  whitelabel: [],
  location: { country: 'KR' },
} as unknown as SystemStatus;

async function renderModals() {
  await i18n.changeLanguage('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrandProvider status={status}>
        <MemoryRouter>
          <AuthModals />
        </MemoryRouter>
      </BrandProvider>
    </QueryClientProvider>,
  );
}

describe(guardProtectedAction.name, () => {
  beforeEach(() => act(() => useSessionStore.getState().endSession()));
  afterEach(() => {
    cleanup();
    act(() => {
      useModalStore.getState().closeModal();
      useAccountGateStore.getState().setTrueAccountWarningOpen(false);
      useSessionStore.getState().endSession();
    });
  });

  it('refuses a trial (type 4) account with the in_need_true_account warning and its confirm button', async () => {
    await renderModals();
    act(() => useSessionStore.getState().startSession({ token: 't'.repeat(43), isAgent: 4, account: 'trial' }));
    let allowed = true;
    act(() => {
      allowed = guardProtectedAction();
    });
    expect(allowed).toBe(false);
    const warning = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(warning).toHaveTextContent('This is a trial account. Please use a real account for this action.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(false);
  });

  it('sends a visitor to the login popup with the not-logged-in message', async () => {
    await renderModals();
    let allowed = true;
    act(() => {
      allowed = guardProtectedAction();
    });
    expect(allowed).toBe(false);
    expect(useModalStore.getState().current).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Sorry, you are not logged in yet, please log in.' },
    });
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    // The message is the popup's description, so screen readers read it with the title as it opens.
    expect(popup).toHaveAccessibleDescription('Sorry, you are not logged in yet, please log in.');
  });

  it('opens the login popup from the header with no description when there is no message', async () => {
    await renderModals();
    act(() => useModalStore.getState().openModal('loginPopupModal', {}));
    const popup = await screen.findByRole('dialog', { name: 'Log in' });
    expect(popup).not.toHaveAttribute('aria-describedby');
  });

  it('lets a real member through', () => {
    act(() => useSessionStore.getState().startSession({ token: 't'.repeat(43), isAgent: 0, account: 'demo' }));
    expect(guardProtectedAction()).toBe(true);
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(false);
  });
});

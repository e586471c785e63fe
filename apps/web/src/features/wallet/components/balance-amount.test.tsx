import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { BalanceAmount } from './balance-amount';

// No realtime socket in these tests: the balance comes from its call only.
vi.mock('../lib/balance-socket', () => ({ balanceSocket: { subscribe: () => () => undefined } }));

describe(BalanceAmount.name, () => {
  let reads: number;
  let releaseRead: () => void;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    reads = 0;
    vi.stubGlobal('fetch', async () => {
      reads += 1;
      // The first read answers at once; a refresh waits until the test lets it through.
      if (reads > 1) await new Promise<void>((resolve) => (releaseRead = resolve));
      const value = { sumBalance: 1_000_000, currency: 'KRW', currencyExponent: 0 };
      return new Response(JSON.stringify({ success: true, code: 'SUCCESS', value }));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null, account: null, isSignedIn: false });
  });

  it('keeps focus on the refresh control while the balance updates, and a second press asks nothing more', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BalanceAmount hidden={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent(/1,000,000/));
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    refresh.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('Balance updating'));
    // A disabled button would drop focus to the page's body in a browser: it stays enabled, marked busy.
    expect(refresh).toBeEnabled();
    expect(refresh).toHaveAttribute('aria-disabled', 'true');
    expect(refresh).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(reads).toBe(2);

    releaseRead();
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent(/1,000,000/));
    expect(refresh).toHaveAttribute('aria-disabled', 'false');
    expect(refresh).toHaveFocus();
  });
});

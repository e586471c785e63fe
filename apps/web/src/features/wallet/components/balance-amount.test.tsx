import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { answer, silentRealtime } from '../../../test/api';
import { recordRequests, server } from '../../../test/server';
import { walletKeys } from '../api/query-keys';
import { BalanceAmount } from './balance-amount';

// No realtime socket in these tests: the balance comes from its call only. The files of a worker share
// their modules (vite.config.ts: isolate false), so when another file loaded the socket first this mock
// does not hold: the real socket then reaches a server that says nothing (silentRealtime below).
vi.mock('../lib/balance-socket', () => ({ balanceSocket: { subscribe: () => () => undefined } }));

describe(BalanceAmount.name, () => {
  let sent: Request[];
  /** The balance reads sent so far, counted as they are sent, before an answer. */
  const reads = () => sent.filter((request) => new URL(request.url).pathname === '/wps/v2/wallets/balance');
  let releaseRead: () => void;
  let sumBalance: number;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    sent = recordRequests();
    sumBalance = 1_000_000;
    let answered = 0;
    server.use(
      answer('balance', async () => {
        answered += 1;
        // The first read answers at once; a refresh waits until the test lets it through.
        if (answered > 1) await new Promise<void>((resolve) => (releaseRead = resolve));
        return { sumBalance, currency: 'KRW', currencyExponent: 0 };
      }),
      silentRealtime(),
    );
  });
  afterEach(() => {
    cleanup();
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
    expect(reads()).toHaveLength(2);

    releaseRead();
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent(/1,000,000/));
    expect(refresh).toHaveAttribute('aria-disabled', 'false');
    expect(refresh).toHaveFocus();
  });

  it('keeps the shown balance while it is read again in the background or pushed, and never says it is updating', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BalanceAmount hidden={false} />
      </QueryClientProvider>,
    );
    const amount = screen.getByTestId('balance-amount');
    await waitFor(() => expect(amount).toHaveTextContent(/1,000,000/));
    const shown: string[] = [];
    const watcher = new MutationObserver(() => shown.push(amount.textContent ?? ''));
    watcher.observe(amount, { childList: true, characterData: true, subtree: true });

    // The automatic read every 60 s, as refetchInterval starts it: the header sits in a live region.
    sumBalance = 1_250_000;
    const reread = client.refetchQueries({ queryKey: walletKeys.balance('token-1') });
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(client.isFetching()).toBe(1);
    expect(amount).toHaveTextContent(/1,000,000/);
    expect(amount).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toHaveAttribute('aria-disabled', 'false');
    releaseRead();
    await reread;
    await waitFor(() => expect(amount).toHaveTextContent(/1,250,000/));

    // A pushed balance replaces the shown one with no request.
    act(() => {
      client.setQueryData(walletKeys.balance('token-1'), {
        sumBalance: 1_300_000,
        currency: 'KRW',
        currencyExponent: 0,
      });
    });
    await waitFor(() => expect(amount).toHaveTextContent(/1,300,000/));
    watcher.disconnect();
    expect(shown.filter((text) => text.includes('Balance updating'))).toEqual([]);
    expect(reads()).toHaveLength(2);
  });
});

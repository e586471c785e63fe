import type { MerchantWallet } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from '../api/query-keys';
import { WalletPanel } from './wallet-panel';

const TOKEN = 'wallet-panel-test-token';

/** The panel over a cache that already holds every wallet call's answer, so no network is involved. */
async function renderPanel(language: 'ko' | 'en', wallet: MerchantWallet) {
  await i18n.changeLanguage(language);
  useSessionStore.setState({ token: TOKEN, isSignedIn: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(walletKeys.balance(TOKEN), { sumBalance: 1_000, currency: 'KRW', currencyExponent: 0 });
  client.setQueryData(walletKeys.consolidated(TOKEN), {
    sumBalance: 1_000,
    currency: 'KRW',
    wallets: wallet.wallets,
    inPlayMinor: 0,
    openRounds: 0,
  });
  client.setQueryData(walletKeys.merchantWallet(TOKEN), wallet);
  client.setQueryData(walletKeys.bettingRecords(TOKEN), {
    pages: [{ list: [], nextCursor: null }],
    pageParams: [null],
  });
  return render(
    <QueryClientProvider client={client}>
      <WalletPanel open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
}

describe(WalletPanel.name, () => {
  afterEach(() => {
    useSessionStore.setState({ token: null, isSignedIn: false });
  });

  // The server's name is in the language of the call, which the cache keeps after a change of language.
  it.each([
    ['ko', 'Main wallet', '메인 지갑'],
    ['en', '메인 지갑', 'Main wallet'],
  ] as const)(
    'names the main wallet in the member language (%s), whatever name the server sent',
    async (language, sent, shown) => {
      await renderPanel(language, {
        isSingle: true,
        currency: 'KRW',
        wallets: [{ walletCode: 'MAIN', displayName: sent, balanceMinor: 1_000 }],
      });
      const list = screen.getByRole('heading', { name: i18n.t('wallet:panel.wallets') }).parentElement!;
      expect(within(list).getByText(shown)).toBeInTheDocument();
      expect(within(list).queryByText(sent)).not.toBeInTheDocument();
    },
  );

  it("offers the translated main wallet and a vendor wallet under the vendor's name in the transfer form", async () => {
    await renderPanel('ko', {
      isSingle: false,
      currency: 'KRW',
      wallets: [
        { walletCode: 'MAIN', displayName: 'Main wallet', balanceMinor: 600 },
        { walletCode: 'TESTV', displayName: 'Test Vendor', balanceMinor: 400 },
      ],
    });
    const from = screen.getByRole('combobox', { name: '보내는 지갑' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['메인 지갑', 'Test Vendor']);
  });
});

import type { BettingRecord, MerchantWallet } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useMemberCentreStore } from '../../../lib/member-centre-store';
import { useSessionStore } from '../../../lib/session-store';
import { createTestQueryClient, renderWithShell } from '../../../test/render-with-shell';
import { walletKeys } from '../api/query-keys';
import { WalletPanel } from './wallet-panel';

const TOKEN = 'wallet-panel-test-token';

const MAIN_ONLY: MerchantWallet = {
  isSingle: true,
  currency: 'KRW',
  wallets: [{ walletCode: 'MAIN', displayName: '메인 지갑', balanceMinor: 1_000 }],
};

const DICE_ROUND: BettingRecord = {
  roundId: 'r-dice-1',
  vassalage: 'HOUSE',
  vendorName: 'Parlay Originals',
  gameCode: 'dice',
  gameName: 'Dice',
  gameType: 'RNG',
  currency: 'KRW',
  stakeMinor: 1_000,
  winMinor: 1_980,
  validBetMinor: 1_000,
  profitMinor: 980,
  status: 'settled',
  startedAt: '2026-11-25T09:20:01.000Z',
  settledAt: '2026-11-25T09:20:02.000Z',
};

/** The panel over a cache that already holds every wallet call's answer, so no network is involved. */
async function renderPanel(
  language: 'ko' | 'en',
  wallet: MerchantWallet,
  records: BettingRecord[] = [],
  details: Record<string, unknown>[] = [],
  { onOpenChange = () => undefined, isAgent = 0 }: { onOpenChange?: (open: boolean) => void; isAgent?: number } = {},
) {
  await i18n.changeLanguage(language);
  useSessionStore.setState({ token: TOKEN, isSignedIn: true, isAgent });
  const client = createTestQueryClient({ staleTime: Infinity });
  client.setQueryData(walletKeys.balance(TOKEN), { sumBalance: 1_000, currency: 'KRW', currencyExponent: 0 });
  client.setQueryData(walletKeys.consolidated(TOKEN), {
    sumBalance: 1_000,
    currency: 'KRW',
    wallets: wallet.wallets,
    inPlayMinor: 0,
    openRounds: 0,
  });
  client.setQueryData(walletKeys.merchantWallet(TOKEN), wallet);
  client.setQueryData(walletKeys.bettingRecords(TOKEN), { list: records, nextCursor: null });
  for (const detail of details) {
    const record = detail as BettingRecord;
    client.setQueryData(walletKeys.bettingRecord(TOKEN, record.vassalage, record.roundId), detail);
  }
  return renderWithShell(<WalletPanel open onOpenChange={onOpenChange} />, { client });
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

  it('writes a loss on the record line with the minus sign and a gain with a plus, as the money moves do', async () => {
    const loss: BettingRecord = { ...DICE_ROUND, roundId: 'r-dice-2', winMinor: 0, profitMinor: -1_000 };
    const none: BettingRecord = { ...DICE_ROUND, roundId: 'r-dice-3', status: 'cancelled', profitMinor: 0 };
    await renderPanel('en', MAIN_ONLY, [DICE_ROUND, loss, none]);
    const profits = screen.getAllByText('Profit').map((term) => term.nextElementSibling?.textContent);
    expect(profits).toEqual(['+₩980', '\u2212₩1,000', '₩0']);
  });

  it("says an open round's profit is not settled yet, not ₩0, in both languages", async () => {
    const open: BettingRecord = { ...DICE_ROUND, roundId: 'r-dice-4', status: 'open', winMinor: 0, profitMinor: 0 };
    await renderPanel('en', MAIN_ONLY, [open, DICE_ROUND]);
    expect(screen.getAllByText('Profit').map((term) => term.nextElementSibling?.textContent)).toEqual([
      'Not settled',
      '+₩980',
    ]);
  });

  it("says an open round's profit is not settled yet in Korean", async () => {
    const open: BettingRecord = { ...DICE_ROUND, roundId: 'r-dice-5', status: 'open', winMinor: 0, profitMinor: 0 };
    await renderPanel('ko', MAIN_ONLY, [open]);
    expect(screen.getByText('손익').nextElementSibling?.textContent).toBe('정산 전');
  });

  it('links its last rounds to the member centre records page, closing itself', async () => {
    const closed: boolean[] = [];
    await renderPanel('en', MAIN_ONLY, [DICE_ROUND], [], { onOpenChange: (open) => closed.push(open) });
    await userEvent.click(screen.getByRole('button', { name: 'All betting records' }));
    expect(closed).toEqual([false]);
    expect(useMemberCentreStore.getState().page).toBe('personalHistoryCopy');
    useMemberCentreStore.getState().closeMemberCentre();
  });

  it('shows a trial account no records, which the server keeps for real accounts', async () => {
    await renderPanel('en', MAIN_ONLY, [DICE_ROUND], [], { isAgent: 4 });
    expect(screen.getByText('Total balance')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Last betting records' })).not.toBeInTheDocument();
  });

  it("names a record's vendor as players know it, not by its code", async () => {
    await renderPanel('en', MAIN_ONLY, [DICE_ROUND]);
    expect(screen.getByText(/^Parlay Originals · /)).toBeInTheDocument();
    expect(screen.queryByText(/^HOUSE · /)).not.toBeInTheDocument();
  });

  it("opens a round's money moves and its provably fair inputs from its record, and closes them again", async () => {
    await renderPanel(
      'en',
      MAIN_ONLY,
      [DICE_ROUND],
      [
        {
          ...DICE_ROUND,
          transactions: [
            { transactionId: 'r-dice-1.d', kind: 'debit', amountMinor: 1_000, at: '2026-11-25T09:20:01.000Z' },
            { transactionId: 'r-dice-1.c', kind: 'credit', amountMinor: 1_980, at: '2026-11-25T09:20:02.000Z' },
          ],
          detail: {
            game: 'dice',
            params: { target: 50, direction: 'over' },
            outcome: { roll: 86.17, win: true },
            serverSeedHash: 'ab12cd',
            clientSeed: 'my-seed',
            nonce: 7,
          },
        },
      ],
    );
    const toggle = screen.getByRole('button', { name: /^Details: Dice/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(detail).getByText('r-dice-1')).toBeInTheDocument();
    const moves = within(detail)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(moves[1]).toMatch(/^Stake−₩1,000/);
    expect(moves[2]).toMatch(/^Payout\+₩1,980/);
    const fair = within(detail).getByRole('region', { name: 'Provably fair' });
    expect(within(fair).getByText('ab12cd')).toBeInTheDocument();
    expect(within(fair).getByText('my-seed')).toBeInTheDocument();
    expect(within(fair).getByText('7')).toBeInTheDocument();
    // The rest of the vendor's data, without the inputs shown above.
    const data = within(detail).getByText(/"roll": 86.17/);
    expect(data.textContent).not.toContain('ab12cd');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('r-dice-1')).not.toBeInTheDocument();
  });

  it("links to the vendor's verifier when the replay data names one, and never to an address that is not http(s)", async () => {
    const withVerifier = (verifyUrl: string) => ({
      ...DICE_ROUND,
      transactions: [],
      detail: { game: 'dice', serverSeedHash: 'ab12cd', clientSeed: 'my-seed', nonce: 7, verifyUrl },
    });
    await renderPanel(
      'en',
      MAIN_ONLY,
      [DICE_ROUND],
      [withVerifier('https://games.example.test/house/verify?game=dice')],
    );
    await userEvent.click(screen.getByRole('button', { name: /^Details: Dice/ }));
    const fair = screen.getByRole('region', { name: 'Provably fair' });
    const link = within(fair).getByRole('link', { name: 'Verify this round (opens in a new window)' });
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(
        /^https:\/\/games\.example\.test\/house\/verify\?game=dice&language=EN&theme=(dark|light)$/,
      ) as unknown,
    );
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Shown as a link, not again among the rest of the vendor's data.
    expect(screen.queryByText(/games\.example\.test/)).not.toBeInTheDocument();
    cleanup();

    await renderPanel('en', MAIN_ONLY, [DICE_ROUND], [withVerifier('javascript:alert(1)')]);
    await userEvent.click(screen.getByRole('button', { name: /^Details: Dice/ }));
    expect(within(screen.getByRole('region', { name: 'Provably fair' })).queryByRole('link')).toBeNull();
  });

  it('links a round with no seeds (a crash bet) to its verifier too, and keeps its data below', async () => {
    await renderPanel(
      'en',
      MAIN_ONLY,
      [DICE_ROUND],
      [
        {
          ...DICE_ROUND,
          transactions: [],
          detail: {
            game: 'crash',
            gameId: 42,
            cashout: 2.5,
            autoCashout: null,
            verifyUrl: 'https://games.example.test/house/verify?game=crash&gameId=42',
          },
        },
      ],
    );
    await userEvent.click(screen.getByRole('button', { name: /^Details: Dice/ }));
    const fair = screen.getByRole('region', { name: 'Provably fair' });
    expect(within(fair).getByRole('link', { name: /^Verify this round/ })).toHaveAttribute(
      'href',
      expect.stringContaining('game=crash&gameId=42&language=EN') as unknown,
    );
    expect(within(fair).queryByRole('term')).toBeNull();
    expect(screen.getByText(/"cashout": 2.5/)).toBeInTheDocument();
  });

  it('says so when the vendor sent nothing to replay a round, in Korean', async () => {
    await renderPanel(
      'ko',
      MAIN_ONLY,
      [DICE_ROUND],
      [
        {
          ...DICE_ROUND,
          status: 'cancelled',
          transactions: [
            { transactionId: 'r-dice-1.d', kind: 'debit', amountMinor: 1_000, at: '2026-11-25T09:20:01.000Z' },
            { transactionId: 'r-dice-1.d', kind: 'rollback', amountMinor: 1_000, at: '2026-11-25T09:20:02.000Z' },
          ],
          detail: null,
        },
      ],
    );
    await userEvent.click(screen.getByRole('button', { name: /^상세: Dice/ }));
    expect(screen.getByText('환불')).toBeInTheDocument();
    expect(screen.getByText('게임사가 이 라운드를 재현할 데이터를 보내지 않았습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '공정성 검증' })).not.toBeInTheDocument();
  });
});

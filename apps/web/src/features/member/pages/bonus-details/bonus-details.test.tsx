import {
  BONUS_CALLS,
  BonusListResponseSchema,
  ERRORS,
  ForfeitBonusResponseSchema,
  type BonusList,
  type MemberBonus,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { storeLanguage } from '../../../../lib/storage';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import BonusDetailsPage from './index';

const WELCOME: MemberBonus = {
  id: 12,
  promotionCode: 'WELCOME100',
  kind: 'deposit_bonus',
  title: 'Welcome bonus 100%',
  source: 'deposit',
  depositOrderNo: 'D261127ABCDEF1234',
  amountMinor: 50_000,
  wageringRequiredMinor: 500_000,
  wageringDoneMinor: 125_000,
  wageringLeftMinor: 375_000,
  progressPercent: 25,
  contributionBp: { RNG: 10_000, LIVE: 1_000 },
  status: 'active',
  balanceMode: 'locked',
  takenBackMinor: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-27T10:00:00.000Z',
  finishedAt: null,
};
const SIGNUP: MemberBonus = {
  ...WELCOME,
  id: 11,
  promotionCode: 'SIGNUP5000',
  kind: 'signup_bonus',
  title: 'Sign-up bonus',
  source: 'signup',
  depositOrderNo: null,
  amountMinor: 5_000,
  wageringRequiredMinor: 15_000,
  wageringDoneMinor: 15_000,
  wageringLeftMinor: 0,
  progressPercent: 100,
  status: 'completed',
  finishedAt: '2026-11-26T12:00:00.000Z',
};
const LIST: BonusList = {
  currency: 'KRW',
  currencyExponent: 0,
  lockedMinor: 50_000,
  wageringLeftMinor: 375_000,
  bonusBalanceMinor: 0,
  items: [WELCOME, SIGNUP],
  nextCursor: null,
};

const answerList = (list: BonusList = LIST) => http.get(BONUS_CALLS.list.path, () => ok(BonusListResponseSchema, list));

describe('BonusDetailsPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    // The language the calls are asked in, as the header's language select stores it.
    storeLanguage('EN');
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    localStorage.clear();
  });

  it('lists each bonus with its amount, status, wagering done of required, expiry and what holds back a withdrawal', async () => {
    // The titles come in the language the call is asked in.
    server.use(
      http.get(BONUS_CALLS.list.path, ({ request }) =>
        ok(
          BonusListResponseSchema,
          request.headers.get('language') === 'KO'
            ? { ...LIST, items: [{ ...WELCOME, title: '첫 충전 100% 보너스' }, SIGNUP] }
            : LIST,
        ),
      ),
    );
    renderWithShell(<BonusDetailsPage />);
    const cards = await screen.findAllByTestId('bonus');
    expect(cards).toHaveLength(2);
    let [welcome] = cards as [HTMLElement];
    const signup = cards[1]!;

    expect(within(welcome).getByRole('heading', { name: 'Welcome bonus 100%' })).toBeInTheDocument();
    expect(welcome).toHaveTextContent('Active');
    expect(welcome).toHaveTextContent('₩50,000');
    expect(welcome).toHaveTextContent('Deposit D261127ABCDEF1234');
    expect(within(welcome).getByTestId('bonus-wagering')).toHaveTextContent('₩125,000 / ₩500,000');
    const bar = within(welcome).getByRole('progressbar', { name: 'Wagering of Welcome bonus 100%' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(welcome).toHaveTextContent('Still to wager: ₩375,000.');
    expect(welcome).toHaveTextContent('Counts: Live 10% · Slots 100%');
    expect(welcome).toHaveTextContent(/Expires.*Dec 27, 2026/);
    expect(within(welcome).getByRole('button', { name: 'Forfeit' })).toBeInTheDocument();

    // A completed bonus shows when it ended and offers nothing to forfeit.
    expect(signup).toHaveTextContent('Completed');
    expect(signup).toHaveTextContent('Sign-up');
    expect(signup).toHaveTextContent('Wagering met: this bonus is yours to withdraw.');
    expect(signup).toHaveTextContent(/Ended.*Nov 26, 2026/);
    expect(within(signup).queryByRole('button', { name: 'Forfeit' })).toBeNull();

    // Paid into the main balance: no bonus balance to show.
    expect(screen.queryByTestId('bonus-balance')).toBeNull();
    expect(screen.getByTestId('bonus-locked')).toHaveTextContent(
      '₩50,000 of your balance is bonus money that cannot be withdrawn until its wagering is met (₩375,000 still to wager).',
    );

    // A change of language asks for the titles again.
    storeLanguage('KO');
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByRole('heading', { name: '보너스 내역' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '첫 충전 100% 보너스' })).toBeInTheDocument();
    [welcome] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
    expect(welcome).toHaveTextContent('진행 중');
    expect(welcome).toHaveTextContent('남은 베팅 금액: ₩375,000');
  });

  it('says what a forfeit takes back before sending it, sends it once with its requestId, and shows the outcome', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const forfeited: MemberBonus = {
      ...WELCOME,
      status: 'forfeited',
      takenBackMinor: 50_000,
      wageringLeftMinor: 0,
      finishedAt: '2026-11-28T07:00:00.000Z',
    };
    let list = LIST;
    server.use(
      http.get(BONUS_CALLS.list.path, () => ok(BonusListResponseSchema, list)),
      http.post(BONUS_CALLS.forfeit.path, async ({ request }) => {
        sent.push(await request.json());
        list = { ...LIST, lockedMinor: 0, wageringLeftMinor: 0, items: [forfeited, SIGNUP] };
        return ok(ForfeitBonusResponseSchema, { bonus: forfeited, takenBackMinor: 50_000, balanceMinor: 70_000 });
      }),
    );
    renderWithShell(<BonusDetailsPage />);
    const [welcome] = (await screen.findAllByTestId('bonus')) as [HTMLElement];

    // Asked first: keeping the bonus sends nothing.
    await user.click(within(welcome).getByRole('button', { name: 'Forfeit' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Forfeit Welcome bonus 100%?' });
    expect(dialog).toHaveTextContent('₩50,000 is taken back from your balance (all of your balance if it holds less).');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);

    await user.click(within(welcome).getByRole('button', { name: 'Forfeit' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Welcome bonus 100% was forfeited: ₩50,000 was taken back.',
    );
    expect(sent).toEqual([{ bonusId: 12, requestId: expect.stringMatching(/^web-.{8,60}$/) }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The list is read again: the bonus is forfeited, nothing holds back a withdrawal any more.
    const [after] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
    await within(after).findByText('Forfeited');
    expect(after).toHaveTextContent(/Taken back\s*₩50,000/);
    expect(within(after).queryByRole('button', { name: 'Forfeit' })).toBeNull();
    expect(screen.queryByTestId('bonus-locked')).toBeNull();
  });

  it("names the bonus in the dialog in the page's language when it changes while the dialog is open", async () => {
    const user = userEvent.setup();
    server.use(
      http.get(BONUS_CALLS.list.path, ({ request }) =>
        ok(
          BonusListResponseSchema,
          request.headers.get('language') === 'KO'
            ? { ...LIST, items: [{ ...WELCOME, title: '첫 충전 100% 보너스' }, SIGNUP] }
            : LIST,
        ),
      ),
    );
    renderWithShell(<BonusDetailsPage />);
    const [welcome] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
    await user.click(within(welcome).getByRole('button', { name: 'Forfeit' }));
    await screen.findByRole('alertdialog', { name: 'Forfeit Welcome bonus 100%?' });
    storeLanguage('KO');
    await act(() => i18n.changeLanguage('ko'));
    expect(
      await screen.findByRole('alertdialog', { name: '첫 충전 100% 보너스을(를) 포기하시겠습니까?' }),
    ).toBeVisible();
  });

  it("shows the server's refusal of a forfeit and closes the dialog", async () => {
    const user = userEvent.setup();
    server.use(
      answerList(),
      http.post(BONUS_CALLS.forfeit.path, () => fail('BONUS_NOT_ACTIVE')),
    );
    renderWithShell(<BonusDetailsPage />);
    const [welcome] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
    await user.click(within(welcome).getByRole('button', { name: 'Forfeit' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This bonus is no longer active.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  describe('with a bonus paid into the bonus balance', () => {
    const SEPARATE: MemberBonus = { ...WELCOME, id: 14, title: 'Reload bonus', balanceMode: 'separate' };
    const WAGERED: MemberBonus = { ...SIGNUP, balanceMode: 'separate' };
    const SEPARATE_LIST: BonusList = {
      ...LIST,
      lockedMinor: 0,
      bonusBalanceMinor: 62_000,
      items: [SEPARATE, WAGERED],
    };

    it('shows the bonus balance above the list, in English and Korean, and where each bonus was paid', async () => {
      server.use(answerList(SEPARATE_LIST));
      renderWithShell(<BonusDetailsPage />);
      const balance = await screen.findByTestId('bonus-balance');
      expect(within(balance).getByRole('heading', { name: 'Bonus balance' })).toBeInTheDocument();
      expect(balance).toHaveTextContent('₩62,000');
      expect(balance).toHaveTextContent(
        'It is played after your own money and moves to your balance once every bonus is wagered.',
      );
      expect(screen.queryByTestId('bonus-locked')).toBeNull();
      const [reload, wagered] = screen.getAllByTestId('bonus') as [HTMLElement, HTMLElement];
      expect(reload).toHaveTextContent(/Paid into\s*Bonus balance/);
      expect(wagered).toHaveTextContent(
        'Wagering met. Your bonus balance moves to your balance once every bonus is wagered.',
      );

      await act(() => i18n.changeLanguage('ko'));
      expect(await screen.findByRole('heading', { name: '보너스 잔액' })).toBeInTheDocument();
      expect(screen.getByTestId('bonus-balance')).toHaveTextContent(
        '본인 금액을 먼저 사용한 뒤 베팅에 사용되며, 모든 보너스의 베팅 조건을 채우면 잔액으로 옮겨집니다.',
      );
    });

    it('shows the bonus balance while all of it is staked, once a bonus was paid into it', async () => {
      server.use(answerList({ ...SEPARATE_LIST, bonusBalanceMinor: 0 }));
      renderWithShell(<BonusDetailsPage />);
      expect(await screen.findByTestId('bonus-balance')).toHaveTextContent('₩0');
    });

    it('says a forfeit of the last bonus being wagered takes the whole bonus balance back, winnings included', async () => {
      const user = userEvent.setup();
      server.use(answerList(SEPARATE_LIST));
      renderWithShell(<BonusDetailsPage />);
      const [reload] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
      await user.click(within(reload).getByRole('button', { name: 'Forfeit' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Forfeit Reload bonus?' });
      expect(dialog).toHaveTextContent('Your bonus balance of ₩62,000, its winnings included, is taken back.');
      expect(dialog).toHaveTextContent("This bonus's wagering ends.");
      expect(dialog).not.toHaveTextContent('holds back your withdrawals');
    });

    it('says a forfeit takes its amount from the bonus balance while another bonus is still being wagered', async () => {
      const user = userEvent.setup();
      const other: MemberBonus = { ...SEPARATE, id: 15, title: 'Second reload' };
      server.use(answerList({ ...SEPARATE_LIST, items: [SEPARATE, other] }));
      renderWithShell(<BonusDetailsPage />);
      const [reload] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
      await user.click(within(reload).getByRole('button', { name: 'Forfeit' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Forfeit Reload bonus?' });
      expect(dialog).toHaveTextContent('₩50,000 is taken back from your bonus balance (all of it if it holds less).');
      expect(dialog).not.toHaveTextContent('winnings');
    });

    it('says both cases when a page not yet read may hold another bonus being wagered', async () => {
      const user = userEvent.setup();
      server.use(answerList({ ...SEPARATE_LIST, items: [SEPARATE], nextCursor: 'c14' }));
      renderWithShell(<BonusDetailsPage />);
      const [reload] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
      await user.click(within(reload).getByRole('button', { name: 'Forfeit' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('₩50,000 is taken back from your bonus balance');
      expect(dialog).toHaveTextContent(
        'If no other bonus of yours is still being wagered, your whole bonus balance (₩62,000), its winnings included, is taken back.',
      );
    });

    it('shows the refusal while a round staked with bonus money is in play, in the language asked in', async () => {
      const user = userEvent.setup();
      server.use(
        answerList(SEPARATE_LIST),
        http.post(BONUS_CALLS.forfeit.path, ({ request }) =>
          request.headers.get('language') === 'KO'
            ? HttpResponse.json(
                {
                  success: false,
                  code: 'BONUS_ROUNDS_OPEN',
                  message: ERRORS.BONUS_ROUNDS_OPEN.ko,
                  value: null,
                },
                { status: ERRORS.BONUS_ROUNDS_OPEN.status },
              )
            : fail('BONUS_ROUNDS_OPEN'),
        ),
      );
      renderWithShell(<BonusDetailsPage />);
      let [reload] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
      await user.click(within(reload).getByRole('button', { name: 'Forfeit' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Forfeit' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'A game you staked with bonus money is still in play. Try again once it has ended.',
      );
      expect(screen.queryByRole('alertdialog')).toBeNull();

      storeLanguage('KO');
      await act(() => i18n.changeLanguage('ko'));
      [reload] = (await screen.findAllByTestId('bonus')) as [HTMLElement];
      await user.click(within(reload).getByRole('button', { name: '보너스 포기' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '포기하기' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '보너스 금액으로 진행 중인 게임이 있습니다. 게임이 끝난 뒤 다시 시도해 주세요.',
      );
    });
  });

  it('says honestly that there are no bonuses yet, in English and Korean', async () => {
    server.use(answerList({ ...LIST, lockedMinor: 0, wageringLeftMinor: 0, items: [] }));
    renderWithShell(<BonusDetailsPage />);
    expect(await screen.findByText('You have no bonuses yet')).toBeInTheDocument();
    expect(screen.queryByTestId('bonus')).toBeNull();
    expect(screen.queryByTestId('bonus-locked')).toBeNull();
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByText('아직 받은 보너스가 없습니다')).toBeInTheDocument();
  });

  it('reads the next page with Show more', async () => {
    const user = userEvent.setup();
    const cursors: (string | null)[] = [];
    server.use(
      http.get(BONUS_CALLS.list.path, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return ok(
          BonusListResponseSchema,
          cursor === null ? { ...LIST, items: [WELCOME], nextCursor: 'c12' } : { ...LIST, items: [SIGNUP] },
        );
      }),
    );
    renderWithShell(<BonusDetailsPage />);
    expect(await screen.findAllByTestId('bonus')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'Sign-up bonus' })).toBeInTheDocument();
    expect(screen.getAllByTestId('bonus')).toHaveLength(2);
    expect(cursors).toEqual([null, 'c12']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('offers to try again when the list could not be read', async () => {
    server.use(http.get(BONUS_CALLS.list.path, () => fail('SERVICE_UNAVAILABLE')));
    renderWithShell(<BonusDetailsPage />);
    expect(await screen.findByText('Your bonuses could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { AvatarResponseSchema, PracticeBalanceResponseSchema, type Avatar } from '@parlay/contract';
import { ACCOUNT_CALLS, WALLET_CALLS } from '@parlay/contract/constants';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useAgentCentreStore } from '../../lib/agent-centre-store';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../lib/member-centre-store';
import { useModalStore } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { useChangeAvatar } from '../../features/member/pages/profile/api/change-avatar';
import { offline, ok, silentRealtime } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { ShellSignedInArea } from './shell-signed-in-area';

/** The avatar drawn in the account menu's button, by what it shows: an image's address or a static avatar's id. */
const shownAvatar = () =>
  screen
    .getByRole('button', { name: 'Account menu', hidden: true })
    .querySelector('[data-avatar]')
    ?.getAttribute('data-avatar') ?? null;

/** The profile page's avatar change, as a button: the header must follow it. */
function ChooseAvatar({ avatar }: { avatar: string }) {
  const change = useChangeAvatar();
  return (
    <button type="button" onClick={() => change.mutate({ avatar })}>
      choose {avatar}
    </button>
  );
}

function signIn(type: number) {
  useSessionStore.getState().startSession({ token: 'token-1', isAgent: type, account: 'demo01' });
  useSessionStore
    .getState()
    .setMember({ id: 7, account: 'demo01', type, clubLabel: { labelName: 'Gold', rankLevel: 3 } });
}

describe(ShellSignedInArea.name, () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().endSession();
    useMemberCentreStore.setState({ page: null });
    useAgentCentreStore.setState({ page: null });
    await i18n.changeLanguage('en');
    // A signed-in member's balance opens the member socket once the wallet's chunk has loaded.
    server.use(offline(), silentRealtime());
  });
  afterEach(() => cleanup());

  it('shows the rank, account and ID, and opens the member centre from the avatar menu', async () => {
    signIn(1);
    const user = userEvent.setup();
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Gold');
    expect(menu).toHaveTextContent('demo01');
    expect(menu).toHaveTextContent('ID 7');
    expect(screen.getByRole('menuitem', { name: 'Customer service' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    // Each member link shows only when its page is built.
    expect(screen.queryByRole('menuitem', { name: 'Mailbox' }) !== null).toBe(isBuiltMemberCentrePage('messageV2'));
    // The open menu hides the rest of the page from the accessibility tree: the shortcuts are found hidden.
    expect(screen.queryByRole('button', { name: 'Deposit', hidden: true }) !== null).toBe(
      isBuiltMemberCentrePage('depositv2'),
    );
    expect(screen.queryByRole('button', { name: 'Withdraw', hidden: true }) !== null).toBe(
      isBuiltMemberCentrePage('withdraw'),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Member centre' }));
    expect(useMemberCentreStore.getState().page).toBe('menu');
  });

  it('offers the agent centre to an agent only (types 1, 2, 41, 42)', async () => {
    signIn(0);
    const user = userEvent.setup();
    const { unmount } = renderWithShell(<ShellSignedInArea />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('menuitem', { name: 'Agent centre' })).not.toBeInTheDocument();
    unmount();

    signIn(42);
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Agent centre' }));
    expect(useAgentCentreStore.getState().page).toBe('menu');
  });

  it("shows the member's uploaded avatar over the initial, which shows while it loads", async () => {
    signIn(1);
    const uploaded: Avatar = { avatar: '/wps/media/0123456789abcdef0123456789abcdef.png', avatarType: 'CUSTOM' };
    server.use(
      http.get(ACCOUNT_CALLS.playerAvatar.path, async () => {
        await delay(50);
        return ok(AvatarResponseSchema, uploaded);
      }),
    );
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveTextContent('D');
    expect(shownAvatar()).toBeNull();
    await waitFor(() => expect(shownAvatar()).toBe(uploaded.avatar));
    expect(button.querySelector('img')).toHaveAttribute('src', uploaded.avatar);
  });

  it('draws a static avatar, and follows a change made on the profile page', async () => {
    signIn(1);
    let current: Avatar = { avatar: 'a02', avatarType: 'STATIC' };
    server.use(
      http.get(ACCOUNT_CALLS.playerAvatar.path, () => ok(AvatarResponseSchema, current)),
      http.put(ACCOUNT_CALLS.changeAvatar.path, async ({ request }) => {
        current = { avatar: ((await request.json()) as { avatar: string }).avatar, avatarType: 'STATIC' };
        return ok(AvatarResponseSchema, current);
      }),
    );
    const user = userEvent.setup();
    renderWithShell(
      <>
        <ShellSignedInArea />
        <ChooseAvatar avatar="a09" />
      </>,
      { route: '/index' },
    );
    await waitFor(() => expect(shownAvatar()).toBe('a02'));
    expect(screen.getByRole('button', { name: 'Account menu' }).querySelector('svg')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'choose a09' }));
    await waitFor(() => expect(shownAvatar()).toBe('a09'));
  });

  it('shows a trial (type 4) account no member centre, and asks no avatar for it', async () => {
    signIn(4);
    let avatarAsked = 0;
    server.use(
      http.get(ACCOUNT_CALLS.playerAvatar.path, () => {
        avatarAsked += 1;
        return ok(AvatarResponseSchema, { avatar: 'a01', avatarType: 'STATIC' });
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Customer service' })).toBeVisible();
    expect(avatarAsked).toBe(0);
    expect(screen.queryByRole('menuitem', { name: 'Member centre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mailbox' })).not.toBeInTheDocument();
  });

  it('shows a free-play guest its practice balance marked as practice, no deposit or withdrawal, and a way to register', async () => {
    useSessionStore.getState().startSession({ token: 'token-guest', isAgent: 0, account: 'guest0a1b2c3d4e' });
    useSessionStore
      .getState()
      .setMember({ id: 9, account: 'guest0a1b2c3d4e', type: 0, clubLabel: null, isFreePlay: true });
    let realBalanceAsked = 0;
    server.use(
      http.get(ACCOUNT_CALLS.practiceBalance.path, () =>
        ok(PracticeBalanceResponseSchema, { balanceMinor: 98_500, currency: 'KRW', currencyExponent: 0 }),
      ),
      http.get(WALLET_CALLS.balance.path, () => {
        realBalanceAsked += 1;
        return new Response(null, { status: 500 });
      }),
    );
    useModalStore.setState({ current: null });
    const user = userEvent.setup();
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    const practice = await screen.findByTestId('practice-balance');
    expect(practice).toHaveTextContent('Practice');
    await waitFor(() => expect(screen.getByTestId('practice-balance-amount')).toHaveTextContent('98,500'));
    expect(screen.queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(realBalanceAsked).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Register to play for real' }));
    expect(useModalStore.getState().current?.name).toBe('registerModal');
  });
});

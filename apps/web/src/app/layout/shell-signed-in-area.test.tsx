import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../lib/member-centre-store';
import { useSessionStore } from '../../lib/session-store';
import { offline, silentRealtime } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { ShellSignedInArea } from './shell-signed-in-area';

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
    expect(screen.queryByRole('button', { name: 'Deposit' }) !== null).toBe(isBuiltMemberCentrePage('depositv2'));
    expect(screen.queryByRole('button', { name: 'Withdraw' }) !== null).toBe(isBuiltMemberCentrePage('withdraw'));
    await user.click(screen.getByRole('menuitem', { name: 'Member centre' }));
    expect(useMemberCentreStore.getState().page).toBe('menu');
  });

  it('shows a trial (type 4) account no member centre', async () => {
    signIn(4);
    const user = userEvent.setup();
    renderWithShell(<ShellSignedInArea />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Customer service' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Member centre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mailbox' })).not.toBeInTheDocument();
  });
});

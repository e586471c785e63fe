import { WHITELABEL } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore, WIDE_SCREEN_QUERY } from '../../lib/ui-store';
import { offline } from '../../test/api';
import { buildSystemStatus, flag } from '../../test/fixtures';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { isPublicPath, RootLayout } from './root-layout';

function renderAt(path: string, status = buildSystemStatus()) {
  return renderWithShell(
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/index" element={<p>lobby page</p>} />
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/helpmc" element={<p>help page</p>} />
        <Route path="/vip" element={<p>vip page</p>} />
      </Route>
    </Routes>,
    { route: path, status },
  );
}

describe(RootLayout.name, () => {
  beforeEach(async () => {
    // The shell's calls have no server here; they fail and the shell shows no data.
    server.use(offline());
    sessionStorage.clear();
    useSessionStore.getState().endSession();
    await i18n.changeLanguage('en');
  });

  it('sends a visitor without a token to /login when the brand requires sign-in everywhere', async () => {
    renderAt('/vip', buildSystemStatus({ loggedInToHomePage: true }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.queryByText('vip page')).not.toBeInTheDocument();
  });

  it('lets a visitor without a token stay on /helpmc under the same rule', async () => {
    renderAt('/helpmc', buildSystemStatus({ loggedInToHomePage: true }));
    expect(await screen.findByText('help page')).toBeInTheDocument();
  });

  it('lets a visitor with a token through', async () => {
    useSessionStore.getState().startSession({ token: 't', isAgent: 0, account: 'player1' });
    renderAt('/vip', buildSystemStatus({ loggedInToHomePage: true }));
    expect(await screen.findByText('vip page')).toBeInTheDocument();
  });

  it("shows the logo the brand's operator uploaded in place of the brand mark, the link still named", async () => {
    const status = buildSystemStatus();
    const { unmount } = renderAt('/index', status);
    const plain = await screen.findByRole('link', { name: `${status.brand.name} home` });
    expect(plain.querySelector('img')).toBeNull();
    expect(plain).toHaveTextContent('P');
    unmount();
    renderAt('/index', {
      ...status,
      brand: { ...status.brand, logoUrl: '/wps/media/0123456789abcdef0123456789abcdef.png' },
    });
    const link = await screen.findByRole('link', { name: `${status.brand.name} home` });
    expect(link.querySelector('img')).toHaveAttribute('src', '/wps/media/0123456789abcdef0123456789abcdef.png');
    expect(link).not.toHaveTextContent('P');
  });

  it('offers the register button only when direct registration is on', async () => {
    const { unmount } = renderAt('/index', buildSystemStatus({ whitelabel: [flag(WHITELABEL.DIRECT_REGISTER, true)] }));
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    unmount();
    renderAt('/index', buildSystemStatus({ whitelabel: [flag(WHITELABEL.DIRECT_REGISTER, false)] }));
    const plainHeader = await screen.findByRole('banner');
    expect(within(plainHeader).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(plainHeader).queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows a visitor no username/mobile switch in the header, even with mobile code sign-in on', async () => {
    // The login popup's tabs make that choice beside their fields; alone in the header it acted on nothing.
    renderAt('/index', buildSystemStatus({ whitelabel: [flag(WHITELABEL.LOGIN_SMS, true)] }));
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(header).queryByRole('group', { name: 'Sign-in method' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('hides all chrome on /helpmc', async () => {
    renderAt('/helpmc');
    await screen.findByText('help page');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows a visitor no empty rank chip', async () => {
    renderAt('/index');
    const header = await screen.findByRole('banner');
    await within(header).findByRole('link', { name: 'Home' });
    expect(within(header).queryByTitle('Rank')).not.toBeInTheDocument();
    expect(header).not.toHaveTextContent('- -');
  });

  it('shuts the side menu when the window narrows past the breakpoint, and opens it when it widens again', async () => {
    // A media query list whose width the test moves, in place of the setup's "never matches".
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    let wide = true;
    const plain = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
    window.matchMedia = (query: string) =>
      ({
        get matches() {
          return query === WIDE_SCREEN_QUERY ? wide : false;
        },
        media: query,
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
          if (query === WIDE_SCREEN_QUERY) listeners.add(listener);
        },
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
          listeners.delete(listener);
        },
      }) as unknown as MediaQueryList;
    const resize = (toWide: boolean) =>
      act(() => {
        wide = toWide;
        for (const listener of listeners) listener({ matches: toWide } as MediaQueryListEvent);
      });
    try {
      useUiStore.getState().setSideMenuOpen(true);
      renderAt('/index');
      await screen.findByText('lobby page');
      expect(useUiStore.getState().isSideMenuOpen).toBe(true);
      resize(false);
      expect(useUiStore.getState().isSideMenuOpen).toBe(false);
      resize(true);
      expect(useUiStore.getState().isSideMenuOpen).toBe(true);
    } finally {
      Object.defineProperty(window, 'matchMedia', plain);
    }
  });
});

describe(isPublicPath.name, () => {
  it('keeps exactly the spec list open without a token', () => {
    expect(['/login', '/register', '/register.html', '/helpmc', '/download'].every(isPublicPath)).toBe(true);
    expect(['/index', '/vip', '/down', '/help'].some(isPublicPath)).toBe(false);
  });
});

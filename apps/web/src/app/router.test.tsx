import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gamesKeys } from '../features/games/api/query-keys';
import i18n from '../i18n/index';
import { useModalStore } from '../lib/modal-store';
import { useSessionStore } from '../lib/session-store';
import { answer, offline } from '../test/api';
import { buildGame, buildSystemStatus } from '../test/fixtures';
import { createTestQueryClient, renderWithShell } from '../test/render-with-shell';
import { server } from '../test/server';
import { NotFoundPage } from './parts/not-found-page';
import { AppRoutes, group, preloadPage } from './router';

/** A brand whose name is not index.html's "Parlay", so a title that never changed cannot pass. */
const status = buildSystemStatus();
status.brand.name = 'Lucky Star';

const HOUSE = {
  vassalage: 'HOUSE',
  displayName: 'Parlay Originals',
  smallIcon: '',
  isHot: 0,
  status: 'active',
} as const;
const SEA_LOTTO = buildGame({
  id: 11,
  vassalage: 'TCG_SEA',
  gameName: 'SEA Lottery',
  gameType: 'ELOTT',
  code: 'SEA_LOTTO',
});

function renderAt(route: string, client = createTestQueryClient()) {
  return renderWithShell(<AppRoutes />, { route, status, client });
}

describe(group.name, () => {
  it('loads a page file, and never a page test as a page (it would ship in the build as a chunk)', async () => {
    expect((await group('esports')()).default).not.toBe(NotFoundPage);
    expect((await group('esports.test')()).default).toBe(NotFoundPage);
  });
});

/** A guest on Lucky Star, in English; the vendor list and the lottery menu answer, every other call fails. */
async function startAsAGuest() {
  sessionStorage.clear();
  useSessionStore.getState().endSession();
  // /game opens the login popup for a guest; the next test starts without it.
  useModalStore.setState({ current: null });
  useSessionStore.getState().setBrand('Lucky Star', 'parlay');
  await i18n.changeLanguage('en');
  // jsdom has no IntersectionObserver: the lobby's rows below the fold then never come near the viewport.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // The vendor list and the lottery menu answer; every other call fails (the platform is out of reach).
  server.use(
    answer('gameVendor', { data: { lanes: [{ title: 'RNG', cards: [{ ...HOUSE, gameType: 'RNG' }] }] }, version: 1 }),
    answer('gameMenus', { list: [{ gameGroupCode: 'TCG_SEA', labelName: 'TCG SEA', gameMenus: [SEA_LOTTO] }] }),
    offline(),
  );
}

describe(preloadPage.name, () => {
  beforeEach(startAsAGuest);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // A lazy page that suspends, even for a moment, is revealed only 300 ms after its loader showed (React's
  // reveal throttle), which held the lobby and the call for its banner back (decision 0008).
  it('has the page it brought in drawn at once, its game rows holding their place, with no loader first', async () => {
    await preloadPage('/index');
    renderAt('/index');
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Games' }).childElementCount).toBeGreaterThan(0);
  });
});

describe('page titles', () => {
  // index.html's own <title>, which the browser reads first: a page's title must replace it, not follow it.
  let htmlTitle: HTMLTitleElement;
  beforeEach(() => {
    htmlTitle = document.head.appendChild(document.createElement('title'));
    htmlTitle.textContent = 'Parlay';
    return startAsAGuest();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    htmlTitle.remove();
  });

  it.each([
    ['/index', 'Lucky Star'],
    ['/vip', 'VIP · Lucky Star'],
    ['/promotions', 'Promotions · Lucky Star'],
    ['/help', 'Help centre · Lucky Star'],
    ['/login', 'Log in · Lucky Star'],
    ['/rng?page=ALL', 'Slots · Lucky Star'],
    ['/rng?page=HOUSE', 'Slots · Parlay Originals · Lucky Star'],
    ['/hot', 'Hot games · Lucky Star'],
    ['/fav', 'My collection · Lucky Star'],
    ['/elott', 'E-lottery · Lucky Star'],
    ['/seaLottery', 'SEA lottery · Lucky Star'],
    ['/seaLottery?gameCode=SEA_LOTTO', 'SEA Lottery · Lucky Star'],
    ['/game?gameId=7', 'Game · Lucky Star'],
    ['/no-such-page', 'Page not found · Lucky Star'],
  ])('names %s in the tab as "%s"', async (route, title) => {
    renderAt(route);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("names /game after the game it was opened from, from the list's answer already held", async () => {
    const client = createTestQueryClient({ staleTime: Infinity });
    const list = { games: [buildGame({ id: 7, gameName: 'Parlay Dice' })], pageNum: 1, totalPages: 1, total: 1 };
    client.setQueryData(gamesKeys.list({ gameType: 'RNG' }, 1, 'EN'), list);
    renderAt('/game?gameId=7&nodeId=1&vassalage=HOUSE', client);
    await waitFor(() => expect(document.title).toBe('Parlay Dice · Lucky Star'));
  });

  it('follows the language and the navigation', async () => {
    renderAt('/rng?page=ALL');
    await waitFor(() => expect(document.title).toBe('Slots · Lucky Star'));

    await userEvent.setup().click(await screen.findByRole('link', { name: 'Parlay Originals' }));
    await waitFor(() => expect(document.title).toBe('Slots · Parlay Originals · Lucky Star'));

    await act(() => i18n.changeLanguage('ko'));
    await waitFor(() => expect(document.title).toBe('슬롯 · Parlay Originals · Lucky Star'));
  });
});

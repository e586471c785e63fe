import type { Game, VendorCard, VendorLane } from '@parlay/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { answer, fail } from '../../../test/api';
import { buildGame } from '../../../test/fixtures';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import type { GameListCategory } from '../lib/game-list-categories';
import { GameListPage } from './game-list-page';

function game(id: number, gameName: string): Game {
  return buildGame({ id, gameName });
}

const CATALOGUE = [game(1, 'Parlay Dice'), game(2, 'Parlay Mines'), game(3, 'Lucky Crash')];

/** A slots vendor's card in the RNG lane. */
function slotsVendor(vassalage: string, displayName: string): VendorCard {
  return { vassalage, displayName, smallIcon: '', isHot: 0, status: 'active', gameType: 'RNG' };
}

/** The slots lane of a brand with one vendor: the pages below list every vendor's games (`?page=ALL`). */
const SLOTS_LANES: VendorLane[] = [{ title: 'RNG', cards: [slotsVendor('HOUSE', 'Parlay Originals')] }];

function renderPage(category: GameListCategory) {
  return renderWithShell(<GameListPage category={category} lanes={SLOTS_LANES} />, {
    route: `/${category}?page=ALL`,
  });
}

/**
 * Types `first`, pauses long enough for its search to start, and changes the box to `then` in the same
 * moment, before the address shows `first` (a slow phone); then lets the next pause pass. A key sends the
 * box an `input` event, which Preact's onChange listens to (React's heard `change` as well).
 */
function changeBeforeTheSearchArrives(search: HTMLElement, first: string, then: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    act(() => {
      fireEvent.input(search, { target: { value: first } });
    });
    act(() => {
      vi.advanceTimersByTime(300);
      fireEvent.input(search, { target: { value: then } });
    });
    expect(search).toHaveValue(then);
    act(() => {
      vi.advanceTimersByTime(300);
    });
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Types `text` into the box key by key, as a member does, then lets the pause before the search pass on a
 * faked clock instead of waiting it out. The clock also runs on by itself: React Testing Library ends each
 * user-event call on a 0 ms timer that it moves itself only on Jest's faked clock.
 */
async function typeSearch(search: HTMLElement, text: string, { clear = false } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    if (clear) await user.clear(search);
    await user.type(search, text);
    act(() => {
      vi.advanceTimersByTime(300);
    });
  } finally {
    vi.useRealTimers();
  }
}

describe(GameListPage.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    server.use(
      answer('gameList', ({ url }) => {
        const needle = (url.searchParams.get('gameName') ?? '').toLowerCase();
        const games = CATALOGUE.filter((item) => item.gameName.toLowerCase().includes(needle));
        return { games, pageNum: 1, totalPages: 1, total: games.length, nextCursor: null };
      }),
      answer('favoriteGames', { list: CATALOGUE }),
      answer('favoriteIds', { gameIds: [1, 2, 3] }),
    );
  });
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ token: null, account: null, isSignedIn: false });
  });

  it.each<GameListCategory>(['rng', 'fav'])(
    'on /%s, one status region stays in the page and says the count, then that nothing matched',
    async (category) => {
      renderPage(category);
      // The first render loads the page's parts: give it longer than a later update.
      const count = await screen.findByText('3 games', undefined, { timeout: 5_000 });
      const region = count.closest('[role="status"], [aria-live]');
      expect(region).not.toBeNull();

      const search = screen.getByRole('searchbox', { name: 'Search games by name' });
      await typeSearch(search, 'parlay');
      await waitFor(() => expect(region).toHaveTextContent('2 games'));

      await typeSearch(search, 'zz-no-such-game', { clear: true });
      await screen.findByText('No games match “zz-no-such-game”');
      // The same region, never replaced: a live region put in with its text already there is often not read.
      expect(region).toBeInTheDocument();
      expect(region).toHaveTextContent('No games match “zz-no-such-game”');
      expect(region).toHaveTextContent('Check the spelling, or search for part of the name.');
      expect(screen.getAllByRole('status')).toEqual([region]);
    },
  );

  // docs/product/games-and-wallet.md#game-lists
  it("lists the category's first vendor when the address names none, and every vendor on the all tab", async () => {
    const asked: (string | null)[] = [];
    // Noted, then answered by the catalogue's handler.
    server.use(
      answer('gameList', ({ url }) => {
        asked.push(url.searchParams.get('vassalage'));
        return undefined;
      }),
    );
    const lanes: VendorLane[] = [
      { title: 'RNG', cards: [slotsVendor('ALPHA', 'Alpha Slots'), slotsVendor('BETA', 'Beta Slots')] },
    ];
    const user = userEvent.setup();
    renderWithShell(<GameListPage category="rng" lanes={lanes} />, { route: '/rng' });
    await screen.findByText('3 games', undefined, { timeout: 5_000 });
    const tabs = screen.getByRole('navigation', { name: 'Vendors' });
    expect(within(tabs).getByRole('link', { name: 'Alpha Slots' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual(['ALPHA']);

    await user.click(within(tabs).getByRole('link', { name: 'All vendors' }));
    await waitFor(() => expect(asked).toEqual(['ALPHA', null]));
    expect(within(tabs).getByRole('link', { name: 'All vendors' })).toHaveAttribute('aria-current', 'page');
  });

  it("lists every vendor's crash games when the address names no vendor, and one vendor's on its tab", async () => {
    const asked: [string | null, string | null][] = [];
    // Noted, then answered by the catalogue's handler.
    server.use(
      answer('gameList', ({ url }) => {
        asked.push([url.searchParams.get('vassalage'), url.searchParams.get('gameClassify')]);
        return undefined;
      }),
    );
    const lanes: VendorLane[] = [
      { title: 'RNG', cards: [slotsVendor('ALPHA', 'Alpha Slots'), slotsVendor('BETA', 'Beta Slots')] },
    ];
    const user = userEvent.setup();
    renderWithShell(<GameListPage category="rng" lanes={lanes} />, { route: '/rng?gameClassify=Crash' });
    await screen.findByText('3 games', undefined, { timeout: 5_000 });
    const tabs = screen.getByRole('navigation', { name: 'Vendors' });
    expect(within(tabs).getByRole('link', { name: 'All vendors' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual([[null, 'Crash']]);

    await user.click(within(tabs).getByRole('link', { name: 'Beta Slots' }));
    await waitFor(() =>
      expect(asked).toEqual([
        [null, 'Crash'],
        ['BETA', 'Crash'],
      ]),
    );
    expect(within(tabs).getByRole('link', { name: 'Beta Slots' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the keys typed while the address catches up with the search', async () => {
    renderPage('rng');
    await screen.findByText('3 games', undefined, { timeout: 5_000 });
    const search = screen.getByRole('searchbox', { name: 'Search games by name' });
    changeBeforeTheSearchArrives(search, 'Di', 'Dice');
    expect(await screen.findByText('1 game')).toBeInTheDocument();
    expect(search).toHaveValue('Dice');
    expect(screen.getByRole('article')).toHaveTextContent('Parlay Dice');
  });

  it('searches for what the box holds when the member emptied it before the search arrived', async () => {
    renderPage('rng');
    await screen.findByText('3 games', undefined, { timeout: 5_000 });
    const search = screen.getByRole('searchbox', { name: 'Search games by name' });
    changeBeforeTheSearchArrives(search, 'Di', '');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getByText('3 games')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('shows a search the address brings from elsewhere (a link, the back button) in the box', async () => {
    const user = userEvent.setup();
    function Elsewhere() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/rng?page=ALL&gameName=Mines')}>elsewhere</button>;
    }
    renderWithShell(
      <>
        <GameListPage category="rng" lanes={SLOTS_LANES} />
        <Elsewhere />
      </>,
      { route: '/rng?page=ALL' },
    );
    await screen.findByText('3 games', undefined, { timeout: 5_000 });
    const search = screen.getByRole('searchbox', { name: 'Search games by name' });
    await typeSearch(search, 'Dice');
    await screen.findByText('1 game');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(search).toHaveValue('Mines'));
    expect(await screen.findByRole('article')).toHaveTextContent('Parlay Mines');
  });

  it.each<GameListCategory>(['rng', 'fav'])(
    'on /%s, the status region says so when the list cannot be read',
    async (category) => {
      server.use(http.all('*', () => fail('SERVICE_UNAVAILABLE')));
      renderPage(category);
      const [region] = screen.getAllByRole('status');
      await waitFor(() => expect(region).toHaveTextContent(i18n.t('games:loadFailed')), { timeout: 5_000 });
      expect(screen.getAllByRole('status')).toEqual([region]);
    },
  );

  it.each<GameListCategory>(['rng', 'fav'])(
    'on /%s, a list that could not be read is read again with its retry',
    async (category) => {
      const user = userEvent.setup();
      let down = true;
      // While down, every call fails; then the catalogue's handlers answer.
      server.use(http.all('*', () => (down ? fail('SERVICE_UNAVAILABLE') : undefined)));
      renderPage(category);
      const retry = await screen.findByRole('button', { name: i18n.t('games:retry') }, { timeout: 5_000 });
      down = false;
      await user.click(retry);
      expect(await screen.findByText('3 games')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: i18n.t('games:retry') })).toBeNull();
    },
  );

  it('says a category with no vendor is empty, with no search, filter chips or list over nothing', async () => {
    await i18n.changeLanguage('en');
    renderWithShell(<GameListPage category="live" lanes={SLOTS_LANES} />, { route: '/live' });
    expect(await screen.findByText('No games here yet')).toBeInTheDocument();
    expect(
      screen.getByText('This category has no games on this site right now. Try another category.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: i18n.t('games:liveClassLabel') })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: i18n.t('games:allClasses') })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('waits for the vendors before it shows the filter chips', async () => {
    renderWithShell(<GameListPage category="live" lanes={undefined} />, { route: '/live' });
    await screen.findByRole('searchbox', { name: 'Search games by name' });
    expect(screen.queryByRole('navigation', { name: i18n.t('games:liveClassLabel') })).not.toBeInTheDocument();
  });

  it('shows the live classes as chips once the category has a vendor', async () => {
    const lanes: VendorLane[] = [{ title: 'LIVE', cards: [{ ...slotsVendor('EVO', 'Evolution'), gameType: 'LIVE' }] }];
    renderWithShell(<GameListPage category="live" lanes={lanes} />, { route: '/live' });
    const chips = await screen.findByRole('navigation', { name: i18n.t('games:liveClassLabel') });
    expect(within(chips).getByRole('link', { name: i18n.t('games:allClasses') })).toBeInTheDocument();
  });
});

import type { BrandOfferGame, BrandOfferVendor, OpenRound, VendorFeed } from '@parlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildVendor(overrides: Partial<BrandOfferVendor> = {}): BrandOfferVendor {
  return {
    code: 'HOUSE',
    name: 'Parlay Originals',
    status: 'active',
    enabled: true,
    sortOrder: 1,
    games: 5,
    listed: 5,
    promotionCapMinor: 0,
    version: 4,
    ...overrides,
  };
}

function buildGame(overrides: Partial<BrandOfferGame> = {}): BrandOfferGame {
  return {
    code: 'dice',
    gameName: 'Dice',
    gameType: 'RNG',
    status: 'active',
    topLevel: true,
    listed: true,
    isHot: false,
    sortOrder: 1,
    brandEnabled: null,
    brandHot: null,
    brandSortOrder: null,
    ...overrides,
  };
}

function buildRound(overrides: Partial<OpenRound> = {}): OpenRound {
  return {
    vassalage: 'DS88',
    roundId: 'r-1001',
    account: 'demoplayer03',
    gameCode: 'ds88-baccarat',
    currency: 'KRW',
    stakeMinor: 15_000,
    winMinor: 0,
    startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...overrides,
  };
}

function buildFeed(overrides: Partial<VendorFeed> = {}): VendorFeed {
  return {
    code: 'DS88',
    name: 'DS88 Sabong',
    status: 'active',
    gameTypes: ['LIVE'],
    games: 1,
    catalogueUrl: null,
    checkedAt: null,
    syncedAt: null,
    error: null,
    updatedAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

const offer = (vendors: BrandOfferVendor[], orderVersion = 2) => ({ currency: 'KRW', orderVersion, vendors });
const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the sections of the Games pages', () => {
  it('shows an owner of every brand the Games sections and the keys', async () => {
    server.use(answer('session', buildSession()), answer('encryptionKeys', { items: [] }));
    renderApp('/keys');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(links(nav)).toEqual(
      expect.arrayContaining([
        'Game offer',
        'Open rounds',
        'House game limits',
        'Vendors and feeds',
        'Encryption keys',
      ]),
    );
    expect(await screen.findByText('No key yet')).toBeVisible();
  });

  it('shows an admin of one brand no keys, and says why at their address', async () => {
    server.use(answer('session', buildSession({ roles: ['admin'], brands: [{ code: 'parlay', name: 'Parlay' }] })));
    renderApp('/keys');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(links(nav)).toContain('Game offer');
    expect(links(nav)).not.toContain('Encryption keys');
    expect(await screen.findByText('Only an operator of every brand sees the keys')).toBeVisible();
  });

  it('opens the open rounds to finance, and not the offer', async () => {
    server.use(
      answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('openRounds', { items: [], nextCursor: null }),
    );
    renderApp('/brands/parlay/open-rounds');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(links(nav)).toContain('Open rounds');
    expect(links(nav)).not.toContain('Game offer');
    expect(await screen.findByText('No round is left open')).toBeVisible();
  });
});

describe("the brand's offer", () => {
  const vendors = [
    buildVendor(),
    buildVendor({ code: 'TCG_SEA', name: 'TCG Lottery', sortOrder: 2, version: 7, promotionCapMinor: 50_000 }),
    buildVendor({ code: 'DS88', name: 'DS88 Sabong', sortOrder: 3, version: 1 }),
  ];

  it('moves a vendor, saves the whole order with the version it opened, and shows the order saved', async () => {
    const user = userEvent.setup();
    let saved = offer(vendors);
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession()),
      answer('brandOffer', () => saved),
      answer('setVendorOrder', async ({ request }) => {
        const body = (await request.json()) as { vendors: string[] };
        bodies.push(body);
        saved = offer(
          body.vendors.map((code) => vendors.find((vendor) => vendor.code === code)!),
          3,
        );
        return null;
      }),
    );
    renderApp('/brands/parlay/games');
    const list = await screen.findByRole('list', { name: 'Vendors of Parlay in their order' });
    expect(within(list).getByText('Promotion cap ₩50,000 a day')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Move DS88 Sabong up' }));
    await user.click(within(list).getByRole('button', { name: 'Move DS88 Sabong up' }));
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['DS88 Sabong', 'Parlay Originals', 'TCG Lottery']);
    expect(within(list).getByRole('button', { name: 'Move DS88 Sabong up' })).toBeDisabled();
    // Switches wait while the order is unsaved: one change at a time.
    expect(within(list).getByRole('switch', { name: 'DS88 Sabong offered' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText('The order was saved: the site shows it now.')).toBeVisible();
    expect(bodies).toEqual([{ version: 2, vendors: ['DS88', 'HOUSE', 'TCG_SEA'] }]);
    expect(screen.queryByRole('button', { name: 'Save the order' })).toBeNull();
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['DS88 Sabong', 'Parlay Originals', 'TCG Lottery']),
    );
  });

  it('puts the saved order back when another operator saved one first', async () => {
    const user = userEvent.setup();
    let asked = 0;
    server.use(
      answer('session', buildSession()),
      answer('brandOffer', () => {
        asked += 1;
        return offer(vendors);
      }),
      answer('setVendorOrder', () => fail('BO_CHANGED_SINCE_OPENED')),
    );
    renderApp('/brands/parlay/games');
    const list = await screen.findByRole('list', { name: 'Vendors of Parlay in their order' });
    await user.click(within(list).getByRole('button', { name: 'Move Parlay Originals down' }));
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText(/changed since you opened it/i)).toBeVisible();
    await waitFor(() => expect(asked).toBe(2));
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Parlay Originals');
    expect(screen.queryByRole('button', { name: 'Save the order' })).toBeNull();
  });

  it("switches a vendor off with the vendor's version", async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('brandOffer', offer(vendors)),
      answer('setBrandVendor', async ({ request, params }) => {
        body = { vendor: params['vendor'], ...((await request.json()) as object) };
        return buildVendor({ code: 'TCG_SEA', enabled: false, listed: 0, version: 8 });
      }),
    );
    renderApp('/brands/parlay/games');
    await user.click(await screen.findByRole('switch', { name: 'TCG Lottery offered' }));
    expect(await screen.findByText('TCG Lottery is no longer offered: its games left the site.')).toBeVisible();
    expect(body).toEqual({ vendor: 'TCG_SEA', version: 7, enabled: false });
  });

  it('shows a read-only operator the order with no handle and no switch to change', async () => {
    server.use(
      answer('session', buildSession({ roles: ['readOnly'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('brandOffer', offer(vendors)),
    );
    renderApp('/brands/parlay/games');
    const list = await screen.findByRole('list', { name: 'Vendors of Parlay in their order' });
    expect(screen.getByText('Your roles let you see the offer, not change it.')).toBeVisible();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(list).getByRole('switch', { name: 'Parlay Originals offered' })).toBeDisabled();
  });

  it("caps a vendor's promotion credits in the brand's currency", async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('brandOffer', offer(vendors)),
      answer('setPromotionCap', async ({ request }) => {
        body = await request.json();
        return buildVendor({ promotionCapMinor: 120_000, version: 5 });
      }),
    );
    renderApp('/brands/parlay/games');
    const list = await screen.findByRole('list', { name: 'Vendors of Parlay in their order' });
    await user.click(within(list).getByRole('button', { name: /change the promotion cap of Parlay Originals$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotion cap of Parlay Originals' });
    const field = within(dialog).getByLabelText('Cap a day (KRW)');
    await user.clear(field);
    await user.type(field, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save the cap' }));
    expect(within(dialog).getByText('A whole amount of 0 or more.')).toBeVisible();
    expect(body).toBeUndefined();
    await user.clear(field);
    await user.type(field, '120,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save the cap' }));
    expect(await screen.findByText('Parlay Originals may pay up to ₩120,000 a day in credits.')).toBeVisible();
    expect(body).toEqual({ version: 4, capMinor: 120_000 });
  });
});

describe("a vendor's games", () => {
  it('marks games hot one after another, each change with the version the last one answered', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let version = 4;
    server.use(
      answer('session', buildSession()),
      answer('brandOfferVendor', () => buildVendor({ version })),
      answer('brandOfferGames', {
        items: [buildGame(), buildGame({ code: 'mines', gameName: 'Mines', sortOrder: 2 })],
        nextCursor: null,
      }),
      answer('setBrandGame', async ({ request, params }) => {
        const body = (await request.json()) as { version: number; hot: boolean };
        bodies.push({ game: params['game'], ...body });
        if (body.version !== version) return fail('BO_CHANGED_SINCE_OPENED');
        version += 1;
        return {
          version,
          game: buildGame({ code: params['game'], isHot: body.hot, brandHot: body.hot }),
        };
      }),
    );
    renderApp('/brands/parlay/games/HOUSE');
    expect(await screen.findByRole('heading', { name: 'Parlay Originals' })).toBeVisible();
    await user.click(await screen.findByRole('switch', { name: 'Dice marked hot' }));
    expect(await screen.findByText('Dice is marked hot.')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Mines marked hot' }));
    expect(await screen.findByText('Mines is marked hot.')).toBeVisible();
    expect(bodies).toEqual([
      { game: 'dice', version: 4, hot: true },
      { game: 'mines', version: 5, hot: true },
    ]);
  });

  it('keeps the filters in the address and hides a game from the site', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('brandOfferVendor', buildVendor()),
      answer('brandOfferGames', ({ url }) => {
        asked.push(url.search);
        return { items: [buildGame({ brandEnabled: false, listed: false })], nextCursor: null };
      }),
      answer('setBrandGame', async ({ request }) => {
        body = await request.json();
        return { version: 5, game: buildGame() };
      }),
    );
    renderApp('/brands/parlay/games/HOUSE');
    await user.type(await screen.findByRole('searchbox', { name: 'Game name or code' }), 'di');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hot' }), 'no');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/games/HOUSE?q=di&hot=no');
    await waitFor(() => expect(asked).toContain('?q=di&hot=no'));

    expect(screen.getByText('The brand')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Dice: follow the feed again' }));
    expect(await screen.findByText('Dice follows its feed again.')).toBeVisible();
    expect(body).toEqual({ version: 4, enabled: null, hot: null });
  });

  it('orders the games with the arrows and saves the order as one change', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('brandOfferVendor', buildVendor()),
      answer('brandOfferGames', { items: [buildGame()], nextCursor: null }),
      answer('gameOrder', {
        version: 4,
        complete: true,
        games: [buildGame(), buildGame({ code: 'crash', gameName: 'Crash', sortOrder: 2, isHot: true })],
      }),
      answer('setGameOrder', async ({ request }) => {
        body = await request.json();
        return buildVendor({ version: 5 });
      }),
    );
    renderApp('/brands/parlay/games/HOUSE');
    await user.click(await screen.findByRole('link', { name: 'Order of the games' }));
    const list = await screen.findByRole('list', { name: 'Games of Parlay Originals in their order' });
    await user.click(within(list).getByRole('button', { name: 'Move Crash up' }));
    await user.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await screen.findByText('The order of the games of Parlay Originals was saved.')).toBeVisible();
    expect(body).toEqual({ version: 4, games: ['crash', 'dice'] });
  });
  it("shows a day's promotion credits against the brand's cap, the day in the address", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      answer('session', buildSession()),
      answer('brandOfferVendor', buildVendor({ code: 'DS88', name: 'DS88 Sabong' })),
      answer('brandOffer', offer([buildVendor({ code: 'DS88', name: 'DS88 Sabong' })])),
      answer('promotionCredits', ({ url }) => {
        asked.push(url.search);
        const day = url.searchParams.get('day') ?? '2026-11-27';
        return {
          day,
          timeZone: 'Asia/Seoul',
          capMinor: 500_000,
          paidMinor: day === '2026-11-27' ? 30_000 : 0,
          credits: day === '2026-11-27' ? 1 : 0,
          nextCursor: null,
          items:
            day === '2026-11-27'
              ? [
                  {
                    createdAt: '2026-11-27T01:00:00.000Z',
                    account: 'demoplayer05',
                    creditType: 'tournament',
                    amountMinor: 30_000,
                    currency: 'KRW',
                    transactionId: 'promo-1',
                    roundId: 'tour-9',
                  },
                ]
              : [],
        };
      }),
    );
    renderApp('/brands/parlay/games/DS88?view=promotions');
    const table = await screen.findByRole('table', { name: 'Promotion credits of DS88 Sabong' });
    expect(within(table).getByText('₩30,000')).toBeVisible();
    expect(within(table).getByText('Tournament')).toBeVisible();
    expect(screen.getByText(/On 2026-11-27 \(Asia\/Seoul\): 1 credit, ₩30,000 in all\./)).toBeVisible();
    expect(screen.getByText(/The brand's cap: ₩500,000 a day\./)).toBeVisible();

    const day = screen.getByLabelText("Day (the brand's)");
    await user.clear(day);
    await user.type(day, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No credit on this day')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/brands/parlay/games/DS88?view=promotions&day=2026-11-20',
    );
    expect(asked).toEqual(['', '?day=2026-11-20']);
  });
});

describe('open rounds', () => {
  it('cancels a round after a confirmation with a reason, and says what went back', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('openRounds', { items: [buildRound()], nextCursor: null }),
      answer('closeOpenRound', async ({ request }) => {
        body = await request.json();
        return {
          vassalage: 'DS88',
          roundId: 'r-1001',
          account: 'demoplayer03',
          outcome: 'cancelled',
          currency: 'KRW',
          refundedMinor: 15_000,
          balanceMinor: 4_015_000,
        };
      }),
    );
    renderApp('/brands/parlay/open-rounds');
    const table = await screen.findByRole('table', { name: 'Open rounds' });
    expect(within(table).getByText('₩15,000')).toBeVisible();
    expect(within(table).getByText('open 3 days')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Cancel round r-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel round r-1001?' });
    expect(dialog).toHaveTextContent('The stake of ₩15,000 goes back to demoplayer03');
    const reason = within(dialog).getByLabelText(/^Reason/);
    const danger = within(dialog).getByRole('button', { name: 'Cancel the round' });
    await user.type(reason, 'ok');
    expect(danger).toBeDisabled();
    await user.type(reason, ' vendor confirmed');
    await user.click(danger);
    expect(await screen.findByText('Round r-1001 was cancelled: ₩15,000 went back to demoplayer03.')).toBeVisible();
    expect(body).toEqual({ vassalage: 'DS88', roundId: 'r-1001', outcome: 'cancelled', reason: 'ok vendor confirmed' });
  });

  it("shows the server's refusal and keeps the dialog for another try", async () => {
    const user = userEvent.setup();
    server.use(
      answer('session', buildSession()),
      answer('openRounds', { items: [buildRound()], nextCursor: null }),
      answer('closeOpenRound', () => fail('VENDOR_ROUND_CLOSED')),
    );
    renderApp('/brands/parlay/open-rounds');
    await user.click(await screen.findByRole('button', { name: 'Settle round r-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle round r-1001?' });
    expect(dialog).toHaveTextContent('staked ₩15,000 and was paid ₩0');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'vendor settled it');
    await user.click(within(dialog).getByRole('button', { name: 'Settle the round' }));
    expect(await screen.findByText('The round is already closed.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Settle round r-1001?' })).toBeVisible();
  });
});

describe("the house games' limits", () => {
  it("shows which limits each game uses, and sets the brand's own in major units with the version opened", async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession({ roles: ['admin'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('houseLimits', {
        currency: 'KRW',
        limits: [
          {
            scope: 'default',
            currency: 'KRW',
            gameCode: 'dice',
            minBetMinor: 100,
            maxBetMinor: 1_000_000,
            maxWinMinor: 50_000_000,
            version: 2,
          },
        ],
      }),
      answer('setHouseLimit', async ({ request }) => {
        body = await request.json();
        return { currency: 'KRW', limits: [] };
      }),
    );
    renderApp('/brands/parlay/house-limits');
    const table = await screen.findByRole('table', { name: 'House game limits' });
    const dice = within(table).getByText('Dice').closest('tr')!;
    expect(within(dice).getByText("Every brand's default")).toBeVisible();
    expect(within(dice).getByText('₩1,000,000')).toBeVisible();
    expect(within(within(table).getByText('Crash').closest('tr')!).getByText('Built in')).toBeVisible();
    // An operator of one brand changes the brand's own limits, never every brand's default.
    expect(within(table).queryByRole('button', { name: /Default limits of/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Limits of Dice for this brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dice: limits of Parlay' });
    const largest = within(dialog).getByLabelText(/^Largest bet/);
    await user.clear(largest);
    await user.type(largest, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save the limits' }));
    expect(within(dialog).getByText('The largest bet must not be below the smallest.')).toBeVisible();
    expect(body).toBeUndefined();

    await user.clear(largest);
    await user.type(largest, '200,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save the limits' }));
    expect(await screen.findByText('The limits of Dice for Parlay were saved.')).toBeVisible();
    expect(body).toEqual({
      scope: 'brand',
      gameCode: 'dice',
      minBetMinor: 100,
      maxBetMinor: 200_000,
      maxWinMinor: 50_000_000,
      version: null,
    });
  });
});

describe('vendors and their feeds', () => {
  const feeds = [
    buildFeed(),
    buildFeed({
      code: 'TCG_SEA',
      name: 'TCG Lottery',
      gameTypes: ['ELOTT', 'LOTT'],
      games: 4,
      catalogueUrl: 'https://feeds.example/tcg',
      checkedAt: '2026-11-27T06:00:00.000Z',
      syncedAt: '2026-11-26T06:00:00.000Z',
      error: 'the feed answered 500',
    }),
  ];

  it('reads a published feed now for an operator of every brand, and shows the reading', async () => {
    const user = userEvent.setup();
    let read = false;
    server.use(
      answer('session', buildSession()),
      answer('vendorFeeds', () => ({
        items: read ? [feeds[0]!, { ...feeds[1]!, error: null, syncedAt: '2026-11-27T09:00:00.000Z' }] : feeds,
        nextCursor: null,
      })),
      answer('syncVendorFeed', () => {
        read = true;
        return { ...feeds[1]!, error: null, games: 4 };
      }),
    );
    renderApp('/vendors');
    const table = await screen.findByRole('table', { name: 'Vendors and feeds' });
    expect(within(table).getByText('the feed answered 500')).toBeVisible();
    expect(within(table).getByText('Imported by hand')).toBeVisible();
    expect(within(table).getAllByRole('button', { name: /^Read the feed of/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Read the feed of TCG Lottery now' }));
    expect(await screen.findByText('The feed of TCG Lottery was read: 4 games.')).toBeVisible();
    await waitFor(() => expect(within(table).queryByText('the feed answered 500')).toBeNull());
    expect(within(table).getByText('Written')).toBeVisible();
  });

  it('shows an operator of one brand the feeds with nothing to change', async () => {
    server.use(
      answer('session', buildSession({ roles: ['admin'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('vendorFeeds', { items: feeds, nextCursor: null }),
    );
    renderApp('/vendors');
    const table = await screen.findByRole('table', { name: 'Vendors and feeds' });
    expect(within(table).queryAllByRole('button', { name: /^Read the feed of/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Upload a feed' })).toBeNull();
    expect(screen.getByText(/only an operator of every brand reads them again/)).toBeVisible();
  });
});

describe('the encryption keys', () => {
  it('rotates with the grace chosen, warning when the old key stops at once', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('encryptionKeys', {
        items: [
          {
            kid: 'k-2',
            isCurrent: true,
            isUsable: true,
            createdAt: '2026-11-20T08:00:00.000Z',
            retiredAt: null,
            decryptUntil: null,
          },
        ],
      }),
      answer('rotateEncryptionKey', async ({ request }) => {
        body = await request.json();
        return { kid: 'k-3' };
      }),
    );
    renderApp('/keys');
    expect(await screen.findByText('Current')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Rotate the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the encryption key?' });
    const grace = within(dialog).getByRole('combobox', { name: 'The old key still decrypts for' });
    expect(grace).toHaveValue('86400');
    await user.selectOptions(grace, '0');
    expect(within(dialog).getByText(/fail their next sign-in or sign-up, once/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate the key' }));
    expect(await screen.findByText('Key k-3 is current now.')).toBeVisible();
    expect(body).toEqual({ graceSeconds: 0 });
  });
});

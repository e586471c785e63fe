import type { Game, VendorCard } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { answer } from '../../../test/api';
import { buildGame } from '../../../test/fixtures';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { GameDropdownPanel } from './game-dropdown-panel';

const vendor: VendorCard = {
  vassalage: 'HOUSE',
  displayName: 'Parlay Originals',
  smallIcon: '',
  isHot: 0,
  status: 'active',
  gameType: 'RNG',
};

function game(id: number): Game {
  return buildGame({ id });
}

/** 48 games on two server pages of 24. */
function serverPage(pageNo: number) {
  const games = Array.from({ length: 24 }, (_, index) => game((pageNo - 1) * 24 + index + 1));
  return { games, pageNum: pageNo, totalPages: 2, total: 48, nextCursor: null };
}

describe(GameDropdownPanel.name, () => {
  let releasePageTwo: () => void;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    const pageTwo = new Promise<void>((resolve) => (releasePageTwo = resolve));
    server.use(
      answer('gameList', async ({ url }) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        if (pageNo === 2) await pageTwo;
        return serverPage(pageNo);
      }),
    );
  });
  afterEach(() => releasePageTwo());

  it('keeps the cards of the page before on screen while the next page loads', async () => {
    const user = userEvent.setup();
    renderWithShell(<GameDropdownPanel vendors={[vendor]} title="Slots" />);
    const cards = await screen.findByRole('list', { name: 'Parlay Originals' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(21);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Page 2 (cards 22 to 39) needs server page 2, which has not answered yet.
    expect(screen.queryByText('Loading games…')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Parlay Originals' })).getAllByRole('listitem')).toHaveLength(21);

    releasePageTwo();
    expect(await screen.findByText('Game 22')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Parlay Originals' })).getAllByRole('listitem')).toHaveLength(18);
  });
});

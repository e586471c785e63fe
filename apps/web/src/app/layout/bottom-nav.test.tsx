import type { VendorLane } from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { answer, offline } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { BottomNav } from './bottom-nav';

const lanes: VendorLane[] = [
  {
    title: 'RNG',
    cards: [
      {
        vassalage: 'HOUSE',
        displayName: 'Parlay Originals',
        smallIcon: '',
        isHot: 0,
        status: 'active',
        gameType: 'RNG',
      },
    ],
  },
];

function renderNav() {
  return renderWithShell(<BottomNav />, { route: '/index' });
}

describe(BottomNav.name, () => {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.getState().endSession();
    // As the shell does at start (useStartSession): the vendor call waits for the brand's merchantCode.
    useSessionStore.getState().setBrand('Parlay', 'parlay');
    await i18n.changeLanguage('en');
    server.use(answer('gameVendor', { data: { lanes }, version: 1 }), offline());
  });
  afterEach(() => cleanup());

  it('opens a category dropdown from the keyboard with a toggle beside its link, not by focusing the link', async () => {
    const user = userEvent.setup();
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Slots' });
    const toggle = within(nav).getByRole('button', { name: 'Slots: vendors and games' });
    const item = link.closest('li')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The dropdown is the games feature's, loaded lazily.
    await waitFor(() =>
      expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveAttribute('data-game-dropdown'),
    );
    expect(item).toContainElement(document.getElementById(toggle.getAttribute('aria-controls')!));

    link.focus();
    await user.tab();
    expect(toggle).toHaveFocus();
    expect(item).not.toHaveAttribute('data-expanded');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(item).toHaveAttribute('data-expanded');
  });

  it('closes on Escape from inside the dropdown and puts focus back on its toggle', async () => {
    const user = userEvent.setup();
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const toggle = await within(nav).findByRole('button', { name: 'Slots: vendors and games' });
    await user.click(toggle);
    const dropdown = await waitFor(() => document.getElementById(toggle.getAttribute('aria-controls')!)!);
    const vendor = await within(dropdown).findByRole('link', { name: /Parlay Originals/ });
    vendor.focus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(toggle.closest('li')).toHaveAttribute('data-dismissed');
  });

  it('closes when focus moves on past it', async () => {
    const user = userEvent.setup();
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const toggle = await within(nav).findByRole('button', { name: 'Slots: vendors and games' });
    await user.click(toggle);
    within(nav).getByRole('button', { name: 'Rewards' }).focus();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it("shows no rank chip to a visitor, and a member's rank once known", async () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Slots' });
    expect(nav).not.toHaveTextContent('- -');
    expect(within(nav).queryByTitle('Rank')).not.toBeInTheDocument();

    useSessionStore.getState().startSession({ token: 'token', isAgent: 0, account: 'demo' });
    useSessionStore
      .getState()
      .setMember({ id: 7, account: 'demo', type: 0, clubLabel: { labelName: 'Gold', rankLevel: 3 } });
    expect(await within(nav).findByTitle('Rank')).toHaveTextContent('Gold');
  });

  it('names a standalone sports vendor by its display name, and a category with no game to play as coming soon', async () => {
    const soon: VendorLane[] = [
      ...lanes,
      {
        title: 'SPORTS',
        cards: [
          {
            vassalage: 'DS88',
            displayName: 'DS88 Sports',
            smallIcon: '',
            isHot: 0,
            status: 'maintenance',
            gameType: 'SPORTS',
          },
        ],
      },
    ];
    server.use(answer('gameVendor', { data: { lanes: soon }, version: 2 }));
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const sports = await within(nav).findByRole('link', { name: /DS88 Sports/ });
    expect(sports).toHaveTextContent('DS88 SportsComing soon');
    expect(within(nav).queryByRole('link', { name: 'DS88' })).not.toBeInTheDocument();
  });
});

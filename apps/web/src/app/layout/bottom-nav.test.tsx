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
});

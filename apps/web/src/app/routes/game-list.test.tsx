import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { answer } from '../../test/api';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
import { Component as GameListRoute } from './game-list';

describe('/rng /live /pvp /fish /hot /fav', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.getState().endSession();
    // The vendor tabs' list, asked once the tab knows its brand.
    server.use(answer('gameVendor', { data: { lanes: [] }, version: 1 }));
  });

  it('shows the category SegmentPage gives it, never one it reads again from the address', async () => {
    // An address without the category: a page that read it again would fall back to slots.
    renderWithShell(<GameListRoute category="fav" />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'My collection' })).toBeInTheDocument();
    expect(screen.getByText('Log in to keep your favourite games here')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Slots' })).not.toBeInTheDocument();
  });
});

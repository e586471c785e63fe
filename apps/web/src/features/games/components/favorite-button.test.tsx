import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { answer } from '../../../test/api';
import { recordRequests, server } from '../../../test/server';
import { FavoriteButton } from './favorite-button';

describe(FavoriteButton.name, () => {
  let sent: Request[];
  let releaseAdd: () => void;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sessionStorage.clear();
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    sent = recordRequests();
    const added = new Promise<void>((resolve) => (releaseAdd = resolve));
    server.use(
      answer('addFavorite', async () => {
        await added;
        return { gameIds: [7] };
      }),
      answer('favoriteIds', { gameIds: [] }),
    );
  });
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ token: null, account: null, isSignedIn: false });
  });

  it('keeps focus while the change is sent, says it is busy, and sends a second press nowhere', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FavoriteButton gameId={7} gameName="Parlay Dice" />
      </QueryClientProvider>,
    );
    const heart = screen.getByRole('button', { name: 'Parlay Dice: my collection' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    heart.focus();
    await user.keyboard('{Enter}');

    // A disabled button would drop focus to the page's body in a browser: it stays enabled, marked busy.
    await waitFor(() => expect(heart).toHaveAttribute('aria-disabled', 'true'));
    expect(heart).toBeEnabled();
    expect(heart).toHaveFocus();
    await user.keyboard('{Enter}');
    // Counted as they are sent, before an answer.
    const adds = sent.filter((request) => request.url.endsWith('/wps/relay/MCSFE_addFavoriteGame'));
    expect(adds).toHaveLength(1);

    releaseAdd();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).toHaveAttribute('aria-disabled', 'false');
    expect(heart).toHaveFocus();
  });

  it('keeps one name, in KO as in EN, and says by aria-pressed alone whether the game is kept', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FavoriteButton gameId={7} gameName="Parlay Dice" />
      </QueryClientProvider>,
    );
    const heart = screen.getByRole('button', { name: 'Parlay Dice: my collection' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await user.click(heart);
    releaseAdd();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    // A name that changed with the state ("Add…", "Remove…") had it spoken twice with aria-pressed.
    expect(heart).toHaveAccessibleName('Parlay Dice: my collection');
    expect(heart).toHaveAttribute('title', 'Parlay Dice: my collection');

    await act(() => i18n.changeLanguage('ko'));
    expect(heart).toHaveAccessibleName('Parlay Dice: 내 컬렉션');
  });
});

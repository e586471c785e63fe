import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { answer } from '../../../test/api';
import { server } from '../../../test/server';
import { readKeptFavoriteIds, useFavoriteIds } from './get-favorite-ids';

function Probe({ seen }: { seen: (ids: number[] | undefined) => void }) {
  const favorites = useFavoriteIds();
  seen(favorites.data ? [...favorites.data] : undefined);
  return null;
}

describe('the tab copy of the favourite ids (favGames)', () => {
  let gameIds: number[];
  let calls: number;

  beforeEach(() => {
    sessionStorage.clear();
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    calls = 0;
    gameIds = [3, 7];
    server.use(
      answer('favoriteIds', () => {
        calls += 1;
        return { gameIds };
      }),
    );
  });
  afterEach(() => cleanup());

  const renderProbe = () => {
    const seen: (number[] | undefined)[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Probe seen={(ids) => seen.push(ids)} />
      </QueryClientProvider>,
    );
    return seen;
  };

  it('keeps the answer for the next load, which draws the hearts at once and still asks the server', async () => {
    const first = renderProbe();
    expect(first[0]).toBeUndefined();
    await waitFor(() => expect(first.at(-1)).toEqual([3, 7]));
    expect(readKeptFavoriteIds('demo')).toEqual([3, 7]);
    cleanup();

    gameIds = [7];
    const second = renderProbe();
    expect(second[0]).toEqual([3, 7]);
    await waitFor(() => expect(second.at(-1)).toEqual([7]));
    expect(readKeptFavoriteIds('demo')).toEqual([7]);
    expect(calls).toBe(2);
  });

  it("never hands out another account's copy, or one of another shape", () => {
    const keep = (scope: string, value: unknown) =>
      sessionStorage.setItem('favGames', JSON.stringify({ scope, value }));
    keep('demo', [1, 2]);
    expect(readKeptFavoriteIds('demo')).toEqual([1, 2]);
    expect(readKeptFavoriteIds('other')).toBeUndefined();
    expect(readKeptFavoriteIds(null)).toBeUndefined();
    keep('demo', ['1']);
    expect(readKeptFavoriteIds('demo')).toBeUndefined();
    sessionStorage.setItem('favGames', '{not json');
    expect(readKeptFavoriteIds('demo')).toBeUndefined();
  });
});

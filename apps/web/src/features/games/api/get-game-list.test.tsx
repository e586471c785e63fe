import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../i18n/index';
import { answer } from '../../../test/api';
import { server } from '../../../test/server';
import { useGameListPages } from './get-game-list';
import type { GameListFilters } from './query-keys';

const filters: GameListFilters = { gameType: 'RNG' };
const TOTAL_PAGES = 400;

/** What the platform answers for a page: no games needed here, only the paging fields. */
function serverPage(pageNo: number) {
  return {
    games: [],
    pageNum: pageNo,
    totalPages: TOTAL_PAGES,
    total: TOTAL_PAGES * 24,
    nextCursor: pageNo < TOTAL_PAGES ? `cursor-after-${pageNo}` : null,
  };
}

function Probe({ pageNos }: { pageNos: number[] }) {
  useGameListPages(filters, pageNos);
  return null;
}

describe(useGameListPages.name, () => {
  let requests: URL[];

  beforeEach(() => {
    requests = [];
    server.use(
      answer('gameList', ({ url }) => {
        requests.push(url);
        return serverPage(Number(url.searchParams.get('pageNo')));
      }),
    );
  });
  afterEach(() => cleanup());

  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const sent = () => requests.map((url) => [url.searchParams.get('pageNo'), url.searchParams.get('cursor')]);

  it('pages forward by the previous page nextCursor', async () => {
    const queries = client();
    const view = render(
      <QueryClientProvider client={queries}>
        <Probe pageNos={[1]} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(sent()).toEqual([['1', null]]));
    view.rerender(
      <QueryClientProvider client={queries}>
        <Probe pageNos={[1, 2]} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(sent()).toEqual([
        ['1', null],
        ['2', 'cursor-after-1'],
      ]),
    );
    view.rerender(
      <QueryClientProvider client={queries}>
        <Probe pageNos={[2, 3]} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(sent()).toEqual([
        ['1', null],
        ['2', 'cursor-after-1'],
        ['3', 'cursor-after-2'],
      ]),
    );
  });

  it('asks for a page opened directly by its number', async () => {
    render(
      <QueryClientProvider client={client()}>
        <Probe pageNos={[300]} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(sent()).toEqual([['300', null]]));
  });
});

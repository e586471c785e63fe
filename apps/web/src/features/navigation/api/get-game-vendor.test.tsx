import type { GameVendor } from '@parlay/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { answer } from '../../../test/api';
import { recordRequests, server } from '../../../test/server';
import { getGameVendorQueryOptions, readKeptGameVendor, useGameVendor } from './get-game-vendor';

const lanes = (displayName: string): GameVendor => ({
  version: 1,
  data: {
    lanes: [
      {
        title: 'RNG',
        cards: [{ vassalage: 'HOUSE', displayName, smallIcon: '', isHot: 1, status: 'active', gameType: 'RNG' }],
      },
    ],
  },
});

function Probe({ seen }: { seen: (data: GameVendor | undefined) => void }) {
  seen(useQuery(getGameVendorQueryOptions('DEMO', null)).data);
  return null;
}

describe('the tab copy of GCSGAME_gameVendor', () => {
  let vendors: GameVendor;
  let calls: number;

  beforeEach(() => {
    sessionStorage.clear();
    calls = 0;
    vendors = lanes('From the server');
    server.use(
      answer('gameVendor', () => {
        calls += 1;
        return vendors;
      }),
    );
  });
  afterEach(() => cleanup());

  const renderProbe = () => {
    const seen: (GameVendor | undefined)[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Probe seen={(data) => seen.push(data)} />
      </QueryClientProvider>,
    );
    return seen;
  };

  it('keeps the answer for the next load, which draws it at once and still asks the server', async () => {
    const first = renderProbe();
    expect(first[0]).toBeUndefined();
    await waitFor(() => expect(first.at(-1)).toEqual(vendors));
    expect(readKeptGameVendor('DEMO', false)).toEqual(vendors);
    cleanup();

    vendors = lanes('Changed since');
    const second = renderProbe();
    expect(second[0]).toEqual(lanes('From the server'));
    await waitFor(() => expect(second.at(-1)).toEqual(vendors));
    expect(calls).toBe(2);
  });

  it('ignores a copy of another brand, of the other sign-in state, or of another shape', () => {
    const keep = (value: unknown) =>
      sessionStorage.setItem('gameVendor', JSON.stringify({ scope: JSON.stringify(['DEMO', false]), value }));
    keep(vendors);
    expect(readKeptGameVendor('DEMO', false)).toEqual(vendors);
    expect(readKeptGameVendor('OTHER', false)).toBeUndefined();
    expect(readKeptGameVendor('DEMO', true)).toBeUndefined();
    keep({ data: { lanes: [{ title: 'RNG' }] } });
    expect(readKeptGameVendor('DEMO', false)).toBeUndefined();
    sessionStorage.setItem('gameVendor', '{not json');
    expect(readKeptGameVendor('DEMO', false)).toBeUndefined();
  });
});

describe(useGameVendor.name, () => {
  let requested: URL[];

  function Header() {
    useGameVendor();
    return null;
  }

  const renderHeader = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Header />
      </QueryClientProvider>,
    );

  beforeEach(() => {
    sessionStorage.clear();
    requested = [];
    server.use(
      answer('gameVendor', ({ url }) => {
        requested.push(url);
        return lanes('From the server');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ merchant: null, merchantCode: null });
  });

  it("in a new tab, waits for the brand's merchantCode and then asks once, with it", async () => {
    useSessionStore.setState({ merchant: null, merchantCode: null });
    // A call goes out as the first render ends (the next test): none has by then.
    const sent = recordRequests();
    renderHeader();
    expect(sent).toEqual([]);

    act(() => useSessionStore.getState().setBrand('Parlay', 'DEMO'));
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(requested[0]?.searchParams.get('merchantCode')).toBe('DEMO');
  });

  it('asks as it first renders when the tab already knows the brand', () => {
    const sent = recordRequests();
    useSessionStore.setState({ merchant: 'Parlay', merchantCode: 'DEMO' });
    renderHeader();
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).searchParams.get('merchantCode')).toBe('DEMO');
  });
});

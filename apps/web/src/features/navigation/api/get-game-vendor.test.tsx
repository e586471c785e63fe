import type { GameVendor } from '@parlay/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
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
  let answer: GameVendor;
  let calls: number;

  beforeEach(() => {
    sessionStorage.clear();
    calls = 0;
    answer = lanes('From the server');
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.resolve(new Response(JSON.stringify({ success: true, code: 'SUCCESS', value: answer })));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

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
    await waitFor(() => expect(first.at(-1)).toEqual(answer));
    expect(readKeptGameVendor('DEMO', false)).toEqual(answer);
    cleanup();

    answer = lanes('Changed since');
    const second = renderProbe();
    expect(second[0]).toEqual(lanes('From the server'));
    await waitFor(() => expect(second.at(-1)).toEqual(answer));
    expect(calls).toBe(2);
  });

  it('ignores a copy of another brand, of the other sign-in state, or of another shape', () => {
    const keep = (value: unknown) =>
      sessionStorage.setItem('gameVendor', JSON.stringify({ scope: JSON.stringify(['DEMO', false]), value }));
    keep(answer);
    expect(readKeptGameVendor('DEMO', false)).toEqual(answer);
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
    vi.stubGlobal('fetch', (input: string) => {
      requested.push(new URL(input, 'http://site.test'));
      const value = lanes('From the server');
      return Promise.resolve(new Response(JSON.stringify({ success: true, code: 'SUCCESS', value })));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.setState({ merchant: null, merchantCode: null });
  });

  it("in a new tab, waits for the brand's merchantCode and then asks once, with it", async () => {
    useSessionStore.setState({ merchant: null, merchantCode: null });
    renderHeader();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requested).toEqual([]);

    act(() => useSessionStore.getState().setBrand('Parlay', 'DEMO'));
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(requested[0]?.searchParams.get('merchantCode')).toBe('DEMO');
  });

  it('asks as it first renders when the tab already knows the brand', () => {
    useSessionStore.setState({ merchant: 'Parlay', merchantCode: 'DEMO' });
    renderHeader();
    expect(requested).toHaveLength(1);
    expect(requested[0]?.searchParams.get('merchantCode')).toBe('DEMO');
  });
});

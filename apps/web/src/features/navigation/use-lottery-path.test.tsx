import type { GameVendor, VendorCard } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { answer } from '../../test/api';
import { server } from '../../test/server';
import { useLotteryPath } from './use-lottery-path';

const card = (vassalage: string, gameType: VendorCard['gameType']): VendorCard => ({
  vassalage,
  displayName: vassalage,
  smallIcon: '',
  isHot: 0,
  status: 'active',
  gameType,
});

function Probe({ seen }: { seen: (path: string) => void }) {
  seen(useLotteryPath());
  return null;
}

async function pathFor(vendors: GameVendor): Promise<string[]> {
  server.use(answer('gameVendor', vendors));
  const seen: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Probe seen={(path) => seen.push(path)} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(seen.length).toBeGreaterThan(1));
  return seen;
}

describe(useLotteryPath.name, () => {
  beforeEach(() => {
    sessionStorage.clear();
    // As the shell does at start (useStartSession): the vendor call waits for the brand's merchantCode.
    useSessionStore.getState().setBrand('Parlay', 'parlay');
  });
  afterEach(() => cleanup());

  it("leads to TCG_SEA's game once the brand's vendors say it is there, and to the list before", async () => {
    const seen = await pathFor({
      version: 1,
      data: { lanes: [{ title: 'ELOTT', cards: [card('OTHER', 'ELOTT'), card('TCG_SEA', 'ELOTT')] }] },
    });
    expect(seen[0]).toBe('/elott');
    expect(seen.at(-1)).toBe('/elott?vassalage=TCG_SEA');
  });

  it('leads to the /elott list when the brand has no TCG_SEA', async () => {
    const seen = await pathFor({ version: 1, data: { lanes: [{ title: 'ELOTT', cards: [card('OTHER', 'ELOTT')] }] } });
    expect(seen.at(-1)).toBe('/elott');
  });
});

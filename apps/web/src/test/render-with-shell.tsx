import type { SystemStatus } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { BrandProvider } from '../lib/brand';
import { buildSystemStatus } from './fixtures';

/** A query client for one test: a failed call fails at once instead of being tried again. */
export function createTestQueryClient({ staleTime = 0 }: { staleTime?: number } = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
}

/**
 * Renders `ui` inside the providers the shell gives a page: the query client, the brand of `status`
 * and a router at `route`. Pass `client` to fill its cache first or read it afterwards.
 */
export function renderWithShell(
  ui: ReactElement,
  {
    route = '/',
    status = buildSystemStatus(),
    client = createTestQueryClient(),
  }: { route?: string; status?: SystemStatus; client?: QueryClient } = {},
) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <BrandProvider status={status}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </BrandProvider>
      </QueryClientProvider>,
    ),
  };
}

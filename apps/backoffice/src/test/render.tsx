import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';
import { Toaster } from '../components/ui/toaster';

/** Where the router is: the test reads it from the page (data-location). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole back office at `route` (a path under /backoffice), over the test's API; a fresh query client. */
export function renderApp(route: string, client: QueryClient = createQueryClient()) {
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <Toaster />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

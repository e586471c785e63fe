import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../lib/api-client';
import { endSessionOnPage } from '../lib/session';

/**
 * The query client of the back office. Any call answered BO_NOT_SIGNED_IN (the session ended: idle for 30
 * minutes, past 12 hours, signed out elsewhere) takes the operator to sign-in, and back to the page after.
 * A refusal (4xx) is not tried again: it would be refused again.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 'BO_NOT_SIGNED_IN')) endSessionOnPage(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
    },
  });
  return client;
}

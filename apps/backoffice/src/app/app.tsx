import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { getSessionQueryOptions } from '../lib/session';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const queryClient = createQueryClient();
// Who is signed in, asked as soon as the code runs.
void queryClient.prefetchQuery(getSessionQueryOptions());

/** The back office: its pages under /backoffice (vite.config.ts `base`), the toasts over them. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/backoffice">
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

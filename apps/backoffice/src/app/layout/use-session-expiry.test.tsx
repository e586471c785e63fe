import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { buildSession } from '../../test/fixtures';
import { useSessionExpiry } from './use-session-expiry';

afterEach(() => vi.useRealTimers());

function watch(session: ReturnType<typeof buildSession>) {
  const client = new QueryClient();
  const asked = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useSessionExpiry(session), { wrapper });
  return asked;
}

describe(useSessionExpiry.name, () => {
  it('asks the server again once the session has been idle for its idle time', () => {
    vi.useFakeTimers();
    const asked = watch({ ...buildSession(), idleSeconds: 60 });
    vi.advanceTimersByTime(59_000);
    expect(asked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_000);
    expect(asked).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
  });

  it('asks at the absolute end when it comes before the idle end', () => {
    vi.useFakeTimers();
    const asked = watch({
      ...buildSession(),
      idleSeconds: 1800,
      expiresAt: new Date(Date.now() + 10_000).toISOString(),
    });
    vi.advanceTimersByTime(9_000);
    expect(asked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_000);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});

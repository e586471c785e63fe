import { AltchaChallengeSchema } from '@parlay/contract';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/verification/altcha: a fresh proof-of-work challenge, used once. */
export function getAltchaChallenge(signal?: AbortSignal) {
  return apiRequest('/wps/verification/altcha', { signal }, AltchaChallengeSchema);
}

/** Solves a challenge in the browser and returns the payload the server checks (base64 JSON). */
export async function solveBehaviourCheck(signal?: AbortSignal): Promise<string> {
  const challenge = (await getAltchaChallenge(signal)) as unknown as Challenge;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('behaviour check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

export type BehaviourCheckStatus = 'solving' | 'ready' | 'failed';

/**
 * The behaviour check that takes the place of the spec's slider: a proof of work solved while the
 * member types. `take()` hands over the solved payload and starts a fresh one, so every attempt (and
 * so every failure) uses a new check.
 */
export function useBehaviourCheck() {
  const [status, setStatus] = useState<BehaviourCheckStatus>('solving');
  const pending = useRef<Promise<string> | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Sets state only when the work settles, so the first run may start from an effect.
  const launch = useCallback(() => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    const promise = solveBehaviourCheck(next.signal);
    pending.current = promise;
    promise.then(
      () => {
        if (pending.current === promise) setStatus('ready');
      },
      () => {
        if (pending.current === promise && !next.signal.aborted) setStatus('failed');
      },
    );
    // A rejected check is reported through status; take() rethrows it to the caller.
    promise.catch(() => undefined);
  }, []);

  const start = useCallback(() => {
    setStatus('solving');
    launch();
  }, [launch]);

  useEffect(() => {
    launch();
    return () => controller.current?.abort();
  }, [launch]);

  const take = useCallback(async () => {
    const current = pending.current;
    if (!current) throw new Error('behaviour check not started');
    try {
      return await current;
    } finally {
      start();
    }
  }, [start]);

  return { status, take, reset: start };
}

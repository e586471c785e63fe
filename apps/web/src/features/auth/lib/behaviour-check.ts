import { AltchaChallengeSchema, type AltchaChallengeRequest } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * GET /wps/verification/altcha: the behaviour check, used once. With `purpose`, POST: the challenge of
 * that sign-in or registration, as hard as its failures (or the brand's captcha rule) ask (decision 0030).
 */
export function getAltchaChallenge(signal?: AbortSignal, purpose?: AltchaChallengeRequest) {
  return purpose
    ? apiRequest(ACCOUNT_CALLS.altchaFor, { body: purpose, signal }, AltchaChallengeSchema)
    : apiRequest(ACCOUNT_CALLS.altcha, { signal }, AltchaChallengeSchema);
}

/** Solves a challenge in the browser and returns the payload the server checks (base64 JSON). */
export async function solveBehaviourCheck(signal?: AbortSignal, purpose?: AltchaChallengeRequest): Promise<string> {
  const challenge = (await getAltchaChallenge(signal, purpose)) as unknown as Challenge;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  // The harder levels are PBKDF2, which the browser runs natively, off the page's thread.
  const deriveKey = challenge.parameters.algorithm === 'PBKDF2/SHA-256' ? derivePbkdf2 : deriveSha;
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('behaviour check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

export type BehaviourCheckStatus = 'solving' | 'ready' | 'failed';

/**
 * The behaviour check that takes the place of the spec's slider: a proof of work solved while the
 * member types. `take()` hands over the solved payload and starts a fresh one, so every attempt (and
 * so every failure) uses a new check. With `purpose` (kept the same object between renders), the
 * challenge is the one the platform issues for it, harder when the brand asks for a captcha.
 */
export function useBehaviourCheck(purpose?: AltchaChallengeRequest) {
  const [status, setStatus] = useState<BehaviourCheckStatus>('solving');
  const pending = useRef<Promise<string> | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Sets state only when the work settles, so the first run may start from an effect.
  const launch = useCallback(() => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    const promise = solveBehaviourCheck(next.signal, purpose);
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
  }, [purpose]);

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

/**
 * The harder proof of work a sign-in needs after failures, in place of the image captcha (decision
 * 0030): fetched for the account when it is needed and solved then, which may take a few seconds on a
 * phone; `isSolving` says so meanwhile. A check that cannot finish throws with the text to show.
 */
export function useHarderCheck() {
  const { t } = useTranslation('auth');
  const [isSolving, setSolving] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const solve = useCallback(
    async (purpose: AltchaChallengeRequest) => {
      controller.current?.abort();
      const next = new AbortController();
      controller.current = next;
      setSolving(true);
      try {
        return await solveBehaviourCheck(next.signal, purpose);
      } catch (error) {
        if (!(error instanceof ApiError) && !next.signal.aborted) {
          throw new Error(t('check.failed'), { cause: error });
        }
        throw error;
      } finally {
        if (controller.current === next) setSolving(false);
      }
    },
    [t],
  );

  return { isSolving, solve };
}

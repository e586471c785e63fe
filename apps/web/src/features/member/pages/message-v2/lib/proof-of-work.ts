import { AltchaChallengeSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import { apiRequest } from '../../../../../lib/api-client';

/**
 * The proof of work a visitor's feedback carries (ALTCHA, as registration's behaviour check: decision 0030): a
 * challenge fetched and solved in the browser when the form is sent. Answers the payload the server checks.
 */
export async function solveProofOfWork(signal?: AbortSignal): Promise<string> {
  const challenge = (await apiRequest(ACCOUNT_CALLS.altcha, { signal }, AltchaChallengeSchema)) as unknown as Challenge;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey: deriveSha, controller, timeout: 60_000 });
  if (!solution) throw new Error('proof of work not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

import { LoginResultSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { encryptText } from '../lib/encrypt-body';

function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POST /wps/session/login/freeplay: a guest with play money (os, platform 'W', encrypted random, version 3). */
export async function freePlay() {
  const random = await encryptText(randomString());
  const os = navigator.platform || 'web';
  return apiRequest(
    ACCOUNT_CALLS.freePlay,
    { body: { os: os.slice(0, 50), platform: 'W', random, gatewayVersion: 3 } },
    LoginResultSchema,
  );
}

export function useFreePlay() {
  return useMutation({ mutationFn: freePlay });
}

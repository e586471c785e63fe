import { CaptchaSchema } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /wps/captcha: a one-use image captcha. */
export function getCaptcha(signal?: AbortSignal) {
  return apiRequest('/wps/captcha', { signal }, CaptchaSchema);
}

/** `nonce` picks a fresh captcha: each one is used once, so every refresh asks anew. */
export function getCaptchaQueryOptions(purpose: string, nonce: number) {
  return queryOptions({
    queryKey: authKeys.captcha(purpose, nonce),
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCaptcha(purpose: string, nonce: number, enabled: boolean) {
  return useQuery({ ...getCaptchaQueryOptions(purpose, nonce), enabled });
}

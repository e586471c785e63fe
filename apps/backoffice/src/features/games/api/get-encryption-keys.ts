import { BACKOFFICE_CALLS, type EncryptionKey } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The request-encryption keys kept, newest first (never their material). */
export async function getEncryptionKeys(signal?: AbortSignal): Promise<EncryptionKey[]> {
  const answer = await apiRequest<{ items: EncryptionKey[] }>(BACKOFFICE_CALLS.encryptionKeys, { signal });
  return answer.items;
}

export function useEncryptionKeys() {
  return useQuery({ queryKey: gamesKeys.encryptionKeys, queryFn: ({ signal }) => getEncryptionKeys(signal) });
}

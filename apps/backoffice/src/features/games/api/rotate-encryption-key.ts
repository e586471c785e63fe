import { BACKOFFICE_CALLS, type RotateKeyRequest } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** A new current key; the old one still decrypts for the grace given (0: stops at once). */
export function rotateEncryptionKey(input: RotateKeyRequest): Promise<{ kid: string }> {
  return apiRequest(BACKOFFICE_CALLS.rotateEncryptionKey, { body: input });
}

export function useRotateEncryptionKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateEncryptionKey,
    onSuccess: () => client.invalidateQueries({ queryKey: gamesKeys.encryptionKeys }),
  });
}

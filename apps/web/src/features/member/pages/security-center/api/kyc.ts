import { KycStateSchema, type KycState } from '@parlay/contract';
import { KYC_CALLS } from '@parlay/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';

const kycKey = (token: string | null) => ['member-kyc', token] as const;

/** GET /wps/member/kyc (docs/product/calls.md#identity-checks): whether the brand checks identities, my state. */
export function getKycState(signal?: AbortSignal): Promise<KycState> {
  return apiRequest(KYC_CALLS.kycStatus, { signal }, KycStateSchema);
}

export function getKycStateQueryOptions(token: string | null) {
  return queryOptions({ queryKey: kycKey(token), queryFn: ({ signal }) => getKycState(signal), enabled: !!token });
}

export function useKycState() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getKycStateQueryOptions(token));
}

/** POST /wps/member/kyc/documents: the file as it is; the server checks it by its bytes. Answers the state after. */
export function uploadKycDocument(file: Blob): Promise<KycState> {
  return apiRequest(KYC_CALLS.uploadKycDocument, { body: file }, KycStateSchema);
}

export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: uploadKycDocument,
    onSuccess: (state) => queryClient.setQueryData(kycKey(token), state),
  });
}

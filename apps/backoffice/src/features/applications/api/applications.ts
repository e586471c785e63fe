import {
  BACKOFFICE_CALLS,
  callWithParams,
  type ApplicationStatus,
  type BoApplication,
  type BoApplicationPage,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export interface ApplicationQuery {
  /** One status, or every status when absent. */
  status?: ApplicationStatus | undefined;
  cursor?: string | undefined;
}

/** The brand's applications, newest first, of one status or all. */
export function getApplications(
  brand: string,
  query: ApplicationQuery,
  signal?: AbortSignal,
): Promise<BoApplicationPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.applications, { brand }), {
    query: { limit: 20, status: query.status, cursor: query.cursor },
    signal,
  });
}

export function useApplications(brand: string, query: ApplicationQuery) {
  return useQuery({
    queryKey: applicationKeys.list(brand, query),
    queryFn: ({ signal }) => getApplications(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * An application image's address: an <img> asks for it with the operator's session cookie, as the identity checks'
 * documents are shown (the server sends it with nosniff and a sandbox, never as a page of the back office).
 */
export function applicationImageUrl(brand: string, imageId: number): string {
  return callWithParams(BACKOFFICE_CALLS.applicationImage, { brand, imageId }).path;
}

export type ApplicationDecision =
  { action: 'approve'; applicationId: number } | { action: 'reject'; applicationId: number; reason: string };

/** Approves (the reward paid once) or rejects with the reason the member reads an application still applying. */
export function decideApplication(brand: string, decision: ApplicationDecision): Promise<BoApplication> {
  const params = { brand, applicationId: decision.applicationId };
  return decision.action === 'approve'
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.approveApplication, params))
    : apiRequest(callWithParams(BACKOFFICE_CALLS.rejectApplication, params), { body: { reason: decision.reason } });
}

export function useDecideApplication(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApplicationDecision) => decideApplication(brand, decision),
    // Done or refused (another operator decided first), the list asks again.
    onSettled: () => client.invalidateQueries({ queryKey: applicationKeys.all(brand) }),
  });
}

import {
  ApplicationOffersSchema,
  MemberApplicationSchema,
  MemberApplicationsSchema,
  type ApplicationOffers,
  type MemberApplication,
  type MemberApplications,
} from '@parlay/contract';
import { APPLICATION_CALLS } from '@parlay/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';

/**
 * Query keys of the application promotions, per session token (a sign-out never shows the last member's
 * applications) and language (the titles come in the language asked).
 */
export const applicationKeys = {
  all: (token: string | null) => ['applications', token] as const,
  offers: (token: string | null, language: string) => [...applicationKeys.all(token), 'offers', language] as const,
  mine: (token: string | null, language: string) => [...applicationKeys.all(token), 'mine', language] as const,
};

/** GET /wps/promotions/applications (docs/product/calls.md#application-promotions): with a token, the member's state. */
export function getApplicationOffers(signal?: AbortSignal): Promise<ApplicationOffers> {
  return apiRequest(APPLICATION_CALLS.offers, { signal }, ApplicationOffersSchema);
}

/** GET /wps/member/applications: the member's applications, newest first. */
export function getMyApplications(signal?: AbortSignal): Promise<MemberApplications> {
  return apiRequest(APPLICATION_CALLS.list, { signal }, MemberApplicationsSchema);
}

/** What the apply dialog sends: the promotion, the comment and the chosen images. */
export interface ApplyInput {
  promotionCode: string;
  comment: string;
  images: File[];
}

/** POST /wps/member/applications: a multipart form; the server checks each image by its bytes. */
export function applyToPromotion(input: ApplyInput): Promise<MemberApplication> {
  const form = new FormData();
  form.append('promotionCode', input.promotionCode);
  form.append('comment', input.comment);
  for (const image of input.images) form.append('images', image, image.name);
  return apiRequest(APPLICATION_CALLS.apply, { body: form }, MemberApplicationSchema);
}

export function useApplicationOffers() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: applicationKeys.offers(token, language),
    queryFn: ({ signal }) => getApplicationOffers(signal),
    staleTime: 0,
  });
}

export function useMyApplications() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: applicationKeys.mine(token, language),
    queryFn: ({ signal }) => getMyApplications(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useApply() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: applyToPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all(token) }),
  });
}

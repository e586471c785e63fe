import {
  callWithParams,
  PromotionDetailSchema,
  PromotionHubSchema,
  type PromotionDetail,
  type PromotionHub,
} from '@parlay/contract';
import { PROMOTION_CALLS } from '@parlay/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { addKoreanTexts } from '../../../i18n';
import texts from '../../../i18n/locales/ko/promotions.json';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';

// The hub's Korean texts come with the promotions pages' chunk, not the first load (decision 0008).
addKoreanTexts('promotions', texts);

/**
 * Query keys of the promotions hub, per session token (a visitor's states are the dates', a member's their own) and
 * language (the texts come in the language asked).
 */
export const promotionKeys = {
  /** Every hub query of every session: what an action that changes a state invalidates. */
  root: ['promotions-hub'] as const,
  all: (token: string | null) => [...promotionKeys.root, token] as const,
  hub: (token: string | null, language: string) => [...promotionKeys.all(token), 'hub', language] as const,
  detail: (token: string | null, language: string, code: string) =>
    [...promotionKeys.all(token), 'detail', language, code] as const,
};

/** GET /wps/promotions/hub (docs/product/calls.md#promotions-hub): every kind, with the member's state and action. */
export function getPromotionHub(signal?: AbortSignal): Promise<PromotionHub> {
  return apiRequest(PROMOTION_CALLS.hub, { signal }, PromotionHubSchema);
}

/** GET /wps/promotions/hub/:code: one promotion; PROMOTION_NOT_FOUND when the brand has none of that code. */
export function getPromotionDetail(code: string, signal?: AbortSignal): Promise<PromotionDetail> {
  return apiRequest(callWithParams(PROMOTION_CALLS.detail, { code }), { signal }, PromotionDetailSchema);
}

export function usePromotionHub() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: promotionKeys.hub(token, language),
    queryFn: ({ signal }) => getPromotionHub(signal),
    staleTime: 0,
    // The same session's hub stays on screen while it loads in another language: the page keeps its place and the
    // sections under it (a raffle's verify dialog, the apply dialog) stay open.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
  });
}

export function usePromotionDetail(code: string | null) {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: promotionKeys.detail(token, language, code ?? ''),
    queryFn: ({ signal }) => getPromotionDetail(code!, signal),
    enabled: code !== null,
    staleTime: 0,
    retry: false,
  });
}

import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoCreatePromotionRequest,
  type BonusPromotionKind,
  type BoPromotion,
  type BoPromotionPage,
  type BoUpdatePromotionRequest,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bonusKeys } from './query-keys';

export interface PromotionQuery {
  kind?: BonusPromotionKind | undefined;
  cursor?: string | undefined;
}

/** The brand's promotions, newest first, of one kind or all. */
export function getPromotions(brand: string, query: PromotionQuery, signal?: AbortSignal): Promise<BoPromotionPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.promotions, { brand }), {
    query: { limit: 20, kind: query.kind, cursor: query.cursor },
    signal,
  });
}

export function usePromotions(brand: string, query: PromotionQuery) {
  return useQuery({
    queryKey: bonusKeys.promotions(brand, query),
    queryFn: ({ signal }) => getPromotions(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export type PromotionSave =
  { id?: undefined; body: BoCreatePromotionRequest } | { id: number; body: BoUpdatePromotionRequest };

/** Adds a promotion (no id) or saves one with the version it was opened at (a stale save: BO_CHANGED_SINCE_OPENED). */
export function savePromotion(brand: string, save: PromotionSave): Promise<BoPromotion> {
  return save.id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createPromotion, { brand }), { body: save.body })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updatePromotion, { brand, promotionId: save.id }), {
        body: save.body,
      });
}

export function useSavePromotion(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: PromotionSave) => savePromotion(brand, save),
    onSettled: () => client.invalidateQueries({ queryKey: bonusKeys.all(brand) }),
  });
}

/** Switches a promotion off with the version the page read: no new bonus is paid; bonuses paid stay. */
export function deactivatePromotion(brand: string, promotion: BoPromotion): Promise<BoPromotion> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.deactivatePromotion, { brand, promotionId: promotion.id }), {
    body: { version: promotion.version },
  });
}

export function useDeactivatePromotion(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (promotion: BoPromotion) => deactivatePromotion(brand, promotion),
    onSettled: () => client.invalidateQueries({ queryKey: bonusKeys.all(brand) }),
  });
}

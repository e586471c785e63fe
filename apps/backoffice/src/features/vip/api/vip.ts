import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoVipChange,
  type BoVipLevel,
  type BoVipLevels,
  type BoVipMember,
  type CreateVipLevelRequest,
  type Page,
  type SaveVipSettingsRequest,
  type UpdateVipLevelRequest,
  type VipSettingsView,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// A brand's VIP ranks (decision 0046): levels and settings, members by level, level changes.

export const vipKeys = {
  all: (brand: string) => ['vip', brand] as const,
  levels: (brand: string) => ['vip', brand, 'levels'] as const,
  members: (brand: string, filters: Record<string, string>, cursor: string | undefined) =>
    ['vip', brand, 'members', filters, cursor] as const,
  changes: (brand: string, filters: Record<string, string>, cursor: string | undefined) =>
    ['vip', brand, 'changes', filters, cursor] as const,
};

export function useVipLevels(brand: string) {
  return useQuery({
    queryKey: vipKeys.levels(brand),
    queryFn: ({ signal }) => apiRequest<BoVipLevels>(callWithParams(BACKOFFICE_CALLS.vipLevels, { brand }), { signal }),
  });
}

/** Adds a level or saves one (with the version it was opened at); the levels are read again after. */
export function useSaveVipLevel(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; body: CreateVipLevelRequest }
        | { kind: 'update'; rankLevel: number; body: UpdateVipLevelRequest },
    ) =>
      change.kind === 'create'
        ? apiRequest<BoVipLevel>(callWithParams(BACKOFFICE_CALLS.createVipLevel, { brand }), { body: change.body })
        : apiRequest<BoVipLevel>(
            callWithParams(BACKOFFICE_CALLS.updateVipLevel, { brand, rankLevel: String(change.rankLevel) }),
            { body: change.body },
          ),
    onSettled: () => client.invalidateQueries({ queryKey: vipKeys.all(brand) }),
  });
}

export function useSaveVipSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveVipSettingsRequest) =>
      apiRequest<VipSettingsView>(callWithParams(BACKOFFICE_CALLS.saveVipSettings, { brand }), { body }),
    onSettled: () => client.invalidateQueries({ queryKey: vipKeys.levels(brand) }),
  });
}

export function useVipMembers(brand: string, filters: { rankLevel: string; account: string }, cursor?: string) {
  return useQuery({
    queryKey: vipKeys.members(brand, filters, cursor),
    queryFn: ({ signal }) =>
      apiRequest<Page<BoVipMember>>(callWithParams(BACKOFFICE_CALLS.vipMembers, { brand }), {
        query: {
          limit: 50,
          cursor,
          rankLevel: filters.rankLevel || undefined,
          account: filters.account || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVipChanges(brand: string, filters: { account: string; kind: string }, cursor?: string) {
  return useQuery({
    queryKey: vipKeys.changes(brand, filters, cursor),
    queryFn: ({ signal }) =>
      apiRequest<Page<BoVipChange>>(callWithParams(BACKOFFICE_CALLS.vipChanges, { brand }), {
        query: { limit: 50, cursor, account: filters.account || undefined, kind: filters.kind || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

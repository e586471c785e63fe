import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoHelpItem,
  type CreateHelpItemRequest,
  type Page,
  type UpdateHelpItemRequest,
} from '@parlay/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys, type HelpItemFilters } from './query-keys';

// The help centre's items: list, one, create, update, remove (the same shape as announcements', smaller).

export function getHelpItems(brand: string, query: HelpItemFilters, signal?: AbortSignal): Promise<Page<BoHelpItem>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.helpItems, { brand }), { query, signal });
}

export function useHelpItems(brand: string, query: HelpItemFilters) {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.helpItems(brand, query),
      queryFn: ({ signal }) => getHelpItems(brand, query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function getHelpItem(brand: string, id: number, signal?: AbortSignal): Promise<BoHelpItem> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.helpItem, { brand, id }), { signal });
}

export function useHelpItem(brand: string, id: number | null) {
  return useQuery({
    queryKey: contentKeys.helpItem(brand, id ?? 0),
    queryFn: ({ signal }) => getHelpItem(brand, id ?? 0, signal),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function createHelpItem(brand: string, body: CreateHelpItemRequest): Promise<BoHelpItem> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.createHelpItem, { brand }), { body });
}

export function updateHelpItem(brand: string, id: number, body: UpdateHelpItemRequest): Promise<BoHelpItem> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.updateHelpItem, { brand, id }), { body });
}

export function removeHelpItem(brand: string, id: number, version: number): Promise<{ id: number }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.removeHelpItem, { brand, id }), { query: { version } });
}

export function useSaveHelpItem(brand: string, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHelpItemRequest) => {
      if (id === null) {
        const { version: _version, ...fields } = body;
        return createHelpItem(brand, fields);
      }
      return updateHelpItem(brand, id, body);
    },
    onSuccess: (saved) => {
      client.setQueryData(contentKeys.helpItem(brand, saved.id), saved);
      void client.invalidateQueries({ queryKey: [...contentKeys.all(brand), 'help-items'] });
    },
  });
}

export function useRemoveHelpItem(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => removeHelpItem(brand, id, version),
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: contentKeys.helpItem(brand, id) });
      void client.invalidateQueries({ queryKey: [...contentKeys.all(brand), 'help-items'] });
    },
  });
}

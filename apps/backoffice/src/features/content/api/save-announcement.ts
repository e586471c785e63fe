import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoAnnouncement,
  type CreateAnnouncementRequest,
  type UpdateAnnouncementRequest,
} from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';

/** POST /bo/api/brands/:brand/announcements: the server sanitises the HTML and answers what it stored. */
export function createAnnouncement(brand: string, body: CreateAnnouncementRequest): Promise<BoAnnouncement> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.createAnnouncement, { brand }), { body });
}

/** PUT /bo/api/brands/:brand/announcements/:id with the version the editor opened. */
export function updateAnnouncement(
  brand: string,
  id: number,
  body: UpdateAnnouncementRequest,
): Promise<BoAnnouncement> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.updateAnnouncement, { brand, id }), { body });
}

/** DELETE /bo/api/brands/:brand/announcements/:id?version=. */
export function removeAnnouncement(brand: string, id: number, version: number): Promise<{ id: number }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.removeAnnouncement, { brand, id }), { query: { version } });
}

/** Creates (id null) or updates; the lists are read again and the editor takes the stored announcement. */
export function useSaveAnnouncement(brand: string, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAnnouncementRequest) => {
      if (id === null) {
        const { version: _version, ...fields } = body;
        return createAnnouncement(brand, fields);
      }
      return updateAnnouncement(brand, id, body);
    },
    onSuccess: (saved) => {
      client.setQueryData(contentKeys.announcement(brand, saved.id), saved);
      void client.invalidateQueries({ queryKey: [...contentKeys.all(brand), 'announcements'] });
    },
  });
}

export function useRemoveAnnouncement(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => removeAnnouncement(brand, id, version),
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: contentKeys.announcement(brand, id) });
      void client.invalidateQueries({ queryKey: [...contentKeys.all(brand), 'announcements'] });
    },
  });
}

import { useBrand } from '../../../lib/brand';
import { toTypesParam, useAnnouncements } from './get-announcements';

/** The lobby's announcements: the types the brand settings name (spec 01 §1: B, PL, PU, PR, H). */
export function useLobbyAnnouncements() {
  const { brand } = useBrand();
  return useAnnouncements(toTypesParam(brand.announcementTypes));
}

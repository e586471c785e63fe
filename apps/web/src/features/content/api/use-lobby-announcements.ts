import { useBrand } from '../../../lib/brand';
import { toTypesParam, useAnnouncements } from './get-announcements';

/**
 * The lobby's announcements: the types the brand settings name (B, PL, PU, PR, H:
 * docs/product/site-shell-and-routes.md#announcements).
 */
export function useLobbyAnnouncements() {
  const { brand } = useBrand();
  return useAnnouncements(toTypesParam(brand.announcementTypes));
}

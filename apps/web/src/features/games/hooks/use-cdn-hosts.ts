import { useOptionalBrand } from '../../../lib/brand';
import { pickHost } from '../lib/cdn';

const picked = new Map<string, string | null>();

/** One pick per list and page load, so images do not hop between hosts while the visitor browses. */
function pickOnce(kind: 'image' | 'launch', hosts: readonly string[]): string | null {
  const key = `${kind}:${hosts.join('|')}`;
  if (!picked.has(key)) picked.set(key, pickHost(hosts));
  return picked.get(key) ?? null;
}

/**
 * The image and launch hosts picked at random from the brand's CDN lists
 * (docs/product/site-shell-and-routes.md#cdn-hosts).
 */
export function useCdnHosts(): { imageHost: string | null; launchHost: string | null } {
  const status = useOptionalBrand()?.status;
  return {
    imageHost: pickOnce('image', status?.imageCDNs ?? []),
    launchHost: pickOnce('launch', status?.launchGameCDNs ?? []),
  };
}

import { AppError } from '../../lib/app-error';

const LOOPBACK_HOSTS = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/**
 * The origin of a brand's site as an operator gives it, or null when it is not one: https (http only for
 * a loopback host, for the demo and development), no user, path, query or fragment. Migration 0044
 * refuses anything else in the column too.
 */
export function normaliseSiteUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return null;
  }
  if (url.protocol === 'https:') return /^[a-z0-9.-]+$/.test(url.hostname) ? url.origin : null;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.test(url.hostname) ? url.origin : null;
  return null;
}

/**
 * An absolute link to a page of the brand's own site, for anything the platform sends (reset e-mails,
 * invitations). It is built from the brand's configured site address, never from the request: a Host
 * header is the sender's to choose (decision 0026). A brand without an address sends no link.
 */
export function buildSiteLink(
  brand: { siteUrl: string | null },
  path: string,
  query: Record<string, string> = {},
): string {
  if (!brand.siteUrl) throw new AppError('BRAND_SITE_URL_MISSING');
  // A path of the site only: '//host' or a backslash would lead a browser to another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    throw new Error(`a site link's path must be a path of the site: ${path}`);
  }
  const search = new URLSearchParams(query).toString();
  return `${brand.siteUrl}${path}${search ? `?${search}` : ''}`;
}

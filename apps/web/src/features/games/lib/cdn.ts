/** A host of the brand's CDN lists: 'cdn.example.com' or 'https://cdn.example.com/', without its slash. */
function normaliseHost(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  return `https://${trimmed}`;
}

/**
 * One host picked at random from a list (docs/product/site-shell-and-routes.md#cdn-hosts), or null when the list is
 * empty.
 */
export function pickHost(hosts: readonly string[], random: () => number = Math.random): string | null {
  const usable = hosts.map((host) => host.trim()).filter(Boolean);
  if (usable.length === 0) return null;
  const index = Math.min(usable.length - 1, Math.floor(random() * usable.length));
  return normaliseHost(usable[index]!);
}

function isAbsolute(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}

/**
 * The URL of an image or launch path: absolute URLs stay as they are; a relative path is put on the
 * picked host, or left relative to this site when the brand lists no host. Empty gives null.
 */
export function resolveOnHost(path: string | null | undefined, host: string | null): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (isAbsolute(value) || host === null) return value;
  return `${host}${value.startsWith('/') ? '' : '/'}${value}`;
}

import { useLayoutEffect } from 'react';
import { useBrand } from './brand';

/**
 * The browser tab's title: "<page> · <brand>", or the brand alone on the home page. Each route page
 * renders one. It sets `document.title`, which is index.html's <title>: React 19 moved a rendered <title>
 * into the head, Preact leaves it where it is drawn, after index.html's, which the browser reads first
 * (docs/decisions/0047-preact-for-the-player-site.md). A page's title stays until the next page sets its own.
 */
export function PageTitle({ name }: { name?: string }) {
  const { brand } = useBrand();
  const title = name ? `${name} · ${brand.name}` : brand.name;
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

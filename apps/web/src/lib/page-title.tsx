import { useBrand } from './brand';

/**
 * The browser tab's title: "<page> · <brand>", or the brand alone on the home page. Each route page
 * renders one; React 19 puts a rendered <title> in the document's head, ahead of index.html's.
 */
export function PageTitle({ name }: { name?: string }) {
  const { brand } = useBrand();
  return <title>{name ? `${name} · ${brand.name}` : brand.name}</title>;
}

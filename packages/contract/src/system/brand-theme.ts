// A brand's colours on the player site (zod-free: the site applies them at start-up). The site's tokens
// (apps/web/src/styles/tokens.css) take the brand's main colour as --brand-1, its second as --brand-2, and put
// text on them in --on-brand; the back office refuses a pair no text colour is readable on.

/** The text colours the site may put on a brand's colours: its own near-black, or white. */
export const BRAND_TEXT_COLOURS = ['#1b1405', '#ffffff'] as const;
/** WCAG AA for normal text. */
export const BRAND_TEXT_MIN_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 0xff) + 0.7152 * channel((n >> 8) & 0xff) + 0.0722 * channel(n & 0xff);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour readable on every one of `colours` (4.5:1 or more), the one with the most contrast; null when
 * neither is.
 */
export function textColourOn(colours: readonly string[]): (typeof BRAND_TEXT_COLOURS)[number] | null {
  let best: { colour: (typeof BRAND_TEXT_COLOURS)[number]; ratio: number } | null = null;
  for (const colour of BRAND_TEXT_COLOURS) {
    const ratio = Math.min(...colours.map((background) => contrastRatio(colour, background)));
    if (ratio >= BRAND_TEXT_MIN_CONTRAST && (best === null || ratio > best.ratio)) best = { colour, ratio };
  }
  return best?.colour ?? null;
}

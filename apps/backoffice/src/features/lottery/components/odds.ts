// Odds as operators read and type them: times the stake with two decimals (9.80), stored in hundredths (980).

/** 980 → "9.80". */
export function formatOdds(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** "9.8", "9.80" or "10" → hundredths; null for anything else (more decimals, a sign, a comma, text). */
export function parseOdds(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The bet type an odds key prices: `sum:12` → `sum`, `pick5:3` → `pick5`, `digit` → `digit`. */
export function betTypeOf(key: string): string {
  return key.split(':')[0]!;
}

/** The kind of bet a key prices, without a Vietnamese region's suffix: `lo2_mb` → `lo2`, `sum:12` → `sum`. */
export function betKindOf(key: string): string {
  return betTypeOf(key).replace(/_(mb|mt|mn)$/, '');
}

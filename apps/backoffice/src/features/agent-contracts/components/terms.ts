/** A rate in basis points as a percentage: 2000 → 20, 25 → 0.25 (no % sign: the texts place it). */
export function percentOf(bp: number): string {
  return (bp / 100).toLocaleString('en', { maximumFractionDigits: 2 });
}

/** A typed percentage ("20", "0.25") as basis points from 1 to 10,000, or null when it is not one. */
export function parsePercent(text: string): number | null {
  const clean = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const bp = Math.round(Number(clean) * 100);
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

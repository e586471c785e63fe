/** A rate in basis points as points per unit ("0.7"), and back; '' is no rate. */
export const rateText = (bp: number | null): string => (bp === null ? '' : String(bp / 10_000));
export function parseRate(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 10_000);
}

/**
 * An amount as the game shows it: with the brand's currency symbol in front (P1,000), as the player site writes it,
 * when the platform's launch named one (`currencySymbol`); else the number and the currency code (1,000 KRW).
 */
export function formatAmount(amount: number | null, currency: string, symbol: string | null, language: string): string {
  if (amount === null) return '—';
  const number = new Intl.NumberFormat(language).format(Math.abs(amount));
  const sign = amount < 0 ? '\u2212' : '';
  return symbol ? `${sign}${symbol}${number}` : `${sign}${number} ${currency}`;
}

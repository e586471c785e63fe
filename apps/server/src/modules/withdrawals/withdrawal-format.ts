import { defaultBanksOf, type Bank } from '@parlay/contract';

/** An amount in major units with grouping, as messages and error texts show it (`50,000`, `12.50`). */
export function formatAmount(amountMinor: number, exponent: number): string {
  const unit = 10 ** exponent;
  const whole = Math.trunc(amountMinor / unit).toLocaleString('en-US');
  if (exponent === 0) return whole;
  return `${whole}.${String(Math.abs(amountMinor % unit)).padStart(exponent, '0')}`;
}

/** All but the last 4 digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

/** A real name as compared: letters only, case and width folded (the sign-in check's rule). */
export function normaliseName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** The banks a brand pays to, named in `language`: its own list, else its currency's country's. */
export function banksOf(own: { code: string; name: string }[] | null, currency: string, language: string): Bank[] {
  if (own) return own.map((bank) => ({ code: bank.code, name: bank.name }));
  return defaultBanksOf(currency).map((bank) => ({ code: bank.code, name: language === 'KO' ? bank.ko : bank.en }));
}

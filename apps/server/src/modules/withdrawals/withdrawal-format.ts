import { defaultBanksOf, type Bank } from '@parlay/contract';

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

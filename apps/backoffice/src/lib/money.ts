import i18next from 'i18next';

// Money in the back office: amounts in minor units shown and typed as operators read them, for every feature.

function locale(): string {
  return i18next.language === 'en' ? 'en-GB' : 'ko-KR';
}

/** The digits after the point of a currency's minor units (ISO 4217): 0 for KRW, 2 for USD. */
export function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as the operator reads it: ₩12,000 or US$12.50, in the operator's language. */
export function formatMoney(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** A typed amount in major units ("12,000" or "12.5") as minor units, or null when it is not one. */
export function parseMajor(text: string, currency: string): number | null {
  const clean = text.replace(/[\s,_]/g, '');
  const digits = fractionDigits(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the text of an amount field, in major units without grouping: 12000, 12.50. */
export function minorToInput(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

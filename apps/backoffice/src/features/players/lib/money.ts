import i18next from 'i18next';

/**
 * An amount in minor units as the operator reads it: the brand's currency with its own number of decimals
 * (`exponent`), in the operator's language. `signed` puts + before a credit (a ledger movement).
 */
export function formatMinor(minor: number, currency: string, exponent: number, options: { signed?: boolean } = {}) {
  const format = new Intl.NumberFormat(i18next.language === 'en' ? 'en-GB' : 'ko-KR', {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  });
  return format.format(minor / 10 ** exponent);
}

/**
 * What the operator typed as an amount in major units ("10,000" or "12.5") in minor units, exactly: no more
 * decimals than the currency has, no sign (the direction is chosen apart), within safe integers. Null otherwise.
 */
export function parseMajor(text: string, exponent: number): number | null {
  const plain = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const digits = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

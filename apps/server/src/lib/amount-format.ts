// Amounts in minor units written in major units, exactly (integer digits, never a float), for the texts the server
// writes: error messages and system messages (grouped), and CSV exports (plain).

/** Minor units as a plain decimal in major units: 12345 at exponent 2 is "123.45", -5 is "-0.05". */
export function formatMinor(minor: number, exponent: number): string {
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Minor units in major units with thousands grouped: 5000000 at exponent 2 is "50,000.00", at 0 "5,000,000". */
export function formatAmount(minor: number, exponent: number): string {
  const plain = formatMinor(minor, exponent);
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

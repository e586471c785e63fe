/**
 * Countries with their dialling codes for the country-code picker
 * (docs/product/site-shell-and-routes.md#country-code-picker).
 */
export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

const LIST: [string, string][] = [
  ['KR', '82'],
  ['US', '1'],
  ['CA', '1'],
  ['GB', '44'],
  ['JP', '81'],
  ['CN', '86'],
  ['HK', '852'],
  ['MO', '853'],
  ['TW', '886'],
  ['SG', '65'],
  ['MY', '60'],
  ['TH', '66'],
  ['VN', '84'],
  ['PH', '63'],
  ['ID', '62'],
  ['KH', '855'],
  ['LA', '856'],
  ['MM', '95'],
  ['IN', '91'],
  ['PK', '92'],
  ['BD', '880'],
  ['LK', '94'],
  ['NP', '977'],
  ['AU', '61'],
  ['NZ', '64'],
  ['DE', '49'],
  ['FR', '33'],
  ['ES', '34'],
  ['IT', '39'],
  ['PT', '351'],
  ['NL', '31'],
  ['BE', '32'],
  ['CH', '41'],
  ['AT', '43'],
  ['SE', '46'],
  ['NO', '47'],
  ['DK', '45'],
  ['FI', '358'],
  ['IE', '353'],
  ['PL', '48'],
  ['CZ', '420'],
  ['HU', '36'],
  ['RO', '40'],
  ['GR', '30'],
  ['TR', '90'],
  ['RU', '7'],
  ['KZ', '7'],
  ['UZ', '998'],
  ['UA', '380'],
  ['AE', '971'],
  ['SA', '966'],
  ['QA', '974'],
  ['IL', '972'],
  ['IR', '98'],
  ['EG', '20'],
  ['ZA', '27'],
  ['NG', '234'],
  ['KE', '254'],
  ['MA', '212'],
  ['BR', '55'],
  ['MX', '52'],
  ['AR', '54'],
  ['CL', '56'],
  ['CO', '57'],
  ['PE', '51'],
  ['MN', '976'],
];

export const COUNTRIES: Country[] = LIST.map(([countryCode, countryDialingCode]) => ({
  countryCode,
  countryDialingCode,
}));

/** The flag emoji of an ISO 3166 alpha-2 code, drawn from regional indicator letters. */
export function flagOf(countryCode: string): string {
  const code = countryCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '🏳️';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

export function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}

export function findCountry(countryCode: string | null | undefined): Country | undefined {
  if (!countryCode) return undefined;
  return COUNTRIES.find((country) => country.countryCode === countryCode.toUpperCase());
}

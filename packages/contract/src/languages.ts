// Zod-free: the player site's start-up code imports these without pulling in zod.

/**
 * Languages the product has translation files for
 * (docs/product/site-shell-and-routes.md#languages). Brands pick a subset.
 */
export const LANGUAGES = [
  'KO',
  'EN',
  'ZH',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'MS',
  'PT',
  'TA',
  'TL',
  'UR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Languages whose full text catalogue ships today; every other falls back to EN. */
export const TRANSLATED_LANGUAGES = ['KO', 'EN'] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TranslatedLanguage = 'KO';

/** Picks the catalogue for a language code in any case, such as 'ko', 'en-US' or 'EN'. */
export function toTranslatedLanguage(raw: string | undefined | null): TranslatedLanguage {
  const head = (raw ?? '').slice(0, 2).toUpperCase();
  if (head === '') return DEFAULT_LANGUAGE;
  return (TRANSLATED_LANGUAGES as readonly string[]).includes(head) ? (head as TranslatedLanguage) : 'EN';
}

/**
 * The catalogue for an Accept-Language header: the first range by weight that has texts. A wildcard
 * (`*`, as Node's fetch sends) is the default language; a list of only other languages falls back to EN.
 */
export function fromAcceptLanguage(header: string): TranslatedLanguage {
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const weight = params.find((param) => /^q=/i.test(param));
      return { tag, q: weight === undefined ? 1 : Number(weight.slice(2)), index };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LANGUAGE;
    const head = tag.slice(0, 2).toUpperCase();
    if ((TRANSLATED_LANGUAGES as readonly string[]).includes(head)) return head as TranslatedLanguage;
  }
  return ranges.length > 0 ? 'EN' : DEFAULT_LANGUAGE;
}

// Zod-free: the player site's start-up code imports these without pulling in zod.

/** Languages the product has translation files for (spec 01 §1). Brands pick a subset. */
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

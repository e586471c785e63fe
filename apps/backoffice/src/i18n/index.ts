import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, type UiLanguage } from '../lib/storage';

/** A language's texts: namespace → nested keys → text, from `locales/<lang>/<namespace>.json`. */
export type Catalogue = Record<string, Record<string, unknown>>;

function toCatalogue(files: Record<string, Record<string, unknown>>): Catalogue {
  const catalogue: Catalogue = {};
  for (const [file, texts] of Object.entries(files)) {
    const namespace = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (namespace) catalogue[namespace] = texts;
  }
  return catalogue;
}

/** Both languages come with the first load: the back office is desktop-first and its texts are small. */
export const catalogues: Record<'ko' | 'en', Catalogue> = {
  ko: toCatalogue(import.meta.glob<Record<string, unknown>>('./locales/ko/*.json', { eager: true, import: 'default' })),
  en: toCatalogue(import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { eager: true, import: 'default' })),
};

export const i18nReady = i18next.use(initReactI18next).init({
  resources: catalogues,
  lng: getStoredLanguage().toLowerCase(),
  fallbackLng: 'ko',
  ns: Object.keys(catalogues.ko),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export async function changeLanguage(language: UiLanguage): Promise<void> {
  document.documentElement.lang = language.toLowerCase();
  await i18next.changeLanguage(language.toLowerCase());
}

export default i18next;

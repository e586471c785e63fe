import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage } from '../lib/storage';

type Catalogue = Record<string, unknown>;

/** Every `locales/<lang>/<namespace>.json`; a feature adds its own namespace file in both languages. */
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Catalogue>> = {};
for (const [file, catalogue] of Object.entries(files)) {
  const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = catalogue;
}

export const namespaces = Object.keys(resources['ko'] ?? {});

void i18next.use(initReactI18next).init({
  resources,
  lng: getStoredLanguage().toLowerCase(),
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;

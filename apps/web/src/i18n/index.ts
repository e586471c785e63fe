import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, type UiLanguage } from '../lib/storage';
import type { Catalogue } from './catalogue';
import ko from './catalogue-ko';

export type { Catalogue } from './catalogue';

/**
 * The texts of each language. Korean, the default, comes with the first load; English is its own
 * chunk, fetched when it is the stored language or chosen (a phone loads one language, not two).
 * Each catalogue holds every `locales/<lang>/<namespace>.json`; a test fails when their keys differ.
 */
const loaders: Record<UiLanguage, () => Promise<Catalogue>> = {
  KO: () => Promise.resolve(ko),
  EN: () => import('./catalogue-en').then((module) => module.default),
};

export const namespaces = Object.keys(ko);

const loaded = new Set<UiLanguage>();

/** Loads a language's texts into i18next once; later calls resolve at once. */
export async function loadLanguage(language: UiLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const catalogue = await loaders[language]();
  for (const [namespace, texts] of Object.entries(catalogue)) {
    i18next.addResourceBundle(language.toLowerCase(), namespace, texts, true, true);
  }
  loaded.add(language);
}

/**
 * Adds the Korean texts of a namespace that its feature's chunk brings (catalogue-ko.ts leaves them out of
 * the first load). English, loaded whole when chosen, has them already.
 */
export function addKoreanTexts(namespace: string, texts: Record<string, unknown>): void {
  const add = () => void i18next.addResourceBundle('ko', namespace, texts, true, true);
  if (i18next.isInitialized) add();
  else void i18nReady.then(add);
}

/** Switches the UI language once its texts are loaded. */
export async function changeLanguage(language: UiLanguage): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language.toLowerCase());
}

const initial = getStoredLanguage();

/** Loads the stored language's texts first, then starts i18next on them (it picks its language at init). */
async function start(): Promise<void> {
  // Unit tests render synchronously in either language.
  const languages: UiLanguage[] = import.meta.env.MODE === 'test' ? ['KO', 'EN'] : ['KO', initial];
  const resources: Record<string, Catalogue> = {};
  for (const language of new Set(languages)) {
    // A copy: i18next keeps the object it is given as its store, and adds later namespaces to it.
    resources[language.toLowerCase()] = { ...(await loaders[language]()) };
    loaded.add(language);
  }
  await i18next.use(initReactI18next).init({
    resources,
    lng: initial.toLowerCase(),
    fallbackLng: 'ko',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Resolves when the stored language's texts are in and i18next has started: render after this. */
export const i18nReady: Promise<void> = start();

if (import.meta.env.MODE === 'test') await i18nReady;

export default i18next;

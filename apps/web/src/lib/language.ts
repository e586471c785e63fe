import { toTranslatedLanguage, type TranslatedLanguage } from '@parlay/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { storeLanguage } from './storage';

/** The UI language in the spec's upper-case form. */
export function useUiLanguage(): [TranslatedLanguage, (language: TranslatedLanguage) => void] {
  const { i18n } = useTranslation();
  const current = toTranslatedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const change = useCallback(
    (language: TranslatedLanguage) => {
      // Language change (spec 01 §4): the locale, lang and hisLang; queries keyed by language re-fetch.
      storeLanguage(language, current);
      document.documentElement.lang = language.toLowerCase();
      void i18n.changeLanguage(language.toLowerCase());
    },
    [i18n, current],
  );
  return [current, change];
}

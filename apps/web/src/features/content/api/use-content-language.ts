import { toTranslatedLanguage, type TranslatedLanguage } from '@parlay/contract/constants';
import { useTranslation } from 'react-i18next';

/** The language content is asked in: the UI locale, so that a language change re-fetches content. */
export function useContentLanguage(): TranslatedLanguage {
  const { i18n } = useTranslation();
  return toTranslatedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

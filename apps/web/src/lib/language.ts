import { ACCOUNT_CALLS, toTranslatedLanguage, type TranslatedLanguage } from '@parlay/contract/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index';
import { apiRequest } from './api-client';
import { useSessionStore } from './session-store';
import { storeLanguage } from './storage';

/** The UI language in the spec's upper-case form. */
export function useUiLanguage(): [TranslatedLanguage, (language: TranslatedLanguage) => void] {
  const { i18n } = useTranslation();
  const current = toTranslatedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const change = useCallback(
    (language: TranslatedLanguage) => {
      // Language change (docs/product/site-shell-and-routes.md#language-change): the locale, lang and hisLang; queries
      // keyed by language re-fetch.
      storeLanguage(language, current);
      document.documentElement.lang = language.toLowerCase();
      void changeLanguage(language);
      void updateMemberLanguage(language);
    },
    [current],
  );
  return [current, change];
}

/**
 * Tells the server a signed-in member's language (docs/product/site-shell-and-routes.md#language-change), so texts it
 * sends later (messages, mail) use it. The page has already switched; a failed update changes nothing the member sees.
 */
export async function updateMemberLanguage(language: TranslatedLanguage): Promise<boolean> {
  if (!useSessionStore.getState().token) return false;
  try {
    await apiRequest(ACCOUNT_CALLS.memberLanguage, { body: { language } });
    return true;
  } catch {
    return false;
  }
}

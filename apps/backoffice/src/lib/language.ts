import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index';
import { writeLocal, type UiLanguage } from './storage';

/** The UI language (KO or EN) and a switch that remembers it. Calls after it are answered in it (`language`). */
export function useUiLanguage(): [UiLanguage, (language: UiLanguage) => void] {
  const { i18n } = useTranslation();
  const current: UiLanguage = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'EN' : 'KO';
  const change = useCallback((language: UiLanguage) => {
    writeLocal('lang', language);
    void changeLanguage(language);
  }, []);
  return [current, change];
}

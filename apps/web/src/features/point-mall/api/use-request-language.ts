import { useTranslation } from 'react-i18next';

/**
 * The language the calls are asked in (the UI's, which api-client sends): part of the keys of the answers that carry
 * product names, so a change of language asks for them again.
 */
export function useRequestLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

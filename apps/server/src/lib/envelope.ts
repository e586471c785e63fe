import { ERRORS, type ErrorCode, type SuccessEnvelope, type TranslatedLanguage } from '@parlay/contract';

export function ok<T>(value: T): SuccessEnvelope<T> {
  return { success: true, code: 'OK', message: '', value };
}

/** The text of an error code in a language, with {name} placeholders filled from params. */
export function translateError(
  code: ErrorCode,
  language: TranslatedLanguage,
  params?: Record<string, string | number>,
): string {
  const definition = ERRORS[code];
  const text = language === 'KO' ? definition.ko : definition.en;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

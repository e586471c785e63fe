/**
 * What the back office keeps in the browser, under keys of its own: it may share its origin with the player site,
 * whose `theme` and `lang` belong to the player. Nothing about the operator's session is kept here: the session
 * is the HttpOnly cookie the server sets, which no script reads.
 */
export const LOCAL_KEYS = { theme: 'bo.theme', lang: 'bo.lang', brand: 'bo.brand' } as const;

export type UiLanguage = 'KO' | 'EN';

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function readLocal(key: keyof typeof LOCAL_KEYS): string | null {
  return safe(() => localStorage.getItem(LOCAL_KEYS[key]), null);
}

/** Stores a value; in private mode the choice lasts for this page only. */
export function writeLocal(key: keyof typeof LOCAL_KEYS, value: string): void {
  safe(() => localStorage.setItem(LOCAL_KEYS[key], value), undefined);
}

export function getStoredLanguage(): UiLanguage {
  return readLocal('lang') === 'EN' ? 'EN' : 'KO';
}

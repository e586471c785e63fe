/**
 * Browser storage keys (docs/product/site-shell-and-routes.md#browser-storage). Session storage: token, isAgent,
 * account, merchant, merchantCode, cpw and cached items; local storage: lang, hisLang, the theme and the device id.
 */
export const SESSION_KEYS = {
  token: 'token',
  isAgent: 'isAgent',
  account: 'account',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  cpw: 'cpw',
  gameVendor: 'gameVendor',
  routers: 'routers',
  settings: 'settings',
  validate: 'validate',
  merchantWallet: 'merchantWallet',
  indexNotice: 'index_notice',
  favGames: 'favGames',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

export const LOCAL_KEYS = { lang: 'lang', hisLang: 'hisLang', theme: 'theme', deviceId: 'deviceId' } as const;

export type UiLanguage = 'KO' | 'EN';

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function getStoredLanguage(): UiLanguage {
  const value = safe(() => localStorage.getItem(LOCAL_KEYS.lang), null);
  return value === 'EN' ? 'EN' : value === 'KO' ? 'KO' : 'KO';
}

/** Stores the chosen language as lang and the one it replaces (stored, or the one shown) as hisLang. */
export function storeLanguage(language: UiLanguage, shown?: UiLanguage): void {
  safe(() => {
    const previous = localStorage.getItem(LOCAL_KEYS.lang) ?? shown;
    if (previous && previous !== language) localStorage.setItem(LOCAL_KEYS.hisLang, previous);
    localStorage.setItem(LOCAL_KEYS.lang, language);
  }, undefined);
}

export function readSession(key: SessionKey): string | null {
  return safe(() => sessionStorage.getItem(SESSION_KEYS[key]), null);
}

export function writeSession(key: SessionKey, value: string | null): void {
  safe(() => {
    if (value === null) sessionStorage.removeItem(SESSION_KEYS[key]);
    else sessionStorage.setItem(SESSION_KEYS[key], value);
  }, undefined);
}

export function clearSession(): void {
  safe(() => sessionStorage.clear(), undefined);
}

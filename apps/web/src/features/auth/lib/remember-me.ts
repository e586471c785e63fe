/**
 * Remember-me (docs/product/accounts.md#remember-me: cookies for 24 hours), made safe: it keeps the last
 * username and, for the SMS tab, the mobile number with its dialling code — never a password (decision 0005).
 */
export const REMEMBER_ME_SECONDS = 24 * 60 * 60;

export const REMEMBER_COOKIES = {
  flag: 'loginRemember',
  username: 'username',
  sms: 'loginTypeSms',
} as const;

export interface RememberedLogin {
  username: string | null;
  sms: { mobileNum: string; countryDialingCode: string } | null;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${name}=; Max-Age=0; Path=/; SameSite=Strict${secure}`
      : `${name}=${encodeURIComponent(value)}; Max-Age=${REMEMBER_ME_SECONDS}; Path=/; SameSite=Strict${secure}`;
}

export function readRememberedLogin(): RememberedLogin {
  if (readCookie(REMEMBER_COOKIES.flag) !== 'true') return { username: null, sms: null };
  let sms: RememberedLogin['sms'] = null;
  try {
    const parsed = JSON.parse(readCookie(REMEMBER_COOKIES.sms) ?? 'null') as unknown;
    if (parsed && typeof parsed === 'object') {
      const { mobileNum, countryDialingCode } = parsed as Record<string, unknown>;
      if (typeof mobileNum === 'string' && typeof countryDialingCode === 'string')
        sms = { mobileNum, countryDialingCode };
    }
  } catch {
    sms = null;
  }
  return { username: readCookie(REMEMBER_COOKIES.username), sms };
}

/** After a successful sign-in: keep (or forget) who signed in. Takes no password, so none can be kept. */
export function rememberLogin(
  remember: boolean,
  login: { username: string } | { mobileNum: string; countryDialingCode: string },
): void {
  if (!remember) {
    forgetLogin();
    return;
  }
  writeCookie(REMEMBER_COOKIES.flag, 'true');
  if ('username' in login) writeCookie(REMEMBER_COOKIES.username, login.username);
  else
    writeCookie(
      REMEMBER_COOKIES.sms,
      JSON.stringify({ mobileNum: login.mobileNum, countryDialingCode: login.countryDialingCode }),
    );
}

export function forgetLogin(): void {
  for (const name of Object.values(REMEMBER_COOKIES)) writeCookie(name, null);
}
